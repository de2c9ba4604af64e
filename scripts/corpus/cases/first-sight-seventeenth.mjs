/**
 * First-sight families, part 24 (the seventeenth capture): modules of the runtimes' standard
 * libraries used from small scripts — Python 3.11's datetime, codecs, hashlib, struct,
 * base64/binascii, xml.dom.minidom, email and ipaddress (the python3 on PATH; json and subprocess
 * were left out: the python pack's rules name JSONDecodeError and CalledProcessError), and Node 20's net,
 * tls (against the corpus's HTTPS server and its certificates), http (server and client, against
 * the corpus's HTTP server), stream (pipeline), vm, url, readline and dgram — none named by a rule pack
 * or an earlier capture (node's ERR_SOCKET and ERR_TLS_CERT_ALTNAME_INVALID codes are named by
 * node-system.ts and trust.ts: node-net, node-dgram and node-tls are partly seen). Each case's `type` was written
 * here, by DESIGN.md's rules and the README's label decisions (the type follows what failed, not
 * what carried it), before the classifier was asked about any of these texts:
 * - an answer of something the program talks to: an HTTP 404 or a reply not in its protocol:
 *   ERROR_RESPONSE; 401: AUTH_REQUIRED; 429: RATE_LIMIT; 500: SERVER_ERROR; 503:
 *   SERVER_OVERLOADED; a certificate nobody trusts, expired or for another host:
 *   CERTIFICATE_ERROR; a refused port, a reset or hung-up connection, a name that does not
 *   resolve: NETWORK; no answer in time: TIMEOUT;
 * - input the program reads that is not in its format, truncated or undecodable (a data file, a
 *   binary record, a base64 token, an XML feed, a mail message, a list of addresses or URLs), a
 *   file that is not there, a file's permission denied, a directory given as a file, a port in
 *   use, a read-only file system, a date or encoding the input names that does not exist:
 *   ERROR_RESPONSE; damage proven by a checksum: DATA_CORRUPTION;
 * - a project file that does not parse or load (a script the program runs, its own configuration):
 *   BROKEN_BUILD;
 * - the program's own defect (a TypeError, an AttributeError, a use after close, a value its own
 *   code passed that a library refuses, an unbounded recursion): CLI_CRASH;
 * - a full disk (a 64 KiB tmpfs in a user and mount namespace): RESOURCE_EXHAUSTION.
 */

import { NOPRIV, roFs } from './shell.mjs';

const PY = 'python3 main.py';
const NODE = 'node main.js';
const tinyFs = (dir, cmd, opts = 'size=64k') => `unshare --map-root-user --mount sh -c 'mkdir -p ${dir} && mount -t tmpfs -o ${opts} tmpfs ${dir} && ${cmd}'`;

/** A case whose program is main.py or main.js (written from `src`), run by `cmd` unless extra.cmd. */
const lib = (family, file, cmd, origin) => (id, type, src, extra = {}) => ({
  id: `${family}.${id}`, source: family, type, files: { ...(src ? { [file]: src } : {}), ...(extra.files ?? {}) }, cmd: extra.cmd ?? cmd,
  origin: extra.cmd ?? origin, timeoutMs: 60_000, ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'files' && k !== 'cmd')),
});
const py = (family, what) => lib(family, 'main.py', PY, `python3 main.py (${what})`);
const js = (family, what) => lib(family, 'main.js', NODE, `node main.js (${what})`);
/** A family partly seen: a pack names some of its codes (recorded as the family's `targets`). */
const partly = (c0, targets) => (id, type, src, extra = {}) => c0(id, type, src, { targets, ...extra });

/**
 * A TCP server (srv.py) on a free port written to ./port: "hold" listens and never accepts,
 * "sleep" accepts and never answers, "reset" reads and resets, "close" reads and closes,
 * "partial" answers an HTTP response cut short, "garbage" answers a line that is no protocol.
 */
const SRV = `import os, socket, struct, sys, time
mode = sys.argv[1]
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', 0)); s.listen(5)
open('port.tmp', 'w').write(str(s.getsockname()[1])); os.rename('port.tmp', 'port')
if mode == 'hold': time.sleep(60)
while True:
    c, _ = s.accept()
    if mode == 'sleep': time.sleep(60); continue
    c.recv(1000)
    if mode == 'reset':
        c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0))
    elif mode == 'partial':
        c.sendall(b'HTTP/1.1 200 OK\\r\\nContent-Type: text/csv\\r\\nContent-Length: 100000\\r\\n\\r\\nid,name\\n1,alpha\\n')
        time.sleep(0.3)
    elif mode == 'garbage':
        c.sendall(b'220 mail.example.com ESMTP ready\\r\\n')
        time.sleep(0.3)
    c.close()
`;
const serve = (mode, run) => `python3 srv.py ${mode} >/dev/null 2>&1 & for i in $(seq 100); do [ -f port ] && break; sleep 0.05; done; export PORT=$(cat port); ${run}; r=$?; kill %1 2>/dev/null; exit $r`;
const withSrv = (extra = {}) => ({ ...extra, files: { 'srv.py': SRV, ...(extra.files ?? {}) } });

// ---------------------------------------------------------------- Python: datetime

