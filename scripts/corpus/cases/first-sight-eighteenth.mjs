/**
 * First-sight families, part 25 (the eighteenth capture): Debian command-line tools that scripts
 * and CI wrap, none named by a rule pack or an earlier capture — compressors (brotli, pigz, lzip),
 * a mail client (s-nail, against smtp-server.py), a backup tool (rdiff-backup), image optimisers
 * and converters (pngquant, jpegoptim, graphicsmagick's gm, librsvg's rsvg-convert), an ISO 9660
 * writer (xorriso), FAT tools (dosfstools), a typesetter (groff), a text browser (lynx, against
 * http-server.py), downloaders (axel, against http-server.py; ncftp's ncftpget/ncftpput, against
 * ftp-server.py) and whois. (w3m was tried and left out: it exits 0 when it cannot load a page;
 * mariadb-client is named by the databases pack; hunspell fails in too few ways.) Each case's
 * `type` was written here, by DESIGN.md's rules and the README's label decisions (the type follows
 * what failed, not what carried it), before the classifier was asked about any of these texts:
 * - an answer of something the program talks to: an HTTP 404, an FTP 550, an SMTP 550/554:
 *   ERROR_RESPONSE; 401, an FTP 530, an SMTP 535: AUTH_REQUIRED; 429, an SMTP 450 rate limit:
 *   RATE_LIMIT; 500: SERVER_ERROR; 503, an SMTP 421: SERVER_OVERLOADED; a certificate nobody trusts,
 *   expired or for another host: CERTIFICATE_ERROR; a refused port, a closed connection, a name
 *   that does not resolve: NETWORK; no answer in time: TIMEOUT;
 * - input the program reads that is not in its format or truncated (a compressed stream, an
 *   image, an ISO image, a FAT image, an SVG), a file that is not there, a file's permission
 *   denied, an output that exists, a read-only file system, an option the run gave that the tool
 *   refuses: ERROR_RESPONSE; damage proven by a checksum or a file system's consistency check:
 *   DATA_CORRUPTION;
 * - a project file that does not parse or load (a document's tables, equations, pictures, an
 *   included macro file): BROKEN_BUILD;
 * - the tool dying of a signal it brought on itself (SIGSEGV, SIGPIPE with no word): CLI_CRASH;
 * - a quality threshold the run set that the result did not meet: QUALITY_GATE_FAIL;
 * - a full disk (a small tmpfs in a user and mount namespace): RESOURCE_EXHAUSTION.
 */

import { join } from 'node:path';
import { ROOT } from '../tools.mjs';
import { CLOSER, NOPRIV, REFUSED, roFs, SILENT, tinyFs, tool } from './shell.mjs';

const SCRIPTS = new URL('..', import.meta.url).pathname;

/** Flips the byte at OFFSET (negative: from the end) of FILE: `python3 flip.py FILE OFFSET`. */
const FLIP = `import sys
p, i = sys.argv[1], int(sys.argv[2])
b = bytearray(open(p, 'rb').read()); b[i] ^= 0xff; open(p, 'wb').write(b)
`;
const flip = { 'flip.py': FLIP };
const CONVERT = '/usr/bin/convert';

// ---------------------------------------------------------------- compressors

function brotli() {
  const c = tool('brotli');
  return [
    c('not-brotli', 'ERROR_RESPONSE', 'brotli -d -o report.csv report.csv.br', { 'report.csv.br': 'id,name\n1,alpha\n2,beta\n' }),
    c('truncated', 'ERROR_RESPONSE', 'seq 1 20000 > data.txt && brotli -o data.txt.br data.txt && head -c 200 data.txt.br > cut.br && brotli -d -o out.txt cut.br'),
    c('missing', 'ERROR_RESPONSE', 'brotli -d -o bundle.js dist/bundle.js.br'),
    c('permission', 'ERROR_RESPONSE', `seq 1 100 > data.txt && chmod 000 data.txt && ${NOPRIV} brotli -o data.txt.br data.txt`),
    c('output-exists', 'ERROR_RESPONSE', 'seq 1 100 > app.js && brotli app.js && seq 1 5 > app.js && brotli app.js'),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'head -c 700000 /dev/urandom > out/big.bin && brotli -q 1 out/big.bin', '1m')),
    c('read-only', 'ERROR_RESPONSE', roFs('out', 'seq 1 100 > a.txt && brotli -o out/a.txt.br a.txt')),
    c('bad-quality', 'ERROR_RESPONSE', 'seq 1 100 > a.txt && brotli -q 12 a.txt'),
    c('directory', 'ERROR_RESPONSE', 'mkdir assets && brotli assets'),
  ];
}

