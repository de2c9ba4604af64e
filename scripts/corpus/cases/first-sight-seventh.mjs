/**
 * First-sight families, part 14 (the seventh capture): command-line programs of Debian packages —
 * network clients (dig, host, ncat, lftp, ldapsearch) against local scripted servers, archivers
 * (7z, cpio, lzop), document tools (qpdf, poppler-utils, exiftool, ghostscript), parser generators
 * and macro processors (bison, flex, m4), an administration check (visudo) and version control
 * (cvs, fossil), and cmp and install (diffutils, coreutils) — none named by a rule pack, a registry or an earlier capture. Each case's `type`
 * was written here, by DESIGN.md's rules and the README's label decisions (the type follows what
 * failed, not what carried it), before the classifier was asked about any of these texts:
 * - a refused port, an unknown host, a peer that reset the connection: NETWORK; a connect, read or
 *   query that timed out: TIMEOUT; a certificate not trusted: CERTIFICATE_ERROR; credentials
 *   refused or missing, a password given and wrong (an encrypted archive or PDF), a privilege the
 *   account lacks on the server: AUTH_REQUIRED;
 * - a server's answer refusing the request: ERROR_RESPONSE; its own failure (DNS SERVFAIL, LDAP
 *   unavailable): SERVER_ERROR; turned away as busy: SERVER_OVERLOADED;
 * - input the program reads that is not in its format, truncated or unreadable, a file that is not
 *   there, a directory, a file's permission denied, a read-only file system, options or arguments
 *   the CLI refuses, a port in use: ERROR_RESPONSE;
 * - a project file that does not parse or load (a grammar, a scanner, a macro source, a sudoers
 *   file): BROKEN_BUILD; the program's own defect (runaway recursion, an undefined name, a
 *   segfault): CLI_CRASH; a condition on the data not met: VERIFICATION_FAILED; a commit refused
 *   as out of date (as Subversion's in the corpus): ERROR_RESPONSE;
 * - a full disk (a 64 KiB tmpfs in a user and mount namespace, or /dev/full): RESOURCE_EXHAUSTION;
 *   a lock held by another process: RESOURCE_BUSY; a checksum or CRC that fails: DATA_CORRUPTION;
 *   a sandbox refusing a file outside it: SECURITY_VIOLATION.
 */
import { join } from 'node:path';
import { ROOT } from '../tools.mjs';
import { SRV } from './first-sight-sixth.mjs';
import { roFs, tinyFs } from './shell.mjs';

const tool = (family) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, origin: cmd, timeoutMs: 60_000, ...extra });
const REFUSED = 'PORT=$(python3 -c "import socket; s=socket.socket(); s.bind((\'127.0.0.1\',0)); print(s.getsockname()[1])"); ';
/** Starts `script` (a file of the case) with `args` in the background and waits for its port file; the client reads PORT. */
const serve = (script, args, env = '') => `${env}python3 ${script} ${args} >/dev/null 2>&1 & for i in $(seq 100); do [ -f port ] && break; sleep 0.05; done; PORT=$(cat port); `;
const done = '; r=$?; kill %1 2>/dev/null; exit $r';

/** The sixth capture's scripted line server (first-sight-sixth.mjs), as line-srv.py. */
const LINE_SRV = SRV;

/** A DNS server over UDP (dns-srv.py): answers every query with RCODE (a number), or never ("sleep"). */
const DNS_SRV = `import os, socket, struct, sys
mode = sys.argv[1]
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(('127.0.0.1', 0))
open('port.tmp', 'w').write(str(s.getsockname()[1])); os.rename('port.tmp', 'port')
while True:
    data, addr = s.recvfrom(4096)
    if mode == 'sleep': continue
    i = 12
    while data[i] != 0: i += data[i] + 1
    s.sendto(data[:2] + struct.pack('>H', 0x8180 | int(mode)) + struct.pack('>HHHH', 1, 0, 0, 0) + data[12:i + 5], addr)
`;

/**
 * An LDAP server (ldap-srv.py): answers a bind with BIND_CODE and a search with SEARCH_CODE and
 * MESSAGE (LDAP result codes, RFC 4511); "sleep" never answers. TLS with $CERTS/<CORPUS_TLS>.pem when set.
 */
const LDAP_SRV = `import os, socket, ssl, sys, threading, time
bind_code, search_code, message = sys.argv[1], int(sys.argv[2]), sys.argv[3].encode()
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', 0)); s.listen(5)
tls = os.environ.get('CORPUS_TLS')
if tls:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); ctx.load_cert_chain(os.path.join(os.environ['CERTS'], tls + '.pem'))
open('port.tmp', 'w').write(str(s.getsockname()[1])); os.rename('port.tmp', 'port')
def result(msgid, tag, code, msg):
    body = bytes([0x0a, 1, code, 0x04, 0, 0x04, len(msg)]) + msg
    op = bytes([tag, len(body)]) + body
    inner = bytes([0x02, 1, msgid]) + op
    return bytes([0x30, len(inner)]) + inner
def serve(c):
    try:
        if bind_code == 'sleep': time.sleep(30); return
        if tls: c = ctx.wrap_socket(c, server_side=True)
        while True:
            d = c.recv(4096)
            if not d: return
            i = 2 if d[1] < 0x80 else 2 + (d[1] & 0x7f)
            msgid, op = d[i + 2], d[i + 3]
            if op == 0x60: c.sendall(result(msgid, 0x61, int(bind_code), b'' if bind_code == '0' else message))
            elif op == 0x63: c.sendall(result(msgid, 0x65, search_code, message))
            else: return
    except Exception: pass
while True:
    c, _ = s.accept(); threading.Thread(target=serve, args=(c,), daemon=True).start()
`;

