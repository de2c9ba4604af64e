/**
 * First-sight families, part 17 (the tenth capture): system, network and service command-line
 * programs of Debian packages — an HTTP downloader (wget2), an SMTP tester (swaks), a TLS client
 * (gnutls-cli), a backup tool (borgbackup), a network benchmark (iperf3), Kerberos clients
 * (krb5-user's kinit, klist, kvno), a load balancer's and a TLS tunnel's configuration checks
 * (haproxy, stunnel4), a firewall (nftables' nft in a user and network namespace), systemd's unit
 * and calendar checks (systemd-analyze), logrotate, chrony (chronyc, chronyd -Q), an FTP client
 * (tnftp), job schedulers (at, crontab), DNS zone and configuration checks (bind9-utils) and fping —
 * none named by a rule pack, a registry or an earlier capture (gnutls-cli's trust words are partly
 * known to the trust pack through git). Each case's `type` was written here, by DESIGN.md's rules and
 * the README's label decisions (the type follows what failed, not what carried it), before the
 * classifier was asked about any of these texts:
 * - a refused port, an unknown host, a closed or unreachable peer: NETWORK; no answer in time:
 *   TIMEOUT; a certificate not trusted, expired or for another name: CERTIFICATE_ERROR;
 * - HTTP 401/403, a login or passphrase refused, no Kerberos ticket: AUTH_REQUIRED; an expired
 *   ticket: AUTH_EXPIRED; 429 or a sender rate limit: RATE_LIMIT; 500: SERVER_ERROR; 503 or "too many
 *   connections": SERVER_OVERLOADED; 404 or another server's refusal of the request: ERROR_RESPONSE;
 * - a server busy with another client, a lock held by another process: RESOURCE_BUSY; a full disk
 *   (a small tmpfs in a user and mount namespace): RESOURCE_EXHAUSTION; a port in use: ERROR_RESPONSE
 *   (as the corpus's other port-in-use texts);
 * - input the program reads that is not in its format or not there, a file's permission denied,
 *   options or arguments the CLI refuses (a time spec, a calendar expression): ERROR_RESPONSE; its
 *   damage proven by a checksum (a borg segment's CRC): DATA_CORRUPTION;
 * - a project file that does not parse or load (a firewall ruleset, a unit file, a logrotate,
 *   haproxy, stunnel, chrony, krb5 or zone file, a crontab): BROKEN_BUILD.
 */

import { CLOSER, FREE, NOPRIV, REFUSED, roFs, SILENT, tinyFs } from './shell.mjs';

/** The command as the origin says it, without the local servers' test passwords. */
const masked = (cmd) => cmd.replace(/(ftp|read|mail|wrong|build|backup)-pass/g, '***');
const tool = (family, extra0 = {}) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, origin: masked(cmd), timeoutMs: 60_000, ...extra0, ...extra });
/** Something listening on $PORT (a port in use). */
const BUSYPORT = `${FREE}python3 -c "import socket,time; s=socket.socket(); s.bind(('0.0.0.0',$PORT)); s.listen(8); open('ready','w').close(); time.sleep(30)" & for i in $(seq 100); do [ -f ready ] && break; sleep 0.05; done; `;
/** A UDP socket on $PORT that never answers. */
const UDP_SILENT = `${FREE}python3 -c "import socket,time; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(('127.0.0.1',$PORT)); open('ready','w').close(); time.sleep(30)" & for i in $(seq 100); do [ -f ready ] && break; sleep 0.05; done; `;
const SCRIPTS = new URL('..', import.meta.url).pathname;

