/**
 * First-sight families, part 13 (the sixth capture): network clients of Python's standard library
 * (imaplib, poplib, socket, ssl) against local servers, file and stream tools of coreutils (sort,
 * dd, split, cp), zstd, bc, xxd, and Python's lzma, csv, logging.config, compileall and fcntl —
 * none named by a rule pack, a registry or an earlier capture. Each case's `type` was written
 * here, by DESIGN.md's rules and the README's label decisions (FIRST-SIGHT.md), before the
 * classifier was asked about any of these texts:
 * - a refused port, an unknown host, a peer that reset or closed the connection: NETWORK; a
 *   connect or read that timed out: TIMEOUT; a certificate not trusted, expired or for another
 *   name: CERTIFICATE_ERROR; a login refused by the server: AUTH_REQUIRED;
 * - a server's answer refusing the request, a CLI refusing its input or options, a file that is
 *   not there or is a directory: ERROR_RESPONSE; a file's permission denied is ERROR_RESPONSE;
 * - a library's uncaught exception refusing a value: CLI_CRASH (label decisions);
 * - a configuration that does not load, a source that does not compile: BROKEN_BUILD;
 * - a full disk (a 64 KiB tmpfs in a user and mount namespace, or /dev/full), a memory or size
 *   limit reached: RESOURCE_EXHAUSTION; a lock held by another process, a port in use:
 *   RESOURCE_BUSY; compressed data whose check fails: DATA_CORRUPTION; a check that the data is
 *   in order failing: VERIFICATION_FAILED.
 */

import { roFs, tinyFs } from './shell.mjs';

const tool = (family) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, origin: cmd, timeoutMs: 60_000, ...extra });

/**
 * A scripted line server (srv.py): listens on a free port written to `port`, sends GREETING (lines
 * separated by |, "" for none; "sleep" never answers; "reset" resets the connection), then answers
 * each line it reads with the next of REPLIES (lines separated by |, TAG replaced by the request's tag). TLS with $CERTS/<CORPUS_TLS>.pem when set.
 */
export const SRV = `import os, socket, ssl, struct, sys, threading, time
greeting, replies = sys.argv[1], sys.argv[2:]
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', 0)); s.listen(5)
tls = os.environ.get('CORPUS_TLS')
if tls:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); ctx.load_cert_chain(os.path.join(os.environ['CERTS'], tls + '.pem'))
open('port.tmp', 'w').write(str(s.getsockname()[1])); os.rename('port.tmp', 'port')
def serve(c):
    try:
        if greeting == 'sleep': time.sleep(30); return
        if greeting == 'reset':
            c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0)); c.close(); return
        if tls: c = ctx.wrap_socket(c, server_side=True)
        f = c.makefile('rwb')
        for g in [x for x in greeting.split('|') if x]: f.write(g.encode() + b'\\r\\n')
        f.flush()
        for r in replies:
            line = f.readline()
            if not line: return
            tag = line.split(b' ')[0].decode()
            if r == 'close': c.close(); return
            for part in r.split('|'): f.write(part.replace('TAG', tag).encode() + b'\\r\\n')
            f.flush()
        time.sleep(5)
    except Exception: pass
while True:
    c, _ = s.accept(); threading.Thread(target=serve, args=(c,), daemon=True).start()
`;
/** Starts srv.py with `args` in the background and waits for its port; the client reads it from PORT. */
const serve = (args, tls = '') => `${tls ? `CORPUS_TLS=${tls} ` : ''}python3 srv.py ${args} >/dev/null 2>&1 & for i in $(seq 100); do [ -f port ] && break; sleep 0.05; done; PORT=$(cat port) `;
const REFUSED = 'PORT=$(python3 -c "import socket; s=socket.socket(); s.bind((\'127.0.0.1\',0)); print(s.getsockname()[1])") ';

