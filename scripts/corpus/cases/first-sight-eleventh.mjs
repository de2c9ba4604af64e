/**
 * First-sight families, part 18 (the eleventh capture): language runtimes' libraries and data
 * tools — Node's core modules not used before (node:crypto, node:http2 against a local HTTP/2
 * server, node:child_process, node:fs/promises, node:dns against a local UDP DNS server,
 * node:worker_threads), Python's zoneinfo, decimal, gzip, plistlib and wave modules, Ruby's FileUtils and Socket,
 * and data CLIs (GNU units, miller, datamash, gnuplot, recutils) — none named by a rule pack, a
 * registry or an earlier capture (node:worker_threads' `ERR_WORKER_OUT_OF_MEMORY` is a code the
 * node-system pack lists, so that family is partly seen). Each case's `type` was written here, by
 * DESIGN.md's rules and the README's label decisions (the type follows what failed, not what
 * carried it), before the classifier was asked about any of these texts:
 * - a refused port, an unknown host (NXDOMAIN, as every unknown host in the corpus), a reset or
 *   closed connection: NETWORK; no answer in time: TIMEOUT; a certificate nobody trusts:
 *   CERTIFICATE_ERROR; a server's own failure (HTTP 500, DNS SERVFAIL):
 *   SERVER_ERROR; 503: SERVER_OVERLOADED; 429: RATE_LIMIT; 401: AUTH_REQUIRED; another answer
 *   refusing the request (404, a DNS REFUSED/NOTIMP/FORMERR rcode, no record): ERROR_RESPONSE;
 * - input the program reads that is not in its format, truncated or unreadable (a key file, a gzip
 *   stream, a TZif file, a CSV or rec file, a data file), a file that is not there, a directory in
 *   a file's place, a file's permission denied, a read-only file system, a port in use, options or
 *   arguments a CLI refuses: ERROR_RESPONSE; its damage proven by a checksum or an authentication
 *   tag: DATA_CORRUPTION; JSON data that does not parse: JSON_PARSE_ERROR (as ajv's);
 * - a project file that does not parse or load (a gnuplot script, a units definition file, a
 *   worker's source, a query or DSL expression): BROKEN_BUILD; a document that fails its schema
 *   (recfix's record descriptors, datamash's `check`): FORMAT_VALIDATION; a check the program
 *   states on its data (miller's `asserting_*`): VERIFICATION_FAILED;
 * - the program's own defect or a value its own code passed that a library refuses (an invalid key
 *   length, an unknown cipher, a decimal trap, a function posted to a worker): CLI_CRASH;
 * - a passphrase missing or wrong: AUTH_REQUIRED; a command that is not there: CLI_NOT_FOUND;
 * - a full disk (a 64 KiB tmpfs in a user and mount namespace), no file descriptors, a worker's
 *   heap limit: RESOURCE_EXHAUSTION; a mount point busy: RESOURCE_BUSY.
 */

import { NOPRIV, REFUSED, roFs, tool } from './shell.mjs';

const tinyFs = (dir, cmd, opts = 'size=64k') => `unshare --map-root-user --mount sh -c 'mkdir -p ${dir} && mount -t tmpfs -o ${opts} tmpfs ${dir} && ${cmd}'`;
const serve = (script, args) => `python3 ${script} ${args} >/dev/null 2>&1 & for i in $(seq 100); do [ -f port ] && break; sleep 0.05; done; PORT=$(cat port); `;
const serveNode = (script, args) => `node ${script} ${args} >/dev/null 2>&1 & for i in $(seq 100); do [ -f port ] && break; sleep 0.05; done; export PORT=$(cat port); `;
const done = '; r=$?; kill %1 2>/dev/null; exit $r';
/** 200 KiB of random bytes (more than the 64 KiB tmpfs holds). */
const RANDOM = 'head -c 200000 /dev/urandom > big.bin && ';

/** A DNS server over UDP (dns-srv.py): answers every query with rcode MODE and no records, or never ("sleep"). */
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

/** A line server over TCP (line-srv.py): "sleep" accepts and never answers, "close" reads the request and closes, "reset" reads it and resets. */
const LINE_SRV = `import os, socket, struct, sys, time
mode = sys.argv[1]
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', 0)); s.listen(5)
open('port.tmp', 'w').write(str(s.getsockname()[1])); os.rename('port.tmp', 'port')
while True:
    c, _ = s.accept()
    if mode == 'sleep': time.sleep(30); continue
    c.recv(100)
    if mode == 'reset':
        c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0))
    c.close()
`;

// ---------------------------------------------------------------- node:crypto

