/**
 * First-sight families, part 8 (the fourth capture, issue 30): network clients that no rule pack,
 * registry or earlier capture names — a version-control client and its server (mercurial), a
 * download manager (aria2), a mail submission client (msmtp), an S3 client (s3cmd), a socket
 * relay (socat) and Python's FTP client (ftplib, against pyftpdlib) — against local servers: the corpus's HTTP(S) server (`http`), the corpus's SMTP
 * server, servers the case starts on a free port, refused ports and names under `.invalid`. Each
 * case's `type` was written here, by the rules of first-sight-cli.mjs and the parts after it, before
 * the classifier was asked about any of these texts; for these families in particular:
 * - HTTP statuses and SMTP replies as the corpus reads them (401/403 and SMTP 530/535
 *   AUTH_REQUIRED, 404 ERROR_RESPONSE, 429 and a "slow down"/"rate" reply RATE_LIMIT, 500
 *   SERVER_ERROR, 503 and SMTP 421 SERVER_OVERLOADED, a 5xx on a recipient or message a refusal);
 *   an FTP 530 is AUTH_REQUIRED, 421 SERVER_OVERLOADED, 550 on a file that is not there
 *   ERROR_RESPONSE, and 550 "not enough privileges" AUTH_REQUIRED (an account refused an action,
 *   as HTTP 403; FTP's 550 says only "not taken": ambiguous);
 *   an S3 error code names its cause (AccessDenied, InvalidAccessKeyId, SignatureDoesNotMatch
 *   AUTH_REQUIRED; ExpiredToken AUTH_EXPIRED; NoSuchBucket ERROR_RESPONSE; SlowDown RATE_LIMIT);
 * - a repository lock that another process holds is RESOURCE_BUSY, also when the wait ran out; a
 *   merge that conflicts is ERROR_RESPONSE (as git's); a commit a hook refuses QUALITY_GATE_FAIL;
 * - a download whose digest does not match is DATA_CORRUPTION (README: a checksum that does not
 *   match); a full disk RESOURCE_EXHAUSTION; a port another process holds ERROR_RESPONSE (as
 *   Node's EADDRINUSE); a port below 1024 that an unprivileged user may not bind is a privilege the
 *   run lacks, AUTH_REQUIRED (as strace's ptrace; DESIGN names no such case);
 * - a client's configuration file that does not load (a command it does not know) is BROKEN_BUILD,
 *   as mosquitto's unknown option.
 */
import { join } from 'node:path';
import { ROOT } from '../tools.mjs';
import { FREE_PORT, WAIT_PORT } from './first-sight-services.mjs';

const tool = (family) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, ...extra });
const status = (code, body = '', headers = []) => ({ http: { status: code, body, headers } });

function mercurial() {
  const c = (id, type, cmd, extra = {}) => ({ ...tool('mercurial')(id, type, cmd, extra.files ?? {}, extra), env: { HGUSER: 'ci <ci@example.test>', HGPLAIN: '1' }, timeoutMs: 60_000 });
  // A repository with one committed file.
  const repo = 'hg init repo && cd repo && echo 1.0 > VERSION && hg add -q VERSION && hg commit -q -m "initial import"';
  return [
    c('refused', 'NETWORK', 'hg clone --noninteractive http://127.0.0.1:1/app app'),
    c('dns', 'NETWORK', 'hg clone --noninteractive https://hg.internal.invalid/app app'),
    c('401', 'AUTH_REQUIRED', 'hg clone --noninteractive $URL/app app', status(401, 'Unauthorized\n', ['WWW-Authenticate:Basic realm="hg"'])),
    c('403', 'AUTH_REQUIRED', 'hg clone --noninteractive $URL/app app', status(403, 'Forbidden\n')),
    c('404', 'ERROR_RESPONSE', 'hg clone --noninteractive $URL/app app', status(404, 'Not Found\n')),
    c('500', 'SERVER_ERROR', 'hg clone --noninteractive $URL/app app', status(500, 'Internal Server Error\n')),
    c('self-signed', 'CERTIFICATE_ERROR', 'hg clone --noninteractive $URL/app app', { http: { status: 200, body: '', tls: 'valid' } }),
    // The wait for the lock ran out, but the lock is what failed it: held by another process.
    c('lock-held', 'RESOURCE_BUSY', `${repo} && (timeout 10 hg debuglocks --set-lock </dev/null >/dev/null 2>&1 &) && sleep 2 && echo 1.1 > VERSION && hg --config ui.timeout=2 commit -m "bump to 1.1"`),
    c('merge-conflict', 'ERROR_RESPONSE', `${repo} && echo 1.1 > VERSION && hg commit -q -m "bump to 1.1" && hg update -q 0 && echo 2.0 > VERSION && hg commit -q -m "bump to 2.0" && hg merge --tool :merge`),
    c('hook-rejected', 'QUALITY_GATE_FAIL', `${repo} && printf '[hooks]\\npretxncommit.ticket = hg log -r $HG_NODE -T "{desc}" | grep -q "^[A-Z][A-Z]*-[0-9]" || { echo "commit message must start with a ticket id (e.g. OPS-123)"; exit 1; }\\n' >> .hg/hgrc && echo 1.1 > VERSION && hg commit -m "bump version"`),
    c('not-a-repository', 'ERROR_RESPONSE', 'hg status'),
    c('unknown-revision', 'ERROR_RESPONSE', `${repo} && hg update release-2.0`),
    c('serve-port-in-use', 'ERROR_RESPONSE', `${repo} && ${FREE_PORT} && (python3 -c 'import socket, sys, time; s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(); time.sleep(20)' $port &) && ${WAIT_PORT} && hg serve -a 127.0.0.1 -p $port`, { origin: 'hg serve -p PORT (its port held by another process)' }),
  ];
}