function dig() {
  const c = (id, type, cmd, pre = '') => tool('dig')(id, type, `${pre}${cmd}${done}`, { 'dns-srv.py': DNS_SRV, 'line-srv.py': LINE_SRV }, { origin: cmd });
  const check = () => `out=$(dig @127.0.0.1 -p $PORT +tries=1 +time=2 api.example.test A); echo "$out"; echo "$out" | grep -q 'status: NOERROR' || { echo "dns check failed for api.example.test" >&2; false; }`;
  return [
    c('timeout', 'TIMEOUT', 'dig @127.0.0.1 -p $PORT +tries=1 +time=2 api.example.test', serve('dns-srv.py', 'sleep')),
    c('refused', 'NETWORK', 'dig @127.0.0.1 -p $PORT +tries=1 +time=2 api.example.test', REFUSED),
    c('tcp-refused', 'NETWORK', 'dig @127.0.0.1 -p $PORT +tcp +tries=1 +time=2 api.example.test', REFUSED),
    c('server-unknown', 'NETWORK', 'dig @dns.internal.invalid +tries=1 +time=2 api.example.test'),
    c('bad-option', 'ERROR_RESPONSE', 'dig +shortest api.example.test'),
    c('batch-missing', 'ERROR_RESPONSE', 'dig -f queries/hosts.txt'),
    // Ambiguous: SERVFAIL is the DNS server's own failure (as an HTTP 5xx): SERVER_ERROR.
    c('servfail', 'SERVER_ERROR', check(), serve('dns-srv.py', '2')),
    c('refused-rcode', 'ERROR_RESPONSE', check(), serve('dns-srv.py', '5')),
    // An unknown name answered NXDOMAIN, as every unknown host in the corpus: NETWORK.
    c('nxdomain', 'NETWORK', check(), serve('dns-srv.py', '3')),
    c('tcp-timeout', 'TIMEOUT', 'dig @127.0.0.1 -p $PORT +tcp +tries=1 +time=2 api.example.test', serve('line-srv.py', 'sleep')),
  ];
}

function host() {
  const c = (id, type, cmd, pre = '') => tool('host')(id, type, `${pre}${cmd}${done}`, { 'dns-srv.py': DNS_SRV }, { origin: cmd });
  const q = (extra = '') => `host -W 2 -R 1 ${extra}-p $PORT api.example.test 127.0.0.1`;
  return [
    c('nxdomain', 'NETWORK', q(), serve('dns-srv.py', '3')),
    // Ambiguous: SERVFAIL is the DNS server's own failure (as an HTTP 5xx): SERVER_ERROR.
    c('servfail', 'SERVER_ERROR', q('-s '), serve('dns-srv.py', '2')),
    c('refused-rcode', 'ERROR_RESPONSE', q(), serve('dns-srv.py', '5')),
    c('notimp', 'ERROR_RESPONSE', q(), serve('dns-srv.py', '4')),
    c('timeout', 'TIMEOUT', q(), serve('dns-srv.py', 'sleep')),
    c('refused', 'NETWORK', q(), REFUSED),
    c('server-unknown', 'NETWORK', 'host -W 2 api.example.test dns.internal.invalid'),
    c('bad-type', 'ERROR_RESPONSE', 'host -t AAAAA api.example.test 127.0.0.1'),
    c('bad-option', 'ERROR_RESPONSE', 'host -Z api.example.test'),
  ];
}

function ncat() {
  const c = (id, type, cmd, pre = '', extra = {}) => tool('ncat')(id, type, `${pre}${cmd}${done}`, { 'line-srv.py': LINE_SRV }, { origin: cmd, ...extra });
  const send = (opts = '') => `echo PING | ncat ${opts}127.0.0.1 $PORT`;
  return [
    c('refused', 'NETWORK', send(), REFUSED),
    c('unknown-host', 'NETWORK', 'echo PING | ncat metrics.internal.invalid 8125'),
    c('idle-timeout', 'TIMEOUT', send('-i 2 '), serve('line-srv.py', 'sleep')),
    c('reset', 'NETWORK', send(), serve('line-srv.py', 'reset')),
    c('self-signed', 'CERTIFICATE_ERROR', send('-v --ssl --ssl-verify '), serve('line-srv.py', '"+OK ready"', 'CORPUS_TLS=valid ')),
    c('port-in-use', 'ERROR_RESPONSE', 'ncat -l 127.0.0.1 $PORT < /dev/null', serve('line-srv.py', 'sleep')),
    c('bad-option', 'ERROR_RESPONSE', 'ncat --retries 3 127.0.0.1 80'),
    c('proxy-auth', 'AUTH_REQUIRED', 'echo PING | ncat --proxy 127.0.0.1:$PORT --proxy-type http 10.0.0.7 6379', serve('line-srv.py', '"" "HTTP/1.0 407 Proxy Authentication Required|Proxy-Authenticate: Basic realm=corp|"')),
    c('proxy-refused', 'NETWORK', 'echo PING | ncat --proxy 127.0.0.1:$PORT --proxy-type socks5 10.0.0.7 6379', REFUSED),
  ];
}