function nodeCrypto() {
  const c = tool('node-crypto');
  const KEY = 'openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -aes-256-cbc -pass pass:correct-horse -out keys/signing.pem 2>/dev/null && ';
  const sign = "import { createPrivateKey, sign } from 'node:crypto';\nimport { readFileSync } from 'node:fs';\nconst key = createPrivateKey({ key: readFileSync('keys/signing.pem'), passphrase: process.env.SIGNING_PASSPHRASE });\nconst sig = sign('sha256', readFileSync('release/manifest.json'), key);\nconsole.log(sig.toString('base64'));\n";
  const files = { 'sign.mjs': sign, 'release/manifest.json': '{"version":"2.4.1"}\n', 'keys/.keep': '' };
  const decrypt = "import { createDecipheriv, scryptSync } from 'node:crypto';\nimport { readFileSync } from 'node:fs';\nconst blob = readFileSync('secrets.enc');\nconst key = scryptSync(process.env.VAULT_PASSWORD ?? 'build-vault', 'salt-v1', 32);\nconst d = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));\nd.setAuthTag(blob.subarray(12, 28));\nconsole.log(Buffer.concat([d.update(blob.subarray(28)), d.final()]).toString());\n";
  const encrypt = "import { createCipheriv, randomBytes, scryptSync } from 'node:crypto';\nimport { writeFileSync } from 'node:fs';\nconst key = scryptSync('build-vault', 'salt-v1', 32); const iv = randomBytes(12);\nconst e = createCipheriv('aes-256-gcm', key, iv); const body = Buffer.concat([e.update('DB_URL=postgres://app@db/app\\n'), e.final()]);\nwriteFileSync('secrets.enc', Buffer.concat([iv, e.getAuthTag(), body]));\n";
  const dfiles = { 'decrypt.mjs': decrypt, 'encrypt.mjs': encrypt };
  const cbc = "import { createDecipheriv, createHash } from 'node:crypto';\nimport { readFileSync } from 'node:fs';\nconst key = createHash('sha256').update('build-vault').digest();\nconst blob = readFileSync('backup.enc');\nconst d = createDecipheriv('aes-256-cbc', key, blob.subarray(0, 16));\nprocess.stdout.write(Buffer.concat([d.update(blob.subarray(16)), d.final()]));\n";
  return [
    c('wrong-passphrase', 'AUTH_REQUIRED', `${KEY}SIGNING_PASSPHRASE=hunter2 node sign.mjs`, files),
    c('no-passphrase', 'AUTH_REQUIRED', `${KEY}node sign.mjs`, files),
    c('not-a-key', 'ERROR_RESPONSE', 'SIGNING_PASSPHRASE=x node sign.mjs', { ...files, 'keys/signing.pem': '<html><body>404 Not Found</body></html>\n' }),
    // Ambiguous: GCM's tag proves the ciphertext was altered (or the key differs); a flipped byte here: DATA_CORRUPTION.
    c('gcm-tampered', 'DATA_CORRUPTION', "node encrypt.mjs && printf '\\x00' | dd of=secrets.enc bs=1 seek=40 conv=notrunc 2>/dev/null && node decrypt.mjs", dfiles),
    // A CBC file cut short: the input is truncated (no checksum says so).
    c('cbc-truncated', 'ERROR_RESPONSE', 'head -c 16 /dev/urandom > backup.enc && head -c 37 /dev/urandom >> backup.enc && node cbc.mjs', { 'cbc.mjs': cbc }),
    c('bad-key-length', 'CLI_CRASH', 'node enc.mjs', { 'enc.mjs': "import { createCipheriv, randomBytes } from 'node:crypto';\nconst key = Buffer.from(process.env.KEY ?? 'dev-key-0123456789abcdef');\nconst c = createCipheriv('aes-256-gcm', key, randomBytes(12));\nconsole.log(c.update('x', 'utf8', 'hex'));\n" }),
    c('unknown-cipher', 'CLI_CRASH', 'node enc.mjs', { 'enc.mjs': "import { createCipheriv, randomBytes } from 'node:crypto';\nconst c = createCipheriv('aes-256-gcm-siv', randomBytes(32), randomBytes(12));\nconsole.log(c.update('x', 'utf8', 'hex'));\n" }),
    // Ambiguous: OpenSSL words it 'memory limit exceeded', but the limit is scrypt's parameters the code passed (N, r): CLI_CRASH, not a machine out of memory.
    c('scrypt-params', 'CLI_CRASH', 'node kdf.mjs', { 'kdf.mjs': "import { scryptSync } from 'node:crypto';\nconst key = scryptSync(process.env.PASSWORD ?? 'pw', 'salt-v1', 64, { N: 2 ** 20, r: 8, p: 1 });\nconsole.log(key.toString('hex'));\n" }),
    c('compare-lengths', 'CLI_CRASH', 'node verify.mjs', { 'verify.mjs': "import { createHmac, timingSafeEqual } from 'node:crypto';\nconst expected = createHmac('sha256', 'webhook-secret').update('{\"ok\":true}').digest();\nconst given = Buffer.from('sha256=3f1a', 'utf8');\nif (!timingSafeEqual(expected, given)) throw new Error('bad signature');\n" }),
  ];
}

// ---------------------------------------------------------------- node:http2

/** An HTTP/2 server (h2-srv.mjs MODE [tls]): answers every request with status MODE (and $BODY), or never ("sleep"). */
const H2_SRV = `import http2 from 'node:http2';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
const [mode, tls] = process.argv.slice(2);
const body = process.env.BODY ?? '{}';
const server = tls ? http2.createSecureServer({ key: readFileSync(process.env.CERTS + '/valid.pem'), cert: readFileSync(process.env.CERTS + '/valid.pem') }) : http2.createServer();
server.on('stream', (stream) => {
  if (mode === 'sleep') return;
  stream.respond({ ':status': Number(mode), 'content-type': 'application/json', ...(mode === '401' ? { 'www-authenticate': 'Bearer realm="artifacts"' } : {}) });
  stream.end(body);
});
server.listen(0, '127.0.0.1', () => { writeFileSync('port.tmp', String(server.address().port)); renameSync('port.tmp', 'port'); });
`;

function nodeHttp2() {
  const client = `import http2 from 'node:http2';
const origin = process.env.ORIGIN ?? \`http://127.0.0.1:\${process.env.PORT}\`;
const session = http2.connect(origin);
session.on('error', (e) => { throw e; });
const req = session.request({ ':path': '/v1/builds/42', authorization: 'Bearer ' + (process.env.TOKEN ?? 'none') }, { signal: AbortSignal.timeout(2000) });
let status; let body = '';
req.on('response', (h) => { status = h[':status']; });
req.setEncoding('utf8');
req.on('data', (d) => { body += d; });
req.on('error', (e) => { throw e; });
req.on('end', () => {
  session.close();
  if (status >= 400) throw new Error(\`GET \${origin}/v1/builds/42 failed: HTTP/2 \${status} \${body}\`);
  console.log(JSON.parse(body).status);
});
`;
  const files = { 'fetch-build.mjs': client, 'h2-srv.mjs': H2_SRV };
  const c = (id, type, pre, body, http) => tool('node-http2')(id, type, `${pre}node fetch-build.mjs${pre.includes('&') ? done : ''}`, files, { origin: `node fetch-build.mjs (node:http2 client) ${id}`, env: body ? { BODY: body } : {}, ...(http ? { http } : {}) });
  return [
    c('refused', 'NETWORK', REFUSED),
    c('dns', 'NETWORK', 'export ORIGIN=http://artifacts.build.invalid:8443; '),
    c('timeout', 'TIMEOUT', serveNode('h2-srv.mjs', 'sleep')),
    c('self-signed', 'CERTIFICATE_ERROR', `${serveNode('h2-srv.mjs', '200 tls')}export ORIGIN=https://localhost:$PORT; `),
    c('500', 'SERVER_ERROR', serveNode('h2-srv.mjs', '500'), '{"error":"internal","message":"unexpected error"}'),
    // An HTTP/1.1-only server answers the HTTP/2 preface with a 400 page: the answer is not in HTTP/2's format.
    c('not-http2', 'ERROR_RESPONSE', 'export ORIGIN=$URL; ', null, { status: 200, body: '{"status":"ok"}' }),
    c('401', 'AUTH_REQUIRED', serveNode('h2-srv.mjs', '401'), '{"error":"unauthorized","message":"Bad credentials"}'),
    c('404', 'ERROR_RESPONSE', serveNode('h2-srv.mjs', '404'), '{"error":"not_found","message":"build 42 not found"}'),
    c('429', 'RATE_LIMIT', serveNode('h2-srv.mjs', '429'), '{"error":"too_many_requests","message":"API rate limit exceeded"}'),
    c('503', 'SERVER_OVERLOADED', serveNode('h2-srv.mjs', '503'), '{"error":"unavailable","message":"service is overloaded"}'),
  ];
}

