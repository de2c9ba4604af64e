/**
 * First-sight families, part 14 (the eighth capture): libraries run from small programs — HTTP
 * clients of four languages against the corpus's local HTTP(S) server (Python's urllib.request and
 * http.client, Node's built-in fetch (undici), Perl's HTTP::Tiny, Ruby's Net::HTTP), Perl's
 * Net::SMTP against its SMTP server, Python's tempfile, multiprocessing, mailbox, bz2 and pathlib,
 * Perl's Storable and JSON::PP, Ruby's Psych, OpenSSL and CSV — none named by a rule pack, a
 * registry or an earlier capture (multiprocessing's `AuthenticationError` shares a class name with
 * an LLM SDK's, so that family is partly seen). Each case's `type` was written here, by DESIGN.md's
 * rules and the README's label decisions, before the classifier was asked about any of these texts:
 * - a refused port, an unknown host, a reset connection: NETWORK; a connect or read that timed out:
 *   TIMEOUT; a certificate not trusted, expired or for another name: CERTIFICATE_ERROR;
 * - HTTP 401/403 or a login refused: AUTH_REQUIRED; 429: RATE_LIMIT; 500: SERVER_ERROR; 503:
 *   SERVER_OVERLOADED; 404 or another refusal of the request: ERROR_RESPONSE (whatever exception
 *   carries it: the type follows what failed);
 * - input the program reads that is not in its format, truncated, missing, a directory, or a
 *   file's permission denied: ERROR_RESPONSE; a project file (configuration) that does not parse:
 *   BROKEN_BUILD; output of another step that should be JSON and is not: JSON_PARSE_ERROR;
 * - the program's own defect or a value its own code passed that a library refuses: CLI_CRASH;
 * - a full disk (a 64 KiB tmpfs in a user and mount namespace), no inodes, no file descriptors, no
 *   memory: RESOURCE_EXHAUSTION; a lock held by another process: RESOURCE_BUSY; a port in use:
 *   ERROR_RESPONSE (as the corpus's other port-in-use texts).
 */

import { REFUSED, roFs, tool } from './shell.mjs';

const tinyFs = (dir, cmd, opts = 'size=64k') => `unshare --map-root-user --mount sh -c 'mkdir -p ${dir} && mount -t tmpfs -o ${opts} tmpfs ${dir} && ${cmd}'`;
/** Runs the Python program as nobody (from /, read from stdin, with Debian's python3: the scratch dir and pyenv's are root's alone). */
const nobody = () => '(cd / && setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/python3 -) < app.py';

/**
 * The HTTP matrix every client family gets: `run` is the command running the client, which reads
 * the URL from $URL and, for the certificate cases, trusts $CA_FILE (connecting to `localhost`).
 */
function httpFamily(family, run, files, origin) {
  const t = tool(family, { origin });
  const c = (id, type, pre, http) => t(id, type, `${pre}${run}`, files, http ? { http } : {});
  const tls = (ca) => `export CA_FILE=$CERTS/${ca}.pem URL=$(echo $URL | sed s/127.0.0.1/localhost/); `;
  return [
    c('refused', 'NETWORK', `${REFUSED}export URL=http://127.0.0.1:$PORT/v1/builds/42; `),
    c('dns', 'NETWORK', 'export URL=http://artifacts.build.invalid/v1/builds/42; '),
    c('timeout', 'TIMEOUT', '', { status: 'sleep' }),
    c('401', 'AUTH_REQUIRED', '', { status: 401, body: '{"error":"unauthorized","message":"Bad credentials"}', headers: ['WWW-Authenticate:Bearer realm="artifacts"'] }),
    c('403', 'AUTH_REQUIRED', '', { status: 403, body: '{"error":"forbidden","message":"token lacks scope builds:read"}' }),
    c('404', 'ERROR_RESPONSE', '', { status: 404, body: '{"error":"not_found","message":"build 42 not found"}' }),
    c('429', 'RATE_LIMIT', '', { status: 429, body: '{"error":"too_many_requests","message":"API rate limit exceeded"}' }),
    c('500', 'SERVER_ERROR', '', { status: 500, body: '{"error":"internal","message":"unexpected error"}' }),
    c('503', 'SERVER_OVERLOADED', '', { status: 503, body: '{"error":"unavailable","message":"service is overloaded"}' }),
    c('self-signed', 'CERTIFICATE_ERROR', '', { status: 200, body: '{}', tls: 'valid' }),
    c('expired', 'CERTIFICATE_ERROR', tls('expired'), { status: 200, body: '{}', tls: 'expired' }),
    c('wrong-host', 'CERTIFICATE_ERROR', tls('wrong-host'), { status: 200, body: '{}', tls: 'wrong-host' }),
  ];
}