function lftp() {
  const settings = 'set net:max-retries 1; set net:timeout 3; set net:reconnect-interval-base 1; set cmd:fail-exit yes';
  const server = (mode = '', before = '') => `mkdir -p home; ${before}/usr/bin/python3 "$FTP_SERVER" port home ${mode} >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; `;
  const c = (id, type, script, { mode = '', before = '', after = '', user = 'ci,ftp-pass', url = 'ftp://127.0.0.1:$(cat port)' } = {}) => ({
    id: `lftp.${id}`, source: 'lftp', type, files: { 'app-1.4.tar.gz': 'release tarball\n' },
    cmd: `${mode === 'tls' ? 'export CORPUS_TLS_PEM=$CERTS/valid.pem; ' : ''}${server(mode, before)}${after}lftp -c "${settings}; open -u ${user} ${url}; ${script}"`,
    origin: `lftp -c "open -u ${user.split(',')[0]},*** ftp://127.0.0.1:PORT; ${script}" against a local FTP server (pyftpdlib)`, timeoutMs: 60_000,
    env: { FTP_SERVER: join(ROOT, 'scripts', 'corpus', 'ftp-server.py') },
  });
  const plain = (id, type, cmd) => ({ id: `lftp.${id}`, source: 'lftp', type, files: { 'app-1.4.tar.gz': 'release tarball\n' }, cmd, origin: cmd.replace(/,ftp-pass/, ',***'), timeoutMs: 60_000 });
  return [
    c('login-530', 'AUTH_REQUIRED', 'put app-1.4.tar.gz', { user: 'ci,wrong-pass' }),
    c('get-550', 'ERROR_RESPONSE', 'get releases/app-1.3.tar.gz'),
    // Ambiguous: FTP's 550 only says "not taken"; the words say the account lacks a privilege (as the ftplib case).
    c('read-only-user', 'AUTH_REQUIRED', 'put app-1.4.tar.gz', { user: 'reader,read-pass' }),
    c('cd-missing', 'ERROR_RESPONSE', 'cd releases/2026; put app-1.4.tar.gz'),
    c('too-many-421', 'SERVER_OVERLOADED', 'put app-1.4.tar.gz', { mode: 'one', after: "(exec 3<>/dev/tcp/127.0.0.1/$(cat port); sleep 20) & hold=$!; trap 'kill $srv $hold 2>/dev/null' EXIT; sleep 1; " }),
    c('tls-self-signed', 'CERTIFICATE_ERROR', 'set ftp:ssl-force true; set ssl:verify-certificate true; put app-1.4.tar.gz', { mode: 'tls' }),
    plain('refused', 'NETWORK', `${REFUSED}lftp -c "${settings}; open -u ci,ftp-pass ftp://127.0.0.1:$PORT; put app-1.4.tar.gz"`),
    plain('dns', 'NETWORK', `lftp -c "${settings}; open -u ci,ftp-pass ftp://ftp.internal.invalid; ls"`),
    plain('local-missing', 'ERROR_RESPONSE', `${REFUSED}lftp -c "${settings}; lcd dist/releases; ls"`),
  ];
}

function ldapsearch() {
  const c = (id, type, cmd, pre = '') => tool('ldapsearch')(id, type, `${pre}${cmd}${done}`, { 'ldap-srv.py': LDAP_SRV }, { origin: cmd.replace('-w secret', '-w ***') });
  const search = (url = 'ldap://127.0.0.1:$PORT', extra = '') => `ldapsearch -x -o nettimeout=3 -H ${url} -D cn=ci-bot,ou=services,dc=example,dc=test -w secret -b ou=people,dc=example,dc=test ${extra}'(uid=jdoe)' mail`;
  const srv = (bind, code, msg, env = '') => serve('ldap-srv.py', `${bind} ${code} "${msg}"`, env);
  return [
    c('invalid-credentials', 'AUTH_REQUIRED', search(), srv(49, 0, '80090308: LdapErr: DSID-0C09042A, comment: AcceptSecurityContext error, data 52e')),
    c('no-such-object', 'ERROR_RESPONSE', search(), srv(0, 32, "0000208D: NameErr: DSID-03100241, problem 2001 (NO_OBJECT), data 0, best match of: 'dc=example,dc=test'")),
    // The server refuses the bound account a privilege (LDAP 50, as HTTP 403 and FTP's "Not enough privileges"): AUTH_REQUIRED.
    c('insufficient-access', 'AUTH_REQUIRED', search(), srv(0, 50, 'no read access to ou=people')),
    c('busy', 'SERVER_OVERLOADED', search(), srv(0, 51, 'too many concurrent searches, try again later')),
    // Ambiguous: LDAP's unavailable (52) is the server's own failure to serve (as an HTTP 503 without an overload word): SERVER_ERROR.
    c('unavailable', 'SERVER_ERROR', search(), srv(0, 52, 'backend database is not available')),
    // Ambiguous: the server's timeLimitExceeded (3) ends the search for lack of time, an answer of the server: TIMEOUT by what failed.
    c('time-limit', 'TIMEOUT', search(), srv(0, 3, 'time limit exceeded')),
    c('refused', 'NETWORK', search(), REFUSED),
    c('unknown-host', 'NETWORK', search('ldap://ldap.internal.invalid')),
    c('bad-filter', 'ERROR_RESPONSE', search().replace("'(uid=jdoe)'", "'(uid=jdoe'"), srv(0, 0, '')),
  ];
}

