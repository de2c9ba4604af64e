/**
 * First-sight families, part 16 (the ninth capture): command-line programs of Debian packages —
 * image tools (optipng, pngcheck, jpeginfo, gifsicle, webp's cwebp/dwebp), audio tools (flac, sox),
 * XML tools (xmlstarlet, xsltproc), a stylesheet compiler (sassc), developer tools
 * (indent, nasm, gperf, re2c), archive and disk-image tools (arj, squashfs-tools, mtools) and network
 * clients (tftp-hpa against a local scripted TFTP server, net-snmp's snmpget) — none named by a rule
 * pack, a registry or an earlier capture. Each case's `type` was written here, by DESIGN.md's rules
 * and the README's label decisions (the type follows what failed, not what carried it), before the
 * classifier was asked about any of these texts:
 * - an unknown host: NETWORK; no answer in time: TIMEOUT; a server's answer refusing the request
 *   (TFTP's error packets): ERROR_RESPONSE, but its full disk (TFTP error 3): RESOURCE_EXHAUSTION;
 *   credentials that cannot be used (an SNMPv3 passphrase too short): AUTH_REQUIRED;
 * - input the program reads that is not in its format, truncated or unreadable (an image, an audio
 *   stream, an archive, a disk image), a file that is not there, a file's permission
 *   denied, a read-only file system, options or arguments the CLI refuses: ERROR_RESPONSE; its damage
 *   proven by a checksum (a PNG chunk's CRC, FLAC's frame CRC or MD5, an archive's CRC): DATA_CORRUPTION;
 * - a project file that does not parse or load (a stylesheet, an XSLT template, C or assembly
 *   source, a keyword or lexer definition, a configuration file, a query expression): BROKEN_BUILD, as
 *   the corpus reads xmllint's malformed XML and jq's filter syntax; a document that fails its schema: FORMAT_VALIDATION (as xmllint's);
 * - a stylesheet's runaway recursion or undeclared variable found at run time (xsltproc), arj aborted by
 *   the stack protector: CLI_CRASH; a stylesheet's own xsl:message terminate check: VERIFICATION_FAILED;
 * - a full disk (a 64 KiB tmpfs in a user and mount namespace, or a FAT image that is full):
 *   RESOURCE_EXHAUSTION; a password given and wrong (an encrypted archive): AUTH_REQUIRED.
 */

import { NOPRIV, roFs, tinyFs } from './shell.mjs';

const tool = (family) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, origin: cmd, timeoutMs: 60_000, ...extra });
const CONVERT = '/usr/bin/convert';
/** A noisy image too big for the 64 KiB tmpfs once written (PNG ~200 KiB). */
const BIG = `${CONVERT} -size 256x256 xc: +noise Random`;
const serve = (script, args) => `python3 ${script} ${args} >/dev/null 2>&1 & for i in $(seq 100); do [ -f port ] && break; sleep 0.05; done; PORT=$(cat port); `;
const done = '; r=$?; kill %1 2>/dev/null; exit $r';

/** A TFTP server over UDP (tftp-srv.py): answers every request with ERROR packet CODE and MESSAGE (RFC 1350), or never ("sleep"). */
const TFTP_SRV = `import os, socket, struct, sys
mode = sys.argv[1]; message = sys.argv[2].encode() if len(sys.argv) > 2 else b''
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(('127.0.0.1', 0))
open('port.tmp', 'w').write(str(s.getsockname()[1])); os.rename('port.tmp', 'port')
while True:
    data, addr = s.recvfrom(4096)
    if mode == 'sleep': continue
    r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); r.bind(('127.0.0.1', 0))
    r.sendto(struct.pack('>HH', 5, int(mode)) + message + b'\\0', addr)
`;

function optipng() {
  const c = tool('optipng');
  const png = `${CONVERT} -size 16x16 xc:red logo.png && `;
  return [
    c('missing-file', 'ERROR_RESPONSE', 'optipng assets/logo.png'),
    c('not-png', 'ERROR_RESPONSE', 'optipng assets/logo.png', { 'assets/logo.png': '<html>404 Not Found</html>\n' }),
    c('truncated', 'ERROR_RESPONSE', `${BIG} big.png && head -c 2000 big.png > logo.png && optipng logo.png`),
    // A flipped byte inside IHDR: the chunk's CRC proves the damage.
    c('crc', 'DATA_CORRUPTION', `${png}printf '\\x20' | dd of=logo.png bs=1 seek=17 conv=notrunc 2>/dev/null && optipng logo.png`),
    c('bad-option', 'ERROR_RESPONSE', `${png}optipng -o9x logo.png`),
    c('disk-full', 'RESOURCE_EXHAUSTION', `${BIG} big.png && ` + tinyFs('out', 'optipng -o0 -out out/big.png big.png')),
    c('read-only', 'ERROR_RESPONSE', png + roFs('out', 'optipng -out out/logo.png logo.png')),
    c('permission-denied', 'ERROR_RESPONSE', `${png}chmod 000 logo.png && ${NOPRIV} optipng logo.png`),
  ];
}