function datetimeCases() {
  const c = py('python-datetime', 'Python 3.11 datetime');
  const rows = (fmt) => `import datetime\nfor line in open('events.csv'):\n    when, name = line.strip().split(',', 1)\n    print(datetime.datetime.strptime(when, ${JSON.stringify(fmt)}).isoformat(), name)\n`;
  return [
    c('format-mismatch', 'ERROR_RESPONSE', rows('%Y-%m-%d %H:%M'), { files: { 'events.csv': '2026-11-27 09:00,deploy\n27/11/2026 10:30,rollback\n' } }),
    c('unconverted-data', 'ERROR_RESPONSE', rows('%Y-%m-%d'), { files: { 'events.csv': '2026-11-27,deploy\n2026-11-28T04:00Z,backup\n' } }),
    c('day-out-of-range', 'ERROR_RESPONSE', rows('%Y-%m-%d'), { files: { 'events.csv': '2026-02-30,invoice run\n' } }),
    c('fromisoformat', 'ERROR_RESPONSE', "import datetime, json\nfor job in json.load(open('jobs.json')):\n    print(job['name'], datetime.datetime.fromisoformat(job['started']))\n", { files: { 'jobs.json': '[{"name": "etl", "started": "2026-11-27T09:00:00"}, {"name": "report", "started": "yesterday 9am"}]\n' } }),
    c('missing-file', 'ERROR_RESPONSE', rows('%Y-%m-%d')),
    c('naive-aware', 'CLI_CRASH', "import datetime\ndeadline = datetime.datetime(2026, 11, 28, 0, 45)\nnow = datetime.datetime.now(datetime.timezone.utc)\nprint('late' if now > deadline else 'on time')\n"),
    c('date-minus-datetime', 'CLI_CRASH', "import datetime\nstart = datetime.date(2026, 11, 1)\nprint((datetime.datetime(2026, 11, 27, 9) - start).days)\n"),
    c('overflow', 'CLI_CRASH', "import datetime\nexpiry = datetime.date(9999, 12, 1) + datetime.timedelta(days=90)\nprint(expiry)\n"),
    // The format is the program's own value, refused as a bad argument (as struct.bad-format).
    c('bad-directive', 'CLI_CRASH', "import datetime\nprint(datetime.datetime.strptime('2026-11-27', '%Y-%=m-%d'))\n"),
  ];
}

// ---------------------------------------------------------------- Python: codecs

function codecsCases() {
  const c = py('codecs', 'Python 3.11 codecs/encodings');
  return [
    c('not-utf8', 'ERROR_RESPONSE', "import codecs\nwith codecs.open('export.csv', encoding='utf-8') as f:\n    print(sum(1 for _ in f))\n", { cmd: `printf 'id,name\\n1,Caf\\xe9 M\\xfcller\\n' > export.csv && ${PY}` }),
    c('utf16-truncated', 'ERROR_RESPONSE', "with open('names.txt', 'rb') as f:\n    print(f.read().decode('utf-16'))\n", { cmd: `printf '\\xff\\xfea\\x00b\\x00c' > names.txt && ${PY}` }),
    c('hex-codec', 'ERROR_RESPONSE', "import codecs\nprint(codecs.decode(open('key.hex').read().strip(), 'hex'))\n", { files: { 'key.hex': '0a1b2c3d4eZZ\n' } }),
    c('idna-label', 'ERROR_RESPONSE', "for host in open('hosts.txt'):\n    print(host.strip().encode('idna'))\n", { files: { 'hosts.txt': `example.com\n${'a'.repeat(70)}.example.com\n` } }),
    // The encoding is named by the input (its declared charset): the input names a codec nobody has.
    c('declared-charset', 'ERROR_RESPONSE', "import codecs\nraw = open('page.txt', 'rb').read()\ncharset = raw.split(b'\\n', 1)[0].split(b'=', 1)[1].decode().strip()\nprint(codecs.decode(raw, charset))\n", { files: { 'page.txt': 'charset=utf-9\nhello\n' } }),
    c('missing-file', 'ERROR_RESPONSE', "import codecs\nwith codecs.open('locale/de.txt', encoding='utf-8') as f:\n    print(f.read())\n"),
    c('unknown-encoding', 'CLI_CRASH', "import codecs\nwith codecs.open('out.txt', 'w', encoding='utf8mb4') as f:\n    f.write('ok')\n"),
    c('ascii-output', 'CLI_CRASH', "import codecs\nwith codecs.open('report.txt', 'w', encoding='ascii') as f:\n    f.write('Zürich: 3 failures\\n')\n"),
    // The input has a byte utf-8 refuses, but what fails is the error handler the program named.
    c('unknown-error-handler', 'CLI_CRASH', "print(open('names.txt', 'rb').read().decode('utf-8', errors='skip'))\n", { cmd: `printf 'M\\xfcller\\n' > names.txt && ${PY}` }),
    c('disk-full', 'RESOURCE_EXHAUSTION', "import codecs\nwith codecs.open('out/big.txt', 'w', encoding='utf-16') as f:\n    for i in range(5000):\n        f.write('ligne numéro %d\\n' % i)\n", { cmd: tinyFs('out', PY) }),
  ];
}

// ---------------------------------------------------------------- Python: hashlib

function hashlibCases() {
  const c = py('hashlib', 'Python 3.11 hashlib');
  const digest = (path) => `import hashlib\nwith open(${JSON.stringify(path)}, 'rb') as f:\n    print(hashlib.file_digest(f, 'sha256').hexdigest())\n`;
  return [
    c('unsupported-type', 'CLI_CRASH', "import hashlib\nh = hashlib.new('sha3-999')\nh.update(b'payload')\nprint(h.hexdigest())\n"),
    // The program checks the download against its published digest: damage proven by a checksum.
    c('digest-mismatch', 'DATA_CORRUPTION', "import hashlib, sys\nexpected = open('release.tar.sha256').read().split()[0]\nwith open('release.tar', 'rb') as f:\n    actual = hashlib.file_digest(f, 'sha256').hexdigest()\nif actual != expected:\n    sys.exit(f'release.tar: sha256 mismatch: expected {expected}, got {actual}')\n", { files: { 'release.tar': 'partial download\n', 'release.tar.sha256': 'a3f5c0d9e2b1478c9a0f6b2d3e4c5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5  release.tar\n' } }),
    c('missing-file', 'ERROR_RESPONSE', digest('dist/app-1.4.2.tar.gz')),
    c('permission-denied', 'ERROR_RESPONSE', digest('secret.bin'), { cmd: `echo x > secret.bin && chmod 000 secret.bin && ${NOPRIV} ${PY}` }),
    c('is-directory', 'ERROR_RESPONSE', digest('dist'), { cmd: `mkdir dist && ${PY}` }),
    c('str-not-bytes', 'CLI_CRASH', "import hashlib\ntoken = 'build-42'\nprint(hashlib.sha256(token).hexdigest())\n"),
    // The cost parameters are the program's own, beyond OpenSSL's default memory cap: a value it
    // passed that the library refuses (CLI_CRASH), though the words read like RESOURCE_EXHAUSTION.
    c('scrypt-memory', 'CLI_CRASH', "import hashlib\nkey = hashlib.scrypt(b'password', salt=b'salt', n=2**20, r=8, p=1)\nprint(key.hex())\n"),
    c('pbkdf2-iterations', 'CLI_CRASH', "import hashlib\nITERATIONS = 0\nprint(hashlib.pbkdf2_hmac('sha256', b'password', b'salt', ITERATIONS).hex())\n"),
    c('shake-length', 'CLI_CRASH', "import hashlib\nprint(hashlib.shake_256(b'payload').hexdigest())\n"),
  ];
}