function sevenZip() {
  const c = (id, type, cmd, setup = '') => tool('7z')(id, type, `${setup}${cmd}`);
  const packed = 'head -c 200000 /dev/urandom > assets.bin && 7z a -bd -mx=0 assets.7z assets.bin >/dev/null && rm assets.bin && ';
  return [
    c('wrong-password', 'AUTH_REQUIRED', '7z x -bd -pwrong-pass secrets.7z', 'echo "db_password=x" > env.txt && 7z a -bd -pright-pass -mhe=on secrets.7z env.txt >/dev/null && rm env.txt && '),
    c('crc-failed', 'DATA_CORRUPTION', '7z x -bd assets.7z', `${packed}python3 -c 'd = bytearray(open("assets.7z", "rb").read()); d[5000] ^= 0xff; open("assets.7z", "wb").write(d)' && `),
    c('not-an-archive', 'ERROR_RESPONSE', '7z x -bd assets.7z', 'echo "<html>502 Bad Gateway</html>" > assets.7z && '),
    c('truncated', 'ERROR_RESPONSE', '7z x -bd assets.7z', `${packed}head -c 90000 assets.7z > cut && mv cut assets.7z && `),
    c('missing-archive', 'ERROR_RESPONSE', '7z x -bd dist/assets.7z'),
    c('unknown-switch', 'ERROR_RESPONSE', '7z x -bd --overwrite assets.7z', packed),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', '7z x -bd -oout assets.7z'), packed),
    c('read-only', 'ERROR_RESPONSE', roFs('mnt', '7z a -bd mnt/logs.7z app.log'), 'echo started > app.log && '),
    c('missing-input', 'ERROR_RESPONSE', '7z a -bd release.7z build/app.js'),
  ];
}

function cpio() {
  const c = (id, type, cmd, setup = '') => tool('cpio')(id, type, `${setup}${cmd}`);
  const packed = 'mkdir -p rootfs/etc && head -c 100000 /dev/urandom > rootfs/etc/blob && (cd rootfs && find . | cpio -o -H newc --quiet) > initrd.cpio && ';
  return [
    c('not-cpio', 'ERROR_RESPONSE', 'cpio -id < initrd.cpio', 'echo "<html>502 Bad Gateway</html>" > initrd.cpio && '),
    c('truncated', 'ERROR_RESPONSE', 'mkdir -p x && cd x && cpio -id < ../initrd.cpio', `${packed}head -c 60000 initrd.cpio > cut && mv cut initrd.cpio && `),
    c('missing-member', 'ERROR_RESPONSE', 'printf "etc/hosts\\netc/app.conf\\n" | cpio -o -H newc > initrd.cpio', 'mkdir etc && touch etc/hosts && '),
    c('missing-archive', 'ERROR_RESPONSE', 'cpio -id -F images/initrd.cpio'),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'cd out && cpio -id < ../initrd.cpio'), packed),
    c('read-only', 'ERROR_RESPONSE', roFs('mnt', 'cd mnt && cpio -id < ../initrd.cpio'), packed),
    c('unknown-option', 'ERROR_RESPONSE', 'cpio --extract-all < initrd.cpio', packed),
    c('bad-format', 'ERROR_RESPONSE', 'find etc | cpio -o -H zip > initrd.cpio', 'mkdir etc && touch etc/hosts && '),
  ];
}

function lzop() {
  const c = (id, type, cmd, setup = '') => tool('lzop')(id, type, `${setup}${cmd}`);
  const packed = 'head -c 200000 /dev/urandom > dump.sql && lzop -U dump.sql && ';
  return [
    c('not-lzop', 'ERROR_RESPONSE', 'lzop -d dump.sql.lzo', 'echo "<html>502 Bad Gateway</html>" > dump.sql.lzo && '),
    c('truncated', 'ERROR_RESPONSE', 'lzop -d dump.sql.lzo', `${packed}head -c 90000 dump.sql.lzo > cut && mv cut dump.sql.lzo && `),
    c('checksum', 'DATA_CORRUPTION', 'lzop -d dump.sql.lzo', `head -c 100000 /dev/zero | tr '\\0' 'a' > dump.sql && lzop -U dump.sql && python3 -c 'd = bytearray(open("dump.sql.lzo", "rb").read()); d[-20] ^= 0xff; open("dump.sql.lzo", "wb").write(d)' && `),
    c('missing-input', 'ERROR_RESPONSE', 'lzop -d backups/dump.sql.lzo'),
    c('output-exists', 'ERROR_RESPONSE', 'lzop -d dump.sql.lzo < /dev/null', `${packed}echo old > dump.sql && `),
    c('unknown-option', 'ERROR_RESPONSE', 'lzop --level=9 dump.sql', 'echo x > dump.sql && '),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'lzop -d dump.sql.lzo -pout'), packed),
    c('read-only', 'ERROR_RESPONSE', roFs('mnt', 'lzop dump.sql -o mnt/dump.sql.lzo'), 'echo x > dump.sql && '),
  ];
}

/** A one-page PDF made with ghostscript (installed: the gs family runs it too). */
const PDF = "gs -q -dNOPAUSE -dBATCH -sDEVICE=pdfwrite -sOutputFile=invoice.pdf -c '/Helvetica findfont 12 scalefont setfont 72 720 moveto (Invoice 42) show showpage' && ";
const ENCRYPTED = `${PDF}qpdf --encrypt open-sesame owner-pass 256 -- invoice.pdf locked.pdf && `;