function urllibRequest() {
  const app = "import json, os, ssl, urllib.request\nurl = os.environ['URL']\nctx = ssl.create_default_context(cafile=os.environ.get('CA_FILE'))\nreq = urllib.request.Request(url, headers={'Authorization': 'Bearer ' + os.environ.get('TOKEN', 'none')})\nwith urllib.request.urlopen(req, timeout=2, context=ctx if url.startswith('https') else None) as r:\n    build = json.load(r)\nprint(build['status'])\n";
  return httpFamily('urllib-request', 'python3 fetch_build.py', { 'fetch_build.py': app }, 'python3 fetch_build.py (urllib.request against the local HTTP(S) server)');
}

function httpClient() {
  const app = "import os, ssl, sys, http.client\nfrom urllib.parse import urlsplit\nu = urlsplit(os.environ['URL'])\nif u.scheme == 'https':\n    conn = http.client.HTTPSConnection(u.hostname, u.port, timeout=2, context=ssl.create_default_context(cafile=os.environ.get('CA_FILE')))\nelse:\n    conn = http.client.HTTPConnection(u.hostname, u.port or 80, timeout=2)\npath = u.path or '/'\nconn.request('GET', path)\nr = conn.getresponse()\nbody = r.read().decode()\nif r.status != 200:\n    sys.exit(f'GET {path}: {r.status} {r.reason}: {body}')\nprint(body)\n";
  return httpFamily('http-client', 'python3 get_build.py', { 'get_build.py': app }, 'python3 get_build.py (http.client against the local HTTP(S) server)');
}

function undici() {
  const app = "const res = await fetch(process.env.URL, { signal: AbortSignal.timeout(2000), headers: { accept: 'application/json' } });\nif (!res.ok) throw new Error(`GET ${process.env.URL} failed: ${res.status} ${res.statusText}: ${await res.text()}`);\nconsole.log((await res.json()).status);\n";
  // Node trusts extra CAs from NODE_EXTRA_CA_CERTS (read at start), so the client runs with it set from CA_FILE.
  return httpFamily('undici', 'env ${CA_FILE:+NODE_EXTRA_CA_CERTS=$CA_FILE} node fetch-build.mjs', { 'fetch-build.mjs': app }, "node fetch-build.mjs (Node's built-in fetch, undici, against the local HTTP(S) server)");
}

function httpTiny() {
  const app = "use strict; use warnings; use HTTP::Tiny;\nmy $url = $ENV{URL};\nmy $http = HTTP::Tiny->new(timeout => 2, verify_SSL => 1, ($ENV{CA_FILE} ? (SSL_options => { SSL_ca_file => $ENV{CA_FILE} }) : ()));\nmy $res = $http->get($url);\ndie \"GET $url failed: $res->{status} $res->{reason}\\n$res->{content}\\n\" unless $res->{success};\nprint $res->{content};\n";
  return httpFamily('http-tiny', 'perl fetch_build.pl', { 'fetch_build.pl': app }, "perl fetch_build.pl (Perl's HTTP::Tiny against the local HTTP(S) server)");
}

function netHttp() {
  const app = "require 'net/http'\nrequire 'json'\nuri = URI(ENV.fetch('URL'))\nhttp = Net::HTTP.new(uri.host, uri.port)\nhttp.open_timeout = 2\nhttp.read_timeout = 2\nif uri.scheme == 'https'\n  http.use_ssl = true\n  http.ca_file = ENV['CA_FILE'] if ENV['CA_FILE']\nend\nres = http.request(Net::HTTP::Get.new(uri))\nres.value\nputs JSON.parse(res.body)['status']\n";
  return httpFamily('net-http', 'ruby fetch_build.rb', { 'fetch_build.rb': app }, "ruby fetch_build.rb (Ruby's Net::HTTP against the local HTTP(S) server)");
}

/** A Python program `app.py` (with `files`), run after `pre`; `wrap` runs it in a namespace or as another user. */
const py = (family, what, extra0 = {}) => (id, type, script, pre = '', wrap = (x) => x, files = {}) => tool(family, extra0)(id, type, `${pre}${wrap('python3 app.py')}`, { 'app.py': script, ...files }, { origin: `python3 app.py (${what})` });