// ---------------------------------------------------------------- Python: struct

function structCases() {
  const c = py('struct', 'Python 3.11 struct');
  const header = "import struct\nwith open('capture.bin', 'rb') as f:\n    data = f.read()\nmagic, version, count, flags = struct.unpack('<4sHHQ', data[:16])\nprint(magic, version, count, flags)\n";
  const bin = (hex) => `python3 -c "import sys; open('capture.bin', 'wb').write(bytes.fromhex(sys.argv[1]))" ${hex} && ${PY}`;
  return [
    c('truncated-header', 'ERROR_RESPONSE', header, { cmd: bin('43415031010002') }),
    c('bad-magic', 'ERROR_RESPONSE', "import struct, sys\ndata = open('capture.bin', 'rb').read()\nmagic, = struct.unpack('<4s', data[:4])\nif magic != b'CAP1':\n    raise ValueError(f'capture.bin: not a capture file (magic {magic!r}, expected b\"CAP1\")')\n", { cmd: bin('89504e470d0a1a0a0000') }),
    c('records-truncated', 'ERROR_RESPONSE', "import struct\ndata = open('capture.bin', 'rb').read()\ncount, = struct.unpack_from('<I', data, 0)\nfor i in range(count):\n    ts, value = struct.unpack_from('<Id', data, 4 + i * 12)\n    print(ts, value)\n", { cmd: bin('03000000' + '01000000' + '000000000000f03f' + '02000000' + '0000') }),
    c('iter-unpack-size', 'ERROR_RESPONSE', "import struct\ndata = open('capture.bin', 'rb').read()\nfor (v,) in struct.iter_unpack('<d', data):\n    print(v)\n", { cmd: bin('000000000000f03f0000') }),
    c('missing-file', 'ERROR_RESPONSE', header),
    c('ushort-range', 'CLI_CRASH', "import struct\nentries = list(range(70000))\nheader = struct.pack('<4sH', b'IDX1', len(entries))\nprint(header)\n"),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — struct.error: required argument is not an integer: a value refused, not a defect's class (step 2).
    c('not-an-integer', 'ERROR_RESPONSE', "import struct\nport = '8080'\nprint(struct.pack('!H', port))\n"),
    c('pack-items', 'CLI_CRASH', "import struct\nprint(struct.pack('<IIH', 1, 2))\n"),
    // The format string is the program's own value; it is refused as a bad argument (CLI_CRASH),
    // though one could read it as the program's source not parsing (BROKEN_BUILD): ambiguous.
    c('bad-format', 'CLI_CRASH', "import struct\nRECORD = '<I z d'\nprint(struct.calcsize(RECORD))\n"),
    c('disk-full', 'RESOURCE_EXHAUSTION', "import struct\nwith open('out/samples.bin', 'wb') as f:\n    for i in range(20000):\n        f.write(struct.pack('<Id', i, i * 0.5))\n", { cmd: tinyFs('out', PY) }),
  ];
}

// ---------------------------------------------------------------- Python: base64 / binascii

function base64Cases() {
  const c = py('base64', 'Python 3.11 base64/binascii');
  const decodeFile = (fn) => `import base64\ntoken = open('token.txt').read().strip()\nprint(base64.${fn}(token))\n`;
  return [
    c('incorrect-padding', 'ERROR_RESPONSE', decodeFile('b64decode'), { files: { 'token.txt': 'eyJ1c2VyIjoiYWRhIiwicm9sZSI6ImFkbWluIn0\n' } }),
    c('one-more-than-multiple', 'ERROR_RESPONSE', decodeFile('b64decode'), { files: { 'token.txt': 'aGVsbG8gd29ybGQh1\n' } }),
    c('validate-alphabet', 'ERROR_RESPONSE', "import base64\ntoken = open('token.txt').read().strip()\nprint(base64.b64decode(token, validate=True))\n", { files: { 'token.txt': 'aGVsbG8*d29ybGQ=\n' } }),
    c('base32-digit', 'ERROR_RESPONSE', decodeFile('b32decode'), { files: { 'token.txt': 'JBSWY3DPEHPK3PX1\n' } }),
    c('base16-digit', 'ERROR_RESPONSE', decodeFile('b16decode'), { files: { 'token.txt': 'DEADBEEFXY\n' } }),
    c('odd-length-hex', 'ERROR_RESPONSE', "import binascii\nkey = open('key.hex').read().strip()\nprint(binascii.unhexlify(key))\n", { files: { 'key.hex': '0a1b2c3d4e5\n' } }),
    c('not-utf8', 'ERROR_RESPONSE', "import base64\npayload = base64.b64decode(open('token.txt').read().strip())\nprint(payload.decode('utf-8'))\n", { files: { 'token.txt': '/9j/4AAQSkZJRgABAQ==\n' } }),
    c('cli-missing-file', 'ERROR_RESPONSE', null, { cmd: 'python3 -m base64 -d secrets/payload.b64' }),
    c('str-not-bytes', 'CLI_CRASH', "import base64\nuser, password = 'ada', 's3cret'\nprint(base64.b64encode(f'{user}:{password}'))\n"),
    // The frame's CRC32 (binascii.crc32) disagrees with the trailer: damage proven by a checksum.
    c('crc-mismatch', 'DATA_CORRUPTION', "import base64, binascii, struct, sys\nframe = base64.b64decode(open('frame.b64').read())\nbody, (crc,) = frame[:-4], struct.unpack('>I', frame[-4:])\nif binascii.crc32(body) != crc:\n    sys.exit(f'frame.b64: CRC32 mismatch: computed {binascii.crc32(body):08x}, trailer says {crc:08x}')\n", { files: { 'frame.b64': 'aGVsbG8gd29ybGQAAAAA\n' } }),
  ];
}