function qpdf() {
  const c = (id, type, cmd, setup = '') => tool('qpdf')(id, type, `${setup}${cmd}`);
  return [
    c('not-a-pdf', 'ERROR_RESPONSE', 'qpdf --check report.pdf', 'echo "<html>502 Bad Gateway</html>" > report.pdf && '),
    c('truncated', 'ERROR_RESPONSE', 'qpdf invoice.pdf --pages . 1 -- out.pdf', `${PDF}head -c 400 invoice.pdf > cut && mv cut invoice.pdf && `),
    c('wrong-password', 'AUTH_REQUIRED', 'qpdf --password=guess --decrypt locked.pdf plain.pdf', ENCRYPTED),
    c('missing-file', 'ERROR_RESPONSE', 'qpdf --check invoices/march.pdf'),
    c('bad-option', 'ERROR_RESPONSE', 'qpdf --linearise invoice.pdf out.pdf', PDF),
    c('page-range', 'ERROR_RESPONSE', 'qpdf invoice.pdf --pages . 3-5 -- out.pdf', PDF),
    c('read-only', 'ERROR_RESPONSE', roFs('mnt', 'qpdf invoice.pdf mnt/out.pdf'), PDF),
    // Ambiguous: qpdf says the file "is damaged"; no checksum proves damage of stored data, the input is unreadable: ERROR_RESPONSE (as truncated).
    c('damaged-xref', 'ERROR_RESPONSE', 'qpdf --check invoice.pdf', `${PDF}python3 -c 'd = open("invoice.pdf", "rb").read(); i = d.index(b"xref"); open("invoice.pdf", "wb").write(d[:i] + b"xrfe" + d[i + 4:i + 40] + b"garbage" * 20)' && `),
  ];
}

function poppler() {
  const c = (id, type, cmd, setup = '') => tool('poppler-utils')(id, type, `${setup}${cmd}`);
  return [
    // Ambiguous: poppler prints "Syntax Error" about the input document (an HTML page), not a project source: ERROR_RESPONSE.
    c('not-a-pdf', 'ERROR_RESPONSE', 'pdftotext report.pdf report.txt', 'echo "<html>502 Bad Gateway</html>" > report.pdf && '),
    c('wrong-password', 'AUTH_REQUIRED', 'pdftotext -upw guess locked.pdf out.txt', ENCRYPTED),
    c('no-password', 'AUTH_REQUIRED', 'pdfinfo locked.pdf', ENCRYPTED),
    c('missing-file', 'ERROR_RESPONSE', 'pdftotext invoices/march.pdf march.txt'),
    c('page-range', 'ERROR_RESPONSE', 'pdftotext -f 5 -l 7 invoice.pdf out.txt', PDF),
    c('bad-option', 'ERROR_RESPONSE', 'pdftotext --layout invoice.pdf out.txt', PDF),
    c('output-dir-missing', 'ERROR_RESPONSE', 'pdftotext invoice.pdf text/invoice.txt', PDF),
    c('read-only', 'ERROR_RESPONSE', roFs('mnt', 'pdftotext invoice.pdf mnt/invoice.txt'), PDF),
    c('separate-pages', 'ERROR_RESPONSE', 'pdfseparate -f 2 invoice.pdf page-%d.pdf', PDF),
  ];
}

function exiftool() {
  const c = (id, type, cmd, setup = '') => tool('exiftool')(id, type, `${setup}${cmd}`);
  const JPG = 'convert -size 16x16 xc:red photo.jpg && ';
  return [
    c('not-an-image', 'ERROR_RESPONSE', 'exiftool -overwrite_original -Artist="CI" photo.jpg', 'echo "<html>502 Bad Gateway</html>" > photo.jpg && '),
    c('wrong-type', 'ERROR_RESPONSE', 'exiftool -overwrite_original -Artist="CI" photo.jpg', 'convert -size 16x16 xc:red png:photo.jpg && '),
    c('missing-file', 'ERROR_RESPONSE', 'exiftool -Artist="CI" uploads/photo.jpg'),
    // Ambiguous: exiftool calls a truncated JPEG "Corrupted"; no checksum proves it, the input is cut short: ERROR_RESPONSE.
    c('truncated', 'ERROR_RESPONSE', 'exiftool -overwrite_original -Artist="CI" photo.jpg', `${JPG}head -c 100 photo.jpg > cut && mv cut photo.jpg && `),
    c('read-only', 'ERROR_RESPONSE', roFs('mnt', 'exiftool -Artist=CI -o mnt/photo.jpg photo.jpg'), JPG),
    c('unknown-tag', 'ERROR_RESPONSE', 'exiftool -overwrite_original -CameraOwnr="CI" photo.jpg', JPG),
    c('output-exists', 'ERROR_RESPONSE', 'exiftool -Artist=CI -o tagged.jpg photo.jpg', `${JPG}cp photo.jpg tagged.jpg && `),
    // A condition on the image (-if) that it does not meet: a check of the data failing, VERIFICATION_FAILED.
    c('failed-condition', 'VERIFICATION_FAILED', "exiftool -if '$ImageWidth >= 1024' -overwrite_original -Artist=CI photo.jpg", JPG),
  ];
}