function pigz() {
  const c = tool('pigz');
  return [
    c('not-gzip', 'ERROR_RESPONSE', 'pigz -d report.csv.gz', { 'report.csv.gz': 'id,name\n1,alpha\n2,beta\n' }),
    c('truncated', 'ERROR_RESPONSE', 'seq 1 20000 > d.txt && pigz d.txt && head -c 300 d.txt.gz > cut.gz && pigz -d cut.gz'),
    // The trailer's CRC-32 altered: the data decompress whole and fail their checksum.
    c('crc-mismatch', 'DATA_CORRUPTION', 'seq 1 20000 > d.txt && pigz d.txt && python3 flip.py d.txt.gz -8 && pigz -t d.txt.gz', flip),
    c('missing', 'ERROR_RESPONSE', 'pigz -d logs/app.log.gz'),
    c('permission', 'ERROR_RESPONSE', `seq 1 100 > d.txt && chmod 000 d.txt && ${NOPRIV} pigz d.txt`),
    c('output-exists', 'ERROR_RESPONSE', 'seq 1 100 > d.txt && pigz -k d.txt && pigz d.txt'),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'head -c 700000 /dev/urandom > out/big.bin && pigz -k out/big.bin', '1m')),
    c('bad-option', 'ERROR_RESPONSE', 'seq 1 100 > d.txt && pigz -p 0 d.txt'),
  ];
}

function lzip() {
  const c = tool('lzip');
  return [
    c('not-lzip', 'ERROR_RESPONSE', 'lzip -d backup.tar.lz', { 'backup.tar.lz': 'this is a tar listing, not lzip data\n' }),
    c('truncated', 'ERROR_RESPONSE', 'seq 1 20000 > d.txt && lzip d.txt && head -c 300 d.txt.lz > cut.lz && lzip -d cut.lz'),
    // The trailer's CRC-32 (20 bytes from the end) altered: the data decode whole and fail their checksum.
    c('crc-mismatch', 'DATA_CORRUPTION', 'seq 1 20000 > d.txt && lzip d.txt && python3 flip.py d.txt.lz -20 && lzip -t d.txt.lz', flip),
    c('missing', 'ERROR_RESPONSE', 'lzip -d releases/app-1.2.tar.lz'),
    c('permission', 'ERROR_RESPONSE', `seq 1 100 > d.txt && chmod 000 d.txt && ${NOPRIV} lzip d.txt`),
    c('output-exists', 'ERROR_RESPONSE', 'seq 1 100 > d.txt && lzip -k d.txt && lzip d.txt'),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'head -c 700000 /dev/urandom > out/big.bin && lzip -k -0 out/big.bin', '1m')),
    c('bad-option', 'ERROR_RESPONSE', 'seq 1 100 > d.txt && lzip -s 1 d.txt'),
  ];
}

// ---------------------------------------------------------------- network clients

function sNail() {
  const c = tool('s-nail', { env: { SMTP_SERVER: `${SCRIPTS}smtp-server.py` } });
  const srv = (replies, tls = false) => `${tls ? 'export CORPUS_TLS_PEM=$CERTS/valid.pem; ' : ''}python3 "$SMTP_SERVER" port ${replies.map((r) => `'${r}'`).join(' ')} >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; `;
  const mail = (mta, extra = '') => `export HOME=$PWD; echo "nightly build 1234 failed" | s-nail -n -S sendwait -S nosave -S from=ci@example.test -S mta=${mta} ${extra} -s "nightly build failed" oncall@example.test`;
  const send = (extra = '') => mail('smtp://127.0.0.1:$(cat port)', extra);
  return [
    c('refused', 'NETWORK', `${REFUSED}${mail('smtp://127.0.0.1:$PORT')}`),
    c('dns', 'NETWORK', mail('smtp://smtp.mail.invalid:25')),
    c('auth-535', 'AUTH_REQUIRED', srv(['AUTH=535 5.7.8 Error: authentication failed']) + send('-S smtp-auth=login -S smtp-auth-user=ci -S smtp-auth-password=mail-pass')),
    c('busy-421', 'SERVER_OVERLOADED', srv(['GREETING=421 4.3.2 Service not available, too many concurrent connections']) + send()),
    c('rcpt-550', 'ERROR_RESPONSE', srv(['RCPT=550 5.1.1 <oncall@example.test>: Recipient address rejected: User unknown']) + send()),
    c('rate-450', 'RATE_LIMIT', srv(['MAIL=450 4.7.1 Sender rate limit exceeded, try again later']) + send()),
    c('data-554', 'ERROR_RESPONSE', srv(['DATA=554 5.7.1 Message rejected: spam score too high']) + send()),
    c('starttls-self-signed', 'CERTIFICATE_ERROR', srv([], true) + send('-S smtp-use-starttls -S tls-verify=strict')),
    // The server offers no STARTTLS and the run requires it: the server's EHLO answer refuses what was asked.
    // Ambiguous: s-nail says only that it "could not initiate TLS connection" (no certificate at fault).
    c('no-starttls', 'ERROR_RESPONSE', srv([]) + send('-S smtp-use-starttls')),
  ];
}