function tempfileLib() {
  const c = py('tempfile', "Python's tempfile module");
  const spool = "import os, tempfile\nwith tempfile.NamedTemporaryFile(dir=os.environ.get('SPOOL', None), suffix='.part') as f:\n    for _ in range(20):\n        f.write(os.urandom(16384))\n    f.flush()\n    os.fsync(f.fileno())\n    print('spooled', f.name)\n";
  return [
    c('disk-full', 'RESOURCE_EXHAUSTION', spool, 'export SPOOL=spool; ', (x) => tinyFs('spool', x)),
    c('tmpdir-full', 'RESOURCE_EXHAUSTION', spool.replace("dir=os.environ.get('SPOOL', None), ", ''), 'export TMPDIR=$PWD/tmp; ', (x) => tinyFs('tmp', x)),
    c('no-inodes', 'RESOURCE_EXHAUSTION', "import tempfile\nfiles = [tempfile.mkstemp(dir='spool', prefix='chunk-') for _ in range(50)]\nprint(len(files))\n", '', (x) => tinyFs('spool', x, 'size=1m,nr_inodes=8')),
    // No file descriptor left (EMFILE under ulimit -n): a resource of the process ran out, RESOURCE_EXHAUSTION.
    c('too-many-open', 'RESOURCE_EXHAUSTION', "import tempfile\nhandles = [tempfile.TemporaryFile() for _ in range(100)]\nprint(len(handles))\n", 'ulimit -n 32; '),
    c('read-only', 'ERROR_RESPONSE', "import tempfile\nfd, path = tempfile.mkstemp(dir='spool', suffix='.json')\nprint(path)\n", '', (x) => roFs('spool', x)),
    c('missing-dir', 'ERROR_RESPONSE', "import tempfile\nwith tempfile.TemporaryDirectory(dir='build/cache') as d:\n    print(d)\n"),
    c('permission', 'ERROR_RESPONSE', "import tempfile\nfd, path = tempfile.mkstemp(dir='/tmp/corpus-eighth/spool')\nprint(path)\n", 'mkdir -p /tmp/corpus-eighth/spool && chmod 755 /tmp/corpus-eighth && chmod 700 /tmp/corpus-eighth/spool && ', nobody),
    // Ambiguous: no writable temporary directory anywhere (read-only mounts) is a state of the machine; a read-only file system is ERROR_RESPONSE in the corpus.
    c('no-usable-tmpdir', 'ERROR_RESPONSE', "import tempfile\nprint(tempfile.gettempdir())\n", 'export TMPDIR=/nonexistent; ', () => "unshare --map-root-user --mount sh -c 'mkdir -p ro && mount -t tmpfs -o ro tmpfs ro && cd ro && mount -t tmpfs -o ro tmpfs /tmp && mount -t tmpfs -o ro tmpfs /var/tmp && /usr/bin/python3 -' < app.py"),
    c('bytes-to-text', 'CLI_CRASH', "import tempfile\nwith tempfile.NamedTemporaryFile('w') as f:\n    f.write(b'{\"build\": 42}')\n"),
    c('bad-mode', 'CLI_CRASH', "import tempfile\nf = tempfile.TemporaryFile(mode='rw+')\n"),
  ];
}

function multiprocessingLib() {
  const c = py('multiprocessing', "Python's multiprocessing", { targets: 'llm-api (the class name AuthenticationError)' });
  const server = (key) => `python3 -c "
from multiprocessing.connection import Listener
import sys
l = Listener(('127.0.0.1', 0), authkey=b'${key}')
open('port.tmp','w').write(str(l.address[1])); import os; os.rename('port.tmp','port')
while True:
    try:
        c = l.accept(); c.send({'jobs': 3}); c.close()
    except Exception: pass
" >/dev/null 2>&1 & for i in $(seq 100); do [ -f port ] && break; sleep 0.05; done; export PORT=$(cat port); `;
  const client = "import os\nfrom multiprocessing.connection import Client\nwith Client(('127.0.0.1', int(os.environ['PORT'])), authkey=b'build-queue-key') as conn:\n    print(conn.recv())\n";
  const end = (x) => `${x}; r=$?; kill %1 2>/dev/null; exit $r`;
  return [
    c('refused', 'NETWORK', client, REFUSED),
    c('wrong-authkey', 'AUTH_REQUIRED', client, server('another-key'), end),
    // A port in use: ERROR_RESPONSE, as the corpus's other port-in-use texts (the README's label decisions), not RESOURCE_BUSY.
    c('address-in-use', 'ERROR_RESPONSE', "import os\nfrom multiprocessing.connection import Listener\nl = Listener(('127.0.0.1', int(os.environ['PORT'])), authkey=b'k')\n", server('k'), end),
    c('socket-dir-missing', 'ERROR_RESPONSE', "from multiprocessing.connection import Listener\nl = Listener('run/queue.sock', family='AF_UNIX')\n"),
    c('worker-exception', 'CLI_CRASH', "from multiprocessing import Pool\n\ndef build(n):\n    return {'ok': n}['status']\n\nif __name__ == '__main__':\n    with Pool(2) as p:\n        print(p.map(build, range(4)))\n"),
    c('unpicklable', 'CLI_CRASH', "from multiprocessing import Pool\n\nif __name__ == '__main__':\n    with Pool(2) as p:\n        print(p.map(lambda n: n * 2, range(4)))\n"),
    // Waiting for a worker's result timed out (multiprocessing.context.TimeoutError): TIMEOUT.
    c('result-timeout', 'TIMEOUT', "import time\nfrom multiprocessing import Pool\n\ndef build(n):\n    time.sleep(30)\n\nif __name__ == '__main__':\n    with Pool(1) as p:\n        print(p.apply_async(build, (1,)).get(timeout=1))\n"),
    // A worker out of memory (MemoryError under ulimit -v, re-raised by Pool.map): RESOURCE_EXHAUSTION, not the program's defect.
    c('worker-memory', 'RESOURCE_EXHAUSTION', "from multiprocessing import Pool\n\ndef build(n):\n    return len(bytearray(2 * 1024 ** 3))\n\nif __name__ == '__main__':\n    with Pool(1) as p:\n        print(p.map(build, [1]))\n", 'ulimit -v 1000000; '),
    c('manager-refused', 'NETWORK', "import os\nfrom multiprocessing.managers import BaseManager\nm = BaseManager(address=('127.0.0.1', int(os.environ['PORT'])), authkey=b'build-queue-key')\nm.connect()\n", REFUSED),
  ];
}