function wget2() {
  const c = tool('wget2');
  const get = 'wget2 --tries=1 --timeout=2 --no-robots -O build.json "$URL/v1/builds/42"';
  const h = (id, type, http, pre = '') => c(id, type, `${pre}${get}`, {}, { http, origin: `${get} (against the local HTTP(S) server)` });
  const withCa = (ca) => `export URL=$(echo $URL | sed s/127.0.0.1/localhost/); wget2 --tries=1 --timeout=2 --ca-certificate=$CERTS/${ca}.pem -O build.json "$URL/v1/builds/42"`;
  // wget2 1.99.1 exits 0 for a refused port, an unknown host, a timeout and most HTTP statuses
  // (403, 429, 5xx), and 5 with no word for HTTPS against a plain-HTTP server: not captured.
  return [
    h('401', 'AUTH_REQUIRED', { status: 401, body: '{"error":"unauthorized"}', headers: ['WWW-Authenticate:Basic realm="artifacts"'] }),
    h('404', 'ERROR_RESPONSE', { status: 404, body: '{"error":"not_found"}' }),
    // A proxy demanding credentials the run did not give: AUTH_REQUIRED.
    h('407', 'AUTH_REQUIRED', { status: 407, body: '{"error":"proxy authentication required"}', headers: ['Proxy-Authenticate:Basic realm="proxy"'] }),
    h('self-signed', 'CERTIFICATE_ERROR', { status: 200, body: '{}', tls: 'valid' }),
    c('expired', 'CERTIFICATE_ERROR', withCa('expired'), {}, { http: { status: 200, body: '{}', tls: 'expired' } }),
    c('wrong-host', 'CERTIFICATE_ERROR', withCa('wrong-host'), {}, { http: { status: 200, body: '{}', tls: 'wrong-host' } }),
    c('bad-option', 'ERROR_RESPONSE', 'wget2 --retries=3 -O build.json http://127.0.0.1/v1/builds/42'),
    // Ambiguous: the CA file the run names is not there, so the server's certificate is not trusted;
    // what failed is trust (a person must give the right CA): CERTIFICATE_ERROR, not the file's absence.
    c('ca-missing', 'CERTIFICATE_ERROR', 'export URL=$(echo $URL | sed s/127.0.0.1/localhost/); wget2 --tries=1 --ca-certificate=certs/internal-ca.pem -O build.json "$URL/v1/builds/42"', {}, { http: { status: 200, body: '{}', tls: 'valid' } }),
  ];
}

function swaks() {
  const c = tool('swaks', { env: { SMTP_SERVER: `${SCRIPTS}smtp-server.py` } });
  const srv = (replies, tls = false) => `${tls ? 'export CORPUS_TLS_PEM=$CERTS/valid.pem; ' : ''}python3 "$SMTP_SERVER" port ${replies.map((r) => `'${r}'`).join(' ')} >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; `;
  const send = (extra = '') => `swaks --to oncall@example.test --from ci@example.test --server 127.0.0.1 --port $(cat port) --timeout 3 --header 'Subject: nightly build failed' ${extra}`;
  return [
    c('refused', 'NETWORK', `${REFUSED}swaks --to oncall@example.test --from ci@example.test --server 127.0.0.1 --port $PORT --timeout 3`),
    c('dns', 'NETWORK', 'swaks --to oncall@example.test --from ci@example.test --server smtp.mail.invalid --timeout 3'),
    c('auth-535', 'AUTH_REQUIRED', srv(['AUTH=535 5.7.8 Error: authentication failed']) + send('--auth LOGIN --auth-user ci --auth-password mail-pass')),
    c('busy-421', 'SERVER_OVERLOADED', srv(['GREETING=421 4.3.2 Service not available, too many concurrent connections']) + send()),
    c('rcpt-550', 'ERROR_RESPONSE', srv(['RCPT=550 5.1.1 <oncall@example.test>: Recipient address rejected: User unknown']) + send()),
    c('rate-450', 'RATE_LIMIT', srv(['MAIL=450 4.7.1 Sender rate limit exceeded, try again later']) + send()),
    c('greeting-timeout', 'TIMEOUT', srv(['GREETING=sleep']) + send()),
    c('starttls-self-signed', 'CERTIFICATE_ERROR', srv([], true) + send('--tls --tls-verify')),
    // The server does not offer STARTTLS and the run requires it: the server's answer (its EHLO) refuses what was asked.
    c('no-starttls', 'ERROR_RESPONSE', srv([]) + send('--tls')),
    c('data-554', 'ERROR_RESPONSE', srv(['DATA=554 5.7.1 Message rejected: spam score too high']) + send()),
  ];
}