function pngcheck() {
  const c = tool('pngcheck');
  const png = `${CONVERT} -size 16x16 xc:red logo.png && `;
  return [
    c('missing-file', 'ERROR_RESPONSE', 'pngcheck assets/logo.png'),
    c('not-png', 'ERROR_RESPONSE', 'pngcheck logo.png', { 'logo.png': 'GIF89a not really\n' }),
    c('jpeg', 'ERROR_RESPONSE', `${CONVERT} -size 16x16 xc:red logo.png.jpg && mv logo.png.jpg logo.png && pngcheck logo.png`),
    c('truncated', 'ERROR_RESPONSE', `${png}head -c 100 logo.png > cut.png && pngcheck cut.png`),
    c('crc', 'DATA_CORRUPTION', `${png}printf '\\x20' | dd of=logo.png bs=1 seek=17 conv=notrunc 2>/dev/null && pngcheck -v logo.png`),
    c('empty', 'ERROR_RESPONSE', ': > logo.png && pngcheck logo.png'),
    c('bad-option', 'ERROR_RESPONSE', `${png}pngcheck -Z logo.png`),
    c('permission-denied', 'ERROR_RESPONSE', `${png}chmod 000 logo.png && ${NOPRIV} pngcheck logo.png`),
  ];
}

function jpeginfo() {
  const c = tool('jpeginfo');
  const jpg = `${CONVERT} -size 64x64 plasma: photo.jpg && `;
  return [
    c('not-jpeg', 'ERROR_RESPONSE', 'jpeginfo -c photo.jpg', { 'photo.jpg': '<html>403 Forbidden</html>\n' }),
    c('truncated', 'ERROR_RESPONSE', `${jpg}head -c 600 photo.jpg > cut.jpg && jpeginfo -c cut.jpg`),
    // Ambiguous: JPEG has no checksum, so damaged entropy data is input unreadable, not proven corruption: ERROR_RESPONSE.
    c('corrupt-data', 'ERROR_RESPONSE', `${jpg}dd if=/dev/zero of=photo.jpg bs=1 seek=700 count=200 conv=notrunc 2>/dev/null && jpeginfo -c photo.jpg`),
    c('png', 'ERROR_RESPONSE', `${CONVERT} -size 16x16 xc:red photo.png && mv photo.png photo.jpg && jpeginfo -c photo.jpg`),
    c('empty', 'ERROR_RESPONSE', ': > photo.jpg && jpeginfo -c photo.jpg'),
    c('bad-option', 'ERROR_RESPONSE', `${jpg}jpeginfo --checksum photo.jpg`),
    c('gif', 'ERROR_RESPONSE', `${CONVERT} -size 16x16 xc:red photo.gif && mv photo.gif photo.jpg && jpeginfo -c photo.jpg`),
    c('no-image', 'ERROR_RESPONSE', `${jpg}head -c 3 photo.jpg > head.jpg && jpeginfo -c head.jpg`),
  ];
}

function gifsicle() {
  const c = tool('gifsicle');
  const gif = `${CONVERT} -size 16x16 xc:red -size 16x16 xc:blue spinner.gif && `;
  return [
    c('missing-file', 'ERROR_RESPONSE', 'gifsicle -O3 assets/spinner.gif -o dist/spinner.gif'),
    c('not-gif', 'ERROR_RESPONSE', 'gifsicle -O3 spinner.gif -o out.gif', { 'spinner.gif': '\x89PNG but not a gif\n' }),
    c('truncated', 'ERROR_RESPONSE', `${BIG} big.gif && head -c 3000 big.gif > spinner.gif && gifsicle spinner.gif -o out.gif`),
    c('bad-delay', 'ERROR_RESPONSE', `${gif}gifsicle --delay abc spinner.gif -o out.gif`),
    c('bad-option', 'ERROR_RESPONSE', `${gif}gifsicle --optimise=9 spinner.gif -o out.gif`),
    c('bad-resize', 'ERROR_RESPONSE', `${gif}gifsicle --resize 0x0x spinner.gif -o out.gif`),
    c('empty', 'ERROR_RESPONSE', ': > spinner.gif && gifsicle spinner.gif -o out.gif'),
    c('read-only', 'ERROR_RESPONSE', gif + roFs('out', 'gifsicle spinner.gif -o out/spinner.gif')),
  ];
}