// ---------------------------------------------------------------- node:child_process

function nodeChildProcess() {
  const c = tool('node-child-process');
  const run = (call) => `import { execFileSync, execSync } from 'node:child_process';\nconst out = ${call};\nconsole.log(String(out).trim());\n`;
  return [
    c('missing-command', 'CLI_NOT_FOUND', 'node plan.mjs', { 'plan.mjs': run("execFileSync('helmfile', ['apply', '--environment', 'staging'], { encoding: 'utf8' })") }),
    c('not-executable', 'ERROR_RESPONSE', 'chmod 644 scripts/deploy.sh && node deploy.mjs', { 'deploy.mjs': run("execFileSync('./scripts/deploy.sh', ['staging'], { encoding: 'utf8' })"), 'scripts/deploy.sh': '#!/bin/sh\necho deploying "$1"\n' }),
    c('timeout', 'TIMEOUT', 'node wait.mjs', { 'wait.mjs': run("execFileSync('sleep', ['30'], { timeout: 1000, encoding: 'utf8' })") }),
    // Ambiguous: a limit the code chose (maxBuffer) and the output outgrew it: RESOURCE_EXHAUSTION (a buffer full).
    c('max-buffer', 'RESOURCE_EXHAUSTION', 'node logs.mjs', { 'logs.mjs': run("execSync('seq 1 200000', { maxBuffer: 64 * 1024, encoding: 'utf8' })") }),
    // Ambiguous: Node words a missing working directory as the command's ENOENT; what failed is the directory: ERROR_RESPONSE.
    c('missing-cwd', 'ERROR_RESPONSE', 'node status.mjs', { 'status.mjs': run("execFileSync('ls', ['-la'], { cwd: 'build/out', encoding: 'utf8' })") }),
    c('child-syntax', 'BROKEN_BUILD', 'node main.mjs', { 'main.mjs': run("execFileSync(process.execPath, ['scripts/migrate.mjs'], { encoding: 'utf8' })"), 'scripts/migrate.mjs': "const steps = [\n  'create table users',\n  'create index users_email'\n;\nfor (const s of steps) console.log(s);\n" }),
    c('child-segfault', 'CLI_CRASH', 'node main.mjs', { 'main.mjs': run("execFileSync('sh', ['-c', 'echo resizing; kill -SEGV $$'], { encoding: 'utf8' })") }),
    // The child's own failure is what failed: tar's input is not gzip.
    c('child-not-gzip', 'ERROR_RESPONSE', 'node unpack.mjs', { 'unpack.mjs': run("execFileSync('tar', ['-xzf', 'release.tgz'], { encoding: 'utf8' })"), 'release.tgz': '<html><body>404 Not Found</body></html>\n' }),
    c('bad-argument', 'CLI_CRASH', 'node main.mjs', { 'main.mjs': run("execFileSync('ls', ['-la'], { killSignal: 'SIGKIL', timeout: 5000, encoding: 'utf8' })") }),
  ];
}

// ---------------------------------------------------------------- node:fs/promises

function nodeFsPromises() {
  const c = tool('node-fs-promises');
  const prog = (body) => `import { mkdir, open, readFile, readdir, rename, rmdir, writeFile } from 'node:fs/promises';\n${body}\n`;
  return [
    c('eacces', 'ERROR_RESPONSE', `chmod 000 config/app.json && ${NOPRIV} node app.mjs`, { 'app.mjs': prog("const cfg = JSON.parse(await readFile('config/app.json', 'utf8'));\nconsole.log(cfg.name);"), 'config/app.json': '{"name":"app"}\n' }),
    c('enospc', 'RESOURCE_EXHAUSTION', RANDOM + tinyFs('dist', 'node app.mjs'), { 'app.mjs': prog("const data = await readFile('big.bin');\nawait writeFile('dist/bundle.js', data);") }),
    c('eisdir', 'ERROR_RESPONSE', 'mkdir -p dist/report.html && node app.mjs', { 'app.mjs': prog("console.log((await readFile('dist/report.html', 'utf8')).length);") }),
    c('emfile', 'RESOURCE_EXHAUSTION', 'for i in $(seq 200); do echo $i > data/$i.txt; done; ulimit -n 64; node app.mjs', { 'data/.keep': '', 'app.mjs': prog("const handles = [];\nfor (const f of await readdir('data')) handles.push(await open('data/' + f));\nconsole.log(handles.length);") }),
    c('enoent', 'ERROR_RESPONSE', 'node app.mjs', { 'app.mjs': prog("const rows = (await readFile('data/exports/2026-11.csv', 'utf8')).split('\\n');\nconsole.log(rows.length);") }),
    c('eexist', 'ERROR_RESPONSE', 'mkdir -p release/v2.4.1 && node app.mjs', { 'app.mjs': prog("await mkdir('release/v2.4.1');\nawait writeFile('release/v2.4.1/notes.md', '# 2.4.1');") }),
    c('enotempty', 'ERROR_RESPONSE', 'mkdir -p build/cache && echo x > build/cache/a.o && node app.mjs', { 'app.mjs': prog("await rmdir('build/cache');") }),
    c('erofs', 'ERROR_RESPONSE', roFs('dist', 'node app.mjs'), { 'app.mjs': prog("await writeFile('dist/bundle.js', 'console.log(1)');") }),
    c('exdev', 'ERROR_RESPONSE', tinyFs('dist', 'echo x > staging.js && node app.mjs', 'size=1m'), { 'app.mjs': prog("await rename('staging.js', 'dist/bundle.js');") }),
    // rmdir of a directory something is mounted on: the mount holds it (EBUSY).
    c('ebusy', 'RESOURCE_BUSY', tinyFs('cache', 'node app.mjs', 'size=1m'), { 'app.mjs': prog("await rmdir('cache');") }),
  ];
}

// ---------------------------------------------------------------- node:dns