function mailboxLib() {
  const c = py('mailbox', "Python's mailbox module");
  const add = "import mailbox\nfrom email.message import EmailMessage\nmsg = EmailMessage()\nmsg['Subject'] = 'nightly build failed'\nmsg.set_content('x' * 40000)\n";
  const holdLock = (how) => `python3 -c "import fcntl, time; f = open('ci.mbox', 'a'); ${how}; open('held', 'w').close(); time.sleep(30)" & for i in $(seq 100); do [ -f held ] && break; sleep 0.05; done; `;
  const end = (x) => `${x}; r=$?; kill %1 2>/dev/null; exit $r`;
  return [
    c('dot-lock-held', 'RESOURCE_BUSY', `${add}box = mailbox.mbox('ci.mbox')\nbox.lock()\nbox.add(msg)\nbox.flush()\nbox.unlock()\n`, 'touch ci.mbox ci.mbox.lock && '),
    c('lockf-held', 'RESOURCE_BUSY', `${add}box = mailbox.mbox('ci.mbox')\nbox.lock()\nbox.add(msg)\n`, holdLock('fcntl.lockf(f, fcntl.LOCK_EX)'), end),
    c('no-such-mailbox', 'ERROR_RESPONSE', "import mailbox\nbox = mailbox.MH('Mail/builds', create=False)\nprint(len(box))\n"),
    c('no-such-folder', 'ERROR_RESPONSE', "import mailbox\nbox = mailbox.Maildir('Maildir')\nprint(len(box.get_folder('Builds')))\n", 'mkdir -p Maildir/cur Maildir/new Maildir/tmp && '),
    // Ambiguous: a KeyError raised by the library for a message the mailbox does not hold — the store's answer (ERROR_RESPONSE, as POP's "no such message"), not a missing key of the program's own mapping.
    c('no-such-key', 'ERROR_RESPONSE', "import mailbox\nbox = mailbox.mbox('ci.mbox')\nprint(box[7]['Subject'])\n", "printf 'From a@b Thu Jan  1 00:00:00 2026\\nSubject: one\\n\\nbody\\n' > ci.mbox && "),
    c('disk-full', 'RESOURCE_EXHAUSTION', `${add}box = mailbox.Maildir('out/Maildir')\nfor _ in range(5):\n    box.add(msg)\n`, '', (x) => tinyFs('out', x)),
    c('read-only', 'ERROR_RESPONSE', `${add}box = mailbox.Maildir('ro/Maildir')\nbox.add(msg)\n`, '', (x) => roFs('ro', x)),
    c('is-directory', 'ERROR_RESPONSE', `${add}box = mailbox.mbox('ci.mbox')\nbox.add(msg)\nbox.flush()\n`, 'mkdir ci.mbox && '),
    c('bad-message-type', 'CLI_CRASH', "import mailbox\nbox = mailbox.Maildir('Maildir')\nbox.add(42)\n"),
  ];
}

function bz2Lib() {
  const c = py('bz2', "Python's bz2 module");
  const read = "import bz2\nwith bz2.open('dump.sql.bz2', 'rb') as f:\n    data = f.read()\nprint(len(data))\n";
  const packed = 'python3 -c "import bz2, os; open(\'dump.sql.bz2\', \'wb\').write(bz2.compress(os.urandom(20000).hex().encode()))" && ';
  return [
    c('not-bz2', 'ERROR_RESPONSE', read, 'echo "CREATE TABLE builds (id int);" > dump.sql.bz2 && '),
    c('truncated', 'ERROR_RESPONSE', read, `${packed}truncate -s 200 dump.sql.bz2 && `),
    c('read-only', 'ERROR_RESPONSE', "import bz2\nwith bz2.open('ro/backup.bz2', 'wb') as f:\n    f.write(b'INSERT INTO builds VALUES (42);')\n", '', (x) => roFs('ro', x)),
    // Overwritten bytes inside the stream: bz2 says only "Invalid data stream" (no checksum named), so unreadable input, ERROR_RESPONSE, not DATA_CORRUPTION.
    c('corrupt', 'ERROR_RESPONSE', read, `${packed}printf 'XXXXXXXX' | dd of=dump.sql.bz2 bs=1 seek=60 conv=notrunc status=none && `),
    c('missing', 'ERROR_RESPONSE', read),
    c('disk-full', 'RESOURCE_EXHAUSTION', "import bz2, os\nwith bz2.open('out/backup.bz2', 'wb') as f:\n    f.write(os.urandom(300000))\n", '', (x) => tinyFs('out', x)),
    c('bad-level', 'CLI_CRASH', "import bz2\nwith bz2.open('backup.bz2', 'wb', compresslevel=12) as f:\n    f.write(b'data')\n"),
    c('text-to-binary', 'CLI_CRASH', "import bz2\nwith bz2.open('backup.bz2', 'wb') as f:\n    f.write('INSERT INTO builds VALUES (42);')\n"),
    c('decompressor-reused', 'CLI_CRASH', "import bz2\nd = bz2.BZ2Decompressor()\nblob = bz2.compress(b'build 42 log')\nprint(d.decompress(blob))\nprint(d.decompress(blob))\n"),
  ];
}