function gnutlsCli() {
  const c = tool('gnutls-cli', { targets: 'trust (GnuTLS words seen through git: "certificate verification failed")' });
  const port = 'P=${URL##*:}; ';
  const https = (tls) => ({ http: { status: 200, body: '{}', tls } });
  return [
    c('self-signed', 'CERTIFICATE_ERROR', `${port}gnutls-cli --port $P 127.0.0.1 < /dev/null`, {}, https('valid')),
    c('expired', 'CERTIFICATE_ERROR', `${port}gnutls-cli --x509cafile $CERTS/expired.pem --port $P localhost < /dev/null`, {}, https('expired')),
    c('wrong-host', 'CERTIFICATE_ERROR', `${port}gnutls-cli --x509cafile $CERTS/wrong-host.pem --port $P localhost < /dev/null`, {}, https('wrong-host')),
    c('refused', 'NETWORK', `${REFUSED}gnutls-cli --port $PORT 127.0.0.1 < /dev/null`),
    c('dns', 'NETWORK', 'gnutls-cli --port 443 vault.build.invalid < /dev/null'),
    // A plain-HTTP server where TLS was expected: the peer's answer is not TLS.
    c('not-tls', 'ERROR_RESPONSE', `${port}gnutls-cli --port $P 127.0.0.1 < /dev/null`, {}, { http: { status: 200, body: '{}' } }),
    c('ca-missing', 'ERROR_RESPONSE', `${port}gnutls-cli --x509cafile certs/internal-ca.pem --port $P localhost < /dev/null`, {}, https('valid')),
    c('bad-priority', 'ERROR_RESPONSE', `${port}gnutls-cli --priority 'NORMAL:+TLS9.9' --port $P 127.0.0.1 < /dev/null`, {}, https('valid')),
    c('closed', 'NETWORK', `${CLOSER}gnutls-cli --port $PORT 127.0.0.1 < /dev/null`),
    c('handshake-timeout', 'TIMEOUT', `${SILENT}timeout 3 gnutls-cli --port $PORT 127.0.0.1 < /dev/null`),
  ];
}

function borg() {
  const c = tool('borg', { env: { BORG_PASSPHRASE: 'backup-pass', BORG_RELOCATED_REPO_ACCESS_IS_OK: 'yes', BORG_UNKNOWN_UNENCRYPTED_REPO_ACCESS_IS_OK: 'no' } });
  const init = 'mkdir -p src && echo "release notes" > src/NOTES && borg init -e repokey repo 2>/dev/null && ';
  return [
    c('missing-repo', 'ERROR_RESPONSE', 'borg list /work/case/backups/repo'),
    c('not-a-repo', 'ERROR_RESPONSE', 'mkdir -p repo && echo hello > repo/README && borg list repo'),
    c('wrong-passphrase', 'AUTH_REQUIRED', `${init}BORG_PASSPHRASE=wrong-pass borg list repo`),
    c('lock-held', 'RESOURCE_BUSY', `${init}(borg with-lock repo sh -c 'touch locked; sleep 20' &) ; for i in $(seq 200); do [ -f locked ] && break; sleep 0.05; done; borg create --lock-wait 1 repo::nightly src`),
    c('archive-exists', 'ERROR_RESPONSE', `${init}borg create repo::nightly src && borg create repo::nightly src`),
    c('archive-missing', 'ERROR_RESPONSE', `${init}borg extract repo::nightly-2026-11-26`),
    c('disk-full', 'RESOURCE_EXHAUSTION', 'mkdir -p src && head -c 3000000 /dev/urandom > src/blob.bin && ' + tinyFs('out', 'borg init -e repokey out/repo 2>/dev/null && borg create out/repo::nightly src', '1m')),
    c('permission-denied', 'ERROR_RESPONSE', `${init}echo secret > src/db.dump && chmod 000 src/db.dump && ${NOPRIV} borg create repo::nightly src`),
    // A flipped byte inside a segment of the repository: borg check proves the damage by the entry's CRC.
    c('segment-crc', 'DATA_CORRUPTION', `${init}borg create repo::nightly src && f=$(ls repo/data/0/* | sort -V | tail -2 | head -1) && printf 'XXXX' | dd of=$f bs=1 seek=60 conv=notrunc 2>/dev/null && borg check repo`),
    c('ssh-refused', 'NETWORK', `${REFUSED}BORG_RSH='ssh -o BatchMode=yes -o ConnectTimeout=3' borg list ssh://backup@127.0.0.1:$PORT/./repo`),
  ];
}

function iperf3() {
  const c = tool('iperf3');
  return [
    c('refused', 'NETWORK', `${REFUSED}iperf3 -c 127.0.0.1 -p $PORT -t 1`),
    // Ambiguous: an unknown host printed as "Invalid argument" (the resolver's failure seen through getaddrinfo's error): what failed is the name, NETWORK.
    c('dns', 'NETWORK', 'iperf3 -c perf.lab.invalid -t 1'),
    c('busy', 'RESOURCE_BUSY', `${FREE}iperf3 -s -p $PORT -1 >/dev/null 2>&1 & sleep 1; iperf3 -c 127.0.0.1 -p $PORT -t 6 >/dev/null 2>&1 & sleep 1.5; iperf3 -c 127.0.0.1 -p $PORT -t 1`),
    c('port-in-use', 'ERROR_RESPONSE', `${BUSYPORT}iperf3 -s -p $PORT -1`),
    c('bad-option', 'ERROR_RESPONSE', 'iperf3 -c 127.0.0.1 --parallel-streams 4'),
    c('too-many-streams', 'ERROR_RESPONSE', 'iperf3 -c 127.0.0.1 -P 500 -t 1'),
    c('closed', 'NETWORK', `${CLOSER}iperf3 -c 127.0.0.1 -p $PORT -t 1`),
    c('no-answer', 'TIMEOUT', `${SILENT}timeout 3 iperf3 -c 127.0.0.1 -p $PORT -t 1`),
  ];
}