function mailClient(family, mod, cls, sslCls, ok, no) {
  const t = tool(family);
  const app = (body) => `import ${mod}, os, ssl\nport = int(os.environ['PORT'])\n${body}\n`;
  const c = (id, type, pre, body) => t(id, type, `${pre}python3 fetch_mail.py; r=$?; kill %1 2>/dev/null; exit $r`, { 'srv.py': SRV, 'fetch_mail.py': app(body) }, { origin: `python3 fetch_mail.py (${mod} against a local scripted server)` });
  const conn = `m = ${mod}.${cls}('127.0.0.1', port, timeout=3)`;
  const sconn = `m = ${mod}.${sslCls}('127.0.0.1', port, ${mod === 'imaplib' ? 'ssl_context' : 'context'}=ssl.create_default_context(), timeout=3)`;
  return { c, conn, sconn, ok, no };
}

function imaplib() {
  // imaplib asks CAPABILITY first, then LOGIN
  const CAPS = '* CAPABILITY IMAP4rev1 AUTH=PLAIN|TAG OK CAPABILITY completed';
  const { c, conn, sconn } = mailClient('imaplib', 'imaplib', 'IMAP4', 'IMAP4_SSL');
  const login = "m.login('ci-bot', 'hunter2')\nm.select('INBOX')\nprint(m.search(None, 'UNSEEN'))";
  return [
    c('refused', 'NETWORK', REFUSED, `${conn}\n${login}`),
    c('unknown-host', 'NETWORK', 'PORT=993 ', `m = imaplib.IMAP4_SSL('imap.mail.invalid', port, timeout=3)\n${login}`),
    c('timeout', 'TIMEOUT', serve('sleep'), `${conn}\n${login}`),
    c('login-failed', 'AUTH_REQUIRED', serve(`"* OK ready" "${CAPS}" "TAG NO [AUTHENTICATIONFAILED] Invalid credentials (Failure)"`), `${conn}\n${login}`),
    c('self-signed', 'CERTIFICATE_ERROR', serve('"* OK IMAP4rev1 ready"', 'valid'), `${sconn}\n${login}`),
    c('expired', 'CERTIFICATE_ERROR', serve('"* OK IMAP4rev1 ready"', 'expired'), `m = imaplib.IMAP4_SSL('127.0.0.1', port, ssl_context=ssl.create_default_context(cafile=os.environ['CERTS'] + '/expired.pem'), timeout=3)\n${login}`),
    c('no-mailbox', 'ERROR_RESPONSE', serve(`"* OK ready" "${CAPS}" "TAG OK LOGIN completed" "TAG NO [NONEXISTENT] Unknown Mailbox: Builds (Failure)"`), `${conn}\nm.login('ci-bot', 'hunter2')\ntyp, data = m.select('Builds')\nif typ != 'OK': raise SystemExit(f"cannot select Builds: {data[0].decode()}")`),
    // Ambiguous: a server turning the connection away as overloaded (no HTTP status): SERVER_OVERLOADED, "try again later".
    c('bye', 'SERVER_OVERLOADED', serve('"* BYE Too many connections, try again later"'), `${conn}\n${login}`),
    c('bad-greeting', 'ERROR_RESPONSE', serve('"220 mail.example.test ESMTP ready"'), `${conn}\n${login}`),
  ];
}

function poplib() {
  const { c, conn, sconn } = mailClient('poplib', 'poplib', 'POP3', 'POP3_SSL');
  const login = "m.user('ci-bot')\nm.pass_('hunter2')\nprint(m.stat())";
  return [
    c('refused', 'NETWORK', REFUSED, `${conn}\n${login}`),
    c('unknown-host', 'NETWORK', 'PORT=995 ', `m = poplib.POP3_SSL('pop.mail.invalid', port, timeout=3)\n${login}`),
    c('timeout', 'TIMEOUT', serve('sleep'), `${conn}\n${login}`),
    c('wrong-password', 'AUTH_REQUIRED', serve('"+OK POP3 ready" "+OK" "-ERR [AUTH] Authentication failed."'), `${conn}\n${login}`),
    c('self-signed', 'CERTIFICATE_ERROR', serve('"+OK POP3 ready"', 'valid'), `${sconn}\n${login}`),
    c('wrong-host', 'CERTIFICATE_ERROR', serve('"+OK POP3 ready"', 'wrong-host'), `m = poplib.POP3_SSL('127.0.0.1', port, context=ssl.create_default_context(cafile=os.environ['CERTS'] + '/wrong-host.pem'), timeout=3)\n${login}`),
    c('in-use', 'RESOURCE_BUSY', serve('"+OK POP3 ready" "+OK" "-ERR [IN-USE] Unable to lock maildrop: mailbox is locked by another session"'), `${conn}\n${login}`),
    c('reset', 'NETWORK', serve('reset'), `${conn}\n${login}`),
    c('no-message', 'ERROR_RESPONSE', serve('"+OK POP3 ready" "+OK" "+OK Logged in." "-ERR There is no message 42"'), `${conn}\n${login.replace("print(m.stat())", "print(m.retr(42))")}`),
  ];
}