function pathlibLib() {
  const c = py('pathlib', "Python's pathlib");
  return [
    c('missing', 'ERROR_RESPONSE', "from pathlib import Path\nprint(Path('build/manifest.txt').read_text())\n"),
    c('permission', 'ERROR_RESPONSE', "from pathlib import Path\nprint(Path('/tmp/corpus-eighth/site/manifest.txt').read_text())\n", 'mkdir -p /tmp/corpus-eighth/site && chmod 755 /tmp/corpus-eighth && echo x > /tmp/corpus-eighth/site/manifest.txt && chmod 700 /tmp/corpus-eighth/site && ', nobody),
    c('is-directory', 'ERROR_RESPONSE', "from pathlib import Path\nPath('dist').write_text('bundle')\n", 'mkdir dist && '),
    c('not-a-directory', 'ERROR_RESPONSE', "from pathlib import Path\nPath('dist/assets/app.js').write_text('bundle')\n", 'touch dist && '),
    c('exists', 'ERROR_RESPONSE', "from pathlib import Path\nPath('release-1.4').mkdir()\n", 'mkdir release-1.4 && '),
    c('not-empty', 'ERROR_RESPONSE', "from pathlib import Path\nPath('dist').rmdir()\n", 'mkdir dist && touch dist/app.js && '),
    // A rename across file systems (EXDEV): the operation refused for these paths, ERROR_RESPONSE.
    c('cross-device', 'ERROR_RESPONSE', "from pathlib import Path\nPath('bundle.js').rename('mnt/bundle.js')\n", 'touch bundle.js && ', (x) => tinyFs('mnt', x)),
    c('disk-full', 'RESOURCE_EXHAUSTION', "import os\nfrom pathlib import Path\nPath('out/bundle.js').write_bytes(os.urandom(300000))\n", '', (x) => tinyFs('out', x)),
    c('read-only', 'ERROR_RESPONSE', "from pathlib import Path\nPath('ro/bundle.js').touch()\n", '', (x) => roFs('ro', x)),
    c('bad-suffix', 'CLI_CRASH', "from pathlib import Path\nprint(Path('dist/app.js').with_suffix('min.js'))\n"),
  ];
}

/** A Perl or Ruby program `app.pl`/`app.rb` (with `files`), run after `pre`; `wrap` runs it in a namespace. */
const prog = (family, lang, what, extra0 = {}) => (id, type, script, pre = '', wrap = (x) => x, files = {}) => {
  const file = lang === 'perl' ? 'app.pl' : 'app.rb';
  return tool(family, extra0)(id, type, `${pre}${wrap(`${lang} ${file}`)}`, { [file]: script, ...files }, { origin: `${lang} ${file} (${what})` });
};

function storable() {
  const c = prog('storable', 'perl', "Perl's Storable");
  const load = "use strict; use warnings; use Storable qw(retrieve);\nmy $cache = retrieve('build-cache.sto');\nprint scalar(keys %$cache), \" entries\\n\";\n";
  const made = "perl -MStorable=nstore -e 'nstore({ map { (\"k$_\" => \"v\" x 50) } 1..500 }, \"build-cache.sto\")' && ";
  return [
    c('missing', 'ERROR_RESPONSE', load),
    c('not-storable', 'ERROR_RESPONSE', load, 'echo "{\\"k1\\": \\"v\\"}" > build-cache.sto && '),
    // A cache written by a newer Storable (its header's major version raised): input this program cannot read.
    c('newer-format', 'ERROR_RESPONSE', load, `${made}printf '\\017' | dd of=build-cache.sto bs=1 seek=4 conv=notrunc status=none && `),
    c('empty', 'ERROR_RESPONSE', load, ': > build-cache.sto && '),
    c('disk-full', 'RESOURCE_EXHAUSTION', "use strict; use warnings; use Storable qw(nstore);\nnstore({ map { (\"k$_\" => 'v' x 500) } 1..500 }, 'out/build-cache.sto') or die \"cannot store the cache: $!\\n\";\n", '', (x) => tinyFs('out', x)),
    c('read-only', 'ERROR_RESPONSE', "use strict; use warnings; use Storable qw(nstore);\nnstore({ built => 42 }, 'ro/build-cache.sto');\n", '', (x) => roFs('ro', x)),
    c('code-ref', 'CLI_CRASH', "use strict; use warnings; use Storable qw(nstore);\nnstore({ built => 42, on_done => sub { 1 } }, 'build-cache.sto');\n"),
    c('not-a-reference', 'CLI_CRASH', "use strict; use warnings; use Storable qw(nstore);\nmy %cache = (built => 42);\nnstore(%cache, 'build-cache.sto');\n"),
    c('wrong-kind', 'CLI_CRASH', "use strict; use warnings; use Storable qw(retrieve);\nmy $cache = retrieve('build-cache.sto');\nprint join(',', @$cache), \"\\n\";\n", made),
  ];
}