function krb5() {
  const conf = (kdc) => `[libdefaults]\n default_realm = EXAMPLE.TEST\n dns_lookup_kdc = false\n dns_lookup_realm = false\n udp_preference_limit = 1\n[realms]\n EXAMPLE.TEST = {\n  kdc = ${kdc}\n }\n`;
  const c = tool('krb5', { env: { KRB5_CONFIG: 'krb5.conf', KRB5CCNAME: 'FILE:cc/ci' } });
  const files = (kdc = '127.0.0.1:88') => ({ 'krb5.conf': conf(kdc), 'cc/.keep': '' });
  return [
    c('kdc-refused', 'NETWORK', `${REFUSED}sed -i "s/KDC_PORT/$PORT/" krb5.conf && echo build-pass | kinit ci@EXAMPLE.TEST`, files('127.0.0.1:KDC_PORT')),
    c('kdc-dns', 'NETWORK', 'echo build-pass | kinit ci@EXAMPLE.TEST', files('kdc.example.invalid')),
    c('klist-no-cache', 'AUTH_REQUIRED', 'klist', files()),
    c('kvno-no-cache', 'AUTH_REQUIRED', 'kvno HTTP/web.example.test@EXAMPLE.TEST', files()),
    c('bad-config', 'BROKEN_BUILD', 'echo build-pass | kinit ci@EXAMPLE.TEST', { 'krb5.conf': '[libdefaults]\n default_realm = EXAMPLE.TEST\nkdc 127.0.0.1\n[realms\n', 'cc/.keep': '' }),
    c('keytab-missing', 'ERROR_RESPONSE', 'klist -k keytabs/ci.keytab', files()),
    c('garbage-cache', 'ERROR_RESPONSE', 'printf "not a credentials cache\\n" > cc/ci && klist', files()),
    // Ambiguous: the invocation names a realm the configuration does not know (it parses): the
    // invocation's value refused, ERROR_RESPONSE, as a value the configuration lacks elsewhere.
    c('unknown-realm', 'ERROR_RESPONSE', 'echo build-pass | kinit ci@OTHER.TEST', files()),
    c('bad-option', 'ERROR_RESPONSE', 'kinit --renewable-forever ci@EXAMPLE.TEST', files()),
  ];
}