function ghostscript() {
  const c = (id, type, cmd, setup = '', files = {}) => tool('ghostscript')(id, type, `${setup}${cmd}`, files);
  const gs = (args) => `gs -q -dNOPAUSE -dBATCH ${args}`;
  return [
    // Ambiguous: a downloaded PDF that is an HTML error page; Ghostscript reports it as /syntaxerror in its PDF reader: unreadable input, ERROR_RESPONSE, not the project's source.
    c('not-a-pdf', 'ERROR_RESPONSE', gs('-dPDFSTOPONERROR -sDEVICE=png16m -o page-%d.png report.pdf'), 'echo "%PDF-1.7 <html>502 Bad Gateway</html>" > report.pdf && '),
    c('missing-file', 'ERROR_RESPONSE', gs('-sDEVICE=png16m -o page-%d.png invoices/march.pdf')),
    c('unknown-device', 'ERROR_RESPONSE', gs('-sDEVICE=png64 -o page-%d.png invoice.pdf'), PDF),
    // Ghostscript 10.00 given a wrong password for an encrypted PDF dies of SIGSEGV and prints nothing: the text is a segfault, CLI_CRASH (the password is not in it).
    c('password-segfault', 'CLI_CRASH', gs('-sPDFPassword=guess -sDEVICE=txtwrite -o out.txt locked.pdf'), ENCRYPTED),
    c('safer-file-access', 'SECURITY_VIOLATION', gs('-dSAFER -sDEVICE=nullpage render.ps'), '', { 'render.ps': '(/etc/shadow) (r) file 100 string readstring pop ==\nshowpage\n' }),
    // Ambiguous: a PostScript program of the project calling a name it never defined: its own defect (as NameError), CLI_CRASH.
    c('undefined', 'CLI_CRASH', gs('-sDEVICE=nullpage render.ps'), '', { 'render.ps': '/Helvetica findfont 12 scalefont setfont\n72 720 moveto (Invoice) showtext\nshowpage\n' }),
    c('stack-overflow', 'CLI_CRASH', gs('-sDEVICE=nullpage render.ps'), '', { 'render.ps': '/layout { 1 layout } def\nlayout\nshowpage\n' }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Error: /syntaxerror in … names no file: the input's refusal (step 2).
    c('syntax', 'ERROR_RESPONSE', gs('-sDEVICE=nullpage render.ps'), '', { 'render.ps': '/Helvetica findfont 12 scalefont setfont\n72 720 moveto (Invoice show\nshowpage\n' }),
  ];
}

function bison() {
  const c = (id, type, grammar, cmd = 'bison -d -o parser.c grammar.y') => tool('bison')(id, type, cmd, grammar === null ? {} : { 'grammar.y': grammar });
  const body = (rules, decl = '') => `%{\n#include <stdio.h>\nint yylex(void); void yyerror(const char *s);\n%}\n%token NUM\n${decl}%%\n${rules}\n%%\n`;
  return [
    c('syntax', 'BROKEN_BUILD', body("expr: expr '+' NUM\n    | NUM\n    ;\nterm: : NUM ;")),
    c('undeclared', 'BROKEN_BUILD', body("expr: expr '+' term | NUM ;")),
    c('conflicts-expect', 'BROKEN_BUILD', body("expr: expr '+' expr | NUM ;", '%expect 0\n')),
    c('werror', 'BROKEN_BUILD', body("expr: expr '+' expr | NUM ;"), 'bison -Werror -d -o parser.c grammar.y'),
    c('missing-file', 'ERROR_RESPONSE', null, 'bison -d -o parser.c src/grammar.y'),
    c('unknown-option', 'ERROR_RESPONSE', body("expr: NUM ;"), 'bison --defines-only grammar.y'),
    c('output-dir-missing', 'ERROR_RESPONSE', body("expr: NUM ;"), 'bison -d -o gen/parser.c grammar.y'),
    c('undefined-token', 'BROKEN_BUILD', body("expr: expr '+' NUM { $$ = $1 + $3; } | NUM ;", '%union { int i; char *s; }\n%type <i> expr\n%token <s> STR\n').replace('%token NUM\n', '')),
    c('read-only', 'ERROR_RESPONSE', body("expr: NUM ;"), roFs('mnt', 'bison -d -o mnt/parser.c grammar.y')),
  ];
}

function flex() {
  const c = (id, type, scanner, cmd = 'flex -o scanner.c scanner.l') => tool('flex')(id, type, cmd, scanner === null ? {} : { 'scanner.l': scanner });
  const body = (rules, defs = 'DIGIT [0-9]\n') => `%{\n#include <stdio.h>\n%}\n%option noyywrap\n${defs}%%\n${rules}\n%%\n`;
  return [
    c('unrecognized-rule', 'BROKEN_BUILD', body('{DIGIT}+  { return 1; }\n"+  { return 2; }')),
    c('undefined-definition', 'BROKEN_BUILD', body('{NUMBER}+  { return 1; }')),
    c('premature-eof', 'BROKEN_BUILD', body('{DIGIT}+  { return 1;').replace(/%%\n$/, '')),
    c('bad-character-class', 'BROKEN_BUILD', body('[z-a]+  { return 1; }')),
    c('missing-file', 'ERROR_RESPONSE', null, 'flex -o scanner.c src/scanner.l'),
    c('unknown-option', 'ERROR_RESPONSE', body('{DIGIT}+  { return 1; }'), 'flex --reentrant-only scanner.l'),
    c('output-dir-missing', 'ERROR_RESPONSE', body('{DIGIT}+  { return 1; }'), 'flex -o gen/scanner.c scanner.l'),
    c('unknown-option-directive', 'BROKEN_BUILD', body('{DIGIT}+  { return 1; }').replace('%option noyywrap', '%option noyywrap fastest')),
    c('read-only', 'ERROR_RESPONSE', body('{DIGIT}+  { return 1; }'), roFs('mnt', 'flex -o mnt/scanner.c scanner.l')),
  ];
}

function m4() {
  const c = (id, type, source, cmd = 'm4 config.m4 > config.h', files = {}) => tool('m4')(id, type, cmd, source === null ? files : { 'config.m4': source, ...files });
  return [
    c('unterminated-string', 'BROKEN_BUILD', "define(`VERSION', `1.4)\nVERSION\n"),
    c('unterminated-call', 'BROKEN_BUILD', "define(`VERSION', `1.4')\nifelse(VERSION, `1.4', `ok'\n"),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): BROKEN_BUILD, was ERROR_RESPONSE — m4:config.m4:1: cannot open defs.m4': a location-led diagnostic in a source file, its include missing (step 1; as docutils').
    c('include-missing', 'BROKEN_BUILD', "include(`defs.m4')\nVERSION\n"),
    // Ambiguous: the macro source's own runaway recursion stopped at m4's nesting limit: the program's defect (as a stack overflow), CLI_CRASH, though worded as a limit exceeded.
    c('recursion', 'CLI_CRASH', "define(`expand', `expand(expand($1))')\nexpand(`x')\n", 'm4 -L 64 config.m4 > config.h'),
    c('fatal-warning', 'BROKEN_BUILD', "define(`VERSION', `1.4')\nindex(`VERSION')\n", 'm4 --fatal-warnings config.m4 > config.h'),
    c('missing-input', 'ERROR_RESPONSE', null, 'm4 build/config.m4 > config.h'),
    c('unknown-option', 'ERROR_RESPONSE', "define(`V', `1')\n", 'm4 --strict config.m4 > config.h'),
    c('disk-full', 'RESOURCE_EXHAUSTION', "define(`V', `1')\nV\n", 'm4 config.m4 > /dev/full'),
    // The project's macro source stopping the build on purpose (errprint, m4exit): a configuration that does not load, BROKEN_BUILD.
    c('m4exit', 'BROKEN_BUILD', "ifdef(`TARGET_ARCH', `', `errprint(`config.m4: TARGET_ARCH is not defined\n')m4exit(`1')')\n"),
  ];
}