function aria2() {
  const c = (id, type, cmd, extra = {}) => ({ ...tool('aria2')(id, type, `aria2c --max-tries=1 --retry-wait=0 --summary-interval=0 --console-log-level=warn --dir=downloads ${cmd}`, {}, extra), origin: `aria2c ${cmd}`, timeoutMs: 60_000 });
  const body = 'release tarball\n';
  return [
    c('404', 'ERROR_RESPONSE', '$URL/releases/app-1.4.tar.gz', status(404, 'Not Found\n')),
    c('401', 'AUTH_REQUIRED', '$URL/releases/app-1.4.tar.gz', status(401, 'Unauthorized\n', ['WWW-Authenticate:Basic realm="releases"'])),
    c('403', 'AUTH_REQUIRED', '$URL/releases/app-1.4.tar.gz', status(403, 'Forbidden\n')),
    c('500', 'SERVER_ERROR', '$URL/releases/app-1.4.tar.gz', status(500, 'Internal Server Error\n')),
    c('503', 'SERVER_OVERLOADED', '$URL/releases/app-1.4.tar.gz', status(503, 'Service Unavailable\n')),
    c('refused', 'NETWORK', 'http://127.0.0.1:1/releases/app-1.4.tar.gz'),
    c('dns', 'NETWORK', 'https://mirror.internal.invalid/releases/app-1.4.tar.gz'),
    c('self-signed', 'CERTIFICATE_ERROR', '$URL/releases/app-1.4.tar.gz', { http: { status: 200, body, tls: 'valid' } }),
    c('timeout', 'TIMEOUT', '--timeout=2 --connect-timeout=2 $URL/releases/app-1.4.tar.gz', { http: { status: 'sleep' } }),
    c('checksum', 'DATA_CORRUPTION', '--checksum=sha-256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 $URL/releases/app-1.4.tar.gz', { http: { status: 200, body } }),
    {
      ...tool('aria2')('disk-full', 'RESOURCE_EXHAUSTION', "unshare --map-root-user --mount sh -c 'mkdir -p downloads && mount -t tmpfs -o size=64k tmpfs downloads && aria2c --max-tries=1 --summary-interval=0 --console-log-level=warn --file-allocation=none --dir=downloads \"$URL/releases/app-1.4.tar.gz\"'", {}, { http: { status: 200, body: 'x'.repeat(400_000) } }),
      origin: 'aria2c --dir=downloads URL (downloads: a 64 KiB file system)', timeoutMs: 60_000,
    },
  ];
}