function jsonPp() {
  const c = prog('json-pp', 'perl', "Perl's JSON::PP");
  const config = "use strict; use warnings; use JSON::PP;\nopen my $fh, '<', 'deploy.json' or die \"cannot open deploy.json: $!\\n\";\nmy $cfg = JSON::PP->new->decode(do { local $/; <$fh> });\nprint $cfg->{target}, \"\\n\";\n";
  const piped = "use strict; use warnings; use JSON::PP;\nmy $out = `sh ./list-builds.sh`;\nmy $builds = decode_json($out);\nprint scalar(@$builds), \" builds\\n\";\n";
  return [
    c('config-trailing-comma', 'BROKEN_BUILD', config, '', (x) => x, { 'deploy.json': '{\n  "target": "staging",\n  "replicas": 3,\n}\n' }),
    c('config-single-quotes', 'BROKEN_BUILD', config, '', (x) => x, { 'deploy.json': "{\n  'target': 'staging'\n}\n" }),
    c('config-unclosed', 'BROKEN_BUILD', config, '', (x) => x, { 'deploy.json': '{\n  "target": "staging",\n  "replicas": 3\n' }),
    // A configuration file that is not there: a missing file is ERROR_RESPONSE in the corpus, not BROKEN_BUILD (nothing failed to parse).
    c('config-missing', 'ERROR_RESPONSE', config),
    // Output of another step that should be JSON: JSON_PARSE_ERROR (DESIGN: "output that should be JSON is not").
    c('output-not-json', 'JSON_PARSE_ERROR', piped, '', (x) => x, { 'list-builds.sh': 'echo "build 41 passed"\necho "build 42 failed"\n' }),
    c('output-html', 'JSON_PARSE_ERROR', piped, '', (x) => x, { 'list-builds.sh': 'echo "<html><body>502 Bad Gateway</body></html>"\n' }),
    c('output-empty', 'JSON_PARSE_ERROR', piped, '', (x) => x, { 'list-builds.sh': 'true\n' }),
    // Values the program's own code passed that the encoder refuses: CLI_CRASH.
    c('encode-blessed', 'CLI_CRASH', "use strict; use warnings; use JSON::PP;\nmy $build = bless { id => 42 }, 'Build';\nprint encode_json({ build => $build }), \"\\n\";\n"),
    c('encode-code', 'CLI_CRASH', "use strict; use warnings; use JSON::PP;\nprint encode_json({ id => 42, done => sub { 1 } }), \"\\n\";\n"),
    c('not-a-hash', 'CLI_CRASH', "use strict; use warnings; use JSON::PP;\nmy $cfg = decode_json('[\"staging\"]');\nprint $cfg->{target}, \"\\n\";\n"),
  ];
}

