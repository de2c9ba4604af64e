/**
 * First-sight families, part 6 (captured for issue 30 while the generic layer was being improved,
 * by an engineer who did not see it): network clients and servers that no rule pack, registry or
 * earlier capture names — a backup tool (restic), a cloud-storage sync tool (rclone), an MQTT
 * broker and its clients (mosquitto), a version-control client and server (subversion), a web
 * server's configuration check (nginx) and Python's SMTP client (smtplib) — each against local
 * servers: the corpus's HTTP(S) server (`http`), servers the case starts on a free port, refused
 * ports and names under `.invalid` that never resolve. Each case's `type` was written here, by the
 * rules of first-sight-cli.mjs, before the classifier was asked; for these families in particular:
 * - a backup repository that another process holds locked is RESOURCE_BUSY (as terraform's state
 *   lock); one whose data no longer matches its digests is DATA_CORRUPTION;
 * - a broker, server or client refused for its credentials (a password, a key file's passphrase,
 *   a missing login) is AUTH_REQUIRED; a certificate that cannot be trusted CERTIFICATE_ERROR;
 * - a mail server's replies are read as the RFC 5321 codes say: 421 "service not available" is
 *   the server refusing for its load (SERVER_OVERLOADED), a 4xx that says the rate is too high is
 *   RATE_LIMIT, 530/535 credentials (AUTH_REQUIRED), a 5xx on a recipient or message a refusal
 *   (ERROR_RESPONSE);
 * - a server that cannot bind its port because another holds it is ERROR_RESPONSE, as the corpus
 *   reads Node's EADDRINUSE; a server configuration that does not parse or resolve (a file it
 *   names, an include or a certificate, is not there) is BROKEN_BUILD; a file a client's option
 *   names that is not there is ERROR_RESPONSE;
 *   an upstream host name that does not resolve when the configuration is loaded is NETWORK;
 * - a commit the repository's hook refuses is QUALITY_GATE_FAIL (a gate the change did not pass);
 *   a commit of an out-of-date file is ERROR_RESPONSE (update, then adapt).
 */
import { join } from 'node:path';
import { ROOT } from '../tools.mjs';

const tool = (family) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, ...extra });
/** Shell lines that put a free local TCP port in $port. */
export const FREE_PORT = 'port=$(python3 -c \'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])\')';
/** Shell lines that wait (at most 10 s) until something listens on $port. */
export const WAIT_PORT = 'for i in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done';

function restic() {
  const c = (id, type, cmd, extra = {}) => ({ ...tool('restic')(id, type, `export RESTIC_PASSWORD=correct-horse; ${cmd}`, extra.files ?? {}, extra), origin: cmd });
  const init = 'restic init -r repo >/dev/null && echo "release notes" > notes.txt && restic -r repo backup notes.txt >/dev/null';
  return [
    c('wrong-password', 'AUTH_REQUIRED', `${init} && RESTIC_PASSWORD=wrong-horse restic -r repo snapshots`),
    c('no-password', 'AUTH_REQUIRED', `${init} && unset RESTIC_PASSWORD && restic -r repo snapshots </dev/null`),
    c('no-repository', 'ERROR_RESPONSE', 'restic -r /work/case/backups/app snapshots'),
    c('already-initialized', 'ERROR_RESPONSE', `${init} && restic init -r repo`),
    c('no-snapshot', 'ERROR_RESPONSE', `${init} && restic -r repo restore 4f2a1c9e --target restored`),
    c('locked', 'RESOURCE_BUSY', `${init} && ( (sleep 6; echo data) | restic -r repo backup --stdin --stdin-filename db.sql >/dev/null 2>&1 & ) && sleep 3 && restic -r repo prune`, { timeoutMs: 60_000 }),
    c('rest-refused', 'NETWORK', 'restic -r rest:http://127.0.0.1:1/app snapshots', { timeoutMs: 60_000 }),
    c('rest-dns', 'NETWORK', 'restic -r rest:http://backup.internal.invalid:8000/app snapshots', { timeoutMs: 60_000 }),
    c('rest-401', 'AUTH_REQUIRED', 'restic -r rest:$URL/app snapshots', { http: { status: 401, body: 'Unauthorized\n', headers: ['WWW-Authenticate:Basic realm="restic"'] }, timeoutMs: 60_000 }),
    c('corrupted-pack', 'DATA_CORRUPTION', `${init} && for f in repo/data/*/*; do printf 'XXXXXXXXXXXXXXXX' | dd of="$f" bs=1 seek=40 conv=notrunc 2>/dev/null; done && restic -r repo check --read-data`),
  ];
}