function msmtp() {
  const MAIL = 'From: ci@example.test\nTo: oncall@example.test\nSubject: nightly build failed\n\nSee the attached log.\n';
  const send = '--host=127.0.0.1 --port=$(cat port) --from=ci@example.test';
  const c = (id, type, replies, flags, extra = {}) => ({
    id: `msmtp.${id}`, source: 'msmtp', type, files: { 'report.eml': MAIL },
    cmd: `${extra.tls ? 'export CORPUS_TLS_PEM=$CERTS/valid.pem; ' : ''}python3 "$SMTP_SERVER" port ${replies.map((r) => `'${r}'`).join(' ')} >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; msmtp ${send} ${flags} oncall@example.test < report.eml`,
    origin: `msmtp ${send} ${flags} oncall@example.test < report.eml (against a local SMTP server)`, timeoutMs: 60_000,
    env: { SMTP_SERVER: join(ROOT, 'scripts', 'corpus', 'smtp-server.py') },
  });
  const plain = (id, type, cmd, files = {}) => ({ id: `msmtp.${id}`, source: 'msmtp', type, files: { 'report.eml': MAIL, ...files }, cmd, timeoutMs: 60_000 });
  const login = '--auth=plain --user=ci --passwordeval="echo mail-pass" --tls=off';
  return [
    c('auth-535', 'AUTH_REQUIRED', ['AUTH=535 5.7.8 Error: authentication failed: UGFzc3dvcmQ6'], login),
    c('auth-required-530', 'AUTH_REQUIRED', ['MAIL=530 5.7.0 Authentication required'], '--auth=off --tls=off'),
    c('busy-421', 'SERVER_OVERLOADED', ['GREETING=421 4.3.2 mail.example.test Service not available, too many concurrent connections'], '--auth=off --tls=off'),
    c('rate-451', 'RATE_LIMIT', ['MAIL=451 4.7.1 Sender rate limit exceeded, try again later'], '--auth=off --tls=off'),
    c('recipient-550', 'ERROR_RESPONSE', ['RCPT=550 5.1.1 <oncall@example.test>: Recipient address rejected: User unknown in virtual mailbox table'], '--auth=off --tls=off'),
    c('message-552', 'ERROR_RESPONSE', ['DATA=552 5.3.4 Message size exceeds fixed maximum message size'], '--auth=off --tls=off'),
    c('greeting-timeout', 'TIMEOUT', ['GREETING=sleep'], '--auth=off --tls=off --timeout=2'),
    c('starttls-self-signed', 'CERTIFICATE_ERROR', [], '--auth=off --tls=on --tls-starttls=on --tls-trust-file=/etc/ssl/certs/ca-certificates.crt', { tls: true }),
    c('no-password', 'AUTH_REQUIRED', [], '--auth=plain --user=ci --tls=off'),
    plain('refused', 'NETWORK', 'msmtp --host=127.0.0.1 --port=1 --from=ci@example.test --auth=off --tls=off oncall@example.test < report.eml'),
    plain('dns', 'NETWORK', 'msmtp --host=smtp.internal.invalid --port=587 --from=ci@example.test --auth=off --tls=off oncall@example.test < report.eml'),
    plain('config-unknown-command', 'BROKEN_BUILD', 'msmtp --file=msmtprc oncall@example.test < report.eml', { msmtprc: 'account default\nhots smtp.example.test\nfrom ci@example.test\nauth on\nuser ci\n' }),
  ];
}