function haproxy() {
  const c = tool('haproxy');
  const cfg = (body) => ({ 'haproxy.cfg': `global\n    maxconn 256\n\ndefaults\n    mode http\n    timeout connect 5s\n    timeout client 30s\n    timeout server 30s\n\n${body}` });
  const front = 'frontend web\n    bind 127.0.0.1:8080\n    default_backend app\n\nbackend app\n    server app1 127.0.0.1:3000 check\n';
  return [
    c('unknown-keyword', 'BROKEN_BUILD', 'haproxy -c -f haproxy.cfg', cfg(front.replace('default_backend', 'defualt_backend'))),
    c('missing-backend', 'BROKEN_BUILD', 'haproxy -c -f haproxy.cfg', cfg(front.replace('default_backend app', 'default_backend api'))),
    c('bad-port', 'BROKEN_BUILD', 'haproxy -c -f haproxy.cfg', cfg(front.replace('127.0.0.1:8080', '127.0.0.1:98080'))),
    c('bad-timeout', 'BROKEN_BUILD', 'haproxy -c -f haproxy.cfg', { 'haproxy.cfg': `defaults\n    mode http\n    timeout client 30x\n\n${front}` }),
    c('missing-file', 'ERROR_RESPONSE', 'haproxy -c -f /etc/haproxy/site.cfg'),
    // Ambiguous: the configuration parses but names a certificate file that is not there: the file missing, ERROR_RESPONSE.
    c('cert-missing', 'ERROR_RESPONSE', 'haproxy -c -f haproxy.cfg', cfg(front.replace('bind 127.0.0.1:8080', 'bind 127.0.0.1:8443 ssl crt certs/site.pem'))),
    c('port-in-use', 'ERROR_RESPONSE', `${BUSYPORT}sed -i "s/8080/$PORT/" haproxy.cfg && timeout 10 haproxy -db -f haproxy.cfg`, cfg(front)),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 haproxy.cfg && ${NOPRIV} haproxy -c -f haproxy.cfg`, cfg(front)),
    c('unclosed-quote', 'BROKEN_BUILD', 'haproxy -c -f haproxy.cfg', cfg(front.replace('default_backend app', 'http-request deny if { path_beg "/admin }\n    default_backend app'))),
  ];
}

function nftables() {
  const c = tool('nftables');
  const ns = (cmd) => `unshare --map-root-user --net sh -c '${cmd}'`;
  const rules = (body) => ({ 'firewall.nft': body });
  const base = 'table inet filter {\n  chain input {\n    type filter hook input priority 0; policy drop;\n    ct state established,related accept\n    tcp dport { 22, 443 } accept\n  }\n}\n';
  return [
    c('syntax', 'BROKEN_BUILD', ns('nft -c -f firewall.nft'), rules(base.replace('accept\n  }', 'acept\n  }'))),
    c('undefined-variable', 'BROKEN_BUILD', ns('nft -c -f firewall.nft'), rules(base.replace('{ 22, 443 }', '$web_ports'))),
    c('bad-hook', 'BROKEN_BUILD', ns('nft -c -f firewall.nft'), rules(base.replace('hook input', 'hook inbound'))),
    c('include-missing', 'BROKEN_BUILD', ns('nft -c -f firewall.nft'), rules(`include "rules.d/blocklist.nft"\n${base}`)),
    c('missing-file', 'ERROR_RESPONSE', ns('nft -c -f /etc/nftables.d/firewall.nft')),
    c('delete-missing-table', 'ERROR_RESPONSE', ns('nft delete table inet filter')),
    c('add-rule-missing-chain', 'ERROR_RESPONSE', ns('nft add table inet filter && nft add rule inet filter forward accept')),
    c('bad-option', 'ERROR_RESPONSE', ns('nft --dry-run-only -f firewall.nft'), rules(base)),
    c('unknown-port-name', 'BROKEN_BUILD', ns('nft -c -f firewall.nft'), rules(base.replace('{ 22, 443 }', '{ ssh, httpz }'))),
  ];
}

function systemdAnalyze() {
  const c = tool('systemd-analyze');
  const unit = (body) => ({ 'app.service': `[Unit]\nDescription=App server\n\n${body}` });
  const svc = '[Service]\nType=simple\nExecStart=/bin/sleep 60\n\n[Install]\nWantedBy=multi-user.target\n';
  const verify = 'systemd-analyze verify --man=no ./app.service';
  return [
    c('no-execstart', 'BROKEN_BUILD', verify, unit('[Service]\nType=simple\n')),
    // Ambiguous: the unit names a program that is not installed; the unit does not load — BROKEN_BUILD, as a build file naming a missing input.
    c('exec-missing', 'BROKEN_BUILD', verify, unit(svc.replace('/bin/sleep 60', '/opt/app/bin/server --port 8080'))),
    c('relative-exec', 'BROKEN_BUILD', verify, unit(svc.replace('/bin/sleep 60', 'server --port 8080'))),
    c('missing-unit', 'ERROR_RESPONSE', 'systemd-analyze verify --man=no ./deploy/app.service'),
    c('calendar', 'ERROR_RESPONSE', "systemd-analyze calendar 'Mon *-*-* 25:00:00'"),
    c('timespan', 'ERROR_RESPONSE', "systemd-analyze timespan '5 fortnights'"),
    c('bad-option', 'ERROR_RESPONSE', 'systemd-analyze verify --strict ./app.service', unit(svc)),
    c('timestamp', 'ERROR_RESPONSE', "systemd-analyze timestamp 'yesterday 25:00'"),
  ];
}

function logrotate() {
  const c = tool('logrotate');
  const conf = (body) => ({ 'logrotate.conf': body, 'logs/app.log': 'started\n' });
  const good = '/work/case/logs/app.log {\n  daily\n  rotate 5\n  compress\n  missingok\n}\n';
  const run = 'logrotate -f -s state logrotate.conf';
  const here = (cmd) => `sed -i "s#/work/case#$PWD#" logrotate.conf && ${cmd}`;
  return [
    c('bad-size', 'BROKEN_BUILD', here(run), conf(good.replace('daily', 'size 10Q'))),
    c('create-extra', 'BROKEN_BUILD', here(run), conf(good.replace('missingok', 'create 0640 root root adm'))),
    c('bad-count', 'BROKEN_BUILD', here(run), conf(good.replace('rotate 5', 'rotate five'))),
    c('unknown-user', 'BROKEN_BUILD', here(run), conf(good.replace('missingok', 'create 0640 deploy deploy'))),
    c('log-missing', 'ERROR_RESPONSE', here(`rm logs/app.log && ${run}`), conf(good.replace('  missingok\n', ''))),
    c('config-missing', 'ERROR_RESPONSE', 'logrotate -s state /etc/logrotate.d/app'),
    c('state-locked', 'RESOURCE_BUSY', here(`touch state && chmod 600 state && (flock state sh -c 'touch locked; sleep 20' &) ; for i in $(seq 200); do [ -f locked ] && break; sleep 0.05; done; ${run}`), conf(good)),
    c('disk-full', 'RESOURCE_EXHAUSTION', `head -c 400000 /dev/urandom | base64 > big.log && ${tinyFs('logs', `cp big.log logs/app.log 2>/dev/null; head -c 200000 big.log > logs/app.log; sed -i "s#/work/case#$PWD#" logrotate.conf; ${run}`, '256k,mode=755')}`, { 'logrotate.conf': '/work/case/logs/app.log {\n  rotate 5\n  copy\n}\n' }),
    c('bad-state', 'ERROR_RESPONSE', here(`echo "garbage state" > state && chmod 600 state && ${run}`), conf(good)),
    // Ambiguous: the configuration parses but names an archive directory that is not there: the directory missing, ERROR_RESPONSE.
    c('olddir-missing', 'ERROR_RESPONSE', here(run), conf(good.replace('missingok', 'olddir /work/case/archive'))),
    c('permission-denied', 'ERROR_RESPONSE', here(`chmod 000 logs/app.log && ${NOPRIV} logrotate -f -s state logrotate.conf`), conf(good)),
  ];
}

function chrony() {
  const c = tool('chrony');
  return [
    c('no-daemon', 'NETWORK', 'chronyc -h /run/chrony/chronyd.sock tracking'),
    c('refused', 'NETWORK', `${REFUSED}chronyc -h 127.0.0.1 -p $PORT tracking`),
    c('dns', 'NETWORK', 'chronyc -h ntp.lab.invalid tracking'),
    c('unknown-command', 'ERROR_RESPONSE', 'chronyc -h 127.0.0.1 trakcing'),
    c('bad-option', 'ERROR_RESPONSE', 'chronyc --json tracking'),
    c('config-bad-directive', 'BROKEN_BUILD', 'chronyd -Q -f chrony.conf -u root', { 'chrony.conf': 'server 127.0.0.1 iburst maxpoll 6\ndriftfile drift\nmakestep 1.0 three\n' }),
    c('config-bad-server', 'BROKEN_BUILD', 'chronyd -Q -f chrony.conf -u root', { 'chrony.conf': 'server 127.0.0.1 iburst minpoll\n' }),
    c('config-missing', 'ERROR_RESPONSE', 'chronyd -Q -f /etc/chrony/conf.d/site.conf -u root'),
    c('config-unknown', 'BROKEN_BUILD', 'chronyd -Q -f chrony.conf -u root', { 'chrony.conf': 'server 127.0.0.1 iburst\nntpsigndsocket2 /var/lib/samba\n' }),
  ];
}

function tnftp() {
  const c = tool('tnftp', { env: { FTP_SERVER: `${SCRIPTS}ftp-server.py` } });
  const server = (mode = '') => `mkdir -p home && echo "release tarball" > home/app-1.4.tar.gz && /usr/bin/python3 "$FTP_SERVER" port home ${mode} >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; export P=$(cat port); `;
  const url = (user, path) => `ftp://${user}@127.0.0.1:$P/${path}`;
  return [
    c('login-incorrect', 'AUTH_REQUIRED', `${server()}tnftp -n ${url('ci:wrong-pass', 'app-1.4.tar.gz')}`),
    c('not-found', 'ERROR_RESPONSE', `${server()}tnftp ${url('ci:ftp-pass', 'app-1.5.tar.gz')}`),
    c('upload-denied', 'ERROR_RESPONSE', `${server()}echo build > app-1.5.tar.gz && tnftp -u ${url('reader:read-pass', '')} app-1.5.tar.gz`),
    c('refused', 'NETWORK', `${REFUSED}tnftp ftp://ci:ftp-pass@127.0.0.1:$PORT/app-1.4.tar.gz`),
    c('dns', 'NETWORK', 'tnftp ftp://ci:ftp-pass@ftp.release.invalid/app-1.4.tar.gz'),
    c('too-many', 'SERVER_OVERLOADED', `${server('one')}python3 -c "import socket,time; s=socket.create_connection(('127.0.0.1',$P)); s.recv(100); open('held','w').close(); time.sleep(20)" & for i in $(seq 100); do [ -f held ] && break; sleep 0.05; done; tnftp -v ${url('ci:ftp-pass', 'app-1.4.tar.gz')}`),
    // A server that never greets, given up after tnftp's 2 s quit time (its own "421 … remote server timed out"): TIMEOUT.
    c('no-greeting', 'TIMEOUT', `${SILENT}tnftp -v -q 2 ftp://ci:ftp-pass@127.0.0.1:$PORT/app-1.4.tar.gz`),
    c('read-only', 'ERROR_RESPONSE', server() + roFs('out', `cd out && tnftp ${url('ci:ftp-pass', 'app-1.4.tar.gz')}`)),
    c('local-missing', 'ERROR_RESPONSE', `${server()}tnftp -u ${url('ci:ftp-pass', '')} dist/app-1.5.tar.gz`),
  ];
}

function at() {
  const c = tool('at');
  return [
    c('garbled-time', 'ERROR_RESPONSE', "echo './deploy.sh' | at 25:99"),
    c('past', 'ERROR_RESPONSE', "echo './deploy.sh' | at 10:00 2020-01-01"),
    c('input-missing', 'ERROR_RESPONSE', 'at -f jobs/deploy.sh now + 1 hour'),
    c('atrm-missing', 'ERROR_RESPONSE', 'atrm 98765'),
    c('cat-missing', 'ERROR_RESPONSE', 'at -c 98765'),
    c('bad-option', 'ERROR_RESPONSE', "echo './deploy.sh' | at --queue=b now + 5 minutes"),
    c('bad-queue', 'ERROR_RESPONSE', "echo './deploy.sh' | at -q 7 now + 5 minutes"),
    // Ambiguous: the user is not allowed the service (at.deny): the run's identity refused, AUTH_REQUIRED as a 403 is.
    c('denied', 'AUTH_REQUIRED', "echo './deploy.sh' | setpriv --reuid=65534 --regid=65534 --clear-groups at now + 5 minutes"),
  ];
}

function crontab() {
  const c = tool('crontab');
  const tab = (line) => ({ 'deploy.cron': `SHELL=/bin/sh\n# nightly jobs\n${line}\n` });
  const install = 'crontab -u nobody deploy.cron';
  return [
    c('bad-minute', 'BROKEN_BUILD', install, tab('61 2 * * * /opt/app/bin/backup')),
    c('bad-hour', 'BROKEN_BUILD', install, tab('0 25 * * * /opt/app/bin/backup')),
    c('bad-weekday', 'BROKEN_BUILD', install, tab('0 2 * * fri-mun /opt/app/bin/backup')),
    c('bad-month', 'BROKEN_BUILD', install, tab('0 2 * 13 * /opt/app/bin/backup')),
    c('bad-day-of-month', 'BROKEN_BUILD', install, tab('0 2 32 * * /opt/app/bin/backup')),
    c('bad-step', 'BROKEN_BUILD', install, tab('*/x 2 * * * /opt/app/bin/backup')),
    c('file-missing', 'ERROR_RESPONSE', 'crontab -u nobody cron/deploy.cron'),
    c('no-crontab', 'ERROR_RESPONSE', 'crontab -u nobody -r 2>/dev/null; crontab -u nobody -l'),
    c('unknown-user', 'ERROR_RESPONSE', 'crontab -u deploy -l'),
  ];
}

function stunnel() {
  const c = tool('stunnel');
  const conf = (body) => ({ 'stunnel.conf': `foreground = yes\npid =\n\n${body}` });
  const svc = (accept = '127.0.0.1:8443', cert = '$CERTS/valid.pem', connect = '127.0.0.1:3000') => `[app]\naccept = ${accept}\nconnect = ${connect}\ncert = ${cert}\n`;
  const run = 'sed -i "s#\\$CERTS#$CERTS#" stunnel.conf && timeout 10 stunnel stunnel.conf';
  return [
    c('unknown-option', 'BROKEN_BUILD', run, conf(svc().replace('connect =', 'conect ='))),
    c('no-connect', 'BROKEN_BUILD', run, conf('[app]\naccept = 127.0.0.1:8443\ncert = $CERTS/valid.pem\n')),
    c('cert-missing', 'ERROR_RESPONSE', run, conf(svc(undefined, 'certs/site.pem'))),
    c('cert-garbage', 'ERROR_RESPONSE', `echo "not a certificate" > site.pem && ${run}`, conf(svc(undefined, 'site.pem'))),
    c('port-in-use', 'ERROR_RESPONSE', `${BUSYPORT}sed -i "s/8443/$PORT/" stunnel.conf && ${run}`, conf(svc())),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): BROKEN_BUILD, was ERROR_RESPONSE — Invalid configuration file name "/etc/stunnel/app.conf": a configuration file (step 1).
    c('config-missing', 'BROKEN_BUILD', 'stunnel /etc/stunnel/app.conf'),
    c('bad-verify', 'BROKEN_BUILD', run, conf(`${svc()}verifyChain = maybe\n`)),
    // Ambiguous: the configuration pairs a certificate with another certificate's key: the files it names do not fit, ERROR_RESPONSE (as a certificate file that is not one).
    c('key-mismatch', 'ERROR_RESPONSE', run, conf(`${svc()}key = $CERTS/expired.pem\n`)),
  ];
}