// ---------------------------------------------------------------- Python: xml.dom.minidom

function minidomCases() {
  const c = py('minidom', 'Python 3.11 xml.dom.minidom');
  const parse = "from xml.dom import minidom\ndoc = minidom.parse('feed.xml')\nfor item in doc.getElementsByTagName('item'):\n    print(item.getAttribute('id'))\n";
  const feed = (xml) => ({ files: { 'feed.xml': xml } });
  return [
    c('mismatched-tag', 'ERROR_RESPONSE', parse, feed('<?xml version="1.0"?>\n<feed>\n  <item id="1"><title>One</titel></item>\n</feed>\n')),
    c('truncated', 'ERROR_RESPONSE', parse, feed('<?xml version="1.0"?>\n<feed>\n  <item id="1"><title>One</title></item>\n  <item id="2"><tit')),
    c('junk-after', 'ERROR_RESPONSE', parse, feed('<feed><item id="1"/></feed>\n<feed><item id="2"/></feed>\n')),
    c('bare-ampersand', 'ERROR_RESPONSE', parse, feed('<feed>\n  <item id="1"><title>Fish & Chips</title></item>\n</feed>\n')),
    c('undefined-entity', 'ERROR_RESPONSE', parse, feed('<feed>\n  <item id="1"><title>Caf&eacute;</title></item>\n</feed>\n')),
    c('empty-file', 'ERROR_RESPONSE', parse, feed('')),
    c('missing-file', 'ERROR_RESPONSE', parse),
    // The program's own configuration (settings.xml, read at start) does not parse: a project file.
    c('own-config', 'BROKEN_BUILD', "from xml.dom import minidom\nsettings = minidom.parse('settings.xml')\nprint(settings.documentElement.getAttribute('env'))\n", { files: { 'settings.xml': '<settings env="staging">\n  <db host="127.0.0.1" port="5432">\n</settings>\n' } }),
    c('none-first-child', 'CLI_CRASH', "from xml.dom import minidom\ndoc = minidom.parseString('<feed><item id=\"1\"><title/></item></feed>')\nfor item in doc.getElementsByTagName('item'):\n    print(item.getElementsByTagName('title')[0].firstChild.data)\n"),
    c('disk-full', 'RESOURCE_EXHAUSTION', "from xml.dom import minidom\ndoc = minidom.Document()\nroot = doc.appendChild(doc.createElement('feed'))\nfor i in range(3000):\n    item = root.appendChild(doc.createElement('item'))\n    item.setAttribute('id', str(i))\n    item.appendChild(doc.createTextNode('x' * 100))\nwith open('out/feed.xml', 'w') as f:\n    doc.writexml(f, indent='', addindent='  ', newl='\\n')\n", { cmd: tinyFs('out', PY) }),
  ];
}

// ---------------------------------------------------------------- Python: email

function emailCases() {
  const c = py('email', 'Python 3.11 email');
  return [
    c('missing-file', 'ERROR_RESPONSE', "import email, email.policy\nwith open('inbox/0042.eml', 'rb') as f:\n    msg = email.message_from_binary_file(f, policy=email.policy.default)\nprint(msg['Subject'])\n"),
    c('is-directory', 'ERROR_RESPONSE', "import email, email.policy\nwith open('inbox', 'rb') as f:\n    msg = email.message_from_binary_file(f, policy=email.policy.default)\nprint(msg['Subject'])\n", { cmd: `mkdir inbox && ${PY}` }),
    c('bad-date', 'ERROR_RESPONSE', "import email, email.utils\nmsg = email.message_from_file(open('0042.eml'))\nprint(email.utils.parsedate_to_datetime(msg['Date']).isoformat())\n", { files: { '0042.eml': 'From: ada@example.com\nTo: ops@example.com\nDate: yesterday afternoon\nSubject: report\n\nbody\n' } }),
    // raise_on_defect: the message read is not in RFC 5322's format.
    c('strict-defect', 'ERROR_RESPONSE', "import email, email.policy\nmsg = email.message_from_file(open('0042.eml'), policy=email.policy.strict)\nprint(msg.get_content())\n", { files: { '0042.eml': 'From: ada@example.com\nSubject: report\nthis line has no colon and no blank line before it\n\nbody\n' } }),
    c('bad-address', 'ERROR_RESPONSE', "import email.headerregistry\nfor line in open('recipients.txt'):\n    print(email.headerregistry.Address(addr_spec=line.strip()))\n", { files: { 'recipients.txt': 'ops@example.com\nada@@example.com\n' } }),
    c('header-linefeed', 'CLI_CRASH', "from email.message import EmailMessage\nmsg = EmailMessage()\nmsg['Subject'] = 'Nightly report\\nBcc: everyone@example.com'\nmsg.set_content('ok')\nprint(msg.as_string())\n"),
    c('set-content-type', 'CLI_CRASH', "from email.message import EmailMessage\nmsg = EmailMessage()\nmsg['Subject'] = 'Build 42'\nmsg.set_content(42)\nprint(msg)\n"),
    c('disk-full', 'RESOURCE_EXHAUSTION', "import email.generator, email.policy\nfrom email.message import EmailMessage\nwith open('out/outbox.mbox', 'wb') as f:\n    gen = email.generator.BytesGenerator(f, policy=email.policy.SMTP)\n    for i in range(500):\n        msg = EmailMessage()\n        msg['From'], msg['To'], msg['Subject'] = 'ci@example.com', 'ops@example.com', f'Build {i}'\n        msg.set_content('log line\\n' * 50)\n        gen.flatten(msg)\n", { cmd: tinyFs('out', PY) }),
  ];
}

// ---------------------------------------------------------------- Python: ipaddress

