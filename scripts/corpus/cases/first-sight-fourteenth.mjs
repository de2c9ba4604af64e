/**
 * First-sight families, part 21 (the fourteenth capture): Debian command-line tools of kinds no
 * capture had covered — document toolchains (pandoc, texinfo's makeinfo, asciidoctor, mupdf's
 * mutool), a spelling checker (aspell), a certificate tool (gnutls-bin's certtool), a key/value
 * stores' utilities (db-util: db_load, db_dump, db_verify; lmdb-utils: mdb_load, mdb_dump,
 * mdb_stat), interpreters and their run-time errors (guile, gforth), media encoders and probes
 * (lame, vorbis-tools, ffmpeg), a network tool (netcat-openbsd's nc) and version control not yet
 * taken (darcs, brz, git-lfs) — none named by a rule pack, a registry or an earlier capture. Each
 * case's `type` was written here, by DESIGN.md's rules and the README's label decisions (the type
 * follows what failed, not what carried it), before the classifier was asked about any of these
 * texts:
 * - a refused port or Unix socket, an unknown host: NETWORK; no answer in time: TIMEOUT; a
 *   certificate not trusted, expired or for another name: CERTIFICATE_ERROR;
 * - HTTP 401/403 or a proxy's 407, a key's or a document's password wrong or missing:
 *   AUTH_REQUIRED; 429: RATE_LIMIT; 500/502: SERVER_ERROR; 503: SERVER_OVERLOADED; 404 or another
 *   answer refusing the request: ERROR_RESPONSE;
 * - a lock held by another process: RESOURCE_BUSY; a full disk (a small tmpfs in a user and mount
 *   namespace) or a store's full map: RESOURCE_EXHAUSTION; a port in use: ERROR_RESPONSE (as the
 *   corpus's other port-in-use texts);
 * - input the program reads that is not in its format, cut short or not there (a media file, a
 *   dump, a PDF, a data file a script reads), a file's permission denied, a read-only file system,
 *   options or arguments the CLI refuses: ERROR_RESPONSE; its damage proven by a checksum (an Ogg
 *   page's CRC): DATA_CORRUPTION;
 * - a project file that does not parse or load (a document's source, a template, a filter, a
 *   script, a certificate template, a spelling configuration), or one it includes that is not there, or a document's
 *   warnings made fatal by the build's own option (as `-Werror`): BROKEN_BUILD;
 * - the program's own defect (an unbound variable, a wrong-type argument, a stack underflow, a
 *   division by zero, an invalid memory address, a nil indexed in a filter): CLI_CRASH;
 * - a helper program the tool needs that is not installed: CLI_NOT_FOUND;
 * - a spelling checker's findings made a failing gate: QUALITY_GATE_FAIL.
 */

import { FREE, NOPRIV, REFUSED, roFs, SILENT, tinyFs, tool } from './shell.mjs';

/** Something listening on $PORT (a port in use). */
const BUSYPORT = `${FREE}python3 -c "import socket,time; s=socket.socket(); s.bind(('127.0.0.1',$PORT)); s.listen(8); open('ready','w').close(); time.sleep(30)" & for i in $(seq 100); do [ -f ready ] && break; sleep 0.05; done; `;
/** Ends a case that started a server in the background (%1) with the case's own exit status. */
const STOP = '; r=$?; kill %1 2>/dev/null; exit $r';
/** The local HTTP server's URL with the host name its certificates are issued to. */
const LOCALHOST = 'export URL=$(echo $URL | sed s/127.0.0.1/localhost/); ';
/** One second of a 440 Hz tone as WAV (sox, installed by the ninth capture). */
const WAV = 'sox -n -r 44100 -c 2 -b 16 tone.wav synth 1 sine 440 && ';
const BIG_WAV = 'sox -n -r 44100 -c 2 -b 16 big.wav synth 20 sine 440 && ';

// ---------------------------------------------------------------- pandoc