function bind9Utils() {
  const c = tool('bind9-utils');
  const zone = (records) => ({ 'db.example.test': `$TTL 3600\n@ IN SOA ns1.example.test. hostmaster.example.test. ( 2026112701 3600 900 604800 300 )\n@ IN NS ns1.example.test.\nns1 IN A 192.0.2.1\n${records}` });
  const check = 'named-checkzone example.test db.example.test';
  return [
    c('bad-address', 'BROKEN_BUILD', check, zone('www IN A 192.0.2.300\n')),
    c('cname-and-other', 'BROKEN_BUILD', check, zone('www IN CNAME ns1\nwww IN A 192.0.2.10\n')),
    c('unknown-type', 'BROKEN_BUILD', check, zone('www IN AAA 2001:db8::1\n')),
    c('missing-ns-glue', 'BROKEN_BUILD', check, { 'db.example.test': '$TTL 3600\n@ IN SOA ns1.example.test. hostmaster.example.test. ( 2026112701 3600 900 604800 300 )\n@ IN NS ns1.example.test.\nwww IN A 192.0.2.10\n' }),
    c('zone-missing', 'ERROR_RESPONSE', 'named-checkzone example.test zones/db.example.test'),
    c('conf-syntax', 'BROKEN_BUILD', 'named-checkconf named.conf', { 'named.conf': 'options {\n  directory ".";\n  recursion no\n};\n' }),
    c('conf-unknown-option', 'BROKEN_BUILD', 'named-checkconf named.conf', { 'named.conf': 'options {\n  directory ".";\n  recursive no;\n};\n' }),
    c('conf-missing-include', 'BROKEN_BUILD', 'named-checkconf named.conf', { 'named.conf': 'include "/etc/bind/named.conf.site";\noptions {\n  directory ".";\n};\n' }),
    c('conf-missing', 'ERROR_RESPONSE', 'named-checkconf /etc/bind/site/named.conf'),
  ];
}