function ipaddressCases() {
  const c = py('ipaddress', 'Python 3.11 ipaddress');
  const each = (fn) => `import ipaddress\nfor line in open('hosts.txt'):\n    print(ipaddress.${fn}(line.strip()))\n`;
  return [
    c('not-an-address', 'ERROR_RESPONSE', each('ip_address'), { files: { 'hosts.txt': '10.0.0.1\n10.0.0.256\n' } }),
    c('octet-range', 'ERROR_RESPONSE', each('IPv4Address'), { files: { 'hosts.txt': '192.168.1.300\n' } }),
    c('ipv6-colons', 'ERROR_RESPONSE', each('IPv6Address'), { files: { 'hosts.txt': '2001:db8:1:2:3:4:5:6:7\n' } }),
    c('host-bits', 'ERROR_RESPONSE', each('ip_network'), { files: { 'hosts.txt': '10.0.0.0/8\n10.1.2.3/24\n' } }),
    c('netmask', 'ERROR_RESPONSE', each('IPv4Network'), { files: { 'hosts.txt': '10.0.0.0/33\n' } }),
    c('mixed-versions', 'CLI_CRASH', "import ipaddress\nprivate = ipaddress.ip_network('10.0.0.0/8')\nprint(ipaddress.ip_network('::/0').subnet_of(private))\n"),
    c('new-prefix', 'CLI_CRASH', "import ipaddress\nvpc = ipaddress.ip_network('10.20.0.0/16')\nprint(list(vpc.subnets(new_prefix=8)))\n"),
    c('wrong-type', 'CLI_CRASH', "import ipaddress\nallowed = ['10.0.0.0/8', '192.168.0.0/16']\nprint(ipaddress.ip_network(allowed))\n"),
  ];
}

// ---------------------------------------------------------------- Node: net

function nodeNet() {
  const c = partly(js('node-net', 'Node 20 node:net'), 'packs/node-system (errno codes ECONNREFUSED, ECONNRESET, ENOTFOUND; ERR_SOCKET_*)');
  const connect = "const net = require('node:net');\nconst s = net.connect({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });\ns.on('connect', () => s.write('PING\\r\\n'));\ns.on('data', (d) => { console.log(String(d)); s.end(); });\ns.on('error', (e) => { throw e; });\n";
  return [
    c('refused', 'NETWORK', connect, { env: { PORT: '1' } }),
    c('reset', 'NETWORK', connect, withSrv({ cmd: serve('reset', NODE) })),
    c('not-found', 'NETWORK', connect, { env: { HOST: 'cache.internal.invalid', PORT: '6379' } }),
    c('idle-timeout', 'TIMEOUT', "const net = require('node:net');\nconst s = net.connect({ host: '127.0.0.1', port: Number(process.env.PORT) });\ns.setTimeout(1000, () => s.destroy(new Error(`no reply from 127.0.0.1:${process.env.PORT} within 1000 ms`)));\ns.on('connect', () => s.write('PING\\r\\n'));\ns.on('error', (e) => { console.error(e); process.exit(1); });\n", withSrv({ cmd: serve('sleep', NODE) })),
    c('port-in-use', 'ERROR_RESPONSE', "const net = require('node:net');\nnet.createServer((c) => c.end('hi\\n')).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));\n", withSrv({ cmd: serve('hold', NODE) })),
    c('write-reset', 'NETWORK', "const net = require('node:net');\nconst s = net.connect({ host: '127.0.0.1', port: Number(process.env.PORT) });\nconst chunk = Buffer.alloc(64 * 1024, 'x');\nlet n = 0;\nconst pump = () => { if (n++ < 400) s.write(chunk, pump); };\ns.on('connect', pump);\n", withSrv({ cmd: serve('reset', NODE) })),
    c('bad-port', 'CLI_CRASH', "const net = require('node:net');\nconst config = { port: 70000 };\nnet.connect({ host: '127.0.0.1', port: config.port });\n"),
    c('write-after-end', 'CLI_CRASH', "const net = require('node:net');\nconst srv = net.createServer((c) => c.resume()).listen(0, '127.0.0.1', () => {\n  const s = net.connect(srv.address().port, '127.0.0.1', () => {\n    s.end('QUIT\\r\\n');\n    s.write('PING\\r\\n');\n  });\n  s.on('error', (e) => { console.error(e); process.exit(1); });\n});\n"),
  ];
}

// ---------------------------------------------------------------- Node: tls

function nodeTls() {
  const c = partly(js('node-tls', 'Node 20 node:tls'), 'packs/trust (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED, ERR_TLS_CERT_ALTNAME_INVALID)');
  const connect = (opts = '') => `const tls = require('node:tls');\nconst fs = require('node:fs');\nconst url = new URL(process.env.URL);\nconst s = tls.connect({ host: url.hostname, port: Number(url.port), servername: 'localhost'${opts} }, () => { s.write('GET / HTTP/1.0\\r\\n\\r\\n'); });\ns.on('data', (d) => { console.log(String(d).split('\\r\\n')[0]); s.end(); });\ns.on('error', (e) => { console.error(e); process.exit(1); });\n`;
  const ca = (name) => `, ca: fs.readFileSync(process.env.CERTS + '/${name}.pem')`;
  const plain = "const tls = require('node:tls');\nconst s = tls.connect({ host: '127.0.0.1', port: Number(process.env.PORT), servername: 'localhost' }, () => console.log('secure'));\ns.on('error', (e) => { console.error(e); process.exit(1); });\n";
  return [
    c('self-signed', 'CERTIFICATE_ERROR', connect(), { http: { status: 200, body: '{}', tls: 'valid' } }),
    c('expired', 'CERTIFICATE_ERROR', connect(ca('expired')), { http: { status: 200, body: '{}', tls: 'expired' } }),
    c('wrong-host', 'CERTIFICATE_ERROR', connect(ca('wrong-host')), { http: { status: 200, body: '{}', tls: 'wrong-host' } }),
    c('refused', 'NETWORK', plain, { env: { PORT: '1' } }),
    // The peer answers in another protocol (an SMTP greeting, not a TLS handshake): its answer is not
    // in the format the client speaks; ERROR_RESPONSE (one could say a misconfigured endpoint).
    c('not-tls', 'ERROR_RESPONSE', plain, withSrv({ cmd: serve('garbage', NODE) })),
    c('reset-in-handshake', 'NETWORK', plain, withSrv({ cmd: serve('reset', NODE) })),
    c('handshake-timeout', 'TIMEOUT', "const tls = require('node:tls');\nconst s = tls.connect({ host: '127.0.0.1', port: Number(process.env.PORT), servername: 'localhost', timeout: 1000 }, () => console.log('secure'));\ns.on('timeout', () => s.destroy(new Error('TLS handshake with 127.0.0.1:' + process.env.PORT + ' timed out after 1000 ms')));\ns.on('error', (e) => { console.error(e); process.exit(1); });\n", withSrv({ cmd: serve('sleep', NODE) })),
    c('missing-key', 'ERROR_RESPONSE', "const tls = require('node:tls');\nconst fs = require('node:fs');\nconst server = tls.createServer({ key: fs.readFileSync('tls/server.key'), cert: fs.readFileSync('tls/server.crt') });\nserver.listen(8443);\n"),
    // The certificate file read is not in its format (an input, not the project's source); one could
    // read a server's own certificate as its configuration (BROKEN_BUILD): ambiguous.
    c('bad-pem', 'ERROR_RESPONSE', "const tls = require('node:tls');\nconst fs = require('node:fs');\nconst server = tls.createServer({ key: fs.readFileSync('server.key'), cert: fs.readFileSync('server.crt') });\nserver.listen(0, () => { console.log('listening'); server.close(); });\n", { files: { 'server.key': '-----BEGIN PRIVATE KEY-----\nthis is not base64 key material\n-----END PRIVATE KEY-----\n', 'server.crt': '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' } }),
  ];
}