function netSmtp() {
  const c = prog('net-smtp', 'perl', "Perl's Net::SMTP against a local SMTP server");
  const send = "use strict; use warnings; use Net::SMTP;\nmy ($host, $port) = @ARGV;\nmy $smtp = Net::SMTP->new($host, Port => $port, Timeout => 3) or die \"cannot connect to $host:$port: $@\\n\";\nif ($ENV{USE_TLS}) { $smtp->starttls(SSL_verify_mode => 1) or die 'STARTTLS failed: ' . ($IO::Socket::SSL::SSL_ERROR // $smtp->message) . \"\\n\"; }\nif ($ENV{USE_LOGIN}) { $smtp->auth('ci', 'mail-pass') or die 'SMTP login failed: ' . $smtp->code . ' ' . $smtp->message; }\n$smtp->mail('ci\\@example.test') or die 'MAIL FROM refused: ' . $smtp->code . ' ' . $smtp->message;\n$smtp->to('oncall\\@example.test') or die 'RCPT TO refused: ' . $smtp->code . ' ' . $smtp->message;\n$smtp->data(\"Subject: nightly build failed\\n\\nSee the log.\\n\") or die 'DATA refused: ' . $smtp->code . ' ' . $smtp->message;\n$smtp->quit;\nprint \"report sent\\n\";\n";
  const srv = (replies, tls = false) => `${tls ? 'export CORPUS_TLS_PEM=$CERTS/valid.pem; ' : ''}python3 "$SMTP_SERVER" port ${replies.map((r) => `'${r}'`).join(' ')} >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; `;
  const run = (pre, args = '127.0.0.1 $(cat port)') => [pre, (x) => `${x} ${args}`];
  const env = { SMTP_SERVER: new URL('../smtp-server.py', import.meta.url).pathname };
  const k = (id, type, [pre, wrap], extraEnv = {}) => ({ ...c(id, type, send, pre, wrap), env: { ...env, ...extraEnv } });
  return [
    k('refused', 'NETWORK', run(REFUSED, '127.0.0.1 $PORT')),
    k('dns', 'NETWORK', run('', 'smtp.mail.invalid 25')),
    k('auth-535', 'AUTH_REQUIRED', run(srv(['AUTH=535 5.7.8 Error: authentication failed'])), { USE_LOGIN: '1' }),
    k('busy-421', 'SERVER_OVERLOADED', run(srv(['GREETING=421 4.3.2 Service not available, too many concurrent connections']))),
    k('rcpt-550', 'ERROR_RESPONSE', run(srv(['RCPT=550 5.1.1 <oncall@example.test>: Recipient address rejected: User unknown']))),
    // The server refusing a message as too large: its answer, ERROR_RESPONSE (not a quota or a disk of this run).
    k('size-552', 'ERROR_RESPONSE', run(srv(['DATA=552 5.3.4 Message size exceeds fixed maximum message size']))),
    k('rate-450', 'RATE_LIMIT', run(srv(['MAIL=450 4.7.1 Sender rate limit exceeded, try again later']))),
    // A server that never greets: Net::SMTP reports its own timeout as a 421 "[Net::SMTP] Timeout" — TIMEOUT, the text's code is the client's, not the server's.
    k('greeting-timeout', 'TIMEOUT', run(srv(['GREETING=sleep']))),
    k('starttls-self-signed', 'CERTIFICATE_ERROR', run(srv([], true)), { USE_TLS: '1' }),
  ];
}