function visudo() {
  const c = (id, type, sudoers, cmd = 'visudo -c -f sudoers', setup = 'chmod 0440 sudoers && ') => tool('visudo')(id, type, `${sudoers === null ? '' : setup}${cmd}`, sudoers === null ? {} : { sudoers });
  const ok = 'Defaults env_reset\nroot ALL=(ALL:ALL) ALL\n';
  return [
    c('syntax', 'BROKEN_BUILD', `${ok}deploy ALL=(ALL) NOPASSWD /usr/bin/systemctl restart app\n`),
    c('unknown-default', 'BROKEN_BUILD', `Defaults env_rest\n${ok}`),
    c('undefined-alias', 'BROKEN_BUILD', `${ok}deploy ALL=(ALL) NOPASSWD: SERVICES\n`, 'visudo -c -s -f sudoers'),
    c('missing-file', 'ERROR_RESPONSE', null, 'visudo -c -f etc/sudoers.d/deploy'),
    c('unknown-option', 'ERROR_RESPONSE', ok, 'visudo --check-only -f sudoers'),
    // A file the sudoers file includes is not there: a file that is not there, ERROR_RESPONSE (as m4's include), though it stops the configuration loading.
    c('include-missing', 'ERROR_RESPONSE', `${ok}@include sudoers.d/deploy\n`),
    c('bad-user-spec', 'BROKEN_BUILD', `${ok}deploy ALL=(ALL) NOPASSWD: systemctl restart app\n`),
    c('duplicate-alias', 'BROKEN_BUILD', `Cmnd_Alias SERVICES = /usr/bin/systemctl\nCmnd_Alias SERVICES = /usr/bin/service\n${ok}`),
  ];
}

function cvs() {
  const init = 'export CVSROOT=$PWD/cvsroot; cvs -Q init && mkdir -p imp && (cd imp && echo v1 > app.c && cvs -Q import -m init app vendor start) && ';
  const c = (id, type, cmd, setup = init) => tool('cvs')(id, type, `${setup}${cmd}`);
  return [
    c('no-cvsroot', 'ERROR_RESPONSE', 'unset CVSROOT; cvs checkout app', ''),
    c('missing-repository', 'ERROR_RESPONSE', 'cvs -d $PWD/repos/cvs checkout app', ''),
    c('unknown-module', 'ERROR_RESPONSE', 'cvs checkout billing'),
    c('up-to-date-check', 'ERROR_RESPONSE', 'cd b && echo v3 > app.c && cvs commit -m "second change"', `${init}cvs -Q checkout -d a app && cvs -Q checkout -d b app && (cd a && echo v2 > app.c && cvs -Q commit -m change) && `),
    c('lock-held', 'RESOURCE_BUSY', 'timeout 5 cvs checkout app', `${init}mkdir cvsroot/app/#cvs.lock && `),
    c('unknown-command', 'ERROR_RESPONSE', 'cvs chekout app'),
    c('pserver-refused', 'NETWORK', 'cvs -d :pserver:ci@127.0.0.1:$PORT/cvsroot checkout app', `${REFUSED}export CVS_PASSFILE=/work/case/.cvspass; touch .cvspass; `),
    c('read-only-repo', 'ERROR_RESPONSE', "unshare --map-root-user --mount sh -c 'mount --bind cvsroot cvsroot && mount -o remount,bind,ro cvsroot && cvs checkout app'"),
  ];
}