function nodeDns() {
  const resolve = "import { Resolver } from 'node:dns/promises';\nconst r = new Resolver({ timeout: 1000, tries: 1 });\nr.setServers([process.env.DNS_SERVER ?? `127.0.0.1:${process.env.PORT}`]);\nconsole.log(await r.resolve4('api.example.test'));\n";
  const lookup = "import { lookup } from 'node:dns/promises';\nconsole.log(await lookup('artifacts.build.invalid'));\n";
  const files = { 'resolve.mjs': resolve, 'lookup.mjs': lookup, 'dns-srv.py': DNS_SRV };
  const c = (id, type, pre, cmd = 'node resolve.mjs') => tool('node-dns')(id, type, `${pre}${pre.includes('&') ? 'export PORT; ' : ''}${cmd}${pre.includes('&') ? done : ''}`, files, { origin: `${cmd} (node:dns) ${id}` });
  return [
    c('nxdomain', 'NETWORK', serve('dns-srv.py', '3')),
    // Ambiguous: SERVFAIL is the DNS server's own failure (as an HTTP 5xx): SERVER_ERROR, as dig's and host's.
    c('servfail', 'SERVER_ERROR', serve('dns-srv.py', '2')),
    c('refused-rcode', 'ERROR_RESPONSE', serve('dns-srv.py', '5')),
    c('notimp', 'ERROR_RESPONSE', serve('dns-srv.py', '4')),
    c('formerr', 'ERROR_RESPONSE', serve('dns-srv.py', '1')),
    // The server answers that the name has no A record: its answer refuses the request.
    c('nodata', 'ERROR_RESPONSE', serve('dns-srv.py', '0')),
    c('timeout', 'TIMEOUT', serve('dns-srv.py', 'sleep')),
    c('lookup-unknown', 'NETWORK', '', 'node lookup.mjs'),
    // A server address the program's code wrote wrongly (a literal): CLI_CRASH.
    c('bad-server', 'CLI_CRASH', 'export DNS_SERVER=dns.internal:53; '),
  ];
}

// ---------------------------------------------------------------- node:worker_threads

function nodeWorkerThreads() {
  const c = tool('node-worker-threads');
  const main = (file, opts = '{}', post = "{ path: 'images/logo.png' }") => `import { Worker } from 'node:worker_threads';\nconst w = new Worker(${file}, ${opts});\nw.postMessage(${post});\nw.on('message', (m) => { console.log('done', m); w.terminate(); });\n`;
  const url = "new URL('./workers/resize.mjs', import.meta.url)";
  const worker = (body) => `import { parentPort } from 'node:worker_threads';\nparentPort.on('message', (job) => {\n${body}\n});\n`;
  return [
    c('worker-type-error', 'CLI_CRASH', 'node main.mjs', { 'main.mjs': main(url), 'workers/resize.mjs': worker("  const size = job.options.width * 2;\n  parentPort.postMessage(size);") }),
    c('out-of-memory', 'RESOURCE_EXHAUSTION', 'node main.mjs', { 'main.mjs': main(url, '{ resourceLimits: { maxOldGenerationSizeMb: 16 } }'), 'workers/resize.mjs': worker("  const tiles = [];\n  for (;;) tiles.push(new Array(100000).fill(job.path));") }),
    c('missing-worker', 'BROKEN_BUILD', 'node main.mjs', { 'main.mjs': main(url) }),
    c('worker-syntax', 'BROKEN_BUILD', 'node main.mjs', { 'main.mjs': main(url), 'workers/resize.mjs': "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', (job) => {\n  parentPort.postMessage(job.path;\n});\n" }),
    c('clone-function', 'CLI_CRASH', 'node main.mjs', { 'main.mjs': main(url, '{}', "{ path: 'images/logo.png', onProgress: (p) => console.log(p) }"), 'workers/resize.mjs': worker('  parentPort.postMessage(job.path);') }),
    c('bad-path', 'CLI_CRASH', 'node main.mjs', { 'main.mjs': main("'workers/resize.mjs'"), 'workers/resize.mjs': worker('  parentPort.postMessage(job.path);') }),
    c('stack-overflow', 'CLI_CRASH', 'node main.mjs', { 'main.mjs': main(url), 'workers/resize.mjs': worker("  const walk = (n) => walk(n + 1) + 1;\n  parentPort.postMessage(walk(0));") }),
    // The worker reads a data file that should be JSON and is cut short.
    c('data-not-json', 'JSON_PARSE_ERROR', 'node main.mjs', { 'main.mjs': main(url), 'data/jobs.json': '[{"path":"images/logo.png","width":', 'workers/resize.mjs': "import { parentPort } from 'node:worker_threads';\nimport { readFileSync } from 'node:fs';\nparentPort.on('message', () => {\n  const jobs = JSON.parse(readFileSync('data/jobs.json', 'utf8'));\n  parentPort.postMessage(jobs.length);\n});\n" }),
  ];
}

// ---------------------------------------------------------------- Python zoneinfo

function zoneinfo() {
  const c = tool('zoneinfo');
  const app = "import csv, sys\nfrom datetime import datetime\nfrom zoneinfo import ZoneInfo\nwith open('meetings.csv', newline='') as f:\n    for row in csv.DictReader(f):\n        when = datetime.fromisoformat(row['start']).replace(tzinfo=ZoneInfo(row['tz']))\n        print(row['title'], when.astimezone(ZoneInfo('UTC')).isoformat())\n";
  const csv = (tz) => `title,start,tz\nstandup,2026-11-30T09:00,Europe/Paris\nreview,2026-11-30T15:00,${tz}\n`;
  const cli = "import sys\nfrom datetime import datetime\nfrom zoneinfo import ZoneInfo\nprint(datetime.now(ZoneInfo(sys.argv[1])).isoformat())\n";
  const tzdir = 'mkdir -p tz/Europe && cp /usr/share/zoneinfo/Europe/Paris tz/Europe/Paris && ';
  return [
    // Ambiguous: the zone name comes from the data file the program reads, and no zone has it: the input's fault (ERROR_RESPONSE).
    c('unknown-key-input', 'ERROR_RESPONSE', 'python3 app.py', { 'app.py': app, 'meetings.csv': csv('America/Sao_Paolo') }),
    // The same words as unknown-key-input, but the key is a literal of the program: a value its own code passed (CLI_CRASH).
    c('literal-key', 'CLI_CRASH', 'python3 app.py', { 'app.py': "from datetime import datetime\nfrom zoneinfo import ZoneInfo\nOFFICE = ZoneInfo('US/Pacifc')\nprint(datetime.now(OFFICE).isoformat())\n" }),
    c('absolute-key-argument', 'ERROR_RESPONSE', 'python3 now.py /Europe/Paris', { 'now.py': cli }),
    c('not-tzif', 'ERROR_RESPONSE', `${tzdir}echo '<html>404</html>' > tz/Europe/Paris && PYTHONTZPATH=$PWD/tz python3 now.py Europe/Paris`, { 'now.py': cli }),
    c('truncated-tzif', 'ERROR_RESPONSE', `${tzdir}head -c 2000 /usr/share/zoneinfo/Europe/Paris > tz/Europe/Paris && PYTHONTZPATH=$PWD/tz python3 now.py Europe/Paris`, { 'now.py': cli }),
    c('permission-denied', 'ERROR_RESPONSE', `${tzdir}chmod 000 tz/Europe/Paris && PYTHONTZPATH=$PWD/tz ${NOPRIV} python3 now.py Europe/Paris`, { 'now.py': cli }),
    // The invocation's argument names a directory of the database, not a zone: an argument refused (ERROR_RESPONSE).
    c('directory-key', 'ERROR_RESPONSE', 'python3 now.py Europe', { 'now.py': cli }),
    // No time zone database where the program looks: the file it reads is not there.
    c('no-database', 'ERROR_RESPONSE', 'PYTHONTZPATH=/opt/tzdata/share python3 now.py Europe/Paris', { 'now.py': cli }),
    c('from-file-text-mode', 'CLI_CRASH', 'python3 app.py', { 'app.py': "from zoneinfo import ZoneInfo\nwith open('/usr/share/zoneinfo/Europe/Paris') as f:\n    tz = ZoneInfo.from_file(f, key='Europe/Paris')\nprint(tz)\n" }),
  ];
}