// ---------------------------------------------------------------- Node: http

function nodeHttp() {
  const c = js('node-http', 'Node 20 node:http');
  const get = "const http = require('node:http');\nconst url = (process.env.URL ?? `http://127.0.0.1:${process.env.PORT}`) + '/api/v1/items?page=2';\nconst req = http.get(url, (res) => {\n  let body = '';\n  res.on('data', (d) => { body += d; });\n  res.on('end', () => {\n    if (res.statusCode >= 400) throw new Error(`GET ${url}: ${res.statusCode} ${res.statusMessage}: ${body}`);\n    console.log(body);\n  });\n});\nreq.setTimeout(1500, () => req.destroy(new Error(`GET ${url}: no response within 1500 ms`)));\nreq.on('error', (e) => { console.error(e); process.exit(1); });\n";
  return [
    c('not-found', 'ERROR_RESPONSE', get, { http: { status: 404, body: '{"error":"no such collection: items"}' } }),
    c('unauthorized', 'AUTH_REQUIRED', get, { http: { status: 401, body: '{"error":"missing bearer token"}', headers: ['WWW-Authenticate:Bearer realm="api"'] } }),
    c('too-many', 'RATE_LIMIT', get, { http: { status: 429, body: '{"error":"slow down"}', headers: ['Retry-After:30'] } }),
    c('internal', 'SERVER_ERROR', get, { http: { status: 500, body: '{"error":"internal"}' } }),
    c('unavailable', 'SERVER_OVERLOADED', get, { http: { status: 503, body: '{"error":"overloaded, try later"}' } }),
    c('refused', 'NETWORK', get, { env: { PORT: '1' } }),
    c('hang-up', 'NETWORK', get, withSrv({ cmd: serve('close', NODE) })),
    c('no-response', 'TIMEOUT', get, withSrv({ cmd: serve('sleep', NODE) })),
    c('not-http', 'ERROR_RESPONSE', get, withSrv({ cmd: serve('garbage', NODE) })),
    c('server-port-in-use', 'ERROR_RESPONSE', "const http = require('node:http');\nhttp.createServer((req, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));\n", withSrv({ cmd: serve('hold', NODE) })),
    c('headers-sent', 'CLI_CRASH', "const http = require('node:http');\nconst srv = http.createServer((req, res) => {\n  res.end('ok');\n  res.setHeader('X-Request-Id', '42');\n}).listen(0, '127.0.0.1', () => http.get(`http://127.0.0.1:${srv.address().port}/`, (r) => r.resume()));\n"),
    c('invalid-header', 'CLI_CRASH', "const http = require('node:http');\nhttp.request({ host: '127.0.0.1', port: 1, headers: { 'X Trace Id': 'abc' } }).end();\n"),
  ];
}

// ---------------------------------------------------------------- Node: stream

function nodeStream() {
  const c = js('node-stream', 'Node 20 node:stream pipeline');
  const copy = (from, to) => `const { pipeline } = require('node:stream/promises');\nconst fs = require('node:fs');\nconst zlib = require('node:zlib');\npipeline(fs.createReadStream(${JSON.stringify(from)}), zlib.createGzip(), fs.createWriteStream(${JSON.stringify(to)})).then(() => console.log('archived'), (e) => { console.error(e); process.exit(1); });\n`;
  return [
    c('source-missing', 'ERROR_RESPONSE', copy('logs/app-2026-11-27.log', 'app.log.gz')),
    c('dest-denied', 'ERROR_RESPONSE', copy('app.log', 'archive/app.log.gz'), { files: { 'app.log': 'line\n' }, cmd: `mkdir archive && chmod 555 archive && ${NOPRIV} ${NODE}` }),
    c('source-directory', 'ERROR_RESPONSE', copy('logs', 'app.log.gz'), { cmd: `mkdir logs && ${NODE}` }),
    c('disk-full', 'RESOURCE_EXHAUSTION', copy('big.bin', 'out/big.bin.gz'), { cmd: tinyFs('out', `head -c 2000000 /dev/urandom > big.bin && ${NODE}`) }),
    c('read-only', 'ERROR_RESPONSE', copy('app.log', 'out/app.log.gz'), { files: { 'app.log': 'line\n' }, cmd: roFs('out', NODE) }),
    // The server closed the connection before the body it announced: the connection failed.
    c('premature-close', 'NETWORK', "const { pipeline } = require('node:stream/promises');\nconst fs = require('node:fs');\nconst http = require('node:http');\nhttp.get(`http://127.0.0.1:${process.env.PORT}/export.csv`, (res) => {\n  pipeline(res, fs.createWriteStream('export.csv')).then(() => console.log('saved'), (e) => { console.error(e); process.exit(1); });\n});\n", withSrv({ cmd: serve('partial', NODE) })),
    c('transform-throws', 'CLI_CRASH', "const { pipeline, Transform } = require('node:stream');\nconst fs = require('node:fs');\nconst upper = new Transform({ transform(chunk, enc, done) { done(null, chunk.toUpperCase()); } });\npipeline(fs.createReadStream('in.csv'), upper, fs.createWriteStream('out.txt'), (e) => { if (e) { console.error(e); process.exit(1); } });\n", { files: { 'in.csv': 'id,name\n1,alpha\n2\n' } }),
    c('write-after-end', 'CLI_CRASH', "const fs = require('node:fs');\nconst out = fs.createWriteStream('report.txt');\nout.write('header\\n');\nout.end();\nout.write('row 1\\n');\n"),
    c('push-after-eof', 'CLI_CRASH', "const { Readable } = require('node:stream');\nconst r = new Readable({ read() {} });\nr.push('a');\nr.push(null);\nr.push('b');\nr.resume();\n"),
  ];
}

