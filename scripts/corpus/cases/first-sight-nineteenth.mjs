/**
 * First-sight families, part 26 (the nineteenth capture): third-party libraries used from a small
 * program — npm libraries installed pinned with `npm install -g` by install-first-sight.sh (got 11,
 * node-fetch 2, nodemailer 6 against smtp-server.py, basic-ftp 5 against ftp-server.py, mqtt 5
 * against a mosquitto broker the case starts, adm-zip, jszip, commander, proper-lockfile, the
 * mongodb driver against refused, silent, closing and resetting ports) and Debian's python3-*
 * packages run with /usr/bin/python3 (httpx against http-server.py, ruamel.yaml, openpyxl, filelock,
 * python-docx, PyMySQL against refused ports and a server that answers the handshake with an error
 * packet) — none named by a rule pack or an earlier capture. Each case's `type` was written here,
 * by DESIGN.md's rules and the README's label decisions (the type follows what failed, not what
 * carried it), before the classifier was asked about any of these texts:
 * - an answer of something the program talks to: HTTP 404, a mail server's 5xx for a recipient or
 *   a size, an FTP 550 for a missing file, a database server's refusal: ERROR_RESPONSE; 401/403, a
 *   rejected login, a broker's or server's "not authorized": AUTH_REQUIRED; 429 or a sender rate
 *   limit: RATE_LIMIT; 500/502: SERVER_ERROR; 503, a 421 "too many connections": SERVER_OVERLOADED;
 *   a certificate nobody trusts: CERTIFICATE_ERROR; a refused port, an unknown host, a connection
 *   closed or reset: NETWORK; no answer in time: TIMEOUT; no connection slot left (MySQL 1040):
 *   RESOURCE_EXHAUSTION (as node-postgres's and psycopg2's texts); a response body that is not the
 *   JSON asked for: JSON_PARSE_ERROR (the corpus's convention);
 * - a lock another process holds: RESOURCE_BUSY;
 * - input the program reads that is not in its format, truncated, or lacking a member (an archive,
 *   a workbook, a document, an image), a file that is not there, a file's permission denied, a
 *   read-only file system, a command line the CLI refuses: ERROR_RESPONSE; an archive member whose
 *   CRC does not match: DATA_CORRUPTION (damage proven by a checksum);
 * - a project file that does not parse (a YAML configuration): BROKEN_BUILD;
 * - the program's own defect (a null dereference, a value or definition its own code passed that a
 *   library refuses): CLI_CRASH;
 * - a full disk (a 64 KiB tmpfs in a user and mount namespace): RESOURCE_EXHAUSTION.
 */

import { CLOSER, LINE_SRV, NOPRIV, REFUSED, SILENT, roFs, serveLine, tinyFs } from './shell.mjs';

/** Debian's python3, which has the python3-* packages (the image's python3 on PATH does not). */
const PY = '/usr/bin/python3';
const NODE = 'NODE_PATH=$(npm root -g) node main.js';
const SCRIPTS = new URL('..', import.meta.url).pathname;

/** A case whose program is main.py (Debian's python3) or main.js (node, libraries from npm root -g). */
const lib = (family, file, cmd, origin) => (id, type, src, extra = {}) => ({
  id: `${family}.${id}`, source: family, type, files: { ...(src ? { [file]: src } : {}), ...(extra.files ?? {}) }, cmd: extra.cmd ?? cmd,
  origin: extra.cmd ? `${extra.cmd} (${origin})` : `${cmd} (${origin})`, timeoutMs: 60_000,
  ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'files' && k !== 'cmd')),
});
const py = (family, what) => lib(family, 'main.py', `${PY} main.py`, what);
const js = (family, what) => lib(family, 'main.js', NODE, `${what}, from npm root -g`);


// ---------------------------------------------------------------- got

function got() {
  const c = js('got', 'got 11.8');
  const get = (opts = '') => `const got = require('got');\n(async () => {\n  const jobs = await got(process.env.URL + '/v1/jobs', { retry: { limit: 0 }${opts} }).json();\n  console.log(jobs);\n})();\n`;
  const handled = (url = "process.env.URL + '/v1/jobs'", opts = '') => `const got = require('got');\ngot(${url}, { retry: { limit: 0 }${opts} }).json().then((jobs) => console.log(jobs)).catch((e) => {\n  console.error(\`fetching jobs failed: \${e.name}: \${e.message}\${e.code ? \` (\${e.code})\` : ''}\`);\n  if (e.response) console.error(e.response.body);\n  process.exit(1);\n});\n`;
  return [
    c('refused', 'NETWORK', get().replace("process.env.URL + '/v1/jobs'", "'http://127.0.0.1:1/v1/jobs'")),
    c('dns', 'NETWORK', handled("'https://api.no-such-host.invalid/v1/jobs'")),
    c('timeout', 'TIMEOUT', handled(undefined, ', timeout: { request: 1000 }'), { http: { status: 'sleep' } }),
    c('401', 'AUTH_REQUIRED', get(), { http: { status: 401, body: '{"error":"invalid_token"}' } }),
    c('404', 'ERROR_RESPONSE', handled(), { http: { status: 404, body: '{"error":"no such project"}' } }),
    c('429', 'RATE_LIMIT', handled(), { http: { status: 429, body: '{"error":"too many requests"}' } }),
    c('500', 'SERVER_ERROR', get(), { http: { status: 500, body: '{"error":"internal"}' } }),
    c('503', 'SERVER_OVERLOADED', handled(), { http: { status: 503, body: '' } }),
    c('self-signed', 'CERTIFICATE_ERROR', get(), { http: { status: 200, tls: 'valid', body: '{}' } }),
    // The server's 200 answer is an HTML page where JSON was asked for.
    c('not-json', 'JSON_PARSE_ERROR', get(), { http: { status: 200, body: '<html><body>Maintenance</body></html>' } }),
    c('closed', 'NETWORK', handled("`http://127.0.0.1:${process.env.PORT}/v1/jobs`"), { cmd: `${CLOSER}${NODE}` }),
  ];
}