function lynx() {
  const c = tool('lynx');
  const dump = 'lynx -dump -connect_timeout=3 -read_timeout=3';
  // Its HTTPS cases (self-signed, expired, wrong host) were left out: in -dump mode lynx prints
  // only "Making HTTPS connection … Can't access startfile", no word of the certificate.
  return [
    c('refused', 'NETWORK', `${REFUSED}${dump} http://127.0.0.1:$PORT/releases/latest.html`),
    c('dns', 'NETWORK', `${dump} http://docs.example.invalid/releases/latest.html`),
    c('closed', 'NETWORK', `${CLOSER}${dump} http://127.0.0.1:$PORT/releases/latest.html`),
    c('read-timeout', 'TIMEOUT', `${SILENT}${dump} http://127.0.0.1:$PORT/releases/latest.html`),
    c('missing-file', 'ERROR_RESPONSE', `${dump} docs/index.html`),
    c('bad-option', 'ERROR_RESPONSE', `${dump} -no-such-option docs/index.html`),
    // The configuration file the run names is not there (not one that does not parse): a file given that cannot be opened.
    c('missing-config', 'ERROR_RESPONSE', `${dump} -cfg=conf/lynx.cfg docs/index.html`),
    c('ftp-refused', 'NETWORK', `${REFUSED}${dump} ftp://127.0.0.1:$PORT/pub/releases/`),
    c('refused-ipv6', 'NETWORK', `${REFUSED}${dump} "http://[::1]:$PORT/releases/latest.html"`),
  ];
}

function axel() {
  const c = tool('axel');
  const get = 'axel -n 2 -T 3 -o release.tar.gz "$URL/releases/app-1.2.tar.gz"';
  const h = (id, type, http, pre = '') => c(id, type, `${pre}${get}`, {}, { http, origin: `${get} (against the local HTTP(S) server)` });
  return [
    // axel 2.17 dies of SIGPIPE with no word against a refused port, and of SIGSEGV after "Connection
    // gone." against a server that never answers: the tool's own crash (ambiguous: a refused port and
    // a silent server were the causes set up, but what the text shows is the program dying of a signal).
    c('refused', 'CLI_CRASH', `${REFUSED}axel -n 2 -T 3 -o release.tar.gz http://127.0.0.1:$PORT/releases/app-1.2.tar.gz`),
    c('dns', 'NETWORK', 'axel -n 2 -T 3 -o release.tar.gz http://downloads.example.invalid/releases/app-1.2.tar.gz'),
    h('404', 'ERROR_RESPONSE', { status: 404, body: 'not found' }),
    h('401', 'AUTH_REQUIRED', { status: 401, body: 'unauthorized', headers: ['WWW-Authenticate:Basic realm="releases"'] }),
    h('429', 'RATE_LIMIT', { status: 429, body: 'slow down' }),
    h('500', 'SERVER_ERROR', { status: 500, body: 'internal error' }),
    h('503', 'SERVER_OVERLOADED', { status: 503, body: 'overloaded' }),
    h('self-signed', 'CERTIFICATE_ERROR', { status: 200, body: 'x'.repeat(1000), tls: 'valid' }, 'export URL=$(echo $URL | sed s/127.0.0.1/localhost/); '),
    c('timeout', 'CLI_CRASH', `${SILENT}axel -n 2 -T 2 -o release.tar.gz http://127.0.0.1:$PORT/releases/app-1.2.tar.gz`),
    c('output-dir-missing', 'ERROR_RESPONSE', 'axel -n 2 -T 3 -o downloads/nightly/release.tar.gz "$URL/releases/app-1.2.tar.gz"', {}, { http: { status: 200, body: 'x'.repeat(5000) } }),
    // (A full disk was left out: axel 2.17 exits 0 when its output's disk fills.)
  ];
}