function webp() {
  const c = tool('webp');
  const png = `${CONVERT} -size 32x32 xc:red hero.png && `;
  const wp = `${png}cwebp -quiet hero.png -o hero.webp && `;
  return [
    c('cwebp-missing', 'ERROR_RESPONSE', 'cwebp -q 80 images/hero.png -o dist/hero.webp'),
    c('cwebp-not-image', 'ERROR_RESPONSE', 'cwebp -q 80 hero.png -o hero.webp', { 'hero.png': 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 12345\n' }),
    c('cwebp-bad-quality', 'ERROR_RESPONSE', `${png}cwebp -q high hero.png -o hero.webp`),
    c('cwebp-disk-full', 'RESOURCE_EXHAUSTION', `${BIG} big.png && ` + tinyFs('out', 'cwebp -lossless big.png -o out/big.webp')),
    c('cwebp-read-only', 'ERROR_RESPONSE', png + roFs('out', 'cwebp hero.png -o out/hero.webp')),
    c('dwebp-not-webp', 'ERROR_RESPONSE', `${png}dwebp hero.png -o back.png`),
    c('dwebp-truncated', 'ERROR_RESPONSE', `${wp}head -c 40 hero.webp > cut.webp && dwebp cut.webp -o back.png`),
    c('dwebp-bad-option', 'ERROR_RESPONSE', `${wp}dwebp -jpeg hero.webp -o back.jpg`),
  ];
}

function flac() {
  const c = tool('flac');
  const wav = 'sox -n -r 8000 -c 1 take.wav synth 1 sine 440 && ';
  const fl = `${wav}flac -s take.wav -o take.flac && `;
  return [
    c('missing-file', 'ERROR_RESPONSE', 'flac -s recordings/take.wav'),
    c('not-wave', 'ERROR_RESPONSE', 'flac -s take.wav', { 'take.wav': 'RIFX this is not audio\n' }),
    c('decode-not-flac', 'ERROR_RESPONSE', `${wav}flac -d -s take.wav -o out.wav`),
    c('decode-truncated', 'ERROR_RESPONSE', `${fl}head -c 3000 take.flac > cut.flac && flac -t cut.flac`),
    // One bit flipped inside an audio frame: FLAC's frame CRC proves the damage.
    c('test-crc', 'DATA_CORRUPTION', `${fl}python3 -c "b = bytearray(open('take.flac', 'rb').read()); b[12000] ^= 0x10; open('take.flac', 'wb').write(b)" && flac -t take.flac`),
    c('output-exists', 'ERROR_RESPONSE', `${fl}flac -s take.wav -o take.flac`),
    c('bad-option', 'ERROR_RESPONSE', `${wav}flac --compression-level-9 take.wav`),
    c('disk-full', 'RESOURCE_EXHAUSTION', 'sox -n -r 44100 -c 2 long.wav synth 5 whitenoise && ' + tinyFs('out', 'flac -s long.wav -o out/long.flac')),
  ];
}

function sox() {
  const c = tool('sox');
  const wav = 'sox -n -r 8000 -c 1 voice.wav synth 1 sine 440 && ';
  return [
    c('missing-file', 'ERROR_RESPONSE', 'sox audio/voice.wav out.wav norm'),
    c('not-audio', 'ERROR_RESPONSE', 'sox voice.wav out.wav', { 'voice.wav': '{"error": "not found"}\n' }),
    c('unknown-type', 'ERROR_RESPONSE', `${wav}sox voice.wav out.xyz`),
    c('output-dir-missing', 'ERROR_RESPONSE', `${wav}sox voice.wav build/audio/voice.wav`),
    c('bad-effect-arg', 'ERROR_RESPONSE', `${wav}sox voice.wav out.wav rate fast`),
    c('bad-option', 'ERROR_RESPONSE', `${wav}sox --bits 99 voice.wav out.wav`),
    c('truncated-header', 'ERROR_RESPONSE', `${wav}head -c 30 voice.wav > cut.wav && sox cut.wav out.wav`),
    c('read-only', 'ERROR_RESPONSE', wav + roFs('out', 'sox voice.wav out/voice.wav')),
  ];
}

function xmlstarlet() {
  const c = tool('xmlstarlet');
  const pom = '<project><version>1.2.0</version><modules><module>core</module></modules></project>\n';
  const xsd = `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="project"><xs:complexType><xs:sequence><xs:element name="version" type="xs:decimal"/></xs:sequence></xs:complexType></xs:element></xs:schema>\n`;
  return [
    c('missing-file', 'ERROR_RESPONSE', 'xmlstarlet sel -t -v /project/version build/pom.xml'),
    // As xmllint's malformed XML in the corpus: a project file that does not parse, BROKEN_BUILD.
    c('malformed', 'BROKEN_BUILD', 'xmlstarlet sel -t -v /project/version pom.xml', { 'pom.xml': '<project><version>1.2.0</project>\n' }),
    // Ambiguous: an XPath on the command line that does not compile is an argument refused (ERROR_RESPONSE) or the project's own query code (as jq's and yq's filter syntax, awk's regex in the corpus): BROKEN_BUILD.
    c('xpath-syntax', 'BROKEN_BUILD', "xmlstarlet sel -t -v '/project/version[' pom.xml", { 'pom.xml': pom }),
    c('unknown-command', 'ERROR_RESPONSE', 'xmlstarlet sell -t -v /project pom.xml', { 'pom.xml': pom }),
    c('schema', 'FORMAT_VALIDATION', 'xmlstarlet val -e -s project.xsd pom.xml', { 'pom.xml': pom, 'project.xsd': xsd }),
    c('not-well-formed-val', 'BROKEN_BUILD', 'xmlstarlet val -e -w pom.xml', { 'pom.xml': '<project><version>1.2.0</version>\n' }),
    c('dtd', 'FORMAT_VALIDATION', 'xmlstarlet val -e -d project.dtd pom.xml', { 'pom.xml': pom, 'project.dtd': '<!ELEMENT project (version)>\n<!ELEMENT version (#PCDATA)>\n' }),
    c('stylesheet-missing', 'ERROR_RESPONSE', 'xmlstarlet tr xsl/release-notes.xsl pom.xml', { 'pom.xml': pom }),
  ];
}

function xsltproc() {
  const c = tool('xsltproc');
  const doc = '<manual><version>1.2.0</version></manual>\n';
  const head = '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">';
  return [
    c('missing-input', 'ERROR_RESPONSE', 'xsltproc notes.xsl build/manual.xml', { 'notes.xsl': `${head}<xsl:template match="/"><xsl:value-of select="//version"/></xsl:template></xsl:stylesheet>\n` }),
    c('stylesheet-malformed', 'BROKEN_BUILD', 'xsltproc notes.xsl manual.xml', { 'manual.xml': doc, 'notes.xsl': `${head}<xsl:template match="/"><xsl:value-of select="//version"></xsl:template></xsl:stylesheet>\n` }),
    c('bad-xpath', 'BROKEN_BUILD', 'xsltproc notes.xsl manual.xml', { 'manual.xml': doc, 'notes.xsl': `${head}<xsl:template match="/"><xsl:value-of select="//version[@"/></xsl:template></xsl:stylesheet>\n` }),
    // Ambiguous: the stylesheet's undeclared variable, found at run time ("runtime error"), is the program's NameError (as bc's and ghostscript's undefined names): CLI_CRASH; BROKEN_BUILD if a stylesheet is read as a template that does not load.
    c('undefined-variable', 'CLI_CRASH', 'xsltproc notes.xsl manual.xml', { 'manual.xml': doc, 'notes.xsl': `${head}<xsl:template match="/"><xsl:value-of select="$channel"/></xsl:template></xsl:stylesheet>\n` }),
    // The project's manual source (DocBook-like) does not parse: BROKEN_BUILD, as xmllint's malformed XML in the corpus.
    c('input-malformed', 'BROKEN_BUILD', 'xsltproc notes.xsl manual.xml', { 'manual.xml': '<manual><version>1.2.0</manual>\n', 'notes.xsl': `${head}<xsl:template match="/"><xsl:value-of select="//version"/></xsl:template></xsl:stylesheet>\n` }),
    // The stylesheet's own check stops the transform (xsl:message terminate): a condition on the data not met.
    c('terminate', 'VERIFICATION_FAILED', 'xsltproc notes.xsl manual.xml', { 'manual.xml': doc, 'notes.xsl': `${head}<xsl:template match="/"><xsl:if test="not(//date)"><xsl:message terminate="yes">release date missing</xsl:message></xsl:if></xsl:template></xsl:stylesheet>\n` }),
    // Ambiguous: the stylesheet's runaway recursion stopped at xsltproc's depth limit — the program's defect (as m4's recursion): CLI_CRASH.
    c('recursion', 'CLI_CRASH', 'xsltproc notes.xsl manual.xml', { 'manual.xml': doc, 'notes.xsl': `${head}<xsl:template match="/"><xsl:call-template name="loop"/></xsl:template><xsl:template name="loop"><xsl:call-template name="loop"/></xsl:template></xsl:stylesheet>\n` }),
    c('bad-option', 'ERROR_RESPONSE', 'xsltproc --stringparams channel stable notes.xsl manual.xml', { 'manual.xml': doc, 'notes.xsl': `${head}</xsl:stylesheet>\n` }),
  ];
}

function sassc() {
  const c = tool('sassc');
  return [
    c('syntax', 'BROKEN_BUILD', 'sassc scss/main.scss dist/main.css', { 'scss/main.scss': '.btn {\n  color: red\n  padding: 4px;\n}\n' }),
    c('undefined-variable', 'BROKEN_BUILD', 'sassc scss/main.scss', { 'scss/main.scss': '.btn { color: $brand-primary; }\n' }),
    // Ambiguous: the project's own import does not resolve, so the stylesheet does not build (as a compiler's missing header): BROKEN_BUILD; m4's missing include was labelled ERROR_RESPONSE (a file not there).
    c('import-missing', 'BROKEN_BUILD', 'sassc scss/main.scss', { 'scss/main.scss': '@import "variables";\n.btn { color: red; }\n' }),
    c('error-directive', 'BROKEN_BUILD', 'sassc scss/main.scss', { 'scss/main.scss': '$theme: neon;\n@if $theme != light and $theme != dark { @error "Unknown theme #{$theme}"; }\n' }),
    c('incompatible-units', 'BROKEN_BUILD', 'sassc scss/main.scss', { 'scss/main.scss': '.box { width: 10px + 2em; }\n' }),
    c('missing-input', 'ERROR_RESPONSE', 'sassc scss/app.scss dist/app.css'),
    c('bad-option', 'ERROR_RESPONSE', 'sassc --style=minified scss/main.scss', { 'scss/main.scss': '.a { color: red; }\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', 'python3 -c "print(\'\\n\'.join(\'.c%d { color: #%06x; margin: %dpx; }\' % (i, i, i) for i in range(4000)))" > big.scss && ' + tinyFs('out', 'sassc big.scss out/big.css')),
  ];
}

function indent() {
  const c = tool('indent');
  return [
    c('missing-file', 'ERROR_RESPONSE', 'indent -kr src/main.c'),
    c('unexpected-eof', 'BROKEN_BUILD', 'indent -kr main.c -o out.c', { 'main.c': 'int main(void)\n{\n  if (1) {\n    return 0;\n' }),
    c('unmatched-else', 'BROKEN_BUILD', 'indent -kr main.c -o out.c', { 'main.c': 'int main(void)\n{\n  if (ready) { else }\n' }),
    c('bad-value', 'ERROR_RESPONSE', 'indent -i four main.c -o out.c', { 'main.c': 'int main(void){return 0;}\n' }),
    c('unknown-option', 'ERROR_RESPONSE', 'indent -kr --tab-width8 main.c -o out.c', { 'main.c': 'int main(void){return 0;}\n' }),
    c('profile-bad', 'BROKEN_BUILD', 'indent main.c -o out.c', { 'main.c': 'int main(void){return 0;}\n', '.indent.pro': '-kr -i8 --line-lenght80\n' }),
    c('read-only', 'ERROR_RESPONSE', roFs('out', 'indent -kr main.c -o out/main.c'), { 'main.c': 'int main(void){return 0;}\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 main.c && ${NOPRIV} indent -kr main.c -o out.c`, { 'main.c': 'int main(void){return 0;}\n' }),
  ];
}

function nasm() {
  const c = tool('nasm');
  return [
    c('syntax', 'BROKEN_BUILD', 'nasm -f elf64 boot.asm -o boot.o', { 'boot.asm': 'section .text\nglobal _start\n_start:\n    mov rax, \n    ret\n' }),
    c('undefined-symbol', 'BROKEN_BUILD', 'nasm -f elf64 boot.asm -o boot.o', { 'boot.asm': 'section .text\nglobal _start\n_start:\n    mov rax, buffer_size\n    ret\n' }),
    c('error-directive', 'BROKEN_BUILD', 'nasm -f elf64 boot.asm -o boot.o', { 'boot.asm': '%ifndef ARCH\n%error "ARCH must be defined (-DARCH=x86_64)"\n%endif\n' }),
    // Ambiguous as sassc's import: the source's own include does not resolve, the source does not assemble: BROKEN_BUILD.
    c('include-missing', 'BROKEN_BUILD', 'nasm -f elf64 boot.asm -o boot.o', { 'boot.asm': '%include "macros.inc"\nsection .text\n' }),
    c('werror', 'BROKEN_BUILD', 'nasm -f elf64 -Werror boot.asm -o boot.o', { 'boot.asm': 'section .text\n_start:\n    db 300\n' }),
    c('missing-input', 'ERROR_RESPONSE', 'nasm -f elf64 src/boot.asm -o boot.o'),
    c('unknown-format', 'ERROR_RESPONSE', 'nasm -f elf128 boot.asm -o boot.o', { 'boot.asm': 'section .text\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'nasm -f bin blob.asm -o out/blob.bin'), { 'blob.asm': 'times 200000 db 0x90\n' }),
  ];
}

function gperf() {
  const c = tool('gperf');
  return [
    c('missing-file', 'ERROR_RESPONSE', 'gperf -L ANSI-C src/keywords.gperf --output-file=keywords.h'),
    c('duplicates', 'BROKEN_BUILD', 'gperf keywords.gperf --output-file=keywords.h', { 'keywords.gperf': '%%\nif\nelse\nwhile\nif\n%%\n' }),
    c('struct-missing', 'BROKEN_BUILD', 'gperf -t keywords.gperf --output-file=keywords.h', { 'keywords.gperf': '%%\nif, 1\nelse, 2\n%%\n' }),
    c('unterminated-declarations', 'BROKEN_BUILD', 'gperf keywords.gperf --output-file=keywords.h', { 'keywords.gperf': '%{\n#include <string.h>\n%%\nif\n' }),
    c('unknown-declaration', 'BROKEN_BUILD', 'gperf keywords.gperf --output-file=keywords.h', { 'keywords.gperf': '%define lookup-functon-name kw_lookup\n%%\nif\nelse\n%%\n' }),
    c('bad-option', 'ERROR_RESPONSE', 'gperf --ignore-cases keywords.gperf', { 'keywords.gperf': '%%\nif\nelse\n%%\n' }),
    c('read-only', 'ERROR_RESPONSE', roFs('out', 'gperf keywords.gperf --output-file=out/keywords.h'), { 'keywords.gperf': '%%\nif\nelse\n%%\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', '(echo %%; seq -f "kw%g" 1 3000; echo %%) > big.gperf && ' + tinyFs('out', 'gperf big.gperf --output-file=out/big.h')),
  ];
}

function re2c() {
  const c = tool('re2c');
  const ok = '/*!re2c\n  re2c:yyfill:enable = 0;\n  re2c:define:YYCTYPE = char;\n  [a-z]+ { return 1; }\n  * { return 0; }\n*/\n';
  return [
    c('missing-file', 'ERROR_RESPONSE', 're2c src/lexer.re -o lexer.c'),
    c('syntax', 'BROKEN_BUILD', 're2c lexer.re -o lexer.c', { 'lexer.re': '/*!re2c\n  re2c:yyfill:enable = 0;\n  [a-z+ { return 1; }\n*/\n' }),
    c('undefined-name', 'BROKEN_BUILD', 're2c lexer.re -o lexer.c', { 'lexer.re': '/*!re2c\n  re2c:yyfill:enable = 0;\n  re2c:define:YYCTYPE = char;\n  ident { return 1; }\n  * { return 0; }\n*/\n' }),
    c('unterminated-block', 'BROKEN_BUILD', 're2c lexer.re -o lexer.c', { 'lexer.re': '/*!re2c\n  [a-z]+ { return 1; }\n' }),
    c('unknown-config', 'BROKEN_BUILD', 're2c lexer.re -o lexer.c', { 'lexer.re': '/*!re2c\n  re2c:yyfil:enable = 0;\n  [a-z]+ { return 1; }\n*/\n' }),
    c('werror', 'BROKEN_BUILD', 're2c -W -Werror lexer.re -o lexer.c', { 'lexer.re': '/*!re2c\n  re2c:yyfill:enable = 0;\n  re2c:define:YYCTYPE = char;\n  [a-z]+ { return 1; }\n*/\n' }),
    c('bad-option', 'ERROR_RESPONSE', 're2c --utf-9 lexer.re -o lexer.c', { 'lexer.re': ok }),
    c('read-only', 'ERROR_RESPONSE', roFs('out', 're2c lexer.re -o out/lexer.c'), { 'lexer.re': ok }),
  ];
}

function arj() {
  const c = tool('arj');
  const pack = 'seq 1 20000 > data.txt && arj a -y backup.arj data.txt >/dev/null && ';
  return [
    c('missing-archive', 'ERROR_RESPONSE', 'arj x -y backups/site.arj'),
    c('not-arj', 'ERROR_RESPONSE', 'arj x -y backup.arj', { 'backup.arj': 'PK\x03\x04 not an arj archive at all\n' }),
    // Ambiguous: a truncated archive was the trigger, but what failed is arj itself — glibc's stack protector aborted it (stack smashing): CLI_CRASH.
    c('truncated-abort', 'CLI_CRASH', `${pack}head -c 2000 backup.arj > cut.arj && mkdir out && arj x -y cut.arj out/`),
    c('truncated-list', 'ERROR_RESPONSE', `${pack}head -c 40 backup.arj > cut.arj && arj l cut.arj`),
    c('crc', 'DATA_CORRUPTION', `${pack}printf 'XXXXXXXX' | dd of=backup.arj bs=1 seek=5000 conv=notrunc 2>/dev/null && arj t -y backup.arj`),
    // Ambiguous: arj cannot tell a wrong password from damage ("Bad file data or bad password … CRC error"); the password given was wrong (as the corpus's encrypted archives): AUTH_REQUIRED.
    c('wrong-password', 'AUTH_REQUIRED', 'echo secret > notes.txt && arj a -y -gletmein vault.arj notes.txt >/dev/null && rm notes.txt && arj x -y -gwrongpw vault.arj'),
    c('bad-command', 'ERROR_RESPONSE', `${pack}arj zz backup.arj`),
    c('disk-full', 'RESOURCE_EXHAUSTION', 'head -c 300000 /dev/urandom > blob.bin && arj a -y -m0 big.arj blob.bin >/dev/null && ' + tinyFs('out', 'cd out && arj x -y ../big.arj')),
    c('read-only', 'ERROR_RESPONSE', 'echo x > data.txt && ' + roFs('out', 'arj a -y out/backup.arj data.txt')),
  ];
}

function squashfs() {
  const c = tool('squashfs-tools');
  const img = 'mkdir -p rootfs/etc && seq 1 50000 > rootfs/etc/data && mksquashfs rootfs rootfs.img -quiet -no-progress >/dev/null && ';
  return [
    c('unsquashfs-missing', 'ERROR_RESPONSE', 'unsquashfs -d out images/rootfs.img'),
    c('unsquashfs-not-squashfs', 'ERROR_RESPONSE', 'unsquashfs -d out rootfs.img', { 'rootfs.img': 'this is an ext4 image, honest\n'.repeat(200) }),
    // Ambiguous: unsquashfs calls it "File system corruption", but no checksum proves damage — the image is cut short (EOF): input truncated, ERROR_RESPONSE.
    c('unsquashfs-truncated', 'ERROR_RESPONSE', `${img}head -c 4096 rootfs.img > cut.img && unsquashfs -d out cut.img`),
    c('unsquashfs-permission-denied', 'ERROR_RESPONSE', `${img}chmod 000 rootfs.img && ${NOPRIV} unsquashfs -d out rootfs.img`),
    c('unsquashfs-disk-full', 'RESOURCE_EXHAUSTION', 'mkdir -p rootfs && head -c 400000 /dev/urandom > rootfs/blob && mksquashfs rootfs rootfs.img -quiet -no-progress -noD >/dev/null && ' + tinyFs('mnt', 'unsquashfs -no-progress -d mnt/out rootfs.img')),
    c('mksquashfs-source-missing', 'ERROR_RESPONSE', 'mksquashfs build/rootfs rootfs.img -no-progress'),
    c('mksquashfs-bad-option', 'ERROR_RESPONSE', 'mkdir rootfs && mksquashfs rootfs rootfs.img -comp brotli -no-progress'),
    c('mksquashfs-disk-full', 'RESOURCE_EXHAUSTION', 'mkdir -p rootfs && head -c 400000 /dev/urandom > rootfs/blob && ' + tinyFs('out', 'mksquashfs rootfs out/rootfs.img -no-progress -noD')),
  ];
}

function mtools() {
  const c = tool('mtools');
  const fat = 'mformat -C -i boot.img -f 1440 :: && ';
  return [
    c('image-missing', 'ERROR_RESPONSE', 'mcopy -i images/boot.img ::/EFI/BOOT/BOOTX64.EFI .'),
    c('not-fat', 'ERROR_RESPONSE', 'head -c 1474560 /dev/zero > boot.img && mdir -i boot.img ::'),
    c('file-not-found', 'ERROR_RESPONSE', `${fat}mcopy -i boot.img ::/EFI/BOOT/BOOTX64.EFI .`),
    // The 1.44 MB FAT image is full (not the host's disk): space exhausted all the same, RESOURCE_EXHAUSTION.
    c('disk-full', 'RESOURCE_EXHAUSTION', `${fat}head -c 2000000 /dev/urandom > kernel.bin && mcopy -i boot.img kernel.bin ::/`),
    c('dir-missing', 'ERROR_RESPONSE', `${fat}echo x > grub.cfg && mcopy -i boot.img grub.cfg ::/boot/grub/`),
    c('bad-size', 'ERROR_RESPONSE', 'mformat -C -i boot.img -f 1234 ::'),
    c('bad-option', 'ERROR_RESPONSE', `${fat}mdir -i boot.img -Z ::`),
    c('source-missing', 'ERROR_RESPONSE', `${fat}mcopy -i boot.img build/vmlinuz ::/`),
  ];
}

function tftp() {
  const c = (id, type, cmd, pre = '') => tool('tftp-hpa')(id, type, `${pre}${cmd}${done}`, { 'tftp-srv.py': TFTP_SRV }, { origin: cmd });
  // tftp-hpa exits 0 after an error packet: the provisioning script checks what it printed, as scripts that wrap it do.
  const checked = (command) => `out=$(${command} 2>&1); echo "$out"; case "$out" in *rror*|*imed*) false;; esac`;
  const get = (file = 'pxelinux.0') => checked(`tftp -m binary 127.0.0.1 $PORT -c get ${file}`);
  const put = checked('tftp -m binary 127.0.0.1 $PORT -c put switch.cfg');
  return [
    c('not-found', 'ERROR_RESPONSE', get(), serve('tftp-srv.py', "1 'File not found'")),
    c('access-violation', 'ERROR_RESPONSE', get(), serve('tftp-srv.py', "2 'Access violation'")),
    // The server's disk is full: the peer's state reported in its answer (as a server's 507): RESOURCE_EXHAUSTION.
    c('server-disk-full', 'RESOURCE_EXHAUSTION', put, `echo cfg > switch.cfg && ${serve('tftp-srv.py', "3 'Disk full or allocation exceeded'")}`),
    c('illegal-op', 'ERROR_RESPONSE', get(), serve('tftp-srv.py', "4 'Illegal TFTP operation'")),
    c('unknown-tid', 'ERROR_RESPONSE', get(), serve('tftp-srv.py', "5 'Unknown transfer ID'")),
    c('exists', 'ERROR_RESPONSE', put, `echo cfg > switch.cfg && ${serve('tftp-srv.py', "6 'File already exists'")}`),
    c('timeout', 'TIMEOUT', get(), serve('tftp-srv.py', 'sleep')),
    c('unknown-host', 'NETWORK', checked('tftp -m binary tftp.internal.invalid -c get pxelinux.0')),
  ];
}

function snmp() {
  const c = (id, type, cmd, pre = '') => tool('snmp')(id, type, `${pre}${cmd}${done}`, { 'tftp-srv.py': TFTP_SRV }, { origin: cmd });
  // Numeric OIDs: Debian ships net-snmp without the MIB files (non-free), as on most servers.
  const OID = '.1.3.6.1.2.1.1.1.0';
  return [
    c('timeout', 'TIMEOUT', `snmpget -v2c -c public -t 1 -r 0 127.0.0.1:$PORT ${OID}`, serve('tftp-srv.py', 'sleep')),
    c('v3-timeout', 'TIMEOUT', `snmpget -v3 -l noAuthNoPriv -u monitor -t 1 -r 0 127.0.0.1:$PORT ${OID}`, serve('tftp-srv.py', 'sleep')),
    c('unknown-host', 'NETWORK', `snmpget -v2c -c public -t 1 -r 0 switch.internal.invalid ${OID}`),
    c('unknown-oid', 'ERROR_RESPONSE', 'snmpget -v2c -c public -t 1 -r 0 127.0.0.1 .1.3.6.1.2.1.1.1.x'),
    // The MIB module the command names is not installed: a file the tool reads that is not there.
    c('mib-missing', 'ERROR_RESPONSE', 'snmpget -v2c -c public -t 1 -r 0 -m SNMPv2-MIB 127.0.0.1 SNMPv2-MIB::sysDescr.0'),
    c('bad-version', 'ERROR_RESPONSE', `snmpget -v4 -c public 127.0.0.1 ${OID}`),
    c('no-community', 'ERROR_RESPONSE', `snmpget -v2c 127.0.0.1 ${OID}`),
    c('set-bad-type', 'ERROR_RESPONSE', 'snmpset -v2c -c private -t 1 -r 0 127.0.0.1 .1.3.6.1.2.1.1.4.0 q ops'),
    // Ambiguous: the credentials given cannot be used (a passphrase under USM's minimum length), refused before any request: AUTH_REQUIRED (a person must fix them; read as an option refused it would be ERROR_RESPONSE).
    c('v3-short-passphrase', 'AUTH_REQUIRED', `snmpget -v3 -l authPriv -u monitor -a SHA -A short -x AES -X longenough1 -t 1 -r 0 127.0.0.1 ${OID}`),
  ];
}

/**
 * The ninth capture's cases. HTML Tidy (5.6) was tried and left out: it exits 0 on a missing file, an
 * unknown option or an unreadable configuration, so only its findings fail.
 */
export function firstSightNinthCases() {
  return [...optipng(), ...pngcheck(), ...jpeginfo(), ...gifsicle(), ...webp(), ...flac(), ...sox(), ...xmlstarlet(), ...xsltproc(), ...sassc(), ...indent(), ...nasm(), ...gperf(), ...re2c(), ...arj(), ...squashfs(), ...mtools(), ...tftp(), ...snmp()];
}