/** A Python program `app.py` run with `pre` before it (a server started, a lock taken). */
const pyCase = (family, what) => (id, type, script, pre = '', files = {}) => tool(family)(id, type, `${pre}python3 app.py; r=$?; kill %1 2>/dev/null; exit $r`, { 'srv.py': SRV, 'app.py': script, ...files }, { origin: `python3 app.py (${what})` });

function socketLib() {
  const c = pyCase('socket', "Python's socket module");
  const client = (host = "'127.0.0.1'", port = "int(os.environ['PORT'])", t = 3) => `import os, socket\ns = socket.create_connection((${host}, ${port}), timeout=${t})\ns.sendall(b'PING\\r\\n')\nreply = s.recv(1024)\nif not reply: raise ConnectionError('metrics collector closed the connection without a reply')\nprint(reply)\n`;
  return [
    c('refused', 'NETWORK', client(), REFUSED),
    c('unknown-host', 'NETWORK', client("'metrics.internal.invalid'", '8125')),
    c('read-timeout', 'TIMEOUT', client(), serve('sleep')),
    c('reset', 'NETWORK', client(), serve('reset')),
    c('closed', 'NETWORK', client(), serve('"" close')),
    c('address-in-use', 'ERROR_RESPONSE', "import os, socket\ns = socket.socket()\ns.bind(('127.0.0.1', int(os.environ['PORT'])))\ns.listen()\n", serve('sleep')),
    // Ambiguous: a port number out of range refused by the resolver (gaierror): the program's value, CLI_CRASH, not the network.
    c('bad-port', 'CLI_CRASH', client("'127.0.0.1'", '-1')),
    c('unix-missing', 'ERROR_RESPONSE', "import socket\ns = socket.socket(socket.AF_UNIX)\ns.connect('/work/case/run/collector.sock')\n"),
  ];
}

function sslLib() {
  const c = pyCase('ssl', "Python's ssl module");
  const client = (ctx = 'ssl.create_default_context()', host = "'127.0.0.1'") => `import os, socket, ssl\nctx = ${ctx}\nraw = socket.create_connection(('127.0.0.1', int(os.environ['PORT'])), timeout=3)\ns = ctx.wrap_socket(raw, server_hostname=${host})\ns.sendall(b'HELLO\\r\\n')\nprint(s.recv(100))\n`;
  const ca = (pem) => `ssl.create_default_context(cafile=os.environ['CERTS'] + '/${pem}.pem')`;
  return [
    c('self-signed', 'CERTIFICATE_ERROR', client(), serve('"+OK ready"', 'valid')),
    c('expired', 'CERTIFICATE_ERROR', client(ca('expired')), serve('"+OK ready"', 'expired')),
    c('wrong-host', 'CERTIFICATE_ERROR', client(ca('wrong-host')), serve('"+OK ready"', 'wrong-host')),
    c('plain-server', 'ERROR_RESPONSE', client(), serve('"220 collector ready (no TLS)"')),
    c('handshake-timeout', 'TIMEOUT', client(), serve('sleep')),
    c('refused', 'NETWORK', client(), REFUSED),
    c('missing-cert', 'ERROR_RESPONSE', "import ssl\nctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)\nctx.load_cert_chain('certs/server.pem', 'certs/server.key')\n"),
    c('not-a-cert', 'ERROR_RESPONSE', "import ssl\nctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)\nctx.load_cert_chain('server.pem')\n", '', { 'server.pem': '-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----\n' }),
    c('reset', 'NETWORK', client(), serve('reset')),
  ];
}