function ncftp() {
  const c = tool('ncftp', { env: { FTP_SERVER: join(ROOT, 'scripts', 'corpus', 'ftp-server.py') } });
  const server = (before = '') => `mkdir -p home; ${before}/usr/bin/python3 "$FTP_SERVER" port home >/dev/null 2>&1 & srv=$!; trap 'kill $srv 2>/dev/null' EXIT; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; `;
  const get = (user, pass, path, local = '.') => `ncftpget -t 5 -u ${user} -p ${pass} -P $(cat port) 127.0.0.1 ${local} ${path}`;
  return [
    c('refused', 'NETWORK', `${REFUSED}ncftpget -t 5 -u ci -p ftp-pass -P $PORT 127.0.0.1 . /releases/app.tar.gz`),
    c('dns', 'NETWORK', 'ncftpget -t 5 -u ci -p ftp-pass ftp.example.invalid . /releases/app.tar.gz'),
    c('login-530', 'AUTH_REQUIRED', server() + get('ci', 'wrong-pass', '/releases/app.tar.gz')),
    c('missing-550', 'ERROR_RESPONSE', server() + get('ci', 'ftp-pass', '/releases/app-9.9.tar.gz')),
    // The account logs in (its credentials are accepted) but may not write: the server's refusal.
    c('put-denied', 'ERROR_RESPONSE', `${server('mkdir -p home/logs; ')}seq 1 100 > build.log && ncftpput -t 5 -u reader -p read-pass -P $(cat port) 127.0.0.1 /logs build.log`),
    c('local-dir-missing', 'ERROR_RESPONSE', server('mkdir -p home/releases && seq 1 100 > home/releases/app.tar.gz; ') + get('ci', 'ftp-pass', '/releases/app.tar.gz', 'downloads/nightly')),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', `mkdir -p home/releases && head -c 400000 /dev/urandom > home/releases/app.tar.gz; /usr/bin/python3 "$FTP_SERVER" port home >/dev/null 2>&1 & srv=$!; for i in $(seq 100); do [ -s port ] && break; sleep 0.1; done; ${get('ci', 'ftp-pass', '/releases/app.tar.gz', 'out')}; r=$?; kill $srv; exit $r`)),
    c('timeout', 'TIMEOUT', `${SILENT}ncftpget -t 3 -u ci -p ftp-pass -P $PORT 127.0.0.1 . /releases/app.tar.gz`),
    c('closed', 'NETWORK', `${CLOSER}ncftpget -t 5 -u ci -p ftp-pass -P $PORT 127.0.0.1 . /releases/app.tar.gz`),
  ];
}

function whois() {
  const c = tool('whois');
  return [
    c('refused', 'NETWORK', `${REFUSED}whois -h 127.0.0.1 -p $PORT example.com`),
    c('dns', 'NETWORK', 'whois -h whois.registry.invalid example.com'),
    // (A server that closes at once was left out: whois 5.5 exits 0 or 2 for it, by the race.)
    // -I asks whois.iana.org first, which does not resolve here.
    c('iana-referral-dns', 'NETWORK', 'whois -I example.com'),
    c('bad-option', 'ERROR_RESPONSE', 'whois --no-such-option example.com'),
    c('bad-port', 'ERROR_RESPONSE', 'whois -h 127.0.0.1 -p notaport example.com'),
    // whois sends an object it cannot place to its default server, whois.arin.net, which does not resolve here.
    c('default-server-dns', 'NETWORK', 'whois -- "-x"'),
    // Only the usage text: the run gave no object to look up (the tool refused the invocation).
    c('refused-ipv6', 'NETWORK', `${REFUSED}whois -h ::1 -p $PORT example.com`),
    c('no-query', 'ERROR_RESPONSE', 'whois -h 127.0.0.1'),
  ];
}

// ---------------------------------------------------------------- backup