// ---------------------------------------------------------------- node-fetch

function nodeFetch() {
  const c = js('node-fetch', 'node-fetch 2.7');
  const src = (url = "process.env.URL + '/api/report'", abort = false) => `const fetch = require('node-fetch');\n${abort ? "const AbortController = globalThis.AbortController;\nconst ac = new AbortController();\nsetTimeout(() => ac.abort(), 1000);\n" : ''}(async () => {\n  const res = await fetch(${url}${abort ? ', { signal: ac.signal }' : ''});\n  if (!res.ok) throw new Error(\`GET /api/report: \${res.status} \${res.statusText}: \${await res.text()}\`);\n  console.log(await res.json());\n})().catch((e) => { console.error(e); process.exit(1); });\n`;
  return [
    c('refused', 'NETWORK', src("'http://127.0.0.1:1/api/report'")),
    c('dns', 'NETWORK', src("'http://reports.internal.invalid/api/report'")),
    // The program aborts the request after 1 s without an answer: TIMEOUT (ambiguous: the text says "aborted", the cause is the silent server).
    c('abort-timeout', 'TIMEOUT', src(undefined, true), { http: { status: 'sleep' } }),
    c('403', 'AUTH_REQUIRED', src(), { http: { status: 403, body: '{"message":"token lacks scope reports:read"}' } }),
    c('404', 'ERROR_RESPONSE', src(), { http: { status: 404, body: '{"message":"report 42 not found"}' } }),
    c('502', 'SERVER_ERROR', src(), { http: { status: 502, body: '<html><h1>502 Bad Gateway</h1></html>' } }),
    c('503', 'SERVER_OVERLOADED', src(), { http: { status: 503, body: '{"message":"service unavailable"}' } }),
    c('self-signed', 'CERTIFICATE_ERROR', src(), { http: { status: 200, tls: 'valid', body: '{}' } }),
    c('not-json', 'JSON_PARSE_ERROR', src(), { http: { status: 200, body: '<!DOCTYPE html><html><body>Sign in</body></html>' } }),
    c('reset', 'NETWORK', src("`http://127.0.0.1:${process.env.PORT}/api/report`"), { files: { 'line-srv.py': LINE_SRV }, cmd: serveLine('reset', NODE) }),
  ];
}

// ---------------------------------------------------------------- nodemailer

function nodemailer() {
  const c0 = js('nodemailer', 'nodemailer 6.10 against a local SMTP server');
  const src = "const nodemailer = require('nodemailer');\nconst t = nodemailer.createTransport({\n  host: process.env.SMTP_HOST || '127.0.0.1', port: Number(process.env.SMTP_PORT), secure: false,\n  ignoreTLS: !process.env.USE_TLS, requireTLS: !!process.env.USE_TLS,\n  auth: process.env.USE_LOGIN ? { user: 'ci', pass: 'mail-pass' } : undefined,\n  connectionTimeout: 2000, greetingTimeout: 2000, socketTimeout: 3000,\n});\nt.sendMail({ from: 'ci@example.test', to: 'oncall@example.test', subject: 'nightly build failed', text: 'See the log.' })\n  .then((info) => console.log('report sent', info.messageId));\n";
  const srv = (replies, tls = false) => `${tls ? 'export CORPUS_TLS_PEM=$CERTS/valid.pem; ' : ''}python3 "$SMTP_SERVER" port ${replies.map((r) => `'${r}'`).join(' ')} >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; export SMTP_PORT=$(cat port); `;
  const c = (id, type, pre, env = {}) => c0(id, type, src, { cmd: `${pre}${NODE}`, env: { SMTP_SERVER: `${SCRIPTS}smtp-server.py`, ...env } });
  return [
    c('refused', 'NETWORK', `${REFUSED}export SMTP_PORT=$PORT; `),
    c('dns', 'NETWORK', 'export SMTP_PORT=25; ', { SMTP_HOST: 'smtp.mail.invalid' }),
    c('auth-535', 'AUTH_REQUIRED', srv(['AUTH=535 5.7.8 Error: authentication failed']), { USE_LOGIN: '1' }),
    c('busy-421', 'SERVER_OVERLOADED', srv(['GREETING=421 4.3.2 Service not available, too many concurrent connections'])),
    c('rcpt-550', 'ERROR_RESPONSE', srv(['RCPT=550 5.1.1 <oncall@example.test>: Recipient address rejected: User unknown'])),
    c('size-552', 'ERROR_RESPONSE', srv(['DATA=552 5.3.4 Message size exceeds fixed maximum message size'])),
    c('rate-450', 'RATE_LIMIT', srv(['MAIL=450 4.7.1 Sender rate limit exceeded, try again later'])),
    c('greeting-timeout', 'TIMEOUT', srv(['GREETING=sleep'])),
    c('starttls-self-signed', 'CERTIFICATE_ERROR', srv([], true), { USE_TLS: '1' }),
  ];
}

// ---------------------------------------------------------------- basic-ftp