// ---------------------------------------------------------------- Node: vm

function nodeVm() {
  const c = js('node-vm', 'Node 20 node:vm');
  const runPlugin = "const vm = require('node:vm');\nconst fs = require('node:fs');\nconst code = fs.readFileSync('plugins/rewrite.js', 'utf8');\nconst sandbox = { input: 'hello', output: null };\nvm.runInNewContext(code, sandbox, { filename: 'plugins/rewrite.js', timeout: 1000 });\nconsole.log(sandbox.output);\n";
  const plugin = (src) => ({ files: { 'plugins/rewrite.js': src } });
  return [
    // The plugin is the project's own source: it does not parse.
    c('plugin-syntax', 'BROKEN_BUILD', runPlugin, plugin("output = input.split('').map((ch) => ch.toUpperCase()).join(''\n")),
    c('config-unterminated', 'BROKEN_BUILD', "const vm = require('node:vm');\nconst fs = require('node:fs');\nconst config = vm.runInNewContext('(' + fs.readFileSync('app.config.js', 'utf8') + ')', {}, { filename: 'app.config.js' });\nconsole.log(config.port);\n", { files: { 'app.config.js': "{\n  port: 8080,\n  routes: ['/api', '/health',\n}\n" } }),
    // The plugin's loop never ends; the text shows only vm's time limit. TIMEOUT by what the text
    // says (one could read an endless loop as the plugin's defect, CLI_CRASH): ambiguous.
    c('timeout', 'TIMEOUT', runPlugin, plugin('let n = 0;\nwhile (input) { n++; }\noutput = n;\n')),
    c('reference-error', 'CLI_CRASH', runPlugin, plugin("const path = require('node:path');\noutput = path.basename(input);\n")),
    c('type-error', 'CLI_CRASH', runPlugin, plugin('output = input.settings.mode.toUpperCase();\n')),
    c('stack-overflow', 'CLI_CRASH', runPlugin, plugin('function walk(n) { return walk(n + 1) + 1; }\noutput = walk(0);\n')),
    c('dynamic-import', 'CLI_CRASH', "const vm = require('node:vm');\nconst script = new vm.Script(\"import('node:fs').then((fs) => fs.readFileSync('x'))\", { filename: 'loader.js' });\nscript.runInThisContext().catch((e) => { console.error(e); process.exit(1); });\n"),
    c('not-contextified', 'CLI_CRASH', "const vm = require('node:vm');\nconst sandbox = { total: 0 };\nvm.runInContext('total += 1', sandbox);\nconsole.log(sandbox.total);\n"),
    c('source-text-module', 'CLI_CRASH', "const vm = require('node:vm');\nconst mod = new vm.SourceTextModule('export default 42;');\nconsole.log(mod);\n"),
  ];
}

// ---------------------------------------------------------------- Node: url

function nodeUrl() {
  const c = js('node-url', 'Node 20 node:url');
  const each = "const fs = require('node:fs');\nfor (const line of fs.readFileSync('links.txt', 'utf8').split('\\n').filter(Boolean)) {\n  const u = new URL(line);\n  console.log(u.host, u.pathname);\n}\n";
  return [
    c('invalid-url', 'ERROR_RESPONSE', each, { files: { 'links.txt': 'https://example.com/docs\nhttps//example.com/missing-colon\n' } }),
    c('relative-no-base', 'ERROR_RESPONSE', each, { files: { 'links.txt': 'https://example.com/docs\n/docs/getting-started\n' } }),
    c('bad-port', 'ERROR_RESPONSE', each, { files: { 'links.txt': 'http://localhost:99999/health\n' } }),
    c('malformed-escape', 'ERROR_RESPONSE', "const fs = require('node:fs');\nfor (const line of fs.readFileSync('queries.txt', 'utf8').split('\\n').filter(Boolean)) {\n  console.log(decodeURIComponent(line));\n}\n", { files: { 'queries.txt': 'q=caf%C3%A9\nq=100%\n' } }),
    c('file-scheme', 'CLI_CRASH', "const { fileURLToPath } = require('node:url');\nconst base = 'https://cdn.example.com/assets/';\nconsole.log(fileURLToPath(base));\n"),
    c('file-url-host', 'CLI_CRASH', "const { fileURLToPath } = require('node:url');\nconsole.log(fileURLToPath('file://buildhost/srv/out/index.html'));\n"),
    c('format-type', 'CLI_CRASH', "const url = require('node:url');\nconst target = 8080;\nconsole.log(url.format(target));\n"),
    c('search-params-tuple', 'CLI_CRASH', "const params = new URLSearchParams([['page', '2'], ['sort']]);\nconsole.log(params.toString());\n"),
  ];
}

// ---------------------------------------------------------------- Node: readline