function rdiffBackup() {
  const c = tool('rdiff-backup');
  const src = 'mkdir -p src/conf && seq 1 200 > src/app.log && echo "port = 8080" > src/conf/app.toml && ';
  return [
    c('missing-source', 'ERROR_RESPONSE', 'rdiff-backup backup data/ backups/data'),
    c('not-a-repository', 'ERROR_RESPONSE', `${src}mkdir -p backups && echo keep > backups/notes.txt && rdiff-backup backup src backups`),
    c('read-only', 'ERROR_RESPONSE', roFs('dst', `${src}rdiff-backup backup src dst/repo`)),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('dst', `${src}head -c 400000 /dev/urandom > src/blob.bin && rdiff-backup backup src dst/repo`)),
    c('restore-target-exists', 'ERROR_RESPONSE', `${src}rdiff-backup backup src repo && mkdir restored && echo x > restored/a && rdiff-backup restore repo restored`),
    // ssh's "Connection refused" first, then rdiff-backup's own AttributeError traceback on the
    // connection it never got: what failed is the connection (ambiguous: a defect carried it).
    c('remote-refused', 'NETWORK', `${REFUSED}${src}rdiff-backup --remote-schema "ssh -p $PORT -o BatchMode=yes -o ConnectTimeout=3 %s rdiff-backup server" backup src 127.0.0.1::/srv/backups/app`),
    c('bad-option', 'ERROR_RESPONSE', `${src}rdiff-backup backup --no-such-flag src repo`),
    c('repo-permission', 'ERROR_RESPONSE', `${src}rdiff-backup backup src repo && chmod 000 repo/rdiff-backup-data && ${NOPRIV} rdiff-backup backup src repo`),
  ];
}

// ---------------------------------------------------------------- images

const PNG = `${CONVERT} -size 128x128 plasma:fractal -seed 7 img.png`;

function pngquant() {
  const c = tool('pngquant');
  return [
    c('not-png', 'ERROR_RESPONSE', 'pngquant --output out.png logo.png', { 'logo.png': '<svg xmlns="http://www.w3.org/2000/svg"/>\n' }),
    c('truncated', 'ERROR_RESPONSE', `${PNG} && head -c 2000 img.png > cut.png && pngquant --output out.png cut.png`),
    // Ambiguous: pngquant refuses to write a result under the quality floor the run set
    // (--quality min-max): a threshold on the output, the run's own gate, so QUALITY_GATE_FAIL.
    c('quality-too-low', 'QUALITY_GATE_FAIL', `${PNG} && pngquant --quality=98-100 --output out.png img.png`),
    c('output-exists', 'ERROR_RESPONSE', `${PNG} && cp img.png out.png && pngquant --output out.png img.png`),
    c('missing', 'ERROR_RESPONSE', 'pngquant --output out.png assets/logo.png'),
    c('permission', 'ERROR_RESPONSE', `${PNG} && chmod 000 img.png && ${NOPRIV} pngquant --output out.png img.png`),
    // pngquant says only "failed writing image … (16)"; the 16 KiB disk it writes to is full.
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', `${CONVERT} -size 512x512 plasma:fractal -seed 7 img.png && pngquant --output out/img.png img.png`, '16k')),
    c('bad-speed', 'ERROR_RESPONSE', `${PNG} && pngquant --speed 99 --output out.png img.png`),
  ];
}

function jpegoptim() {
  const c = tool('jpegoptim');
  const JPG = `${CONVERT} -size 256x256 plasma:fractal -seed 7 -quality 95 photo.jpg`;
  return [
    c('not-jpeg', 'ERROR_RESPONSE', 'jpegoptim --max=80 photo.jpg', { 'photo.jpg': 'GIF89a this is not a jpeg\n' }),
    c('dest-missing', 'ERROR_RESPONSE', `${JPG} && jpegoptim --max=80 -d optimised photo.jpg`),
    // jpegoptim says only "write failed"; the 16 KiB disk it writes to is full.
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', `${CONVERT} -size 1024x1024 plasma:fractal -seed 7 -quality 95 photo.jpg && jpegoptim --max=90 -d out photo.jpg`, '16k')),
    c('read-only', 'ERROR_RESPONSE', roFs('out', `${JPG} && jpegoptim --max=80 -d out photo.jpg`)),
    c('bad-option', 'ERROR_RESPONSE', `${JPG} && jpegoptim --max=abc photo.jpg`),
    c('png-as-jpeg', 'ERROR_RESPONSE', `${PNG} && cp img.png photo.jpg && jpegoptim --max=80 photo.jpg`),
    c('bad-size', 'ERROR_RESPONSE', `${JPG} && jpegoptim --size=abc photo.jpg`),
    c('dest-not-directory', 'ERROR_RESPONSE', `${JPG} && touch optimised && jpegoptim --max=80 -d optimised photo.jpg`),
  ];
}