function pandoc() {
  const c = tool('pandoc');
  const doc = { 'docs/guide.md': '# Guide\n\nInstall the *tool* first.\n' };
  return [
    c('missing-input', 'ERROR_RESPONSE', 'pandoc docs/guide.md -o dist/guide.html'),
    c('unknown-reader', 'ERROR_RESPONSE', 'pandoc -f markdwn -t html docs/guide.md -o dist/guide.html', doc),
    c('yaml-metadata', 'BROKEN_BUILD', 'pandoc -s docs/guide.md -o guide.html', { 'docs/guide.md': '---\ntitle: [Release notes\nauthor: Ops\n---\n\n# Guide\n' }),
    // The template the build names is not there: the project does not load (as an import missing).
    c('template-missing', 'BROKEN_BUILD', 'pandoc -s --template=templates/page.html docs/guide.md -o guide.html', doc),
    c('template-syntax', 'BROKEN_BUILD', 'pandoc -s --template=templates/page.html docs/guide.md -o guide.html', { ...doc, 'templates/page.html': '<html><body>\n$if(title)$<h1>$title$</h1>\n$body$\n</body></html>\n' }),
    c('filter-syntax', 'BROKEN_BUILD', 'pandoc --lua-filter=filters/links.lua docs/guide.md -o guide.html', { ...doc, 'filters/links.lua': 'function Link(el)\n  el.target = el.target:gsub("%.md$", ".html"\n  return el\nend\n' }),
    // The filter indexes a field that is nil: the filter's own defect.
    c('filter-nil-index', 'CLI_CRASH', 'pandoc --lua-filter=filters/headers.lua docs/guide.md -o guide.html', { ...doc, 'filters/headers.lua': 'function Header(el)\n  local id = el.attributes.anchor.id\n  return el\nend\n' }),
    // pandoc 2.17 converts a 404's body and exits 0: not captured.
    c('url-self-signed', 'CERTIFICATE_ERROR', `${LOCALHOST}pandoc -f html -t markdown "$URL/docs/guide.html" -o guide.md`, {}, { http: { status: 200, body: '<p>x</p>', tls: 'valid' } }),
    c('url-refused', 'NETWORK', `${REFUSED}pandoc -f html -t markdown "http://127.0.0.1:$PORT/docs/guide.html" -o guide.md`),
    c('docx-not-zip', 'ERROR_RESPONSE', 'pandoc -f docx -t markdown specs/design.docx -o design.md', { 'specs/design.docx': '<html><body>Moved</body></html>\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 guide.md && ${NOPRIV} pandoc guide.md -o guide.html`, { 'guide.md': '# Guide\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', "for i in $(seq 3000); do echo \"* item **$i** with \\`code $i\\` and [a link](page$i.html)\"; done > big.md && " + tinyFs('out', 'pandoc -s big.md -o out/big.html'), {}),
    // The PDF engine pandoc runs is not installed: a missing program (exit 127's kind).
    c('pdf-engine-missing', 'CLI_NOT_FOUND', 'pandoc docs/guide.md -o guide.pdf', doc),
  ];
}

// ---------------------------------------------------------------- makeinfo (texinfo)

function makeinfo() {
  const c = tool('makeinfo');
  const head = '\\input texinfo\n@setfilename manual.info\n@settitle Manual\n\n@node Top\n@top Manual\n\n';
  const ok = { 'manual.texi': `${head}Hello.\n\n@bye\n` };
  return [
    c('undefined-node', 'BROKEN_BUILD', 'makeinfo manual.texi', { 'manual.texi': `${head}See @ref{Installing}.\n\n@bye\n` }),
    c('unknown-command', 'BROKEN_BUILD', 'makeinfo manual.texi', { 'manual.texi': `${head}Run @commandd{make} first.\n\n@bye\n` }),
    c('unmatched-end', 'BROKEN_BUILD', 'makeinfo manual.texi', { 'manual.texi': `${head}@example\nmake install\n@end exmaple\n\n@bye\n` }),
    c('include-missing', 'BROKEN_BUILD', 'makeinfo manual.texi', { 'manual.texi': `${head}@include chapters/install.texi\n\n@bye\n` }),
    c('missing-input', 'ERROR_RESPONSE', 'makeinfo doc/manual.texi'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 manual.texi && ${NOPRIV} makeinfo manual.texi`, ok),
    c('unknown-option', 'ERROR_RESPONSE', 'makeinfo --pdff manual.texi', ok),
    c('read-only-output', 'ERROR_RESPONSE', roFs('out', 'makeinfo -o out/manual.info manual.texi'), ok),
    c('disk-full', 'RESOURCE_EXHAUSTION', `(printf '${head.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}'; for i in $(seq 4000); do echo "Paragraph $i of the manual, with @code{option-$i} and @emph{text}."; echo; done; echo '@bye') > big.texi && ` + tinyFs('out', 'makeinfo -o out/big.info big.texi'), {}),
  ];
}

// ---------------------------------------------------------------- asciidoctor

function asciidoctor() {
  const c = tool('asciidoctor');
  const A = 'asciidoctor --failure-level=WARN';
  const ok = { 'guide.adoc': '= Guide\n\nHello.\n' };
  return [
    c('include-missing', 'BROKEN_BUILD', `${A} docs/guide.adoc`, { 'docs/guide.adoc': '= Guide\n\ninclude::partials/install.adoc[]\n' }),
    // Warnings made fatal by the build's own --failure-level (as -Werror): the build failed.
    c('section-sequence', 'BROKEN_BUILD', `${A} docs/guide.adoc`, { 'docs/guide.adoc': '= Guide\n\n== Install\n\n==== Options\n\nText.\n' }),
    c('unterminated-block', 'BROKEN_BUILD', `${A} docs/guide.adoc`, { 'docs/guide.adoc': '= Guide\n\n== Install\n\n[source,sh]\n----\nmake install\n' }),
    c('missing-attribute', 'BROKEN_BUILD', `${A} -a attribute-missing=warn docs/guide.adoc`, { 'docs/guide.adoc': '= Guide\n\nDownload version {release-version} from the site.\n' }),
    c('missing-input', 'ERROR_RESPONSE', 'asciidoctor docs/index.adoc'),
    c('unknown-backend', 'ERROR_RESPONSE', 'asciidoctor -b docbook9 guide.adoc', ok),
    // A library the build requires that is not installed: the project does not load.
    c('require-missing', 'BROKEN_BUILD', 'asciidoctor -r asciidoctor-diagram guide.adoc', ok),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 guide.adoc && ${NOPRIV} asciidoctor guide.adoc`, ok),
    c('read-only-output', 'ERROR_RESPONSE', roFs('out', 'asciidoctor -D out guide.adoc'), ok),
    c('disk-full', 'RESOURCE_EXHAUSTION', "(echo '= Big'; echo; for i in $(seq 3000); do echo \"* item *$i* with \\`code $i\\` and _text_\"; done) > big.adoc && " + tinyFs('out', 'asciidoctor -D out big.adoc'), {}),
  ];
}

// ---------------------------------------------------------------- mutool (mupdf-tools)

function mutool() {
  const c = tool('mutool');
  // A one-page PDF from ghostscript (installed by the seventh capture), encrypted by qpdf when asked.
  const PDF = "printf '%%!PS\\n/Helvetica findfont 12 scalefont setfont 72 720 moveto (Invoice 42) show showpage\\n' > in.ps && gs -q -sDEVICE=pdfwrite -o invoice.pdf in.ps && ";
  const ENC = `${PDF}qpdf --encrypt reader-pass owner-pass 256 -- invoice.pdf locked.pdf && `;
  return [
    c('not-pdf', 'ERROR_RESPONSE', 'mutool info reports/invoice.pdf', { 'reports/invoice.pdf': '<html><body>Session expired</body></html>\n' }),
    c('missing-input', 'ERROR_RESPONSE', 'mutool draw -o page.png reports/invoice.pdf 1'),
    c('wrong-password', 'AUTH_REQUIRED', `${ENC}mutool draw -p wrong-pass -o page.png locked.pdf 1`),
    c('no-password', 'AUTH_REQUIRED', `${ENC}mutool draw -o page.png locked.pdf 1`),
    c('unknown-command', 'ERROR_RESPONSE', `${PDF}mutool render invoice.pdf`),
    c('permission-denied', 'ERROR_RESPONSE', `${PDF}chmod 000 invoice.pdf && ${NOPRIV} mutool info invoice.pdf`),
    c('disk-full', 'RESOURCE_EXHAUSTION', PDF + tinyFs('out', 'mutool draw -r 1200 -o out/page.png invoice.pdf 1')),
    c('script-syntax', 'BROKEN_BUILD', `${PDF}mutool run scripts/count.js invoice.pdf`, { 'scripts/count.js': 'var doc = Document.openDocument(scriptArgs[0]);\nprint("pages: " + doc.countPages();\n' }),
    // The script calls a function that is not there (undefined is not callable): its own defect.
    c('script-type-error', 'CLI_CRASH', `${PDF}mutool run scripts/count.js invoice.pdf`, { 'scripts/count.js': 'var doc = Document.openDocument(scriptArgs[0]);\nvar meta = doc.getMetaData("info:Title");\nprint(meta.toUpperCase());\n' }),
  ];
}

// ---------------------------------------------------------------- aspell

function aspell() {
  const c = tool('aspell');
  const text = { 'README.md': 'The deploymnet tool uploads the relase to the server.\n' };
  return [
    c('unknown-language', 'ERROR_RESPONSE', 'aspell --lang=xx list < README.md', text),
    c('personal-dictionary-format', 'ERROR_RESPONSE', 'aspell --lang=en --personal=./.aspell.en.pws list < README.md', { ...text, '.aspell.en.pws': 'deployment\nrelease\n' }),
    c('unknown-encoding', 'ERROR_RESPONSE', 'aspell --lang=en --encoding=latin-9 list < README.md', text),
    c('extra-dictionary-missing', 'ERROR_RESPONSE', 'aspell --lang=en --add-extra-dicts=./project.rws list < README.md', text),
    c('master-not-a-dictionary', 'ERROR_RESPONSE', 'aspell --lang=en --master=./project.rws list < README.md', { ...text, 'project.rws': 'deployment\nrelease\n' }),
    // The project's aspell.conf names a mode aspell does not have: a configuration that does not
    // load (BROKEN_BUILD); its words are those of the same option refused on the command line.
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Error: Unknown mode: "asciidoc". names no file: a value refused (step 2).
    c('conf-unknown-mode', 'ERROR_RESPONSE', 'aspell --conf=./aspell.conf --conf-dir=. list < README.md', { ...text, 'aspell.conf': 'lang en\nmode asciidoc\n' }),
    c('bad-option-value', 'ERROR_RESPONSE', 'aspell --lang=en --sug-mode=fastest list < README.md', text),
    // Interactive checking refused without a terminal: the tool refuses the request as run.
    c('not-a-terminal', 'ERROR_RESPONSE', 'aspell --lang=en check README.md < /dev/null', text),
    // aspell exits 0 for an unreadable personal dictionary and for a full disk under `create master`: not captured.
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 README.md && ${NOPRIV} aspell --lang=en check README.md`, text),
    // The gate: any word aspell lists fails the step (aspell's findings, an analyser's).
    c('gate-findings', 'QUALITY_GATE_FAIL', 'aspell --lang=en list < README.md | sort -u | (! grep .)', text),
  ];
}

// ---------------------------------------------------------------- certtool (gnutls-bin)

function certtool() {
  const c = tool('certtool');
  const KEY = 'certtool --generate-privkey --key-type=ecdsa --outfile key.pem 2>/dev/null && ';
  const ENC = 'certtool --generate-privkey --key-type=ecdsa --pkcs8 --password build-pass --outfile enc.pem 2>/dev/null && ';
  return [
    c('not-a-certificate', 'ERROR_RESPONSE', 'certtool --certificate-info --infile certs/server.pem', { 'certs/server.pem': '<html><body>Moved</body></html>\n' }),
    c('missing-input', 'ERROR_RESPONSE', 'certtool --certificate-info --infile certs/server.pem'),
    c('untrusted', 'CERTIFICATE_ERROR', 'certtool --verify --infile $CERTS/valid.pem'),
    c('expired', 'CERTIFICATE_ERROR', 'certtool --verify --load-ca-certificate $CERTS/expired.pem --infile $CERTS/expired.pem'),
    c('wrong-host', 'CERTIFICATE_ERROR', 'certtool --verify --verify-hostname localhost --load-ca-certificate $CERTS/wrong-host.pem --infile $CERTS/wrong-host.pem'),
    // certtool 3.7.9 reads a template with a malformed value and signs anyway (exit 0): not captured.
    // The template the build names is not there: the project's configuration does not load.
    c('template-missing', 'BROKEN_BUILD', `${KEY}certtool --generate-self-signed --load-privkey key.pem --template certs/server.cfg --outfile server.pem`),
    c('key-missing', 'ERROR_RESPONSE', 'certtool --generate-self-signed --load-privkey keys/server.key --template t.cfg --outfile server.pem', { 't.cfg': 'cn = "build.internal"\nexpiration_days = 30\n' }),
    c('wrong-password', 'AUTH_REQUIRED', `${ENC}certtool --key-info --pkcs8 --password wrong-pass --infile enc.pem`),
    c('pkcs12-wrong-password', 'AUTH_REQUIRED', `${KEY}certtool --generate-self-signed --load-privkey key.pem --template t.cfg --outfile cert.pem 2>/dev/null && certtool --to-p12 --load-privkey key.pem --load-certificate cert.pem --p12-name build --password build-pass --outder --outfile bundle.p12 2>/dev/null && certtool --p12-info --inder --password wrong-pass --infile bundle.p12 > bundle-info.txt`, { 't.cfg': 'cn = "build.internal"\nexpiration_days = 30\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `${KEY}chmod 000 key.pem && ${NOPRIV} certtool --key-info --infile key.pem`),
  ];
}

// ---------------------------------------------------------------- db-util (Berkeley DB)

function dbUtil() {
  const c = tool('db-util');
  const LOAD = "printf 'alice\\nadmin\\nbob\\nviewer\\n' | db_load -T -t btree users.db && ";
  return [
    c('dump-not-a-db', 'ERROR_RESPONSE', 'db_dump data/users.db', { 'data/users.db': 'alice:admin\nbob:viewer\n' }),
    c('dump-missing', 'ERROR_RESPONSE', 'db_dump data/users.db'),
    c('load-bad-dump', 'ERROR_RESPONSE', 'db_load -f users.dump users.db', { 'users.dump': 'VERSION=3\nformat=bytevalue\ntype=btree\nHEADER=END\n 616c696365\n 61646d696e\n zz\nDATA=END\n' }),
    c('load-unknown-type', 'ERROR_RESPONSE', "printf 'a\\nb\\n' | db_load -T -t tree users.db"),
    // The verifier finds a header that is not a database's (bad magic number): input not in its
    // format, not damage proven by a checksum (DATA_CORRUPTION) — ambiguous, labelled by the words.
    c('verify-damaged', 'ERROR_RESPONSE', `${LOAD}printf 'XXXXXXXXXXXXXXXX' | dd of=users.db bs=1 seek=8 conv=notrunc 2>/dev/null && db_verify users.db`),
    c('permission-denied', 'ERROR_RESPONSE', `${LOAD}chmod 000 users.db && ${NOPRIV} db_dump users.db`),
    c('read-only-fs', 'ERROR_RESPONSE', "printf 'alice\\nadmin\\n' > pairs.txt && " + roFs('out', 'db_load -T -t hash out/users.db < pairs.txt')),
    c('disk-full', 'RESOURCE_EXHAUSTION', "for i in $(seq 20000); do echo \"user$i\"; echo \"role-of-user-$i\"; done > pairs.txt && " + tinyFs('out', 'db_load -T -t btree out/users.db < pairs.txt')),
    c('unknown-option', 'ERROR_RESPONSE', `${LOAD}db_dump -Z users.db`),
  ];
}

// ---------------------------------------------------------------- guile

function guile() {
  const c = tool('guile');
  const G = 'guile --no-auto-compile';
  return [
    c('unbound-variable', 'CLI_CRASH', `${G} app.scm`, { 'app.scm': '(define (total items) (apply + items))\n(display (totl (list 1 2 3)))\n(newline)\n' }),
    c('wrong-type', 'CLI_CRASH', `${G} app.scm`, { 'app.scm': '(define port-setting "8080")\n(display (+ port-setting 1))\n(newline)\n' }),
    c('syntax-unbalanced', 'BROKEN_BUILD', `${G} app.scm`, { 'app.scm': '(define (greet name)\n  (string-append "hello, " name)\n(display (greet "ops"))\n' }),
    c('module-missing', 'BROKEN_BUILD', `${G} -L . app.scm`, { 'app.scm': '(use-modules (app config))\n(display (config-ref \'port))\n' }),
    c('data-missing', 'ERROR_RESPONSE', `${G} app.scm`, { 'app.scm': '(define data (call-with-input-file "data/hosts.scm" read))\n(display data)\n' }),
    // The data file the program reads (with `read`, not `load`) does not parse: input not in its
    // format. Ambiguous: a .scm file could be taken for the project's source (BROKEN_BUILD).
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): BROKEN_BUILD, was ERROR_RESPONSE — data/hosts.scm:3:1: missing close paren: a location-led diagnostic in a .scm, source by its role (step 1).
    c('data-unreadable', 'BROKEN_BUILD', `${G} app.scm`, { 'app.scm': '(define data (call-with-input-file "data/hosts.scm" read))\n(display data)\n', 'data/hosts.scm': '((web . "10.0.0.1")\n (db . "10.0.0.2"\n' }),
    c('connect-refused', 'NETWORK', `${REFUSED}${G} app.scm`, { 'app.scm': '(define s (socket PF_INET SOCK_STREAM 0))\n(connect s AF_INET (inet-pton AF_INET "127.0.0.1") (string->number (getenv "PORT")))\n(display "connected")\n' }),
    c('unknown-host', 'NETWORK', `${G} app.scm`, { 'app.scm': '(define ai (car (getaddrinfo "build-cache.invalid" "https")))\n(display ai)\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 data.scm && ${NOPRIV} ${G} app.scm`, { 'app.scm': '(display (call-with-input-file "data.scm" read))\n', 'data.scm': '(1 2 3)\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', `${G} app.scm`), { 'app.scm': '(call-with-output-file "out/report.txt"\n  (lambda (port)\n    (let loop ((i 0))\n      (when (< i 20000)\n        (format port "row ~a of the nightly report\\n" i)\n        (loop (+ i 1))))))\n' }),
  ];
}

// ---------------------------------------------------------------- gforth

function gforth() {
  const c = tool('gforth');
  return [
    c('undefined-word', 'BROKEN_BUILD', 'gforth app.fs -e bye', { 'app.fs': ': total ( a b -- n )  + ;\n: report  2 3 totl . cr ;\nreport\n' }),
    c('unstructured', 'BROKEN_BUILD', 'gforth app.fs -e bye', { 'app.fs': ': check ( n -- )  0> if ." positive" cr ;\n: main  5 check ;\nmain\n' }),
    c('include-missing', 'BROKEN_BUILD', 'gforth app.fs -e bye', { 'app.fs': 'include lib/strings.fs\n: main  ." ok" cr ;\nmain\n' }),
    c('stack-underflow', 'CLI_CRASH', 'gforth app.fs -e bye', { 'app.fs': ': area ( w h -- n )  * ;\n: main  7 area . cr ;\nmain\n' }),
    c('division-by-zero', 'CLI_CRASH', 'gforth app.fs -e bye', { 'app.fs': ': average ( sum n -- avg )  / ;\n: main  120 0 average . cr ;\nmain\n' }),
    c('invalid-address', 'CLI_CRASH', 'gforth app.fs -e bye', { 'app.fs': 'variable config\n: main  config @ @ . cr ;\nmain\n' }),
    c('open-missing', 'ERROR_RESPONSE', 'gforth app.fs -e bye', { 'app.fs': 'create buf 256 allot\n: main  s" data/hosts.txt" r/o open-file throw  buf 256 rot read-file throw . cr ;\nmain\n' }),
    c('missing-script', 'ERROR_RESPONSE', 'gforth src/app.fs -e bye'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 hosts.txt && ${NOPRIV} gforth app.fs -e bye`, { 'hosts.txt': 'web\n', 'app.fs': ': main  s" hosts.txt" r/o open-file throw drop ." opened" cr ;\nmain\n' }),
  ];
}

// ---------------------------------------------------------------- lame

function lame() {
  const c = tool('lame');
  return [
    c('missing-input', 'ERROR_RESPONSE', 'lame media/intro.wav intro.mp3'),
    // lame 3.100 encodes a text file as raw PCM, clamps a bitrate of 999 and a resample of 7 kHz (exit 0): not captured.
    c('bad-preset', 'ERROR_RESPONSE', `${WAV}lame --preset broadcast tone.wav tone.mp3`),
    c('missing-operand', 'ERROR_RESPONSE', 'lame --tc'),
    c('decode-not-mp3', 'ERROR_RESPONSE', 'lame --decode media/intro.mp3 intro.wav', { 'media/intro.mp3': 'ID3 tags only, no frames\n' }),
    c('unknown-option', 'ERROR_RESPONSE', `${WAV}lame --vbr-quality 3 tone.wav tone.mp3`),
    // lame says "Could not find" for a file it may not read: the file's refusal all the same.
    c('permission-denied', 'ERROR_RESPONSE', `${WAV}chmod 000 tone.wav && ${NOPRIV} lame tone.wav tone.mp3`),
    c('read-only-output', 'ERROR_RESPONSE', WAV + roFs('out', 'lame tone.wav out/tone.mp3')),
    // The disk filled (what failed), though lame's line names no cause: ambiguous for a reader of the text.
    c('disk-full', 'RESOURCE_EXHAUSTION', BIG_WAV + tinyFs('out', 'lame -b 320 big.wav out/big.mp3')),
  ];
}

// ---------------------------------------------------------------- vorbis-tools

function vorbisTools() {
  const c = tool('vorbis-tools');
  const OGG = `${WAV}oggenc -Q -o tone.ogg tone.wav && `;
  return [
    c('oggenc-not-audio', 'ERROR_RESPONSE', 'oggenc -o intro.ogg media/intro.wav', { 'media/intro.wav': '<html><body>Not found</body></html>\n' }),
    c('oggenc-missing', 'ERROR_RESPONSE', 'oggenc -o intro.ogg media/intro.wav'),
    c('oggdec-not-ogg', 'ERROR_RESPONSE', 'oggdec -o intro.wav media/intro.ogg', { 'media/intro.ogg': 'not an ogg stream\n' }),
    c('oggdec-truncated', 'ERROR_RESPONSE', `${OGG}head -c 3000 tone.ogg > cut.ogg && oggdec -o cut.wav cut.ogg`),
    // An Ogg page whose CRC does not match: libogg drops it, ogginfo reports the hole as "Corrupted
    // Ogg" — damage proven by the page's checksum.
    c('ogginfo-crc', 'DATA_CORRUPTION', `${OGG}printf 'XXXX' | dd of=tone.ogg bs=1 seek=6000 conv=notrunc 2>/dev/null && ogginfo tone.ogg`),
    c('vorbiscomment-not-ogg', 'ERROR_RESPONSE', 'vorbiscomment -l media/intro.ogg', { 'media/intro.ogg': 'not an ogg stream\n' }),
    c('read-only-output', 'ERROR_RESPONSE', WAV + roFs('out', 'oggenc -o out/tone.ogg tone.wav')),
    // The disk filled; oggenc says only "Failed writing data to output stream" (and exits 1).
    c('disk-full', 'RESOURCE_EXHAUSTION', BIG_WAV + tinyFs('out', 'oggenc -q 10 -o out/big.ogg big.wav')),
  ];
}

// ---------------------------------------------------------------- ffmpeg

function ffmpeg() {
  const c = tool('ffmpeg');
  const F = 'ffmpeg -hide_banner -nostdin';
  return [
    c('not-media', 'ERROR_RESPONSE', `${F} -i media/intro.mp4 -c:a aac intro.m4a`, { 'media/intro.mp4': '<html><body>Session expired</body></html>\n' }),
    c('missing-input', 'ERROR_RESPONSE', `${F} -i media/intro.mp4 intro.webm`),
    c('unknown-encoder', 'ERROR_RESPONSE', `${WAV}${F} -i tone.wav -c:a libfdk_aac tone.m4a`),
    c('filter-syntax', 'ERROR_RESPONSE', `${WAV}${F} -i tone.wav -af "volume=loud" tone.mp3`),
    c('truncated-mp4', 'ERROR_RESPONSE', `${WAV}${F} -loglevel error -i tone.wav -c:a aac tone.m4a && head -c 2000 tone.m4a > cut.m4a && ${F} -i cut.m4a cut.wav`),
    c('output-exists', 'ERROR_RESPONSE', `${WAV}cp tone.wav out.wav && ${F} -n -i tone.wav out.wav`),
    c('http-404', 'ERROR_RESPONSE', `${F} -i "$URL/streams/intro.mp4" intro.wav`, {}, { http: { status: 404, body: 'Not Found' } }),
    c('http-403', 'AUTH_REQUIRED', `${F} -i "$URL/streams/intro.mp4" intro.wav`, {}, { http: { status: 403, body: 'Forbidden' } }),
    c('http-refused', 'NETWORK', `${REFUSED}${F} -i "http://127.0.0.1:$PORT/streams/intro.mp4" intro.wav`),
    c('http-timeout', 'TIMEOUT', `${SILENT}${F} -rw_timeout 2000000 -i "http://127.0.0.1:$PORT/streams/intro.mp4" intro.wav${STOP}`),
    c('disk-full', 'RESOURCE_EXHAUSTION', BIG_WAV + tinyFs('out', `${F} -i big.wav out/big.flac`)),
  ];
}

// ---------------------------------------------------------------- netcat-openbsd (nc)

function netcat() {
  const c = tool('netcat-openbsd');
  /** An HTTP proxy on $PORT answering every CONNECT with `status` (http-server.py has no CONNECT). */
  const proxy = (status) => `${FREE}python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1',$PORT)); s.listen(8); open('ready','w').close()
while True:
  c,_=s.accept(); c.recv(1000); c.sendall(b'HTTP/1.1 ${status}\\r\\nContent-Length: 0\\r\\n\\r\\n'); c.close()" & for i in $(seq 100); do [ -f ready ] && break; sleep 0.05; done; `;
  return [
    c('refused', 'NETWORK', `${REFUSED}nc -z -v 127.0.0.1 $PORT`),
    c('unknown-host', 'NETWORK', 'nc -z -v build-cache.invalid 6379'),
    c('port-in-use', 'ERROR_RESPONSE', `${BUSYPORT}nc -l 127.0.0.1 $PORT${STOP}`),
    c('bad-port', 'ERROR_RESPONSE', 'nc -z 127.0.0.1 99999'),
    // nc -w does not bound a proxy's handshake, and an unrouted address answers here: no timeout captured.
    // A Unix socket whose server is gone (the file stays): refused, as a TCP port nobody listens on.
    c('unix-refused', 'NETWORK', "python3 -c \"import socket; s=socket.socket(socket.AF_UNIX); s.bind('app.sock')\" && nc -U app.sock < /dev/null"),
    c('proxy-refused', 'NETWORK', `${REFUSED}nc -v -X connect -x 127.0.0.1:$PORT -z 10.0.0.5 443`),
    c('proxy-407', 'AUTH_REQUIRED', `${proxy('407 Proxy Authentication Required')}nc -X connect -x 127.0.0.1:$PORT -z 10.0.0.5 443${STOP}`),
    c('proxy-502', 'SERVER_ERROR', `${proxy('502 Bad Gateway')}nc -X connect -x 127.0.0.1:$PORT -z 10.0.0.5 443${STOP}`),
    c('socks-refused', 'NETWORK', `${REFUSED}nc -v -X 5 -x 127.0.0.1:$PORT -z 10.0.0.5 443`),
  ];
}

// ---------------------------------------------------------------- darcs

function darcs() {
  const c = tool('darcs');
  const REPO = "darcs init --repodir=repo >/dev/null && cd repo && echo 'print(1)' > app.py && darcs add app.py >/dev/null && darcs record -a -m 'first' -A 'Ops <ops@example.com>' >/dev/null && ";
  return [
    c('clone-refused', 'NETWORK', `${REFUSED}darcs clone http://127.0.0.1:$PORT/repos/app app`),
    c('clone-unknown-host', 'NETWORK', 'darcs clone http://darcs.build.invalid/repos/app app'),
    c('clone-404', 'ERROR_RESPONSE', 'darcs clone "$URL/repos/app" app', {}, { http: { status: 404, body: 'Not Found' } }),
    c('clone-500', 'SERVER_ERROR', 'darcs clone "$URL/repos/app" app', {}, { http: { status: 500, body: 'Internal Server Error' } }),
    c('clone-self-signed', 'CERTIFICATE_ERROR', `${LOCALHOST}darcs clone "$URL/repos/app" app`, {}, { http: { status: 200, body: 'x', tls: 'valid' } }),
    c('not-a-repo', 'ERROR_RESPONSE', 'darcs log'),
    c('apply-not-a-bundle', 'ERROR_RESPONSE', `${REPO}darcs apply ../fix.dpatch`, { 'fix.dpatch': 'From: ops\nSubject: fix\n\nnot a darcs bundle\n' }),
    // Another process holds the repository's lock; darcs waits for it until the run's own timeout
    // (exit 124) ends it: the lock is what failed (RESOURCE_BUSY), though exit 124 reads as TIMEOUT.
    c('lock-held', 'RESOURCE_BUSY', `${REPO}echo 'print(2)' > app.py && (flock _darcs/lock sleep 20 &) ; sleep 0.5; timeout 5 darcs record -a -m 'second' -A 'Ops <ops@example.com>'`),
    // darcs log reads a repository whose _darcs/patches is mode 000 without complaint (exit 0): not captured.
  ];
}

// ---------------------------------------------------------------- brz (Breezy)

function brz() {
  const c = tool('brz');
  const WHO = "brz whoami 'Ops <ops@example.com>' && ";
  const BR = `${WHO}brz init -q trunk && cd trunk && printf 'a\\nb\\nc\\n' > app.txt && brz add -q app.txt && brz commit -q -m first && `;
  return [
    c('branch-refused', 'NETWORK', `${REFUSED}brz branch http://127.0.0.1:$PORT/repos/app app`),
    c('branch-unknown-host', 'NETWORK', 'brz branch http://bzr.build.invalid/repos/app app'),
    c('branch-404', 'ERROR_RESPONSE', 'brz branch "$URL/repos/app" app', {}, { http: { status: 404, body: 'Not Found' } }),
    c('branch-self-signed', 'CERTIFICATE_ERROR', `${LOCALHOST}brz branch "$URL/repos/app" app`, {}, { http: { status: 200, body: 'x', tls: 'valid' } }),
    c('not-a-branch', 'ERROR_RESPONSE', 'brz log'),
    c('nothing-to-commit', 'ERROR_RESPONSE', `${BR}brz commit -m 'release'`),
    c('merge-conflict', 'ERROR_RESPONSE', `${BR}cd .. && brz branch -q trunk feature && (cd feature && printf 'a\\nB2\\nc\\n' > app.txt && brz commit -q -m feature) && cd trunk && printf 'a\\nB1\\nc\\n' > app.txt && brz commit -q -m trunk && brz merge ../feature`),
    // Another process holds the branch's write lock: held, transient.
    // (a commit waiting for its editor holds the tree's lock)
    c('lock-held', 'RESOURCE_BUSY', `${BR}echo d >> app.txt && (EDITOR='sh -c "touch held; sleep 20"' brz commit >/dev/null 2>&1 &) ; for i in $(seq 200); do [ -f held ] && break; sleep 0.05; done; brz commit -m 'second'`),
    c('unknown-command', 'ERROR_RESPONSE', 'brz frobnicate'),
  ];
}

// ---------------------------------------------------------------- git-lfs

function gitLfs() {
  const c = tool('git-lfs');
  const REPO = 'git init -q -b main repo && cd repo && git config user.email ops@example.com && git config user.name Ops && git lfs install --local >/dev/null && git lfs track "*.bin" >/dev/null && head -c 4096 /dev/urandom > model.bin && git add . && git commit -q -m "model" && git remote add origin "$URL/ml/model.git" && git config lfs.locksverify false && ';
  const push = 'GIT_TERMINAL_PROMPT=0 git lfs push origin main';
  const h = (id, type, http, pre = '') => c(id, type, `${pre}${REPO}${push}`, {}, { http, origin: `${push} (against the local HTTP(S) server)` });
  return [
    h('401', 'AUTH_REQUIRED', { status: 401, body: '{"message":"Credentials needed"}', headers: ['LFS-Authenticate:Basic realm="lfs"'] }),
    h('403', 'AUTH_REQUIRED', { status: 403, body: '{"message":"write access denied"}' }),
    h('404', 'ERROR_RESPONSE', { status: 404, body: '{"message":"repository not found"}' }),
    h('429', 'RATE_LIMIT', { status: 429, body: '{"message":"rate limit exceeded"}' }),
    h('500', 'SERVER_ERROR', { status: 500, body: '{"message":"internal error"}' }),
    h('503', 'SERVER_OVERLOADED', { status: 503, body: '{"message":"service unavailable"}' }),
    h('self-signed', 'CERTIFICATE_ERROR', { status: 200, body: '{}', tls: 'valid' }, LOCALHOST),
    c('refused', 'NETWORK', `${REFUSED}export URL=http://127.0.0.1:$PORT; ${REPO}${push}`),
    c('not-a-repo', 'ERROR_RESPONSE', 'git lfs push origin main'),
  ];
}

// ---------------------------------------------------------------- lmdb-utils (mdb_load, mdb_dump, mdb_stat)

function lmdb() {
  const c = tool('lmdb-utils');
  const LOAD = "printf 'alice\\nadmin\\nbob\\nviewer\\n' | mdb_load -T -n users.mdb && ";
  /** A dump of 3000 users whose header asks for a map of `mapsize` bytes. */
  const DUMP = (mapsize) => `(printf 'VERSION=3\\nformat=bytevalue\\ntype=btree\\nmapsize=${mapsize}\\nHEADER=END\\n'; for i in $(seq 3000); do printf ' %s\\n %s\\n' $(printf 'user%05d' $i | xxd -p) $(printf 'role-of-user-%05d-padding-padding' $i | xxd -p | tr -d '\\n'); done; echo DATA=END) > users.dump && `;
  return [
    c('not-an-lmdb', 'ERROR_RESPONSE', 'mdb_stat -n data/users.mdb', { 'data/users.mdb': 'alice:admin\nbob:viewer\n' }),
    c('missing', 'ERROR_RESPONSE', 'mdb_stat -n data/users.mdb'),
    c('no-such-subdb', 'ERROR_RESPONSE', `${LOAD}mdb_dump -n -s sessions users.mdb`),
    // The environment's map (its configured size) is full: the store's space is exhausted.
    c('map-full', 'RESOURCE_EXHAUSTION', `${DUMP(65536)}mdb_load -n -f users.dump users.mdb`),
    // mdb_load 0.9.24 prints `unexpected end of input` for a malformed dump and exits 0: not captured.
    c('unknown-option', 'ERROR_RESPONSE', `${LOAD}mdb_dump -n -Z users.mdb`),
    c('permission-denied', 'ERROR_RESPONSE', `${LOAD}chmod 000 users.mdb && ${NOPRIV} mdb_stat -n users.mdb`),
    c('read-only-fs', 'ERROR_RESPONSE', "printf 'alice\\nadmin\\n' > pairs.txt && " + roFs('out', 'mdb_load -T -n out/users.mdb < pairs.txt')),
    // The disk filled (what failed); LMDB's commit reports it as EIO ("Input/output error"): ambiguous for a reader of the text.
    c('disk-full', 'RESOURCE_EXHAUSTION', DUMP(10485760) + tinyFs('out', 'mdb_load -n -f users.dump out/users.mdb')),
  ];
}

/** The fourteenth capture's cases. */
export function firstSightFourteenthCases() {
  return [
    ...pandoc(), ...makeinfo(), ...asciidoctor(), ...mutool(), ...aspell(), ...certtool(), ...dbUtil(), ...guile(), ...gforth(),
    ...lame(), ...vorbisTools(), ...ffmpeg(), ...netcat(), ...darcs(), ...brz(), ...gitLfs(), ...lmdb(),
  ];
}