function rclone() {
  const c = (id, type, cmd, extra = {}) => ({ ...tool('rclone')(id, type, `rclone --config $PWD/rclone.conf --retries 1 --low-level-retries 1 ${cmd}`, { 'rclone.conf': '', ...(extra.files ?? {}) }, extra), origin: `rclone ${cmd}`, timeoutMs: 60_000 });
  const http = (status, body = '') => ({ http: { status, body } });
  return [
    c('404', 'ERROR_RESPONSE', 'lsf --http-url $URL/releases/ :http:', http(404, '<html><body>Not Found</body></html>')),
    c('401', 'AUTH_REQUIRED', 'lsf --http-url $URL/releases/ :http:', http(401, '<html><body>Unauthorized</body></html>')),
    c('403', 'AUTH_REQUIRED', 'copy --http-url $URL/releases/ :http: ./mirror', http(403, '<html><body>Forbidden</body></html>')),
    c('429', 'RATE_LIMIT', 'lsf --http-url $URL/releases/ :http:', http(429, 'Too Many Requests\n')),
    c('500', 'SERVER_ERROR', 'lsf --http-url $URL/releases/ :http:', http(500, 'Internal Server Error\n')),
    c('503', 'SERVER_OVERLOADED', 'lsf --http-url $URL/releases/ :http:', http(503, 'Service Unavailable\n')),
    c('refused', 'NETWORK', 'lsf --http-url http://127.0.0.1:1/releases/ :http:'),
    c('dns', 'NETWORK', 'copy --http-url https://mirror.internal.invalid/releases/ :http: ./mirror'),
    c('self-signed', 'CERTIFICATE_ERROR', 'lsf --http-url $URL/releases/ :http:', { http: { status: 200, body: '<html></html>', tls: 'valid' } }),
    c('no-remote', 'ERROR_RESPONSE', 'lsf backup:releases', { files: { 'rclone.conf': '[s3-prod]\ntype = s3\nprovider = AWS\n' } }),
  ];
}