// ---------------------------------------------------------------- Python decimal

function decimalFamily() {
  const c = tool('decimal');
  const invoice = "import csv\nfrom decimal import Decimal\ntotal = Decimal('0')\nwith open('lines.csv', newline='') as f:\n    for row in csv.DictReader(f):\n        total += Decimal(row['amount'])\nprint(total)\n";
  return [
    c('input-not-a-number', 'ERROR_RESPONSE', 'python3 invoice.py', { 'invoice.py': invoice, 'lines.csv': 'sku,amount\nA-1,12.50\nB-7,"1,299.00"\n' }),
    // The program divides by the count of an empty list (0/0, DivisionUndefined): its own defect.
    c('division-by-zero', 'CLI_CRASH', 'python3 stats.py', { 'stats.py': "from decimal import Decimal\namounts = []\nprint('average', sum(amounts, Decimal(0)) / Decimal(len(amounts)))\n" }),
    c('quantize-digits', 'CLI_CRASH', 'python3 round.py', { 'round.py': "from decimal import Decimal, getcontext\ngetcontext().prec = 9\nprint(Decimal('123456789.5').quantize(Decimal('0.01')))\n" }),
    // The program's loop outgrows the context it chose (Emax=999): its own defect, not a resource.
    c('overflow', 'CLI_CRASH', 'python3 grow.py', { 'grow.py': "from decimal import Context, Decimal\nctx = Context(prec=28, Emax=999)\nx = Decimal(10)\nfor year in range(10000):\n    x = ctx.multiply(x, Decimal('1.5'))\nprint(x)\n" }),
    c('inexact-trap', 'CLI_CRASH', 'python3 split.py', { 'split.py': "from decimal import Decimal, Inexact, localcontext\nwith localcontext() as ctx:\n    ctx.traps[Inexact] = True\n    print(Decimal('100.00') / Decimal(3))\n" }),
    c('float-operation', 'CLI_CRASH', 'python3 price.py', { 'price.py': "from decimal import Decimal, FloatOperation, getcontext\ngetcontext().traps[FloatOperation] = True\nprint(Decimal('19.99') < 20.0)\n" }),
    c('bad-precision', 'CLI_CRASH', 'python3 setup_ctx.py', { 'setup_ctx.py': "from decimal import getcontext\ngetcontext().prec = 0\n" }),
    // Ambiguous: the rate is in the project's settings file, which does not load as a number: BROKEN_BUILD.
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>] names no file (the words of decimal.input-not-a-number): a value refused (step 2).
    c('config-value', 'ERROR_RESPONSE', 'python3 tax.py', { 'tax.py': "import configparser\nfrom decimal import Decimal\ncfg = configparser.ConfigParser(); cfg.read('settings.ini')\nrate = Decimal(cfg['billing']['vat_rate'])\nprint(rate * 100)\n", 'settings.ini': '[billing]\nvat_rate = 0.2.0\n' }),
  ];
}

// ---------------------------------------------------------------- Python gzip

function pythonGzip() {
  const c = tool('python-gzip');
  const read = "import gzip, sys\nwith gzip.open(sys.argv[1], 'rt') as f:\n    print(sum(1 for _ in f), 'lines')\n";
  const mk = 'seq 1 20000 > access.log && gzip -k access.log && ';
  return [
    c('not-gzip', 'ERROR_RESPONSE', 'python3 count.py logs/access.log.gz', { 'count.py': read, 'logs/access.log.gz': '<html><body>404 Not Found</body></html>\n' }),
    c('truncated', 'ERROR_RESPONSE', `${mk}head -c 2000 access.log.gz > cut.gz && python3 count.py cut.gz`, { 'count.py': read }),
    // The trailer's CRC-32 proves the damage.
    c('crc', 'DATA_CORRUPTION', `${mk}size=$(stat -c %s access.log.gz) && printf '\\x00\\x00' | dd of=access.log.gz bs=1 seek=$((size - 8)) conv=notrunc 2>/dev/null && python3 count.py access.log.gz`, { 'count.py': read }),
    c('length', 'DATA_CORRUPTION', `${mk}size=$(stat -c %s access.log.gz) && printf '\\x00\\x00' | dd of=access.log.gz bs=1 seek=$((size - 3)) conv=notrunc 2>/dev/null && python3 count.py access.log.gz`, { 'count.py': read }),
    c('invalid-deflate', 'ERROR_RESPONSE', `${mk}printf '\\xff\\xff\\xff\\xff' | dd of=access.log.gz bs=1 seek=30 conv=notrunc 2>/dev/null && python3 count.py access.log.gz`, { 'count.py': read }),
    c('missing-file', 'ERROR_RESPONSE', 'python3 count.py logs/access.log.gz', { 'count.py': read }),
    c('permission-denied', 'ERROR_RESPONSE', `${mk}chmod 000 access.log.gz && ${NOPRIV} python3 count.py access.log.gz`, { 'count.py': read }),
    c('disk-full', 'RESOURCE_EXHAUSTION', RANDOM + tinyFs('out', 'python3 pack.py'), { 'pack.py': "import gzip\nwith open('big.bin', 'rb') as src, gzip.open('out/big.bin.gz', 'wb') as dst:\n    dst.write(src.read())\n" }),
    c('bad-level', 'CLI_CRASH', 'python3 pack.py', { 'pack.py': "import gzip\ndata = b'x' * 1000\nprint(len(gzip.compress(data, compresslevel=12)))\n" }),
    c('text-mode-bytes', 'CLI_CRASH', 'python3 pack.py', { 'pack.py': "import gzip\nwith gzip.open('report.json.gz', 'wt') as f:\n    f.write(b'{\"ok\": true}')\n" }),
  ];
}