function s3cmd() {
  // s3cmd against the local HTTP server, which answers every request with an S3 error document.
  const cfg = '[default]\naccess_key = ci-access-key\nsecret_key = ci-secret-key\nuse_https = False\n';
  const s3err = (code, message) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>4F2A1C9E7B3D</RequestId><HostId>a1b2c3</HostId></Error>`;
  const c = (id, type, args, http, extra = {}) => ({
    ...tool('s3cmd')(id, type, `h=\${URL#*://}; s3cmd -c s3cfg --host=$h --host-bucket=$h ${args}`, { s3cfg: cfg }, { http, ...extra }),
    origin: `s3cmd ${args} (against a local server)`, timeoutMs: 150_000,
  });
  const s3 = (code, s, message) => ({ status: s, body: s3err(code, message), headers: ['Content-Type:application/xml'] });
  return [
    c('access-denied', 'AUTH_REQUIRED', 'ls s3://releases', s3('AccessDenied', 403, 'Access Denied')),
    c('invalid-key', 'AUTH_REQUIRED', 'ls s3://releases', s3('InvalidAccessKeyId', 403, 'The AWS Access Key Id you provided does not exist in our records.')),
    c('signature', 'AUTH_REQUIRED', 'put report.txt s3://releases/report.txt', s3('SignatureDoesNotMatch', 403, 'The request signature we calculated does not match the signature you provided. Check your key and signing method.'), { files: { s3cfg: cfg, 'report.txt': 'build report\n' } }),
    c('expired-token', 'AUTH_EXPIRED', 'ls s3://releases', s3('ExpiredToken', 400, 'The provided token has expired.')),
    c('no-such-bucket', 'ERROR_RESPONSE', 'ls s3://releases', s3('NoSuchBucket', 404, 'The specified bucket does not exist')),
    c('slow-down', 'RATE_LIMIT', '--region=us-east-1 ls s3://releases', s3('SlowDown', 503, 'Please reduce your request rate.')),
    c('internal-error', 'SERVER_ERROR', '--region=us-east-1 ls s3://releases', s3('InternalError', 500, 'We encountered an internal error. Please try again.')),
    c('missing-local-file', 'ERROR_RESPONSE', 'put dist/app-1.4.tar.gz s3://releases/', { status: 200, body: '' }),
    { ...tool('s3cmd')('refused', 'NETWORK', 's3cmd -c s3cfg --host=127.0.0.1:1 --host-bucket=127.0.0.1:1 ls s3://releases', { s3cfg: cfg }), timeoutMs: 150_000 },
    { ...tool('s3cmd')('dns', 'NETWORK', 's3cmd -c s3cfg --host=s3.internal.invalid --host-bucket=s3.internal.invalid ls s3://releases', { s3cfg: cfg }), timeoutMs: 150_000 },
    { ...tool('s3cmd')('self-signed', 'CERTIFICATE_ERROR', 'h=${URL#*://}; s3cmd -c s3cfg --ssl --host=$h --host-bucket=$h ls s3://releases', { s3cfg: cfg }, { http: { status: 200, body: '', tls: 'valid' } }), origin: 's3cmd --ssl ls s3://releases (against a local server with a self-signed certificate)', timeoutMs: 150_000 },
  ];
}

function socat() {
  const c = (id, type, cmd, extra = {}) => ({ ...tool('socat')(id, type, cmd, extra.files ?? {}, extra), timeoutMs: 60_000 });
  const holder = `${FREE_PORT} && (python3 -c 'import socket, sys, time; s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(); time.sleep(20)' $port &) && ${WAIT_PORT} && `;
  return [
    c('refused', 'NETWORK', 'echo PING | socat - TCP:127.0.0.1:1'),
    c('dns', 'NETWORK', 'echo PING | socat - TCP:redis.internal.invalid:6379'),
    c('unix-refused', 'NETWORK', "python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind(\"app.sock\")' && echo PING | socat - UNIX-CONNECT:app.sock", { origin: 'socat - UNIX-CONNECT:app.sock (a socket file nothing listens on)' }),
    c('self-signed', 'CERTIFICATE_ERROR', 'h=${URL#*://}; printf "GET / HTTP/1.0\\r\\n\\r\\n" | socat - OPENSSL:$h,verify=1', { http: { status: 200, body: 'ok\n', tls: 'valid' }, origin: 'socat - OPENSSL:HOST:PORT,verify=1 (a self-signed certificate)' }),
    c('wrong-host', 'CERTIFICATE_ERROR', 'h=${URL#*://}; printf "GET / HTTP/1.0\\r\\n\\r\\n" | socat - OPENSSL:localhost:${h#*:},verify=1,cafile=$CERTS/wrong-host.pem', { http: { status: 200, body: 'ok\n', tls: 'wrong-host' }, origin: 'socat - OPENSSL:localhost:PORT,verify=1,cafile=wrong-host.pem (a certificate issued to another name)' }),
    c('port-in-use', 'ERROR_RESPONSE', `${holder}socat TCP-LISTEN:$port,bind=127.0.0.1 EXEC:/bin/cat`, { origin: 'socat TCP-LISTEN:PORT (its port held by another process)' }),
    // Ambiguous in DESIGN: no file is refused, the user lacks the privilege to bind below 1024 (as strace's ptrace).
    c('privileged-port', 'AUTH_REQUIRED', 'setpriv --reuid=65534 --regid=65534 --clear-groups socat TCP-LISTEN:80,bind=127.0.0.1 EXEC:/bin/cat'),
    c('unknown-address', 'ERROR_RESPONSE', 'echo PING | socat - TPC:127.0.0.1:6379'),
    c('missing-file', 'ERROR_RESPONSE', 'socat -u FILE:dumps/app.rdb TCP:127.0.0.1:1'),
  ];
}