function zstd() {
  const c = (id, type, cmd, setup = '') => tool('zstd')(id, type, `${setup}${cmd}`);
  const packed = 'head -c 200000 /dev/urandom > assets.bin && zstd -q --rm assets.bin && ';
  return [
    c('not-zstd', 'ERROR_RESPONSE', 'zstd -d assets.bin.zst', 'echo "<html>502 Bad Gateway</html>" > assets.bin.zst && '),
    c('truncated', 'ERROR_RESPONSE', 'zstd -d assets.bin.zst', `${packed}head -c 90000 assets.bin.zst > cut && mv cut assets.bin.zst && `),
    c('checksum', 'DATA_CORRUPTION', 'zstd -d assets.bin.zst', `${packed}python3 -c 'd = bytearray(open("assets.bin.zst", "rb").read()); d[-2] ^= 0xff; open("assets.bin.zst", "wb").write(d)' && `),
    c('missing-input', 'ERROR_RESPONSE', 'zstd -d dist/assets.bin.zst'),
    c('output-exists', 'ERROR_RESPONSE', 'zstd -d assets.bin.zst < /dev/null', `${packed}echo old > assets.bin && `),
    c('unknown-option', 'ERROR_RESPONSE', 'zstd --level=19 assets.bin'),
    c('memory-limit', 'RESOURCE_EXHAUSTION', 'zstd -d --memory=1MB assets.bin.zst', 'head -c 3000000 /dev/urandom > assets.bin && zstd -q --rm --long=27 assets.bin && '),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'zstd -d assets.bin.zst -o out/assets.bin'), packed),
  ];
}

function sort() {
  const c = (id, type, cmd, setup = '') => tool('sort')(id, type, `${setup}${cmd}`);
  const data = "printf 'zeta 3\\nalpha 1\\nbeta 2\\n' > users.txt && ";
  return [
    c('not-sorted', 'VERIFICATION_FAILED', 'sort -c users.txt', data),
    c('missing-input', 'ERROR_RESPONSE', 'sort exports/users.txt'),
    c('bad-key', 'ERROR_RESPONSE', 'sort -k 0 users.txt', data),
    c('unknown-option', 'ERROR_RESPONSE', 'sort --natural users.txt', data),
    c('directory', 'ERROR_RESPONSE', 'sort exports', 'mkdir exports && '),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'sort big.txt -o out/sorted.txt'), 'seq 100000 > big.txt && '),
    c('temp-dir-missing', 'ERROR_RESPONSE', 'sort -S 1K -T /work/case/tmp-missing big.txt > sorted.txt', 'seq 200000 > big.txt && '),
    c('buffer-size', 'ERROR_RESPONSE', 'sort -S 50Q users.txt', data),
    c('incompatible', 'ERROR_RESPONSE', 'sort -n -M users.txt', data),
  ];
}

function dd() {
  const c = (id, type, cmd, setup = '') => tool('dd')(id, type, `${setup}${cmd}`);
  return [
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'dd if=/dev/zero of=out/disk.img bs=16k count=16 status=none')),
    c('dev-full', 'RESOURCE_EXHAUSTION', 'dd if=/dev/zero of=/dev/full bs=4k count=1 status=none'),
    c('missing-input', 'ERROR_RESPONSE', 'dd if=images/base.img of=disk.img bs=1M status=none'),
    c('bad-number', 'ERROR_RESPONSE', 'dd if=/dev/zero of=disk.img bs=1Z count=1'),
    c('unknown-operand', 'ERROR_RESPONSE', 'dd if=/dev/zero of=disk.img size=1M'),
    c('memory', 'RESOURCE_EXHAUSTION', 'dd if=/dev/zero of=disk.img bs=9000000000000 count=1 status=none'),
    c('read-only', 'ERROR_RESPONSE', roFs('mnt', 'dd if=/dev/zero of=mnt/disk.img bs=1k count=1 status=none')),
    c('bad-flag', 'ERROR_RESPONSE', 'dd if=/dev/zero of=disk.img bs=1k count=1 oflag=turbo'),
  ];
}