// ---------------------------------------------------------------- Ruby FileUtils

function rubyFileutils() {
  const c = tool('ruby-fileutils');
  const rb = (body) => `require 'fileutils'\n${body}\n`;
  return [
    c('missing-source', 'ERROR_RESPONSE', 'ruby publish.rb', { 'publish.rb': rb("FileUtils.cp('dist/app.tar.gz', 'release/')") }),
    c('permission-denied', 'ERROR_RESPONSE', `mkdir -p release && chmod 000 dist/app.tar.gz && ${NOPRIV} ruby publish.rb`, { 'publish.rb': rb("FileUtils.cp('dist/app.tar.gz', 'release/')"), 'dist/app.tar.gz': 'x' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', RANDOM + tinyFs('release', 'ruby publish.rb'), { 'publish.rb': rb("FileUtils.cp('big.bin', 'release/app.bin')") }),
    c('read-only', 'ERROR_RESPONSE', roFs('release', 'ruby publish.rb'), { 'publish.rb': rb("FileUtils.mkdir_p('release/v2.4.1')"), 'x': '' }),
    c('same-file', 'CLI_CRASH', 'ruby publish.rb', { 'publish.rb': rb("FileUtils.cp('dist/app.js', './dist/../dist/app.js')"), 'dist/app.js': 'x' }),
    c('copy-into-itself', 'CLI_CRASH', 'ruby publish.rb', { 'publish.rb': rb("FileUtils.cp_r('dist', 'dist/backup')"), 'dist/app.js': 'x' }),
    c('not-empty', 'ERROR_RESPONSE', 'ruby clean.rb', { 'clean.rb': rb("FileUtils.rmdir('build/cache')"), 'build/cache/a.o': 'x' }),
    c('mkdir-over-file', 'ERROR_RESPONSE', 'ruby publish.rb', { 'publish.rb': rb("FileUtils.mkdir_p('release/v2.4.1/notes')"), 'release/v2.4.1': 'not a directory' }),
    c('busy-mount', 'RESOURCE_BUSY', tinyFs('cache', 'ruby clean.rb', 'size=1m'), { 'clean.rb': rb("FileUtils.rmdir('cache')") }),
  ];
}

// ---------------------------------------------------------------- Ruby Socket

function rubySocket() {
  const client = "require 'socket'\nrequire 'timeout'\nsock = TCPSocket.new(ENV.fetch('HOST', '127.0.0.1'), Integer(ENV['PORT']))\nsock.write(\"PING\\r\\n\")\nline = Timeout.timeout(2) { sock.readline }\nputs line\n";
  const files = { 'client.rb': client, 'line-srv.py': LINE_SRV };
  const c = (id, type, pre, cmd = 'ruby client.rb', extra = {}) => tool('ruby-socket')(id, type, `${pre}${cmd}${pre.includes('&') ? done : ''}`, { ...files, ...extra }, { origin: `${cmd} (Ruby's Socket) ${id}` });
  return [
    c('refused', 'NETWORK', REFUSED),
    c('dns', 'NETWORK', 'export HOST=cache.build.invalid PORT=6379; '),
    c('timeout', 'TIMEOUT', serve('line-srv.py', 'sleep') + 'export PORT; '),
    c('reset', 'NETWORK', serve('line-srv.py', 'reset') + 'export PORT; '),
    // The peer closed the connection without an answer (EOFError): NETWORK, as a connection closed unexpectedly.
    c('closed', 'NETWORK', serve('line-srv.py', 'close') + 'export PORT; '),
    c('address-in-use', 'ERROR_RESPONSE', serve('line-srv.py', 'sleep') + 'export PORT; ', 'ruby server.rb', { 'server.rb': "require 'socket'\nserver = TCPServer.new('127.0.0.1', Integer(ENV['PORT']))\nputs \"listening on #{server.addr[1]}\"\n" }),
    // A socket file left by a server that is gone: nothing listens (ECONNREFUSED), as a refused port.
    c('stale-unix-socket', 'NETWORK', 'python3 -c "import socket; s=socket.socket(socket.AF_UNIX); s.bind(\'run/app.sock\')" && ', 'ruby unix.rb', { 'run/.keep': '', 'unix.rb': "require 'socket'\nsock = UNIXSocket.new('run/app.sock')\nsock.puts 'STATUS'\nputs sock.gets\n" }),
    // A service name the code wrote ('redis-cache') that is no port: a value its own code passed.
    c('bad-service', 'CLI_CRASH', '', 'ruby svc.rb', { 'svc.rb': "require 'socket'\nsock = TCPSocket.new('127.0.0.1', 'redis-cache')\nputs sock.gets\n" }),
  ];
}

// ---------------------------------------------------------------- GNU units

function units() {
  const c = tool('units');
  const defs = 'sprint        2 week\nstorypoint    4 hour\n';
  return [
    c('unknown-unit', 'ERROR_RESPONSE', "units -t '3 furlongz' 'm'"),
    c('conformability', 'ERROR_RESPONSE', "units -t '3 kg' 'm'"),
    c('parse-error', 'ERROR_RESPONSE', "units -t '3 m +' 'ft'"),
    c('defs-missing', 'ERROR_RESPONSE', "units -f project.units -t '3 sprint' 'day'"),
    // The project's own definitions file (loaded after the standard one) defines a unit it cannot reduce.
    c('defs-bad', 'BROKEN_BUILD', "units -f '' -f project.units -t '3 velocity' '1/day'", { 'project.units': `${defs}velocity      storypoint / (sprint\n` }),
    c('defs-permission', 'ERROR_RESPONSE', `chmod 000 project.units && ${NOPRIV} units -f project.units -t '3 sprint' 'day'`, { 'project.units': defs }),
    c('bad-option', 'ERROR_RESPONSE', "units --digitz 5 -t '1 mile' 'km'"),
    c('defs-directory', 'ERROR_RESPONSE', "mkdir -p units.d && units -f units.d -t '3 sprint' 'day'"),
  ];
}

// ---------------------------------------------------------------- miller

function miller() {
  const c = tool('miller');
  const csv = 'sku,qty,price\nA-1,3,12.50\nB-7,2,4.00\nC-3,five,1.25\n';
  return [
    c('ragged-csv', 'ERROR_RESPONSE', 'mlr --icsv --ojson cat orders.csv', { 'orders.csv': 'sku,qty,price\nA-1,3,12.50\nB-7,2\n' }),
    c('dsl-parse', 'BROKEN_BUILD', "mlr --icsv --ojson put '$total = $qty * ' orders.csv", { 'orders.csv': csv }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — mlr: function name not found: multiply names no file: a name refused (step 2).
    c('unknown-function', 'ERROR_RESPONSE', "mlr --icsv --ojson put '$total = multiply($qty, $price)' orders.csv", { 'orders.csv': csv }),
    c('missing-file', 'ERROR_RESPONSE', 'mlr --icsv --ojson cat exports/orders.csv'),
    c('unknown-verb', 'ERROR_RESPONSE', 'mlr --icsv --ojson summarise orders.csv', { 'orders.csv': csv }),
    c('json-truncated', 'JSON_PARSE_ERROR', 'mlr --ijson --ocsv cat orders.json', { 'orders.json': '[{"sku":"A-1","qty":3},{"sku":"B-7","qty":' }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 orders.csv && ${NOPRIV} mlr --icsv --ojson cat orders.csv`, { 'orders.csv': csv }),
    // asserting_int is a check the command states on its data: VERIFICATION_FAILED (as jsonnet's assert and xsltproc's terminate).
    c('assertion', 'VERIFICATION_FAILED', "mlr --icsv --ojson put '$qty = asserting_int($qty)' orders.csv", { 'orders.csv': csv }),
  ];
}

// ---------------------------------------------------------------- datamash

function datamash() {
  const c = tool('datamash');
  const tsv = 'region\tsales\tunits\nnorth\t1200\t4\nsouth\tn/a\t7\n';
  return [
    c('invalid-number', 'ERROR_RESPONSE', 'datamash --header-in sum 2 < sales.tsv', { 'sales.tsv': tsv }),
    c('bad-operation', 'ERROR_RESPONSE', 'datamash --header-in summ 2 < sales.tsv', { 'sales.tsv': tsv }),
    c('missing-column', 'ERROR_RESPONSE', 'datamash --header-in sum revenue < sales.tsv', { 'sales.tsv': tsv }),
    c('zero-field', 'ERROR_RESPONSE', 'datamash sum 0 < sales.tsv', { 'sales.tsv': tsv }),
    // datamash check is an explicit validation of the input's shape: FORMAT_VALIDATION (as a schema check).
    c('check-fields', 'FORMAT_VALIDATION', 'datamash check < sales.tsv', { 'sales.tsv': 'region\tsales\tunits\nnorth\t1200\t4\nsouth\t900\n' }),
    c('check-lines', 'FORMAT_VALIDATION', 'datamash check 10 lines < sales.tsv', { 'sales.tsv': tsv }),
    c('transpose-ragged', 'ERROR_RESPONSE', 'datamash transpose < sales.tsv', { 'sales.tsv': 'region\tsales\tunits\nnorth\t1200\n' }),
    c('stdin-directory', 'ERROR_RESPONSE', 'mkdir -p exports && datamash sum 1 < exports'),
    c('disk-full', 'RESOURCE_EXHAUSTION', `seq 1 40000 | paste - - > big.tsv && ` + tinyFs('out', 'datamash transpose < big.tsv > out/t.tsv')),
  ];
}

// ---------------------------------------------------------------- gnuplot

function gnuplot() {
  const c = tool('gnuplot');
  const dat = '# day latency\n1 120\n2 135\n3 128\n';
  const gp = (body) => `set terminal svg size 640,400\nset output 'latency.svg'\n${body}\n`;
  return [
    c('script-syntax', 'BROKEN_BUILD', 'gnuplot plots/latency.gp', { 'plots/latency.gp': gp("plot 'latency.dat' using 1:2 with lines title 'p50' lw 2,,"), 'latency.dat': dat }),
    c('undefined-variable', 'BROKEN_BUILD', 'gnuplot plots/latency.gp', { 'plots/latency.gp': gp("plot 'latency.dat' using 1:($2*scale) with lines"), 'latency.dat': dat }),
    c('unknown-terminal', 'BROKEN_BUILD', 'gnuplot plots/latency.gp', { 'plots/latency.gp': "set terminal svgx\nplot 'latency.dat' using 1:2\n", 'latency.dat': dat }),
    c('missing-data', 'ERROR_RESPONSE', 'gnuplot plots/latency.gp', { 'plots/latency.gp': gp("plot 'results/latency.dat' using 1:2 with lines") }),
    // The data file is an HTML page: no valid points, so gnuplot cannot set the range — input not in its format.
    c('no-valid-points', 'ERROR_RESPONSE', 'gnuplot plots/latency.gp', { 'plots/latency.gp': gp("plot 'latency.dat' using 1:2 with lines"), 'latency.dat': '<html><body>404 Not Found</body></html>\n' }),
    c('output-dir-missing', 'ERROR_RESPONSE', 'gnuplot plots/latency.gp', { 'plots/latency.gp': "set terminal svg\nset output 'reports/2026-11/latency.svg'\nplot 'latency.dat' using 1:2\n", 'latency.dat': dat }),
    c('script-missing', 'ERROR_RESPONSE', 'gnuplot plots/latency.gp'),
    // gnuplot words a permission-denied data file as 'Cannot find or open file': a file's permission denied (ERROR_RESPONSE).
    c('data-permission', 'ERROR_RESPONSE', `chmod 000 latency.dat && ${NOPRIV} gnuplot plots/latency.gp`, { 'plots/latency.gp': gp("plot 'latency.dat' using 1:2 with lines"), 'latency.dat': dat }),
  ];
}

// ---------------------------------------------------------------- recutils

function recutils() {
  const c = tool('recutils');
  const desc = '%rec: Contact\n%mandatory: Name Email\n%type: Age int\n%key: Id\n\n';
  return [
    c('mandatory-missing', 'FORMAT_VALIDATION', 'recfix contacts.rec', { 'contacts.rec': `${desc}Id: 1\nName: Ada\nEmail: ada@example.com\nAge: 36\n\nId: 2\nName: Bob\nAge: 41\n` }),
    c('type-mismatch', 'FORMAT_VALIDATION', 'recfix contacts.rec', { 'contacts.rec': `${desc}Id: 1\nName: Ada\nEmail: ada@example.com\nAge: thirty-six\n` }),
    c('duplicate-key', 'FORMAT_VALIDATION', 'recfix contacts.rec', { 'contacts.rec': `${desc}Id: 1\nName: Ada\nEmail: ada@example.com\n\nId: 1\nName: Bob\nEmail: bob@example.com\n` }),
    // The rec file is the data the program reads (not the project's source or configuration): input not in its format.
    c('not-rec', 'ERROR_RESPONSE', 'recsel contacts.rec', { 'contacts.rec': '{"contacts": [{"name": "Ada"}]}\n' }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — recsel: error: invalid selection expression: a value refused (step 2).
    c('bad-expression', 'ERROR_RESPONSE', "recsel -e 'Age >' contacts.rec", { 'contacts.rec': `${desc}Id: 1\nName: Ada\nEmail: ada@example.com\nAge: 36\n` }),
    c('missing-file', 'ERROR_RESPONSE', 'recsel data/contacts.rec'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 contacts.rec && ${NOPRIV} recsel contacts.rec`, { 'contacts.rec': `${desc}Id: 1\nName: Ada\nEmail: ada@example.com\n` }),
    c('read-only', 'ERROR_RESPONSE', `${roFs('db', 'recins -t Contact -f Id -v 3 -f Name -v Cy -f Email -v cy@example.com db/contacts.rec')}`),
  ];
}

// ---------------------------------------------------------------- Python plistlib

function plistlib() {
  const c = tool('plistlib');
  const read = "import plistlib, sys\nwith open(sys.argv[1], 'rb') as f:\n    info = plistlib.load(f)\nprint(info['CFBundleVersion'])\n";
  const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n  <key>CFBundleVersion</key>\n  <string>2.4.1</string>\n</dict>\n</plist>\n';
  const bin = "python3 -c \"import plistlib; open('Info.bin.plist','wb').write(plistlib.dumps({'CFBundleVersion': '2.4.1', 'Items': list(range(200))}, fmt=plistlib.FMT_BINARY))\" && ";
  return [
    c('not-a-plist', 'ERROR_RESPONSE', 'python3 version.py build/Info.plist', { 'version.py': read, 'build/Info.plist': '{"CFBundleVersion": "2.4.1"}\n' }),
    c('malformed-xml', 'ERROR_RESPONSE', 'python3 version.py build/Info.plist', { 'version.py': read, 'build/Info.plist': xml.replace('</dict>', '') }),
    c('truncated-binary', 'ERROR_RESPONSE', `${bin}head -c 300 Info.bin.plist > build.plist && python3 version.py build.plist`, { 'version.py': read }),
    c('missing-file', 'ERROR_RESPONSE', 'python3 version.py build/Info.plist', { 'version.py': read }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 Info.plist && ${NOPRIV} python3 version.py Info.plist`, { 'version.py': read, 'Info.plist': xml }),
    c('dump-none', 'CLI_CRASH', 'python3 write.py', { 'write.py': "import plistlib\ninfo = {'CFBundleVersion': '2.4.1', 'CFBundleIconFile': None}\nwith open('Info.plist', 'wb') as f:\n    plistlib.dump(info, f)\n" }),
    c('dump-int-overflow', 'CLI_CRASH', 'python3 write.py', { 'write.py': "import plistlib\ninfo = {'BuildNumber': 2 ** 70}\nprint(len(plistlib.dumps(info, fmt=plistlib.FMT_BINARY)))\n" }),
    // Ambiguous: the plist the program reads lacks the key, but the KeyError is the program's lookup on its parsed mapping without a check: CLI_CRASH, as csv.missing-column and tomllib.missing-key are labelled.
    c('missing-key', 'CLI_CRASH', 'python3 version.py Info.plist', { 'version.py': read, 'Info.plist': xml.replace('CFBundleVersion', 'CFBundleShortVersionString') }),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'python3 write.py'), { 'write.py': "import plistlib\ninfo = {'Items': ['item-%05d' % i for i in range(20000)]}\nwith open('out/Info.plist', 'wb') as f:\n    plistlib.dump(info, f)\n" }),
  ];
}

// ---------------------------------------------------------------- Python wave

function wave() {
  const c = tool('wave');
  const read = "import sys, wave\nwith wave.open(sys.argv[1], 'rb') as w:\n    print(w.getnframes() / w.getframerate(), 'seconds')\n    frames = w.readframes(w.getnframes())\n";
  const mk = "python3 -c \"import wave; w=wave.open('beep.wav','wb'); w.setnchannels(1); w.setsampwidth(2); w.setframerate(8000); w.writeframes(b'\\\\x00\\\\x10' * 8000); w.close()\" && ";
  return [
    c('not-riff', 'ERROR_RESPONSE', 'python3 duration.py assets/beep.wav', { 'duration.py': read, 'assets/beep.wav': '<html><body>404 Not Found</body></html>\n' }),
    c('truncated-header', 'ERROR_RESPONSE', `${mk}head -c 30 beep.wav > cut.wav && python3 duration.py cut.wav`, { 'duration.py': read }),
    c('unknown-format', 'ERROR_RESPONSE', `${mk}printf '\\x03\\x00' | dd of=beep.wav bs=1 seek=20 conv=notrunc 2>/dev/null && python3 duration.py beep.wav`, { 'duration.py': read }),
    c('not-wave', 'ERROR_RESPONSE', `${mk}printf 'AVI ' | dd of=beep.wav bs=1 seek=8 conv=notrunc 2>/dev/null && python3 duration.py beep.wav`, { 'duration.py': read }),
    c('missing-file', 'ERROR_RESPONSE', 'python3 duration.py assets/beep.wav', { 'duration.py': read }),
    c('params-not-set', 'CLI_CRASH', 'python3 write.py', { 'write.py': "import wave\nwith wave.open('out.wav', 'wb') as w:\n    w.setframerate(8000)\n    w.writeframes(b'\\x00\\x10' * 100)\n" }),
    c('bad-sample-width', 'CLI_CRASH', 'python3 write.py', { 'write.py': "import wave\nwith wave.open('out.wav', 'wb') as w:\n    w.setnchannels(1)\n    w.setsampwidth(5)\n" }),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'python3 write.py'), { 'write.py': "import wave\nwith wave.open('out/tone.wav', 'wb') as w:\n    w.setnchannels(1); w.setsampwidth(2); w.setframerate(8000)\n    w.writeframes(b'\\x00\\x10' * 80000)\n" }),
  ];
}

/** The eleventh capture's cases. */
export function firstSightEleventhCases() {
  return [
    ...nodeCrypto(), ...nodeHttp2(), ...nodeChildProcess(), ...nodeFsPromises(), ...nodeDns(), ...nodeWorkerThreads(),
    ...zoneinfo(), ...decimalFamily(), ...pythonGzip(), ...plistlib(), ...wave(), ...rubyFileutils(), ...rubySocket(),
    ...units(), ...miller(), ...datamash(), ...gnuplot(), ...recutils(),
  ];
}