function graphicsmagick() {
  const c = tool('graphicsmagick');
  return [
    c('not-image', 'ERROR_RESPONSE', 'gm convert logo.png logo.jpg', { 'logo.png': 'this is a text file named like an image\n' }),
    c('truncated', 'ERROR_RESPONSE', `${PNG} && head -c 2000 img.png > cut.png && gm convert cut.png out.jpg`),
    c('missing', 'ERROR_RESPONSE', 'gm convert assets/hero.png dist/hero.webp'),
    c('permission', 'ERROR_RESPONSE', `${PNG} && chmod 000 img.png && ${NOPRIV} gm convert img.png out.jpg`),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', `${PNG} && gm convert img.png -resize 400% out/big.bmp`)),
    c('read-only', 'ERROR_RESPONSE', roFs('out', `${PNG} && gm convert img.png out/img.jpg`)),
    c('bad-geometry', 'ERROR_RESPONSE', `${PNG} && gm convert img.png -resize abcx out.jpg`),
    c('unknown-output-format', 'ERROR_RESPONSE', `${PNG} && gm convert img.png xyz:out.xyz`),
  ];
}

function rsvgConvert() {
  const c = tool('rsvg-convert');
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="teal"/></svg>\n';
  return [
    // Ambiguous: an SVG is data the build converts (an asset), not the project's source or
    // configuration: markup that does not parse is ERROR_RESPONSE.
    c('malformed', 'ERROR_RESPONSE', 'rsvg-convert -o logo.png logo.svg', { 'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30"</svg>\n' }),
    c('not-svg', 'ERROR_RESPONSE', `${PNG} && cp img.png logo.svg && rsvg-convert -o logo.png logo.svg`),
    c('missing', 'ERROR_RESPONSE', 'rsvg-convert -o icon.png assets/icon.svg'),
    c('permission', 'ERROR_RESPONSE', `chmod 000 logo.svg && ${NOPRIV} rsvg-convert -o logo.png logo.svg`, { 'logo.svg': svg }),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'rsvg-convert -w 2000 -h 2000 -f pdf -o out/logo.pdf logo.svg && rsvg-convert -w 3000 -h 3000 -o out/logo.png logo.svg'), { 'logo.svg': svg.replace('fill="teal"', 'fill="teal" stroke="red" stroke-dasharray="1 1" stroke-width="3"') }),
    c('read-only', 'ERROR_RESPONSE', roFs('out', 'rsvg-convert -o out/logo.png logo.svg'), { 'logo.svg': svg }),
    c('bad-format', 'ERROR_RESPONSE', 'rsvg-convert -f bmp -o logo.bmp logo.svg', { 'logo.svg': svg }),
    c('bad-zoom', 'ERROR_RESPONSE', 'rsvg-convert -z abc -o logo.png logo.svg', { 'logo.svg': svg }),
  ];
}

// ---------------------------------------------------------------- images, file systems

function xorriso() {
  const c = tool('xorriso');
  const src = 'mkdir -p src/docs && seq 1 500 > src/docs/notes.txt && ';
  return [
    c('missing-source', 'ERROR_RESPONSE', 'xorriso -outdev release.iso -map build/release /'),
    c('read-only', 'ERROR_RESPONSE', roFs('out', `${src}xorriso -outdev out/release.iso -map src /`)),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', `${src}head -c 600000 /dev/urandom > src/blob.bin && xorriso -outdev out/release.iso -map src /`, '256k')),
    c('truncated-iso', 'ERROR_RESPONSE', `${src}xorriso -outdev full.iso -map src / >/dev/null 2>&1 && head -c 40000 full.iso > cut.iso && xorriso -indev cut.iso -extract /docs/notes.txt notes.txt`),
    c('bad-command', 'ERROR_RESPONSE', 'xorriso -no_such_command release.iso'),
    c('boot-image-missing', 'ERROR_RESPONSE', `${src}xorriso -as mkisofs -o release.iso -b boot/isolinux.bin src`),
    c('mkisofs-bad-option', 'ERROR_RESPONSE', `${src}xorriso -as mkisofs --no-such-option -o release.iso src`),
    c('permission', 'ERROR_RESPONSE', `${src}xorriso -outdev full.iso -map src / >/dev/null 2>&1 && chmod 000 full.iso && ${NOPRIV} xorriso -indev full.iso -ls /`),
    c('extract-missing', 'ERROR_RESPONSE', `${src}xorriso -outdev full.iso -map src / >/dev/null 2>&1 && xorriso -osirrox on -indev full.iso -extract /docs/missing.txt missing.txt`),
  ];
}