function split() {
  const c = (id, type, cmd, setup = '') => tool('split')(id, type, `${setup}${cmd}`);
  const data = 'seq 1000 > events.log && ';
  return [
    c('suffixes-exhausted', 'RESOURCE_EXHAUSTION', 'split -a 1 -l 10 events.log part-', data),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'split -b 40k big.bin out/part-'), 'head -c 200000 /dev/urandom > big.bin && '),
    c('missing-input', 'ERROR_RESPONSE', 'split -l 100 logs/events.log part-'),
    c('bad-lines', 'ERROR_RESPONSE', 'split -l 0 events.log part-', data),
    c('bad-size', 'ERROR_RESPONSE', 'split -b 10Q events.log part-', data),
    c('unknown-option', 'ERROR_RESPONSE', 'split --parts=4 events.log part-', data),
    c('output-dir-missing', 'ERROR_RESPONSE', 'split -l 100 events.log chunks/part-', data),
    c('read-only', 'ERROR_RESPONSE', roFs('mnt', 'split -l 100 events.log mnt/part-'), data),
  ];
}

function cp() {
  const c = (id, type, cmd, setup = '') => tool('cp')(id, type, `${setup}${cmd}`);
  return [
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'cp release.tar out/release.tar'), 'head -c 200000 /dev/urandom > release.tar && '),
    c('missing-source', 'ERROR_RESPONSE', 'cp build/release.tar /work/case/'),
    c('omitting-directory', 'ERROR_RESPONSE', 'cp build deploy/', 'mkdir -p build deploy && touch build/app.js && '),
    c('same-file', 'ERROR_RESPONSE', 'cp app.js ./app.js', 'touch app.js && '),
    c('not-a-directory', 'ERROR_RESPONSE', 'cp a.js b.js target.txt', 'touch a.js b.js target.txt && '),
    c('read-only', 'ERROR_RESPONSE', roFs('mnt', 'cp app.js mnt/app.js'), 'touch app.js && '),
    c('dest-dir-missing', 'ERROR_RESPONSE', 'cp app.js deploy/v2/app.js', 'touch app.js && '),
    c('unknown-option', 'ERROR_RESPONSE', 'cp --reflinks app.js b.js', 'touch app.js && '),
  ];
}

function bc() {
  const c = (id, type, script, extra = '') => tool('bc')(id, type, `bc -q ${extra} budget.bc < /dev/null 2>&1 | tee out.txt; grep -q -i 'error\\|unavailable' out.txt && exit 1; exit 0`, { 'budget.bc': script }, { origin: `bc -q ${extra} budget.bc` });
  return [
    c('parse-error', 'BROKEN_BUILD', 'scale=2\nbudget = 1200 +\nprint budget, "\\n"\nquit\n'),
    c('divide-by-zero', 'CLI_CRASH', 'scale=2\nusers = 0\nper_user = 1200 / users\nper_user\nquit\n'),
    // Ambiguous: bc finds the undefined function only when it runs it ("Runtime error"): a crash by the text.
    c('undefined-function', 'CLI_CRASH', 'scale=2\nx = round(1200.456)\nx\nquit\n'),
    c('bad-array', 'CLI_CRASH', 'scale=2\nc[1] = 3\nc[-1]\nquit\n'),
    c('missing-file', 'ERROR_RESPONSE', 'quit\n', 'lib/finance.bc'),
    c('loop-syntax', 'BROKEN_BUILD', 'for (i = 0; i < 3; i++ {\n  i\n}\nquit\n'),
    c('arguments', 'CLI_CRASH', 'define f(x) { return (x) }\nf(1, 2)\nquit\n'),
    // POSIX mode (-s) refusing bc's extensions: the interpreter's own check denied by a flag, BROKEN_BUILD by the text (as rustc's lint under -D warnings).
    c('posix-extension', 'BROKEN_BUILD', 'scale=2\nif (1200 > 100) print "over\\n" else print "under\\n"\nquit\n', '-s'),
    c('sqrt-negative', 'CLI_CRASH', 'scale=2\nsqrt(-4)\nquit\n'),
  ];
}