function fossil() {
  const env = 'export HOME=$PWD USER=ci; ';
  const repo = `${env}fossil init app.fossil >/dev/null && mkdir co && cd co && fossil open ../app.fossil >/dev/null && `;
  const c = (id, type, cmd, setup = repo, extra = {}) => tool('fossil')(id, type, `${setup}${cmd}`, {}, extra);
  return [
    c('not-in-checkout', 'ERROR_RESPONSE', 'fossil status', env),
    c('repository-missing', 'ERROR_RESPONSE', 'fossil open repos/app.fossil', env),
    c('unknown-command', 'ERROR_RESPONSE', 'fossil comit -m "release"'),
    c('clone-refused', 'NETWORK', 'fossil clone http://127.0.0.1:$PORT/app app.fossil', `${REFUSED}${env}`),
    c('clone-unknown-host', 'NETWORK', 'fossil clone https://fossil.internal.invalid/app app.fossil', env),
    c('clone-401', 'AUTH_REQUIRED', 'fossil clone $URL/app app.fossil', env, { http: { status: 401, body: '', headers: ['WWW-Authenticate:Basic realm="fossil"'] } }),
    c('clone-self-signed', 'CERTIFICATE_ERROR', 'fossil clone $URL/app app.fossil < /dev/null', env, { http: { status: 200, body: '', tls: 'valid' } }),
    c('not-a-repository', 'ERROR_RESPONSE', 'fossil open app.fossil', `${env}echo "<html>502 Bad Gateway</html>" > app.fossil && `),
    c('clone-500', 'SERVER_ERROR', 'fossil clone $URL/app app.fossil', env, { http: { status: 500, body: 'internal error' } }),
  ];
}

function cmp() {
  const c = (id, type, cmd, setup = '') => tool('cmp')(id, type, `${setup}${cmd}`);
  const built = "mkdir -p dist golden && printf 'release 1.4\\nbuild 2031\\n' > dist/app.manifest && printf 'release 1.4\\nbuild 2030\\n' > golden/app.manifest && ";
  return [
    // A check that the built artifact equals the reference failing: VERIFICATION_FAILED.
    c('differ', 'VERIFICATION_FAILED', 'cmp dist/app.manifest golden/app.manifest', built),
    c('differ-script', 'VERIFICATION_FAILED', 'cmp dist/app.manifest golden/app.manifest || { echo "release manifest does not match the reproducible-build reference" >&2; exit 1; }', built),
    c('eof', 'VERIFICATION_FAILED', 'cmp dist/app.manifest golden/app.manifest', `${built}printf 'release 1.4\\n' > dist/app.manifest && `),
    c('missing-file', 'ERROR_RESPONSE', 'cmp dist/app.manifest golden/app.manifest', 'mkdir golden && echo x > golden/app.manifest && '),
    c('directory', 'ERROR_RESPONSE', 'cmp dist golden/app.manifest', built),
    c('bad-bytes', 'ERROR_RESPONSE', 'cmp --bytes=1M5 dist/app.manifest golden/app.manifest', built),
    c('unknown-option', 'ERROR_RESPONSE', 'cmp --ignore-case dist/app.manifest golden/app.manifest', built),
    c('disk-full', 'RESOURCE_EXHAUSTION', 'cmp -l dist/app.manifest golden/app.manifest > /dev/full', built),
  ];
}

function install() {
  const c = (id, type, cmd, setup = 'mkdir -p build && printf "#!/bin/sh\\necho app\\n" > build/app && ') => tool('install')(id, type, `${setup}${cmd}`);
  return [
    c('missing-source', 'ERROR_RESPONSE', 'install -m 0755 build/appd prefix/bin/appd'),
    c('bad-mode', 'ERROR_RESPONSE', 'install -m 0955 build/app prefix/bin/app'),
    c('unknown-user', 'ERROR_RESPONSE', 'install -o app-runner -m 0755 build/app prefix/bin/app'),
    c('same-file', 'ERROR_RESPONSE', 'install build/app build/app'),
    // strip refusing a shell script (not an object file): input not in the format it reads, ERROR_RESPONSE.
    c('strip-not-binary', 'ERROR_RESPONSE', 'mkdir -p prefix/bin && install -s -m 0755 build/app prefix/bin/app'),
    c('dest-dir-missing', 'ERROR_RESPONSE', 'install -m 0755 build/app prefix/bin/app'),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'install -D -m 0644 build/assets.bin out/share/app/assets.bin'), 'mkdir -p build && head -c 200000 /dev/urandom > build/assets.bin && '),
    c('read-only', 'ERROR_RESPONSE', roFs('mnt', 'install -D -m 0755 build/app mnt/bin/app')),
  ];
}

/** The seventh capture's cases. */
export function firstSightSeventhCases() {
  return [...dig(), ...host(), ...ncat(), ...lftp(), ...ldapsearch(), ...sevenZip(), ...cpio(), ...lzop(), ...qpdf(), ...poppler(), ...exiftool(), ...ghostscript(), ...bison(), ...flex(), ...m4(), ...visudo(), ...cvs(), ...fossil(), ...cmp(), ...install()];
}