function nodeReadline() {
  const c = js('node-readline', 'Node 20 node:readline');
  const lines = (path) => `const readline = require('node:readline');\nconst fs = require('node:fs');\n(async () => {\n  const rl = readline.createInterface({ input: fs.createReadStream(${JSON.stringify(path)}), crlfDelay: Infinity });\n  let n = 0;\n  for await (const line of rl) if (line.includes('ERROR')) n++;\n  console.log(n, 'errors');\n})().catch((e) => { console.error(e); process.exit(1); });\n`;
  return [
    c('missing-file', 'ERROR_RESPONSE', lines('/var/log/app/app.log')),
    c('is-directory', 'ERROR_RESPONSE', lines('logs'), { cmd: `mkdir logs && ${NODE}` }),
    c('permission-denied', 'ERROR_RESPONSE', lines('app.log'), { cmd: `echo ERROR x > app.log && chmod 000 app.log && ${NOPRIV} ${NODE}` }),
    c('socket-reset', 'NETWORK', "const readline = require('node:readline');\nconst net = require('node:net');\n(async () => {\n  const s = net.connect(Number(process.env.PORT), '127.0.0.1', () => s.write('TAIL app.log\\r\\n'));\n  for await (const line of readline.createInterface({ input: s })) console.log(line);\n})().catch((e) => { console.error(e); process.exit(1); });\n", withSrv({ cmd: serve('reset', NODE) })),
    // No answer to the prompt within the program's own limit (stdin never answers): TIMEOUT.
    c('question-timeout', 'TIMEOUT', "const readline = require('node:readline/promises');\n(async () => {\n  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });\n  const answer = await rl.question('Deploy to production? [y/N] ', { signal: AbortSignal.timeout(1000) });\n  console.log(answer);\n})().catch((e) => { console.error(e); process.exit(1); });\n", { cmd: `sleep 5 | ${NODE}` }),
    c('use-after-close', 'CLI_CRASH', "const readline = require('node:readline');\nconst rl = readline.createInterface({ input: process.stdin, output: process.stdout });\nrl.close();\nrl.question('Name? ', (a) => console.log(a));\n", { cmd: `echo ada | ${NODE}` }),
    c('input-not-stream', 'CLI_CRASH', "const readline = require('node:readline');\nconst rl = readline.createInterface({ input: 'access.log' });\nrl.on('line', (l) => console.log(l));\n"),
    c('line-handler', 'CLI_CRASH', "const readline = require('node:readline');\nconst fs = require('node:fs');\nconst rl = readline.createInterface({ input: fs.createReadStream('users.csv') });\nrl.on('line', (line) => {\n  const [id, email] = line.split(',');\n  console.log(id, email.toLowerCase());\n});\n", { files: { 'users.csv': '1,ADA@EXAMPLE.COM\n2\n' } }),
  ];
}

// ---------------------------------------------------------------- Node: dgram

/** A UDP socket holding a free port (written to ./port) that never answers. */
const UDP_HOLD = `python3 -c 'import os, socket, time; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); open("port.tmp", "w").write(str(s.getsockname()[1])); os.rename("port.tmp", "port"); time.sleep(30)' >/dev/null 2>&1 & for i in $(seq 100); do [ -f port ] && break; sleep 0.05; done; export PORT=$(cat port); ${NODE}; r=$?; kill %1 2>/dev/null; exit $r`;

function nodeDgram() {
  const c = partly(js('node-dgram', 'Node 20 node:dgram'), 'packs/node-system (errno codes ECONNREFUSED, ENOTFOUND; ERR_SOCKET_*)');
  const send = (host, port, size = 0) => `const dgram = require('node:dgram');\nconst s = dgram.createSocket('udp4');\nconst msg = ${size ? `Buffer.alloc(${size}, 'x')` : "Buffer.from('deploys.count:1|c')"};\ns.send(msg, ${port}, ${JSON.stringify(host)}, (e) => { if (e) { console.error(e); process.exit(1); } s.close(); });\n`;
  return [
    c('port-in-use', 'ERROR_RESPONSE', "const dgram = require('node:dgram');\nconst s = dgram.createSocket('udp4');\ns.on('error', (e) => { console.error(e); process.exit(1); });\ns.bind(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));\n", { cmd: UDP_HOLD }),
    c('not-found', 'NETWORK', send('statsd.internal.invalid', 8125)),
    c('refused', 'NETWORK', "const dgram = require('node:dgram');\nconst s = dgram.createSocket('udp4');\ns.on('error', (e) => { console.error(e); process.exit(1); });\ns.connect(1, '127.0.0.1', () => {\n  const ping = () => s.send('PING', (e) => e && s.emit('error', e));\n  ping(); setInterval(ping, 100);\n});\n"),
    c('no-reply', 'TIMEOUT', "const dgram = require('node:dgram');\nconst s = dgram.createSocket('udp4');\ns.on('message', (m) => { console.log(String(m)); s.close(); });\ns.send('STATUS', Number(process.env.PORT), '127.0.0.1');\nsetTimeout(() => { console.error(`no reply from 127.0.0.1:${process.env.PORT} within 1000 ms`); process.exit(1); }, 1000);\n", { cmd: UDP_HOLD }),
    // The address it binds is not one of this host's: the host refuses the request (ERROR_RESPONSE;
    // one could read it as the network's configuration, NETWORK): ambiguous.
    c('bind-unavailable', 'ERROR_RESPONSE', "const dgram = require('node:dgram');\nconst s = dgram.createSocket('udp4');\ns.on('error', (e) => { console.error(e); process.exit(1); });\ns.bind(8125, '10.255.255.1', () => console.log('listening'));\n"),
    // A datagram larger than UDP carries, built by the program: its own value refused (CLI_CRASH).
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — Error: send EMSGSIZE: the message refused as too long (step 2).
    c('message-size', 'ERROR_RESPONSE', send('127.0.0.1', 8125, 70000)),
    c('bad-port', 'CLI_CRASH', send('127.0.0.1', 0)),
    c('not-running', 'CLI_CRASH', "const dgram = require('node:dgram');\nconst s = dgram.createSocket('udp4');\ns.close();\ns.send('deploys.count:1|c', 8125, '127.0.0.1');\n"),
    c('bad-type', 'CLI_CRASH', "const dgram = require('node:dgram');\nconst s = dgram.createSocket('udp5');\ns.send('x', 8125, '127.0.0.1');\n"),
  ];
}

/** The seventeenth capture's cases. */
export function firstSightSeventeenthCases() {
  return [
    ...datetimeCases(), ...codecsCases(), ...hashlibCases(), ...structCases(), ...base64Cases(), ...minidomCases(), ...emailCases(), ...ipaddressCases(),
    ...nodeNet(), ...nodeTls(), ...nodeHttp(), ...nodeStream(), ...nodeVm(), ...nodeUrl(), ...nodeReadline(), ...nodeDgram(),
  ];
}