function dosfstools() {
  const c = tool('dosfstools');
  return [
    c('fsck-not-fat', 'ERROR_RESPONSE', 'head -c 1474560 /dev/zero > boot.img && fsck.fat -n boot.img'),
    // The second FAT made to differ from the first: the file system's own consistency check finds it damaged.
    c('fsck-fats-differ', 'DATA_CORRUPTION', 'mkfs.fat -C boot.img 1440 >/dev/null && python3 flip.py boot.img 5125 && fsck.fat -n boot.img', flip),
    c('mkfs-exists', 'ERROR_RESPONSE', 'mkfs.fat -C boot.img 1440 >/dev/null && mkfs.fat -C boot.img 1440'),
    c('mkfs-missing-device', 'ERROR_RESPONSE', 'mkfs.fat images/boot.img'),
    c('mkfs-too-small', 'ERROR_RESPONSE', 'mkfs.fat -C tiny.img 8'),
    c('mkfs-bad-fat-size', 'ERROR_RESPONSE', 'mkfs.fat -F 13 -C boot.img 1440'),
    c('mkfs-read-only', 'ERROR_RESPONSE', roFs('out', 'mkfs.fat -C out/boot.img 1440')),
    c('fsck-permission', 'ERROR_RESPONSE', `mkfs.fat -C boot.img 1440 >/dev/null && chmod 000 boot.img && ${NOPRIV} fsck.fat -n boot.img`),
    c('label-too-long', 'ERROR_RESPONSE', 'mkfs.fat -C boot.img 1440 >/dev/null && fatlabel boot.img "THIS LABEL IS FAR TOO LONG"'),
  ];
}

// ---------------------------------------------------------------- typesetting

function groff() {
  const c = tool('groff');
  const doc = (body) => ({ 'doc.ms': `.TL\nRelease notes\n.PP\n${body}` });
  return [
    c('pic-error', 'BROKEN_BUILD', 'groff -p -ms -Tutf8 doc.ms > doc.txt', doc('.PS\nbox "a" wid 1 ht\narrow from nowhere\n.PE\n')),
    // Ambiguous: the macro package the document is built with (-m) is not installed: the document's
    // build cannot load what it needs, like a missing include: BROKEN_BUILD.
    c('missing-macro-package', 'BROKEN_BUILD', 'groff -mreleasenotes -Tutf8 doc.ms > doc.txt', doc('Text.\n')),
    c('bad-device', 'ERROR_RESPONSE', 'groff -ms -Tnodevice doc.ms > doc.out', doc('Text.\n')),
    c('missing-input', 'ERROR_RESPONSE', 'groff -ms -Tutf8 docs/release.ms > doc.txt'),
    // Ambiguous: the document's own macro calls itself without end; the project's source does not
    // build (BROKEN_BUILD), though troff reports it as its input stack overflowing.
    c('macro-loop', 'BROKEN_BUILD', 'groff -ms -Tutf8 doc.ms > doc.txt', doc('.de XX\n.XX\n..\n.XX\n')),
    c('bad-postprocessor-option', 'ERROR_RESPONSE', 'groff -ms -Tutf8 -P-zz doc.ms > doc.txt', doc('Text.\n')),
    c('pdf-disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'seq 1 3000 | sed "s/^/.PP\\nLine /" > big.ms && groff -ms -Tpdf big.ms > out/doc.pdf', '16k')),
    c('permission', 'ERROR_RESPONSE', `chmod 000 doc.ms && ${NOPRIV} groff -ms -Tutf8 doc.ms > doc.txt`, doc('Text.\n')),
  ];
}

/** The eighteenth capture's cases. */
export function firstSightEighteenthCases() {
  return [...brotli(), ...pigz(), ...lzip(), ...sNail(), ...lynx(), ...axel(), ...ncftp(), ...whois(), ...rdiffBackup(),
    ...pngquant(), ...jpegoptim(), ...graphicsmagick(), ...rsvgConvert(), ...xorriso(), ...dosfstools(), ...groff()];
}