function mosquitto() {
  // Each case starts its own broker on a free port (and stops it): allow_anonymous off, one user.
  const conf = (extra = '') => `listener PORT 127.0.0.1\nallow_anonymous false\npassword_file passwd\n${extra}`;
  const broker = (extra) => `${FREE_PORT}; sed "s/PORT/$port/" broker.tmpl > broker.conf; mosquitto_passwd -b -c passwd ci s3cret-pass 2>/dev/null; mosquitto -c broker.conf >broker.log 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; ${WAIT_PORT}; `;
  const c = (id, type, client, extra = '') => ({ ...tool('mosquitto')(id, type, `${broker(extra)}${client}`, { 'broker.tmpl': conf(extra) }), origin: client, timeoutMs: 60_000 });
  const tlsConf = 'listener PORT2 127.0.0.1\ncertfile tls.pem\nkeyfile tls.pem\n';
  const tls = (id, type, pem, client) => ({
    ...tool('mosquitto')(id, type, `${FREE_PORT}; tport=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'); cp "$CERTS/${pem}.pem" tls.pem; sed -e "s/PORT2/$tport/" -e "s/PORT/$port/" broker.tmpl > broker.conf; mosquitto_passwd -b -c passwd ci s3cret-pass 2>/dev/null; mosquitto -c broker.conf >broker.log 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; port=$tport; ${WAIT_PORT}; ${client}`, { 'broker.tmpl': conf(tlsConf) }),
    origin: client, timeoutMs: 60_000,
  });
  return [
    c('bad-password', 'AUTH_REQUIRED', 'mosquitto_pub -h 127.0.0.1 -p $port -u ci -P wrong-pass -t builds/status -m failed'),
    c('anonymous', 'AUTH_REQUIRED', 'mosquitto_sub -h 127.0.0.1 -p $port -t builds/# -C 1 -W 5'),
    c('refused', 'NETWORK', 'mosquitto_pub -h 127.0.0.1 -p 1 -t builds/status -m failed'),
    c('dns', 'NETWORK', 'mosquitto_pub -h broker.internal.invalid -p 1883 -t builds/status -m failed'),
    c('wait-timeout', 'TIMEOUT', 'mosquitto_sub -h 127.0.0.1 -p $port -u ci -P s3cret-pass -t deploy/done -C 1 -W 2'),
    c('invalid-topic', 'ERROR_RESPONSE', "mosquitto_pub -h 127.0.0.1 -p $port -u ci -P s3cret-pass -t 'builds/#/status' -m failed"),
    tls('self-signed', 'CERTIFICATE_ERROR', 'valid', 'mosquitto_pub -d -h 127.0.0.1 -p $port --capath /etc/ssl/certs -u ci -P s3cret-pass -t builds/status -m failed'),
    tls('cafile-missing', 'ERROR_RESPONSE', 'valid', 'mosquitto_pub -h localhost -p $port --cafile certs/ca.pem -u ci -P s3cret-pass -t builds/status -m failed'),
    tool('mosquitto')('unknown-option', 'BROKEN_BUILD', 'mosquitto -c broker.conf', { 'broker.conf': 'listener 18999 127.0.0.1\nallow_anonymous false\nmax_inflight_mesages 20\n' }),
    tool('mosquitto')('port-in-use', 'ERROR_RESPONSE', `${FREE_PORT}; python3 -c 'import socket, sys, time; s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(); time.sleep(20)' $port & hold=$!; trap 'kill $hold 2>/dev/null' EXIT; ${WAIT_PORT}; printf 'listener %s 127.0.0.1\\nallow_anonymous true\\n' $port > broker.conf; mosquitto -c broker.conf`, {}, { origin: 'mosquitto -c broker.conf (its port held by another process)', timeoutMs: 60_000 }),
  ];
}

function subversion() {
  // svnserve on a free port, serving a repository with one file and one user (ci / s3cret-pass).
  const setup = `svnadmin create repo && printf '[general]\\nanon-access = none\\nauth-access = write\\npassword-db = passwd\\n' > repo/conf/svnserve.conf && printf '[users]\\nci = s3cret-pass\\n' > repo/conf/passwd && ${FREE_PORT} && (svnserve -d --foreground -r $PWD --listen-host 127.0.0.1 --listen-port $port >/dev/null 2>&1 & echo $! > svnserve.pid) && trap 'kill $(cat svnserve.pid) 2>/dev/null' EXIT && ${WAIT_PORT} && export AUTH="--non-interactive --no-auth-cache --username ci --password s3cret-pass" && echo 1.0 > VERSION && svn import -q $AUTH -m "initial import" VERSION svn://127.0.0.1:$port/repo/trunk/VERSION`;
  const c = (id, type, cmd, extra = {}) => ({ ...tool('subversion')(id, type, `${setup} && ${cmd}`, extra.files ?? {}, extra), origin: cmd, timeoutMs: 60_000 });
  const plain = (id, type, cmd, extra = {}) => ({ ...tool('subversion')(id, type, cmd, extra.files ?? {}, extra), timeoutMs: 60_000 });
  return [
    c('wrong-password', 'AUTH_REQUIRED', 'svn ls --non-interactive --no-auth-cache --username ci --password wrong svn://127.0.0.1:$port/repo/trunk'),
    c('no-path', 'ERROR_RESPONSE', 'svn ls $AUTH svn://127.0.0.1:$port/repo/branches/release-2.0'),
    c('out-of-date', 'ERROR_RESPONSE', 'svn co -q $AUTH svn://127.0.0.1:$port/repo/trunk a && svn co -q $AUTH svn://127.0.0.1:$port/repo/trunk b && echo 1.1 > a/VERSION && svn ci -q $AUTH -m "bump to 1.1" a && echo 2.0 > b/VERSION && svn ci $AUTH -m "bump to 2.0" b'),
    c('hook-rejected', 'QUALITY_GATE_FAIL', `printf '#!/bin/sh\\nsvnlook log -t "$2" "$1" | grep -q "^[A-Z]\\\\+-[0-9]\\\\+" || { echo "log message must start with a ticket id (e.g. OPS-123)" >&2; exit 1; }\\n' > repo/hooks/pre-commit && chmod +x repo/hooks/pre-commit && svn co -q $AUTH svn://127.0.0.1:$port/repo/trunk wc && echo 1.1 > wc/VERSION && svn ci $AUTH -m "bump version" wc`),
    plain('refused', 'NETWORK', 'svn ls --non-interactive svn://127.0.0.1:1/repo/trunk'),
    plain('dns', 'NETWORK', 'svn co --non-interactive https://svn.internal.invalid/repos/app/trunk app'),
    plain('not-working-copy', 'ERROR_RESPONSE', 'svn update'),
    plain('http-401', 'AUTH_REQUIRED', 'svn ls --non-interactive --no-auth-cache $URL/repos/app/trunk', { http: { status: 401, body: 'Unauthorized\n', headers: ['WWW-Authenticate:Basic realm="Subversion"'] } }),
    plain('self-signed', 'CERTIFICATE_ERROR', 'svn ls --non-interactive --no-auth-cache $URL/repos/app/trunk', { http: { status: 200, body: '', tls: 'valid' } }),
    plain('http-503', 'SERVER_OVERLOADED', 'svn ls --non-interactive --no-auth-cache $URL/repos/app/trunk', { http: { status: 503, body: 'Service Unavailable\n' } }),
  ];
}