function xxd() {
  const c = (id, type, cmd, setup = '') => tool('xxd')(id, type, `${setup}${cmd}`);
  return [
    c('missing-input', 'ERROR_RESPONSE', 'xxd firmware/boot.bin'),
    c('unknown-option', 'ERROR_RESPONSE', 'xxd --hex boot.bin', 'echo x > boot.bin && '),
    c('bad-columns', 'ERROR_RESPONSE', 'xxd -c 300 boot.bin', 'echo x > boot.bin && '),
    c('disk-full', 'RESOURCE_EXHAUSTION', 'xxd boot.bin > /dev/full', 'head -c 5000 /dev/urandom > boot.bin && '),
    c('directory', 'ERROR_RESPONSE', 'xxd firmware', 'mkdir firmware && '),
    c('output-dir-missing', 'ERROR_RESPONSE', 'xxd -r boot.hex build/boot.bin', 'echo "00000000: 4142" > boot.hex && '),
    c('read-only', 'ERROR_RESPONSE', roFs('mnt', 'xxd boot.bin mnt/boot.hex'), 'echo x > boot.bin && '),
    c('bad-seek', 'ERROR_RESPONSE', 'xxd -s -100 boot.bin', 'echo x > boot.bin && '),
    c('seek-backwards', 'ERROR_RESPONSE', 'xxd -r -s -100 boot.hex boot.bin', 'echo "00000000: 4142" > boot.hex && '),
  ];
}

function lzmaLib() {
  const c = pyCase('lzma', "Python's lzma module");
  const read = (extra = '') => `import lzma\nwith lzma.open('backup.sql.xz'${extra}) as f:\n    data = f.read()\nprint(len(data))\n`;
  const packed = "python3 -c \"import lzma, os; open('backup.sql.xz', 'wb').write(lzma.compress(os.urandom(200000)))\" && ";
  return [
    c('not-xz', 'ERROR_RESPONSE', read(), 'echo "<html>502 Bad Gateway</html>" > backup.sql.xz && '),
    c('truncated', 'ERROR_RESPONSE', read(), `${packed}head -c 90000 backup.sql.xz > cut && mv cut backup.sql.xz && `),
    c('corrupt', 'DATA_CORRUPTION', read(), `${packed}python3 -c 'd = bytearray(open("backup.sql.xz", "rb").read()); d[-30] ^= 0xff; open("backup.sql.xz", "wb").write(d)' && `),
    c('memory-limit', 'RESOURCE_EXHAUSTION', "import lzma\nd = lzma.LZMADecompressor(memlimit=1 << 16)\nprint(len(d.decompress(open('backup.sql.xz', 'rb').read())))\n", packed),
    c('missing-file', 'ERROR_RESPONSE', read().replace('backup.sql.xz', 'backups/nightly.sql.xz')),
    c('bad-preset', 'CLI_CRASH', "import lzma\nlzma.compress(b'data', preset=12)\n"),
    c('disk-full', 'RESOURCE_EXHAUSTION', "import lzma, os\nwith lzma.open('out/backup.sql.xz', 'wb', preset=0) as f:\n    f.write(os.urandom(300000))\n", '', {}),
    c('bad-filter', 'CLI_CRASH', "import lzma\nlzma.compress(b'data', format=lzma.FORMAT_ALONE, filters=[{'id': lzma.FILTER_DELTA}])\n"),
  ].map((x) => (x.id === 'lzma.disk-full' ? { ...x, cmd: tinyFs('out', 'python3 app.py') } : x));
}