function psych() {
  const c = prog('psych', 'ruby', "Ruby's Psych (YAML)");
  const config = "require 'yaml'\ncfg = YAML.load_file('deploy.yml')\nputs cfg.fetch('target')\n";
  const yml = (text) => ({ 'deploy.yml': text });
  return [
    c('bad-indent', 'BROKEN_BUILD', config, '', (x) => x, yml('target: staging\n  replicas: 3\nregion: eu\n')),
    c('tab', 'BROKEN_BUILD', config, '', (x) => x, yml('target: staging\nsteps:\n\t- build\n')),
    c('unclosed-quote', 'BROKEN_BUILD', config, '', (x) => x, yml('target: "staging\nreplicas: 3\n')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Unknown alias: defaults (Psych::BadAlias) names no file: the input's refusal (step 2).
    c('unknown-alias', 'ERROR_RESPONSE', config, '', (x) => x, yml('target: staging\nenv: *defaults\n')),
    c('sequence-in-mapping', 'BROKEN_BUILD', config, '', (x) => x, yml('target: staging\nsteps:\n  - build\n  name: deploy\n')),
    c('missing', 'ERROR_RESPONSE', config),
    // Ambiguous: an input carrying an object tag the safe loader refuses — the input refused (ERROR_RESPONSE), not a defect of the program.
    c('disallowed-class', 'ERROR_RESPONSE', "require 'yaml'\nbuild = YAML.safe_load(File.read('build.yml'))\nputs build['id']\n", '', (x) => x, { 'build.yml': "--- !ruby/object:OpenStruct\nid: 42\n" }),
    // An empty configuration loads (as false/nil) and the program calls a method on it: what failed is the program (NoMethodError), CLI_CRASH; ambiguous, the cause is the empty project file.
    c('empty-file', 'CLI_CRASH', config, ': > deploy.yml && '),
    // A key missing from a configuration that parsed (Hash#fetch KeyError): the program's own lookup, CLI_CRASH (as a missing key of its own mapping).
    c('fetch-missing-key', 'CLI_CRASH', config, '', (x) => x, yml('targets: staging\n')),
  ];
}

function rubyOpenssl() {
  const c = prog('ruby-openssl', 'ruby', "Ruby's OpenSSL");
  const connect = (host, ca) => `require 'socket'\nrequire 'openssl'\nctx = OpenSSL::SSL::SSLContext.new\nctx.set_params(verify_mode: OpenSSL::SSL::VERIFY_PEER${ca ? ", ca_file: ENV['CERTS'] + '/" + ca + ".pem'" : ''})\ntcp = TCPSocket.new('${host}', URI(ENV['URL']).port)\nssl = OpenSSL::SSL::SSLSocket.new(tcp, ctx)\nssl.hostname = '${host}'\nssl.sync_close = true\nssl.connect\nssl.post_connection_check('${host}')\nputs ssl.peer_cert.subject\n`;
  const https = (tls) => ({ http: { status: 200, body: '{}', tls } });
  const req = "require 'uri'\n";
  return [
    { ...c('self-signed', 'CERTIFICATE_ERROR', req + connect('localhost', null)), ...https('valid') },
    { ...c('expired', 'CERTIFICATE_ERROR', req + connect('localhost', 'expired')), ...https('expired') },
    { ...c('wrong-host', 'CERTIFICATE_ERROR', req + connect('localhost', 'wrong-host')), ...https('wrong-host') },
    c('refused', 'NETWORK', `${req}${connect('127.0.0.1', null)}`, `${REFUSED}export URL=https://127.0.0.1:$PORT; `),
    // A key its passphrase does not open: AUTH_REQUIRED (the corpus's openssl.bad-pass). Ambiguous by the text alone: OpenSSL says only "pkcs12 cipherfinal error", not "passphrase".
    c('key-passphrase', 'AUTH_REQUIRED', "require 'openssl'\nkey = OpenSSL::PKey.read(File.read('deploy.key'), 'wrong-passphrase')\nputs key.public_key.to_pem\n", "openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -aes-128-cbc -pass pass:right-passphrase -out deploy.key 2>/dev/null && "),
    // Data a wrong key does not decrypt: AUTH_REQUIRED (the corpus's openssl.decrypt-bad).
    c('bad-decrypt', 'AUTH_REQUIRED', "require 'openssl'\nc = OpenSSL::Cipher.new('aes-256-cbc')\nc.encrypt\nc.key = 'k' * 32\nc.iv = 'i' * 16\nblob = c.update('db-password=s3') + c.final\nd = OpenSSL::Cipher.new('aes-256-cbc')\nd.decrypt\nd.key = 'x' * 32\nd.iv = 'i' * 16\nputs d.update(blob) + d.final\n"),
    // A certificate file that is not a certificate: input not in its format, ERROR_RESPONSE (no trust decision was made).
    c('not-a-certificate', 'ERROR_RESPONSE', "require 'openssl'\ncert = OpenSSL::X509::Certificate.new(File.read('server.crt'))\nputs cert.not_after\n", '', (x) => x, { 'server.crt': '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n' }),
    c('unknown-cipher', 'CLI_CRASH', "require 'openssl'\nc = OpenSSL::Cipher.new('aes-512-gcm')\n"),
    c('short-key', 'CLI_CRASH', "require 'openssl'\nc = OpenSSL::Cipher.new('aes-256-cbc')\nc.encrypt\nc.key = 'too-short'\n"),
  ];
}

function rubyCsv() {
  const c = prog('ruby-csv', 'ruby', "Ruby's CSV");
  const read = "require 'csv'\nrows = CSV.read('orders.csv', headers: true)\nputs rows.sum { |r| r['amount'].to_f }\n";
  const csv = (text) => ({ 'orders.csv': text });
  return [
    c('unclosed-quote', 'ERROR_RESPONSE', read, '', (x) => x, csv('id,customer,amount\n1,"Acme,10.5\n2,Globex,3\n')),
    c('illegal-quoting', 'ERROR_RESPONSE', read, '', (x) => x, csv('id,customer,amount\n1,Acme "Ltd",10.5\n')),
    c('stray-cr', 'ERROR_RESPONSE', read, '', (x) => x, csv('id,customer,amount\n1,Acme\r Ltd,10.5\n')),
    c('invalid-encoding', 'ERROR_RESPONSE', "require 'csv'\nrows = CSV.read('orders.csv', headers: true, encoding: 'UTF-8')\nputs rows.map { |r| r['customer'].upcase }\n", "printf 'id,customer,amount\\n1,Caf\\xe9 Ltd,10.5\\n' > orders.csv && "),
    c('missing', 'ERROR_RESPONSE', read),
    c('disk-full', 'RESOURCE_EXHAUSTION', "require 'csv'\nCSV.open('out/report.csv', 'w') do |csv|\n  5000.times { |i| csv << [i, 'customer-' * 5, i * 1.5] }\nend\n", '', (x) => tinyFs('out', x)),
    c('nil-column', 'CLI_CRASH', "require 'csv'\nrows = CSV.read('orders.csv', headers: true)\nputs rows.map { |r| r['total'].to_f.round(2) + r['tax'].round(2) }\n", '', (x) => x, csv('id,customer,amount\n1,Acme,10.5\n')),
    c('unknown-option', 'CLI_CRASH', "require 'csv'\nrows = CSV.read('orders.csv', header: true)\nputs rows.size\n", '', (x) => x, csv('id,customer,amount\n1,Acme,10.5\n')),
  ];
}

/** The eighth capture's cases, family by family. */
export function firstSightEighthCases() {
  return [
    ...urllibRequest(), ...httpClient(), ...undici(), ...httpTiny(), ...netHttp(),
    ...tempfileLib(), ...multiprocessingLib(), ...mailboxLib(), ...bz2Lib(), ...pathlibLib(),
    ...storable(), ...jsonPp(), ...netSmtp(), ...psych(), ...rubyOpenssl(), ...rubyCsv(),
  ];
}