function nginx() {
  // nginx -t checks a configuration without serving; -p keeps its paths in the case's directory.
  const c = (id, type, server, extra = {}) => ({
    ...tool('nginx')(id, type, 'mkdir -p logs && nginx -t -q -p $PWD/ -c $PWD/nginx.conf -e stderr', { 'nginx.conf': `pid nginx.pid;\nevents {}\nhttp {\n  access_log off;\n${server}}\n`, ...(extra.files ?? {}) }),
    origin: 'nginx -t -p $PWD/ -c $PWD/nginx.conf', ...extra,
  });
  return [
    c('unknown-directive', 'BROKEN_BUILD', '  server {\n    listen 127.0.0.1:18080;\n    proxy_pas http://127.0.0.1:3000;\n  }\n'),
    c('missing-semicolon', 'BROKEN_BUILD', '  server {\n    listen 127.0.0.1:18080\n    root html;\n  }\n'),
    c('unexpected-end', 'BROKEN_BUILD', '  server {\n    listen 127.0.0.1:18080;\n    location / {\n      root html;\n  }\n'),
    c('upstream-dns', 'NETWORK', '  server {\n    listen 127.0.0.1:18080;\n    location / {\n      proxy_pass http://api.internal.invalid:3000;\n    }\n  }\n'),
    c('missing-include', 'BROKEN_BUILD', '  include conf.d/upstreams.conf;\n  server {\n    listen 127.0.0.1:18080;\n  }\n'),
    c('missing-certificate', 'BROKEN_BUILD', '  server {\n    listen 127.0.0.1:18443 ssl;\n    ssl_certificate certs/app.crt;\n    ssl_certificate_key certs/app.key;\n  }\n'),
    c('duplicate-location', 'BROKEN_BUILD', '  server {\n    listen 127.0.0.1:18080;\n    location /api { return 200; }\n    location /api { return 204; }\n  }\n'),
    c('directive-not-allowed', 'BROKEN_BUILD', '  proxy_pass http://127.0.0.1:3000;\n  server {\n    listen 127.0.0.1:18080;\n  }\n'),
    c('invalid-port', 'BROKEN_BUILD', '  server {\n    listen 127.0.0.1:80800;\n  }\n'),
    {
      ...tool('nginx')('port-in-use', 'ERROR_RESPONSE', `${FREE_PORT}; python3 -c 'import socket, sys, time; s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(); time.sleep(20)' $port & hold=$!; trap 'kill $hold 2>/dev/null' EXIT; ${WAIT_PORT}; mkdir -p logs; sed "s/PORT/$port/" nginx.tmpl > nginx.conf; timeout 30 nginx -p $PWD/ -c $PWD/nginx.conf -e stderr -g 'daemon off;'`, { 'nginx.tmpl': 'pid nginx.pid;\nevents {}\nhttp {\n  access_log off;\n  server {\n    listen 127.0.0.1:PORT;\n  }\n}\n' }),
      origin: "nginx -g 'daemon off;' (its port held by another process)", timeoutMs: 60_000,
    },
  ];
}