function ftplib() {
  // A Python program uploading a release with ftplib to a local pyftpdlib server (ftp-server.py).
  const SEND = "import ftplib, os, ssl, sys\n\nhost, port = sys.argv[1], int(sys.argv[2])\nif os.environ.get('USE_TLS'):\n    ftp = ftplib.FTP_TLS(context=ssl.create_default_context())\nelse:\n    ftp = ftplib.FTP()\nftp.connect(host, port, timeout=10)\nif os.environ.get('ANONYMOUS'):\n    ftp.login()\nelse:\n    ftp.login(os.environ.get('FTP_USER', 'ci'), os.environ.get('FTP_PASS', 'ftp-pass'))\nif os.environ.get('DOWNLOAD'):\n    with open('app-1.3.tar.gz', 'wb') as f:\n        ftp.retrbinary('RETR releases/app-1.3.tar.gz', f.write)\nelse:\n    with open('app-1.4.tar.gz', 'rb') as f:\n        ftp.storbinary('STOR app-1.4.tar.gz', f)\nftp.quit()\nprint('release uploaded')\n";
  const files = { 'upload.py': SEND, 'app-1.4.tar.gz': 'release tarball\n' };
  const server = (mode = '', before = '') => `mkdir -p home; ${before}/usr/bin/python3 "$FTP_SERVER" port home ${mode} >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; `;
  const c = (id, type, env, { mode = '', before = '', after = '' } = {}) => ({
    id: `ftplib.${id}`, source: 'ftplib', type, files,
    cmd: `${mode === 'tls' ? 'export CORPUS_TLS_PEM=$CERTS/valid.pem; ' : ''}${server(mode, before)}${after}python3 upload.py 127.0.0.1 $(cat port)`,
    origin: 'python3 upload.py (ftplib) against a local FTP server (pyftpdlib)', timeoutMs: 60_000,
    env: { FTP_SERVER: join(ROOT, 'scripts', 'corpus', 'ftp-server.py'), ...env },
  });
  const plain = (id, type, args, extra = {}) => ({ id: `ftplib.${id}`, source: 'ftplib', type, files, cmd: `python3 upload.py ${args}`, timeoutMs: 60_000, ...extra });
  return [
    c('login-530', 'AUTH_REQUIRED', { FTP_PASS: 'wrong-pass' }),
    c('anonymous', 'AUTH_REQUIRED', { ANONYMOUS: '1' }),
    // Ambiguous: FTP's 550 only says "not taken"; the words say the account lacks a privilege (as HTTP 403).
    c('read-only-user', 'AUTH_REQUIRED', { FTP_USER: 'reader', FTP_PASS: 'read-pass' }),
    c('retr-550', 'ERROR_RESPONSE', { DOWNLOAD: '1' }),
    c('too-many-421', 'SERVER_OVERLOADED', {}, { mode: 'one', after: "(exec 3<>/dev/tcp/127.0.0.1/$(cat port); sleep 20) & hold=$!; trap 'kill $srv $hold 2>/dev/null' EXIT; sleep 1; " }),
    c('tls-self-signed', 'CERTIFICATE_ERROR', { USE_TLS: '1' }, { mode: 'tls' }),
    plain('refused', 'NETWORK', '127.0.0.1 1'),
    plain('dns', 'NETWORK', 'ftp.internal.invalid 21'),
    plain('greeting-timeout', 'TIMEOUT', '127.0.0.1 ${URL##*:}', { http: { status: 'sleep' }, origin: 'python3 upload.py (ftplib) against a server that accepts and never greets' }),
  ];
}

/** Every case of this part. */
export function firstSightClientCases() {
  return [...mercurial(), ...aria2(), ...msmtp(), ...s3cmd(), ...socat(), ...ftplib()];
}