function csvLib() {
  const c = pyCase('csv', "Python's csv module");
  const read = (opts = '') => `import csv\nwith open('orders.csv', newline='') as f:\n    for row in csv.reader(f${opts}):\n        pass\nprint('imported')\n`;
  return [
    c('field-limit', 'RESOURCE_EXHAUSTION', read(), "python3 -c \"print('id,notes'); print('1,\\\"' + 'x' * 200000 + '\\\"')\" > orders.csv && "),
    // Ambiguous: csv.Error is the data file's parse error (a data file that does not load: BROKEN_BUILD, README), not a crash.
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — _csv.Error: ',' expected after '"' names no project file: the input's refusal (step 2).
    c('strict-quote', 'ERROR_RESPONSE', read(', strict=True'), '', { 'orders.csv': 'id,item\n1,"widget" extra\n' }),
    c('unclosed-quote', 'BROKEN_BUILD', read(', strict=True'), '', { 'orders.csv': 'id,item\n1,"widget\n' }),
    c('missing-column', 'CLI_CRASH', "import csv\nwith open('orders.csv', newline='') as f:\n    total = sum(int(r['quantity']) for r in csv.DictReader(f))\nprint(total)\n", '', { 'orders.csv': 'id,item,qty\n1,widget,3\n' }),
    c('bytes', 'CLI_CRASH', "import csv\nwith open('orders.csv', 'rb') as f:\n    print(list(csv.reader(f)))\n", '', { 'orders.csv': 'id,item\n1,widget\n' }),
    c('escape', 'CLI_CRASH', "import csv, sys\nw = csv.writer(sys.stdout, quoting=csv.QUOTE_NONE)\nw.writerow(['1', 'widget, large'])\n"),
    c('missing-file', 'ERROR_RESPONSE', read().replace("'orders.csv'", "'exports/orders.csv'")),
    c('unknown-dialect', 'CLI_CRASH', read(", dialect='excel-semicolon'"), '', { 'orders.csv': 'id;item\n1;widget\n' }),
  ];
}

function loggingConfig() {
  const c = pyCase('logging-config', "Python's logging.config");
  const app = "import logging, logging.config, sys\nlogging.config.fileConfig('logging.ini')\nlogging.getLogger('app').info('started')\n";
  const dict = (cfg) => `import logging.config, json\nlogging.config.dictConfig(json.load(open('logging.json')))\nlogging.getLogger('app').info('started')\n`;
  const ini = (h) => `[loggers]\nkeys=root\n\n[handlers]\nkeys=file\n\n[formatters]\nkeys=plain\n\n[logger_root]\nlevel=INFO\nhandlers=file\n\n[handler_file]\n${h}\n\n[formatter_plain]\nformat=%(asctime)s %(message)s\n`;
  return [
    c('missing-file', 'ERROR_RESPONSE', app),
    c('bad-handler-class', 'BROKEN_BUILD', app, '', { 'logging.ini': ini("class=RotatingFileHandlr\nargs=('app.log',)") }),
    c('log-dir-missing', 'ERROR_RESPONSE', app, '', { 'logging.ini': ini("class=FileHandler\nargs=('logs/app.log',)") }),
    c('bad-level', 'BROKEN_BUILD', dict(), '', { 'logging.json': '{"version": 1, "root": {"level": "VERBOSE"}}' }),
    c('no-version', 'BROKEN_BUILD', dict(), '', { 'logging.json': '{"root": {"level": "INFO"}}' }),
    c('unknown-formatter', 'BROKEN_BUILD', dict(), '', { 'logging.json': '{"version": 1, "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json"}}, "root": {"handlers": ["console"]}}' }),
    c('read-only', 'ERROR_RESPONSE', app, '', { 'logging.ini': ini("class=FileHandler\nargs=('mnt/app.log',)") }),
    c('disk-full', 'RESOURCE_EXHAUSTION', "import logging\nh = logging.FileHandler('out/app.log')\nh.setFormatter(logging.Formatter('%(message)s'))\nlog = logging.getLogger('app'); log.addHandler(h); log.setLevel(logging.INFO)\nlogging.raiseExceptions = True\nfor i in range(5000): log.info('request %d handled in 12ms by worker-3', i)\nh.flush()\nimport os\nos.fsync(h.stream.fileno())\n"),
  ].map((x) => (x.id === 'logging-config.read-only' ? { ...x, cmd: roFs('mnt', 'python3 app.py') } : x.id === 'logging-config.disk-full' ? { ...x, cmd: tinyFs('out', 'python3 app.py') } : x));
}