function basicFtp() {
  const c0 = js('basic-ftp', 'basic-ftp 5.3 against a local FTP server (pyftpdlib)');
  const src = "const ftp = require('basic-ftp');\n(async () => {\n  const client = new ftp.Client(Number(process.env.FTP_TIMEOUT || 10000));\n  await client.access({ host: process.env.FTP_HOST || '127.0.0.1', port: Number(process.env.FTP_PORT), user: process.env.FTP_USER || 'ci', password: process.env.FTP_PASS || 'ftp-pass', secure: !!process.env.USE_TLS });\n  if (process.env.DOWNLOAD) await client.downloadTo(process.env.DEST || 'app-1.3.tar.gz', 'releases/app-1.3.tar.gz');\n  else await client.uploadFrom('app-1.4.tar.gz', 'app-1.4.tar.gz');\n  client.close();\n  console.log('release transferred');\n})();\n";
  const files = { 'app-1.4.tar.gz': 'release tarball\n' };
  const server = (mode = '', before = '') => `${mode === 'tls' ? 'export CORPUS_TLS_PEM=$CERTS/valid.pem; ' : ''}mkdir -p home; ${before}/usr/bin/python3 "$FTP_SERVER" port home ${mode} >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; export FTP_PORT=$(cat port); `;
  const c = (id, type, pre, env = {}, run = NODE) => c0(id, type, src, { files, cmd: `${pre}${run}`, env: { FTP_SERVER: `${SCRIPTS}ftp-server.py`, ...env } });
  const BIG = 'mkdir -p home/releases && head -c 400000 /dev/urandom > home/releases/app-1.3.tar.gz; ';
  return [
    c('login-530', 'AUTH_REQUIRED', server(), { FTP_PASS: 'wrong-pass' }),
    // Ambiguous: FTP's 550 says only "not taken"; the account lacks the write privilege (as ftplib.read-only-user).
    c('read-only-user', 'AUTH_REQUIRED', server(), { FTP_USER: 'reader', FTP_PASS: 'read-pass' }),
    c('retr-550', 'ERROR_RESPONSE', server(), { DOWNLOAD: '1' }),
    c('too-many-421', 'SERVER_OVERLOADED', `${server('one')}(exec 3<>/dev/tcp/127.0.0.1/$FTP_PORT; sleep 20) & hold=$!; trap 'kill $srv $hold 2>/dev/null' EXIT; sleep 1; `),
    c('tls-self-signed', 'CERTIFICATE_ERROR', server('tls'), { USE_TLS: '1' }),
    c('refused', 'NETWORK', `${REFUSED}export FTP_PORT=$PORT; `),
    c('greeting-timeout', 'TIMEOUT', `${SILENT}export FTP_PORT=$PORT; `, { FTP_TIMEOUT: '2000' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', server('', BIG), { DOWNLOAD: '1', DEST: 'out/app-1.3.tar.gz' }, tinyFs('out', NODE)),
    c('dns', 'NETWORK', 'export FTP_PORT=21; ', { FTP_HOST: 'ftp.internal.invalid' }),
  ];
}

// ---------------------------------------------------------------- mqtt

function mqtt() {
  const c0 = js('mqtt', 'mqtt 5.16 (MQTT.js) against a local mosquitto 2.0 broker');
  const src = "const mqtt = require('mqtt');\nconst client = mqtt.connect(process.env.MQTT_URL, {\n  username: process.env.MQTT_USER, password: process.env.MQTT_PASS,\n  protocolVersion: Number(process.env.MQTT_V || 4), reconnectPeriod: 0, connectTimeout: 2000,\n});\nclient.on('connect', () => {\n  client.publish('builds/42/status', 'failed', { qos: 1 }, (err) => {\n    if (err) throw err;\n    console.log('status published');\n    client.end();\n  });\n});\nclient.on('error', (err) => { throw err; });\n";
  // The broker: password file (ci / mqtt-pass), no anonymous clients, ci may only read builds/#.
  const brokerOf = (tls) => `${REFUSED}printf 'listener %s 127.0.0.1\\nallow_anonymous false\\npassword_file %s/pw\\nacl_file %s/acl\\nuser root\\n' $PORT $PWD $PWD > m.conf && ${tls ? 'printf "certfile %s\\nkeyfile %s\\n" $CERTS/valid.pem $CERTS/valid.pem >> m.conf && ' : ''}printf 'user ci\\ntopic read builds/#\\n' > acl && mosquitto_passwd -b -c pw ci mqtt-pass 2>/dev/null && chmod 600 pw acl; mosquitto -c m.conf >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/$PORT) 2>/dev/null && break; sleep 0.1; done; export MQTT_URL=${tls ? 'mqtts' : 'mqtt'}://127.0.0.1:$PORT; `;
  const broker = brokerOf(false);
  const c = (id, type, pre, env = {}, extra = {}) => c0(id, type, src, { cmd: `${pre}${NODE}`, env, ...extra });
  return [
    c('refused', 'NETWORK', `${REFUSED}export MQTT_URL=mqtt://127.0.0.1:$PORT; `),
    c('dns', 'NETWORK', 'export MQTT_URL=mqtt://broker.internal.invalid:1883; '),
    c('bad-password', 'AUTH_REQUIRED', broker, { MQTT_USER: 'ci', MQTT_PASS: 'wrong-pass' }),
    c('bad-password-v5', 'AUTH_REQUIRED', broker, { MQTT_USER: 'ci', MQTT_PASS: 'wrong-pass', MQTT_V: '5' }),
    // The broker refuses the publish by its ACL (MQTT 5 PUBACK reason 135): a privilege the account lacks, as a 403.
    c('acl-denied-v5', 'AUTH_REQUIRED', broker, { MQTT_USER: 'ci', MQTT_PASS: 'mqtt-pass', MQTT_V: '5' }),
    c('connack-timeout', 'TIMEOUT', `${SILENT}export MQTT_URL=mqtt://127.0.0.1:$PORT; `),
    c('tls-self-signed', 'CERTIFICATE_ERROR', brokerOf(true), { MQTT_USER: 'ci', MQTT_PASS: 'mqtt-pass' }),
    // The program builds a client id longer than an MQTT string can hold; MQTT.js fails writing CONNECT: the program's own value.
    c0('client-id-too-long', 'CLI_CRASH', src.replace('username: process.env.MQTT_USER,', "clientId: 'ci-builder-' + 'x'.repeat(70000), username: process.env.MQTT_USER,"), { cmd: `${broker}${NODE}`, env: { MQTT_USER: 'ci', MQTT_PASS: 'mqtt-pass' } }),
  ];
}

// ---------------------------------------------------------------- adm-zip

function admZip() {
  const c = js('adm-zip', 'adm-zip 0.5.18');
  const ZIP = `${PY} -c "import zipfile,os; z=zipfile.ZipFile('release.zip','w',zipfile.ZIP_DEFLATED); [z.writestr(f'app/part{i}.txt', os.urandom(20000).hex()) for i in range(8)]; z.close()" && `;
  const STORED = `${PY} -c "import zipfile; z=zipfile.ZipFile('release.zip','w',zipfile.ZIP_STORED); z.writestr('app/config.json', '{\\"name\\": \\"app\\", \\"version\\": \\"1.4.0\\", \\"replicas\\": 3}'*20); z.close()" && `;
  const all = "const AdmZip = require('adm-zip');\nconst zip = new AdmZip('release.zip');\nzip.extractAllTo('out', true);\nconsole.log('extracted', zip.getEntries().length, 'files');\n";
  const entry = "const AdmZip = require('adm-zip');\nconst zip = new AdmZip('release.zip');\nzip.extractEntryTo('app/config.yml', 'out', false, true);\nconsole.log('config extracted');\n";
  return [
    c('not-a-zip', 'ERROR_RESPONSE', all, { files: { 'release.zip': '<html><body><h1>404 Not Found</h1></body></html>\n' } }),
    c('missing', 'ERROR_RESPONSE', all),
    c('member-missing', 'ERROR_RESPONSE', entry, { cmd: `${ZIP}${NODE}` }),
    // A byte of the stored member changed: its CRC-32 no longer matches.
    c('crc', 'DATA_CORRUPTION', all, { cmd: `${STORED}printf 'X' | dd of=release.zip bs=1 seek=80 conv=notrunc 2>/dev/null && ${NODE}` }),
    c('permission-denied', 'ERROR_RESPONSE', all, { cmd: `${ZIP}chmod 000 release.zip && ${NOPRIV} sh -c '${NODE}'` }),
    c('disk-full', 'RESOURCE_EXHAUSTION', all, { cmd: `${ZIP}${tinyFs('out', NODE)}` }),
    c('read-only', 'ERROR_RESPONSE', all, { cmd: `${ZIP}${roFs('out', NODE)}` }),
    // A file the program packs is not there (the build did not make it): the input missing, ERROR_RESPONSE.
    c('add-missing', 'ERROR_RESPONSE', "const AdmZip = require('adm-zip');\nconst zip = new AdmZip();\nzip.addLocalFile('dist/app.js');\nzip.addLocalFile('package.json');\nzip.writeZip('release.zip');\nconsole.log('release.zip written');\n", { files: { 'package.json': '{}\n' } }),
  ];
}

// ---------------------------------------------------------------- jszip

function jszip() {
  const c = js('jszip', 'jszip 3.10');
  const ZIP = `${PY} -c "import zipfile,os; z=zipfile.ZipFile('release.zip','w',zipfile.ZIP_DEFLATED); [z.writestr(f'app/part{i}.txt', os.urandom(20000).hex()) for i in range(8)]; z.writestr('manifest.json', '{}'); z.close()" && `;
  const STORED = `${PY} -c "import zipfile; z=zipfile.ZipFile('release.zip','w',zipfile.ZIP_STORED); z.writestr('app/config.json', '{\\"name\\": \\"app\\", \\"version\\": \\"1.4.0\\"}'*20); z.close()" && `;
  const list = "const JSZip = require('jszip');\nconst fs = require('fs');\n(async () => {\n  const zip = await JSZip.loadAsync(fs.readFileSync('release.zip'), { checkCRC32: true });\n  for (const [name, f] of Object.entries(zip.files)) if (!f.dir) console.log(name, (await f.async('string')).length);\n})();\n";
  const manifest = "const JSZip = require('jszip');\nconst fs = require('fs');\n(async () => {\n  const zip = await JSZip.loadAsync(fs.readFileSync('release.zip'));\n  const manifest = JSON.parse(await zip.file('META-INF/manifest.json').async('string'));\n  console.log(manifest.version);\n})();\n";
  const write = (data = "fs.readFileSync('app/main.js')") => `const JSZip = require('jszip');\nconst fs = require('fs');\n(async () => {\n  const zip = new JSZip();\n  zip.file('main.js', ${data});\n  zip.file('blob.bin', fs.readFileSync('blob.bin'));\n  const buf = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });\n  fs.writeFileSync('dist/bundle.zip', buf);\n  console.log('bundle written', buf.length);\n})();\n`;
  const BLOB = 'mkdir -p app dist && echo "console.log(1)" > app/main.js && head -c 300000 /dev/urandom > blob.bin && ';
  return [
    c('not-a-zip', 'ERROR_RESPONSE', list, { files: { 'release.zip': '<html><body><h1>404 Not Found</h1></body></html>\n' } }),
    c('truncated', 'ERROR_RESPONSE', list, { cmd: `${ZIP}head -c 30000 release.zip > r && mv r release.zip && ${NODE}` }),
    c('missing', 'ERROR_RESPONSE', list),
    c('crc', 'DATA_CORRUPTION', list, { cmd: `${STORED}printf 'X' | dd of=release.zip bs=1 seek=80 conv=notrunc 2>/dev/null && ${NODE}` }),
    // An encrypted archive: input in a form the library does not read.
    c('encrypted', 'ERROR_RESPONSE', list, { cmd: `mkdir app && echo 'secret build' > app/notes.txt && zip -q -P hunter2 release.zip app/notes.txt && ${NODE}` }),
    c('bzip2', 'ERROR_RESPONSE', list, { cmd: `mkdir app && seq 1 5000 > app/numbers.txt && 7z a -tzip -mm=BZip2 release.zip app >/dev/null && ${NODE}` }),
    // Ambiguous: the archive lacks the member, but what fails is the program's null dereference (zip.file() returned null): CLI_CRASH.
    c('member-null', 'CLI_CRASH', manifest, { cmd: `${ZIP}${NODE}` }),
    c('bad-data-type', 'CLI_CRASH', write('42'), { cmd: `${BLOB}${NODE}` }),
    c('disk-full', 'RESOURCE_EXHAUSTION', write(), { cmd: `${BLOB}${tinyFs('dist', NODE)}` }),
  ];
}

// ---------------------------------------------------------------- commander

function commander() {
  const c = js('commander', 'commander 12.1');
  const deploy = "const { program, Option, InvalidArgumentError } = require('commander');\nconst count = (v) => { const n = Number.parseInt(v, 10); if (Number.isNaN(n)) throw new InvalidArgumentError('Not a number.'); return n; };\nprogram.name('deploy').argument('<environment>', 'where to deploy')\n  .requiredOption('-t, --tag <tag>', 'image tag')\n  .addOption(new Option('-r, --region <region>', 'region').choices(['eu-west', 'us-east']))\n  .option('-n, --replicas <count>', 'replica count', count, 2)\n  .allowExcessArguments(false)\n  .action((env, opts) => console.log('deploying', env, opts));\nprogram.parse();\n";
  const sub = "const { program } = require('commander');\nprogram.name('ops');\nprogram.command('deploy <environment>').action((env) => console.log('deploying', env));\nprogram.command('rollback <environment>').action((env) => console.log('rolling back', env));\nprogram.parse();\n";
  const run = (args) => `${NODE} ${args}`;
  return [
    c('unknown-option', 'ERROR_RESPONSE', deploy, { cmd: run('staging -t v1.4 --force') }),
    c('missing-argument', 'ERROR_RESPONSE', deploy, { cmd: run('-t v1.4') }),
    c('missing-mandatory', 'ERROR_RESPONSE', deploy, { cmd: run('staging') }),
    c('bad-choice', 'ERROR_RESPONSE', deploy, { cmd: run('staging -t v1.4 -r ap-south') }),
    c('invalid-argument', 'ERROR_RESPONSE', deploy, { cmd: run('staging -t v1.4 -n three') }),
    c('option-argument-missing', 'ERROR_RESPONSE', deploy, { cmd: run('staging -t') }),
    c('excess-arguments', 'ERROR_RESPONSE', deploy, { cmd: run('staging production -t v1.4') }),
    c('unknown-command', 'ERROR_RESPONSE', sub, { cmd: run('deplyo staging') }),
    // The program defines two options with the same short flag: its own definition refused, CLI_CRASH.
    c('conflicting-flag', 'CLI_CRASH', "const { program } = require('commander');\nprogram.option('-p, --port <port>', 'port').option('-p, --proxy <url>', 'proxy');\nprogram.parse();\nconsole.log(program.opts());\n", { cmd: run('-p 8080') }),
  ];
}

// ---------------------------------------------------------------- proper-lockfile

function properLockfile() {
  const c = js('proper-lockfile', 'proper-lockfile 4.1');
  const HOLD = "const lockfile = require('proper-lockfile');\nlockfile.lockSync('data/state.json');\nrequire('fs').writeFileSync('held', '');\nsetTimeout(() => {}, 30000);\n";
  const held = (run) => `mkdir -p data && echo '{}' > data/state.json; NODE_PATH=$(npm root -g) node hold.js & hold=$!; trap 'kill $hold 2>/dev/null' EXIT; for i in $(seq 100); do [ -f held ] && break; sleep 0.05; done; ${run}`;
  const lock = (opts = '{}') => `const lockfile = require('proper-lockfile');\n(async () => {\n  const release = await lockfile.lock('data/state.json', ${opts});\n  console.log('state locked');\n  await release();\n})();\n`;
  const DATA = "mkdir -p data && echo '{}' > data/state.json && ";
  return [
    c('held', 'RESOURCE_BUSY', lock(), { files: { 'hold.js': HOLD }, cmd: held(NODE) }),
    // The lock's directory is a file (a path the program was given that is not a directory): ERROR_RESPONSE, as a missing file.
    c('not-a-directory', 'ERROR_RESPONSE', lock(), { cmd: `echo '{}' > data && ${NODE}` }),
    c('held-sync', 'RESOURCE_BUSY', "const lockfile = require('proper-lockfile');\nconst release = lockfile.lockSync('data/state.json');\nconsole.log('state locked');\nrelease();\n", { files: { 'hold.js': HOLD }, cmd: held(NODE) }),
    c('missing', 'ERROR_RESPONSE', lock()),
    c('permission-denied', 'ERROR_RESPONSE', lock(), { cmd: `${DATA}chmod 555 data && ${NOPRIV} sh -c '${NODE}'` }),
    c('read-only', 'ERROR_RESPONSE', lock('{ realpath: false }'), { cmd: roFs('data', NODE) }),
    // The program releases a lock it never took: its own defect, CLI_CRASH.
    c('not-acquired', 'CLI_CRASH', "const lockfile = require('proper-lockfile');\nlockfile.unlockSync('data/state.json');\nconsole.log('released');\n", { cmd: `${DATA}${NODE}` }),
    c('check-missing', 'ERROR_RESPONSE', "const lockfile = require('proper-lockfile');\n(async () => {\n  if (await lockfile.check('data/cache.db')) throw new Error('cache busy');\n  console.log('cache free');\n})();\n", { cmd: `mkdir -p data && ${NODE}` }),
  ];
}

// ---------------------------------------------------------------- mongodb

function mongodb() {
  const c = js('mongodb', 'mongodb driver 6.22');
  const src = (url = 'process.env.MONGO_URL') => `const { MongoClient } = require('mongodb');\n(async () => {\n  const client = new MongoClient(${url}, { serverSelectionTimeoutMS: 1500, connectTimeoutMS: 1000 });\n  await client.connect();\n  console.log(await client.db('app').collection('jobs').findOne({ state: 'queued' }));\n  await client.close();\n})();\n`;
  const at = (pre) => `${pre}export MONGO_URL=mongodb://127.0.0.1:$PORT/app; ${NODE}`;
  return [
    c('refused', 'NETWORK', src(), { cmd: at(REFUSED) }),
    c('dns', 'NETWORK', src("'mongodb://db.internal.invalid:27017/app'")),
    c('srv-dns', 'NETWORK', src("'mongodb+srv://cluster0.internal.invalid/app'")),
    // A server that accepts and never answers the driver's hello: no answer in time.
    c('silent', 'TIMEOUT', src(), { cmd: at(SILENT) }),
    c('closed', 'NETWORK', src(), { cmd: at(CLOSER) }),
    c('reset', 'NETWORK', src(), { files: { 'line-srv.py': LINE_SRV }, cmd: serveLine('reset', `export MONGO_URL=mongodb://127.0.0.1:$PORT/app; ${NODE}`) }),
    // The program's own literal connection string: its defect, CLI_CRASH.
    c('bad-scheme', 'CLI_CRASH', src("'mongo://127.0.0.1:27017/app'")),
    c('bad-option', 'CLI_CRASH', src("'mongodb://127.0.0.1:27017/app?tls=maybe'")),
  ];
}

// ---------------------------------------------------------------- httpx

function httpx() {
  const c = py('httpx', 'python3-httpx 0.23');
  const get = (url = "os.environ['URL'] + '/v1/jobs'", extra = '') => `import os, httpx\nr = httpx.get(${url}, timeout=1.0${extra})\nr.raise_for_status()\nprint(r.json())\n`;
  return [
    c('refused', 'NETWORK', get("'http://127.0.0.1:1/v1/jobs'")),
    c('dns', 'NETWORK', get("'https://api.no-such-host.invalid/v1/jobs'")),
    c('read-timeout', 'TIMEOUT', get(), { http: { status: 'sleep' } }),
    c('401', 'AUTH_REQUIRED', get(), { http: { status: 401, body: '{"detail":"Not authenticated"}' } }),
    c('404', 'ERROR_RESPONSE', get(), { http: { status: 404, body: '{"detail":"Not Found"}' } }),
    c('429', 'RATE_LIMIT', get(), { http: { status: 429, body: '{"detail":"rate limited"}' } }),
    c('500', 'SERVER_ERROR', get(), { http: { status: 500, body: '{"detail":"internal"}' } }),
    c('503', 'SERVER_OVERLOADED', get(), { http: { status: 503, body: '' } }),
    c('self-signed', 'CERTIFICATE_ERROR', get(), { http: { status: 200, tls: 'valid', body: '{}' } }),
    c('reset', 'NETWORK', get("f\"http://127.0.0.1:{os.environ['PORT']}/v1/jobs\""), { files: { 'line-srv.py': LINE_SRV }, cmd: serveLine('reset', `${PY} main.py`) }),
    c('not-json', 'JSON_PARSE_ERROR', get(), { http: { status: 200, body: '<html><body>Maintenance</body></html>' } }),
  ];
}

// ---------------------------------------------------------------- ruamel.yaml

function ruamelYaml() {
  const c = py('ruamel-yaml', 'python3-ruamel.yaml 0.17');
  const load = "from ruamel.yaml import YAML\nyaml = YAML()\nwith open('deploy.yml') as f:\n    cfg = yaml.load(f)\nprint(cfg['target'])\n";
  const yml = (text) => ({ files: { 'deploy.yml': text } });
  const dump = "from ruamel.yaml import YAML\nyaml = YAML()\ncfg = {'target': 'staging', 'steps': [f'step {i}: ' + 'x' * 200 for i in range(2000)]}\nwith open('out/deploy.yml', 'w') as f:\n    yaml.dump(cfg, f)\n";
  return [
    c('bad-indent', 'BROKEN_BUILD', load, yml('target: staging\n  replicas: 3\nregion: eu\n')),
    c('tab', 'BROKEN_BUILD', load, yml('target: staging\nsteps:\n\t- build\n')),
    c('duplicate-key', 'BROKEN_BUILD', load, yml('target: staging\nreplicas: 3\ntarget: production\n')),
    c('unclosed-quote', 'BROKEN_BUILD', load, yml('target: "staging\nreplicas: 3\n')),
    c('unknown-alias', 'BROKEN_BUILD', load, yml('target: staging\nenv: *defaults\n')),
    c('missing', 'ERROR_RESPONSE', load),
    c('permission-denied', 'ERROR_RESPONSE', load, { cmd: `echo 'target: staging' > deploy.yml && chmod 000 deploy.yml && ${NOPRIV} ${PY} main.py` }),
    c('disk-full', 'RESOURCE_EXHAUSTION', dump, { cmd: tinyFs('out', `${PY} main.py`) }),
    c('read-only', 'ERROR_RESPONSE', dump, { cmd: roFs('out', `${PY} main.py`) }),
    // The program dumps an object of its own class that no representer knows: its defect.
    c('unrepresentable', 'CLI_CRASH', "import sys\nfrom ruamel.yaml import YAML\nclass Target:\n    def __init__(self, name):\n        self.name = name\nYAML().dump({'target': Target('staging')}, sys.stdout)\n"),
  ];
}

// ---------------------------------------------------------------- openpyxl

function openpyxl() {
  const c = py('openpyxl', 'python3-openpyxl 3.0');
  const XLSX = `${PY} -c "from openpyxl import Workbook; wb=Workbook(); ws=wb.active; ws.title='Data'; [ws.append([i, f'item {i}', i*1.5]) for i in range(200)]; wb.save('report.xlsx')" && `;
  const read = (name = 'report.xlsx', sheet = 'Data') => `from openpyxl import load_workbook\nwb = load_workbook(${JSON.stringify(name)})\nws = wb[${JSON.stringify(sheet)}]\nprint(sum(r[2] for r in ws.iter_rows(values_only=True)))\n`;
  const write = (cell = "'A1'", value = "'total'") => `from openpyxl import Workbook\nwb = Workbook()\nws = wb.active\nws[${cell}] = ${value}\nfor i in range(3000):\n    ws.append([i, 'row %d ' % i + 'x' * 100, i * 2.5])\nwb.save('out/summary.xlsx')\n`;
  return [
    c('not-a-workbook', 'ERROR_RESPONSE', read(), { files: { 'report.xlsx': '<html><body><h1>Session expired</h1></body></html>\n' } }),
    c('old-xls', 'ERROR_RESPONSE', read('report.xls'), { files: { 'report.xls': 'legacy\n' } }),
    // The workbook the program reads lacks the sheet it names: the input's answer (as an archive's missing member); ambiguous, a KeyError.
    c('sheet-missing', 'ERROR_RESPONSE', read('report.xlsx', 'Summary'), { cmd: `${XLSX}${PY} main.py` }),
    c('missing', 'ERROR_RESPONSE', read('exports/report.xlsx')),
    c('permission-denied', 'ERROR_RESPONSE', read(), { cmd: `${XLSX}chmod 000 report.xlsx && ${NOPRIV} ${PY} main.py` }),
    c('disk-full', 'RESOURCE_EXHAUSTION', write(), { cmd: `mkdir -p out && ${tinyFs('out', `${PY} main.py`, '16k')}` }),
    c('read-only', 'ERROR_RESPONSE', write(), { cmd: roFs('out', `${PY} main.py`) }),
    // The program's own coordinate (row 0 does not exist): its defect.
    c('bad-coordinate', 'CLI_CRASH', write("'A0'"), { cmd: `mkdir -p out && ${PY} main.py` }),
    c('illegal-character', 'CLI_CRASH', write("'A1'", "'total\\x01'"), { cmd: `mkdir -p out && ${PY} main.py` }),
  ];
}

// ---------------------------------------------------------------- filelock

function filelock() {
  const c = py('filelock', 'python3-filelock 3.9');
  const HOLD = "import time\nfrom filelock import FileLock\nlock = FileLock('build.lock')\nlock.acquire()\nopen('held', 'w').close()\ntime.sleep(30)\n";
  const held = (run) => `${PY} hold.py & hold=$!; trap 'kill $hold 2>/dev/null' EXIT; for i in $(seq 100); do [ -f held ] && break; sleep 0.05; done; ${run}`;
  const files = { 'hold.py': HOLD };
  const build = (lock = "FileLock('build.lock', timeout=1)") => `from filelock import FileLock, SoftFileLock\nwith ${lock}:\n    print('building')\n`;
  return [
    c('held-timeout', 'RESOURCE_BUSY', build(), { files, cmd: held(`${PY} main.py`) }),
    c('held-nonblocking', 'RESOURCE_BUSY', build("FileLock('build.lock', timeout=0)"), { files, cmd: held(`${PY} main.py`) }),
    c('held-acquire', 'RESOURCE_BUSY', "from filelock import FileLock\nlock = FileLock('build.lock')\nlock.acquire(timeout=0.5, poll_interval=0.1)\nprint('building')\nlock.release()\n", { files, cmd: held(`${PY} main.py`) }),
    // A soft lock's file left by another process: held (it would free itself when that process finishes).
    c('soft-held', 'RESOURCE_BUSY', build("SoftFileLock('build.lock', timeout=1)"), { cmd: `echo 4242 > build.lock && ${PY} main.py` }),
    c('permission-denied', 'ERROR_RESPONSE', build("FileLock('locks/build.lock', timeout=1)"), { cmd: `mkdir locks && chmod 555 locks && ${NOPRIV} ${PY} main.py` }),
    c('read-only', 'ERROR_RESPONSE', build("FileLock('locks/build.lock', timeout=1)"), { cmd: roFs('locks', `${PY} main.py`) }),
    c('missing-dir', 'ERROR_RESPONSE', build("FileLock('locks/build.lock', timeout=1)")),
    // The program passes a timeout as a string: its own value, CLI_CRASH.
    c('bad-timeout', 'CLI_CRASH', build("FileLock('build.lock', timeout='5s')"), { files, cmd: held(`${PY} main.py`) }),
  ];
}

// ---------------------------------------------------------------- python-docx

function docx() {
  const c = py('python-docx', 'python3-docx 0.8.11');
  const open = (name = 'notes.docx') => `import docx\nd = docx.Document(${JSON.stringify(name)})\nprint(len(d.paragraphs), 'paragraphs')\n`;
  const make = (body, out = 'out/report.docx') => `import docx\nd = docx.Document()\nd.add_heading('Weekly report', 1)\n${body}for i in range(400):\n    d.add_paragraph('Line %d: ' % i + 'x' * 400)\nd.save(${JSON.stringify(out)})\n`;
  return [
    c('not-a-docx', 'ERROR_RESPONSE', open(), { files: { 'notes.docx': '<html><body><h1>404 Not Found</h1></body></html>\n' } }),
    c('picture-missing', 'ERROR_RESPONSE', make("d.add_picture('assets/logo.png')\n", 'report.docx')),
    c('missing', 'ERROR_RESPONSE', open('docs/notes.docx')),
    c('permission-denied', 'ERROR_RESPONSE', make(''), { cmd: `mkdir out && chmod 555 out && ${NOPRIV} ${PY} main.py` }),
    c('picture-not-image', 'ERROR_RESPONSE', make("d.add_picture('logo.png')\n", 'report.docx'), { files: { 'logo.png': '<svg xmlns="http://www.w3.org/2000/svg"/>\n' } }),
    c('disk-full', 'RESOURCE_EXHAUSTION', make(''), { cmd: `mkdir -p out && ${tinyFs('out', `${PY} main.py`, '8k')}` }),
    c('read-only', 'ERROR_RESPONSE', make(''), { cmd: roFs('out', `${PY} main.py`) }),
    // A style name the program's own code passed that the default template lacks: its defect.
    c('style-missing', 'CLI_CRASH', make("d.add_paragraph('Summary', style='Heading Nine')\n", 'report.docx')),
    c('cell-index', 'CLI_CRASH', make("t = d.add_table(rows=2, cols=3)\nt.cell(2, 0).text = 'total'\n", 'report.docx')),
  ];
}

// ---------------------------------------------------------------- PyMySQL

function pymysql() {
  const c = py('pymysql', 'python3-pymysql 1.0');
  // A server that answers the handshake with an error packet, as MySQL does before the greeting
  // when it refuses a connection (too many connections, a blocked or unknown host).
  const ERR_SRV = "import os, socket, struct, sys\ncode, msg = int(sys.argv[1]), sys.argv[2]\ns = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', 0)); s.listen(5)\nopen('port.tmp', 'w').write(str(s.getsockname()[1])); os.rename('port.tmp', 'port')\nwhile True:\n    c, _ = s.accept()\n    if code == 0:\n        c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0)); c.close(); continue\n    p = b'\\xff' + struct.pack('<H', code) + sys.argv[3].encode() + msg.encode()\n    c.sendall(struct.pack('<I', len(p))[:3] + b'\\x00' + p)\n    c.close()\n";
  const src = "import os, pymysql\nconn = pymysql.connect(host=os.environ.get('DB_HOST', '127.0.0.1'), port=int(os.environ['PORT']), user='app', password='secret', database='app', connect_timeout=2, read_timeout=2)\nwith conn.cursor() as cur:\n    cur.execute('select count(*) from jobs')\n    print(cur.fetchone())\n";
  const err = (code, msg, state = '#HY000') => `${PY} err-srv.py ${code} "${msg}" '${state}' >/dev/null 2>&1 & for i in $(seq 100); do [ -f port ] && break; sleep 0.05; done; export PORT=$(cat port); ${PY} main.py; r=$?; kill %1 2>/dev/null; exit $r`;
  const files = { 'err-srv.py': ERR_SRV };
  return [
    c('refused', 'NETWORK', src, { cmd: `${REFUSED}${PY} main.py` }),
    c('dns', 'NETWORK', src, { cmd: `export PORT=3306 DB_HOST=mysql.internal.invalid; ${PY} main.py` }),
    c('silent', 'TIMEOUT', src, { cmd: `${SILENT}${PY} main.py` }),
    c('closed', 'NETWORK', src, { cmd: `${CLOSER}${PY} main.py` }),
    // The server resets the connection before its greeting.
    c('reset', 'NETWORK', src, { files, cmd: err(0, '') }),
    c('too-many-1040', 'RESOURCE_EXHAUSTION', src, { files, cmd: err(1040, 'Too many connections', '#08004') }),
    c('host-blocked-1129', 'ERROR_RESPONSE', src, { files, cmd: err(1129, "Host '127.0.0.1' is blocked because of many connection errors; unblock with 'mysqladmin flush-hosts'") }),
    // The server refuses this client's host: access refused by the server's grants (ambiguous: no credential was checked).
    c('host-not-allowed-1130', 'AUTH_REQUIRED', src, { files, cmd: err(1130, "Host '127.0.0.1' is not allowed to connect to this MySQL server") }),
  ];
}

/** The nineteenth capture's families, in the order they were written. */
export function firstSightNineteenthCases() {
  return [...got(), ...nodeFetch(), ...nodemailer(), ...basicFtp(), ...mqtt(), ...admZip(), ...jszip(), ...commander(), ...properLockfile(), ...mongodb(), ...httpx(), ...ruamelYaml(), ...openpyxl(), ...filelock(), ...docx(), ...pymysql()];
}