function smtplib() {
  // A Python program sending a build report with smtplib through the corpus's SMTP server (smtp-server.py).
  const SEND = "import os, smtplib, ssl, sys\nfrom email.message import EmailMessage\n\nmsg = EmailMessage()\nmsg['From'] = 'ci@example.test'\nmsg['To'] = 'oncall@example.test'\nmsg['Subject'] = 'nightly build failed'\nmsg.set_content('See the attached log.')\nhost, port = sys.argv[1], int(sys.argv[2])\nwith smtplib.SMTP(host, port, timeout=3) as smtp:\n    if os.environ.get('USE_TLS'):\n        smtp.starttls(context=ssl.create_default_context())\n    if os.environ.get('USE_LOGIN'):\n        smtp.login('ci', 'mail-pass')\n    smtp.send_message(msg)\nprint('report sent')\n";
  const c = (id, type, replies, extra = {}) => ({
    id: `smtplib.${id}`, source: 'smtplib', type, files: { 'send_report.py': SEND },
    cmd: `${extra.tls ? 'export CORPUS_TLS_PEM=$CERTS/valid.pem; ' : ''}python3 "$SMTP_SERVER" port ${replies.map((r) => `'${r}'`).join(' ')} >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; python3 send_report.py 127.0.0.1 $(cat port)`,
    origin: 'python3 send_report.py (smtplib) against a local SMTP server', timeoutMs: 60_000, ...extra,
    env: { SMTP_SERVER: join(ROOT, 'scripts', 'corpus', 'smtp-server.py'), ...(extra.env ?? {}) },
  });
  const plain = (id, type, host, port) => ({ id: `smtplib.${id}`, source: 'smtplib', type, files: { 'send_report.py': SEND }, cmd: `python3 send_report.py ${host} ${port}`, timeoutMs: 60_000 });
  return [
    c('auth-535', 'AUTH_REQUIRED', ['AUTH=535 5.7.8 Error: authentication failed: UGFzc3dvcmQ6'], { env: { USE_LOGIN: '1' } }),
    c('auth-required-530', 'AUTH_REQUIRED', ['MAIL=530 5.7.0 Authentication required']),
    c('busy-421', 'SERVER_OVERLOADED', ['GREETING=421 4.3.2 mail.example.test Service not available, too many concurrent connections']),
    c('rate-451', 'RATE_LIMIT', ['MAIL=451 4.7.1 Sender rate limit exceeded, try again later']),
    c('recipient-550', 'ERROR_RESPONSE', ['RCPT=550 5.1.1 <oncall@example.test>: Recipient address rejected: User unknown in virtual mailbox table']),
    c('message-552', 'ERROR_RESPONSE', ['DATA=552 5.3.4 Message size exceeds fixed maximum message size']),
    c('greeting-timeout', 'TIMEOUT', ['GREETING=sleep']),
    c('starttls-self-signed', 'CERTIFICATE_ERROR', [], { tls: true, env: { USE_TLS: '1' } }),
    plain('refused', 'NETWORK', '127.0.0.1', 1),
    plain('dns', 'NETWORK', 'smtp.internal.invalid', 587),
  ];
}

/** Every case of this part. */
export function firstSightServiceCases() {
  return [...restic(), ...rclone(), ...mosquitto(), ...subversion(), ...nginx(), ...smtplib()];
}