function compileall() {
  const c = (id, type, files, cmd = 'python3 -m compileall -q src') => tool('compileall')(id, type, cmd, files);
  return [
    c('syntax', 'BROKEN_BUILD', { 'src/app.py': 'def main(:\n    return 1\n' }),
    c('indent', 'BROKEN_BUILD', { 'src/app.py': 'def main():\nreturn 1\n' }),
    c('tab-space', 'BROKEN_BUILD', { 'src/app.py': 'def main():\n    if True:\n\treturn 1\n' }),
    c('null-bytes', 'BROKEN_BUILD', { 'src/app.py': 'x = 1\0\n' }),
    c('nonlocal', 'BROKEN_BUILD', { 'src/app.py': 'nonlocal x\n' }),
    c('read-only', 'ERROR_RESPONSE', { 'src/app.py': 'x = 1\n' }, "unshare --map-root-user --mount sh -c 'mount --bind src src && mount -o remount,bind,ro src && python3 -m compileall -q src'"),
    c('bad-encoding', 'BROKEN_BUILD', { 'src/app.py': '# -*- coding: utf-42 -*-\nx = 1\n' }),
    c('return-outside', 'BROKEN_BUILD', { 'src/app.py': 'x = 1\nreturn x\n' }),
    c('unterminated', 'BROKEN_BUILD', { 'src/app.py': 'msg = "hello\nprint(msg)\n' }),
  ];
}

function fcntlLib() {
  const c = pyCase('fcntl', "Python's fcntl module");
  const hold = "python3 -c \"import fcntl, time; f = open('deploy.lock', 'w'); fcntl.flock(f, fcntl.LOCK_EX); open('held', 'w').close(); time.sleep(30)\" & for i in $(seq 100); do [ -f held ] && break; sleep 0.05; done; ";
  return [
    c('flock-held', 'RESOURCE_BUSY', "import fcntl\nf = open('deploy.lock', 'w')\nfcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)\n", hold),
    c('lockf-held', 'RESOURCE_BUSY', "import fcntl\nf = open('deploy.lock', 'w')\nfcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)\n", hold.replace('fcntl.flock(f, fcntl.LOCK_EX)', 'fcntl.lockf(f, fcntl.LOCK_EX)')),
    c('lock-held-message', 'RESOURCE_BUSY', "import fcntl, sys\nf = open('deploy.lock', 'w')\ntry:\n    fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)\nexcept BlockingIOError:\n    sys.exit('another deploy holds deploy.lock; giving up')\n", hold),
    c('lock-dir-missing', 'ERROR_RESPONSE', "import fcntl\nf = open('run/deploy.lock', 'w')\nfcntl.flock(f, fcntl.LOCK_EX)\n"),
    // A lock taken on a file opened for reading (EBADF): the program's own mistake, a crash.
    c('read-only-lockf', 'CLI_CRASH', "import fcntl\nf = open('deploy.lock', 'r')\nfcntl.lockf(f, fcntl.LOCK_EX)\n", 'touch deploy.lock && '),
    c('closed-file', 'CLI_CRASH', "import fcntl\nf = open('deploy.lock', 'w')\nf.close()\nfcntl.flock(f, fcntl.LOCK_EX)\n"),
    c('bad-fd', 'CLI_CRASH', "import fcntl\nfcntl.flock(99, fcntl.LOCK_EX)\n"),
    c('lock-read-only-fs', 'ERROR_RESPONSE', "import fcntl\nf = open('mnt/deploy.lock', 'w')\nfcntl.flock(f, fcntl.LOCK_EX)\n"),
  ].map((x) => (x.id === 'fcntl.lock-read-only-fs' ? { ...x, cmd: roFs('mnt', 'python3 app.py') } : x));
}

/** The sixth capture's cases. */
export function firstSightSixthCases() {
  return [...imaplib(), ...poplib(), ...socketLib(), ...sslLib(), ...zstd(), ...sort(), ...dd(), ...split(), ...cp(), ...bc(), ...xxd(), ...lzmaLib(), ...csvLib(), ...loggingConfig(), ...compileall(), ...fcntlLib()];
}