function fping() {
  const c = tool('fping');
  return [
    c('dns', 'NETWORK', 'fping -t 500 -r 0 db.build.invalid'),
    c('unreachable', 'NETWORK', 'fping -t 300 -r 0 192.0.2.10'),
    c('one-of-two', 'NETWORK', 'fping -t 300 -r 0 127.0.0.1 192.0.2.10'),
    c('count-loss', 'NETWORK', 'fping -c 2 -p 200 -t 300 192.0.2.10'),
    c('bad-option', 'ERROR_RESPONSE', 'fping --timeout-ms 300 127.0.0.1'),
    c('hosts-file-missing', 'ERROR_RESPONSE', 'fping -t 300 -f hosts/targets.txt'),
    c('bad-cidr', 'ERROR_RESPONSE', 'fping -t 300 -g 10.0.0.0/33'),
    c('bad-count', 'ERROR_RESPONSE', 'fping -c abc 127.0.0.1'),
  ];
}

/** Every case of the tenth capture. */
export function firstSightTenthCases() {
  return [
    ...wget2(), ...swaks(), ...gnutlsCli(), ...borg(), ...iperf3(), ...krb5(), ...haproxy(), ...nftables(), ...systemdAnalyze(),
    ...logrotate(), ...chrony(), ...tnftp(), ...at(), ...crontab(), ...stunnel(), ...bind9Utils(), ...fping(),
  ];
}
