/**
 * First-sight families, part 19 (the twelfth capture): developer, build, packaging and debugging
 * tools of Debian packages — autoconf (autoconf and the configure scripts it makes), automake,
 * doxygen, quilt, dpkg-deb, dpkg-source (dpkg-dev), rpm (rpm, rpmbuild), patchelf, elfutils (eu-*),
 * uncrustify, swig, distcc, twine (against the local HTTP(S) server), html tidy, universal-ctags and
 * sparse — none named by a rule pack, a registry or an earlier capture (the busy pack knows apt's and
 * dpkg's lock words only; no case here takes a lock). Each case's `type` was written here, by DESIGN.md's
 * rules and the README's label decisions (the type follows what failed, not what carried it), before
 * the classifier was asked about any of these texts:
 * - a refused port, an unknown host, a peer that closes: NETWORK; no answer in time: TIMEOUT; a
 *   certificate not trusted: CERTIFICATE_ERROR; HTTP 401/403: AUTH_REQUIRED; 429: RATE_LIMIT; 500:
 *   SERVER_ERROR; 503: SERVER_OVERLOADED; another 4xx: ERROR_RESPONSE;
 * - a full disk (a small tmpfs in a user and mount namespace): RESOURCE_EXHAUSTION;
 * - input the program reads that is not in its format, cut short or not there, a file's permission
 *   denied, options the CLI refuses: ERROR_RESPONSE; its damage proven by a checksum: DATA_CORRUPTION;
 * - a project file that does not parse or load (configure.ac, Makefile.am, a Doxyfile, a Debian
 *   control file or changelog, an RPM spec, a SWIG interface, an uncrustify or ctags configuration,
 *   C source), a build step that fails, a library or build input the project needs that is missing,
 *   a warning made an error by the build: BROKEN_BUILD; a compiler the build names that is not
 *   there: CLI_NOT_FOUND (as meson's and scons's);
 * - an analyser's or formatter's findings about code that builds (doxygen's documentation warnings
 *   made errors, uncrustify --check, sparse's checks, tidy's warnings): QUALITY_GATE_FAIL;
 * - a patch that does not apply (quilt push): DIFF_PARSE_ERROR, as the corpus's patch texts.
 */

import { CLOSER, FREE, NOPRIV, REFUSED, SILENT, tinyFs } from './shell.mjs';

/** The command as the origin says it, without the local servers' test passwords. */
const masked = (cmd) => cmd.replace(/upload-pass/g, '***');
const tool = (family, extra0 = {}) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, origin: masked(cmd), timeoutMs: 60_000, ...extra0, ...extra });
/** A TCP server on $PORT that reads a request and answers it in HTTP (another protocol), then holds the connection. */
const CHATTY = `${FREE}python3 -c "import socket,time; s=socket.socket(); s.bind(('127.0.0.1',$PORT)); s.listen(8); open('ready','w').close()
while True: c,_=s.accept(); time.sleep(0.5); c.recv(65536); c.sendall(b'HTTP/1.1 400 Bad Request\\r\\nContent-Length: 0\\r\\n\\r\\n'); time.sleep(3); c.close()" & for i in $(seq 100); do [ -f ready ] && break; sleep 0.05; done; `;

const MAIN_C = '#include <stdio.h>\nint main(void) {\n  puts("app 1.0");\n  return 0;\n}\n';

function autoconf() {
  const c = tool('autoconf');
  const ac = (body) => ({ 'configure.ac': `AC_INIT([app], [1.0])\n${body}AC_OUTPUT\n`, 'main.c': MAIN_C });
  const conf = 'autoconf && ./configure -q';
  return [
    c('undefined-macro', 'BROKEN_BUILD', 'autoconf', ac('AC_PROG_CC\nAC_CHECK_COMPILER_FLAGS([-Wall])\n')),
    c('prereq', 'BROKEN_BUILD', 'autoconf', ac('AC_PREREQ([2.75])\n')),
    // A library or header the build needs and the machine lacks: BROKEN_BUILD, as pkg-config's and meson's missing dependencies.
    c('missing-library', 'BROKEN_BUILD', conf, ac('AC_PROG_CC\nAC_CHECK_LIB([zzcodec], [zzcodec_init], [], [AC_MSG_ERROR([libzzcodec is required to build app])])\n')),
    c('missing-header', 'BROKEN_BUILD', conf, ac('AC_PROG_CC\nAC_CHECK_HEADERS([zzcodec.h], [], [AC_MSG_ERROR([zzcodec.h not found; install libzzcodec-dev])])\n')),
    // Ambiguous: configure says the compiler "cannot create executables" (config.log says clang-99 is
    // not found); what failed is a program the build names that is not there, as meson's and scons's
    // compiler-missing texts: CLI_NOT_FOUND.
    c('compiler-missing', 'CLI_NOT_FOUND', 'autoconf && CC=clang-99 ./configure -q', ac('AC_PROG_CC\n')),
    c('configure-bad-option', 'ERROR_RESPONSE', 'autoconf && ./configure -q --enable-debug --frobnicate', ac('AC_PROG_CC\n')),
    c('bad-option', 'ERROR_RESPONSE', 'autoconf --frobnicate', ac('')),
    // configure is made from the project's configure.ac (an unclosed `if`): a project file that does not parse.
    c('shell-syntax', 'BROKEN_BUILD', conf, ac('if test "x$enable_debug" = xyes; then\n  CFLAGS="-g -O0"\n')),
    // AC_CONFIG_FILES names a Makefile.in the project does not have: a build input missing, BROKEN_BUILD.
    c('missing-input', 'BROKEN_BUILD', conf, ac('AC_CONFIG_FILES([Makefile])\n')),
    c('permission-denied', 'ERROR_RESPONSE', `mkdir -p out && chmod 555 out && ${NOPRIV} autoconf -o out/configure`, ac('AC_PROG_CC\n')),
    // Not captured: autoconf -o onto a full disk exits 0 with a configure cut at the disk's size.
  ];
}

function automake() {
  const c = tool('automake');
  const ac = (init = 'AM_INIT_AUTOMAKE([foreign])\n', extra = '') => `AC_INIT([app], [1.0])\n${init}AC_PROG_CC\n${extra}AC_CONFIG_FILES([Makefile])\nAC_OUTPUT\n`;
  const am = 'bin_PROGRAMS = app\napp_SOURCES = main.c\n';
  const files = (makefileAm, configureAc = ac()) => ({ 'configure.ac': configureAc, 'Makefile.am': makefileAm, 'main.c': MAIN_C });
  const run = 'aclocal && automake --add-missing --copy';
  return [
    c('gnu-files-missing', 'BROKEN_BUILD', run, files(am, ac('AM_INIT_AUTOMAKE\n'))),
    c('unterminated-conditional', 'BROKEN_BUILD', run, files(`${am}if DEBUG\napp_CFLAGS = -g\n`, ac(undefined, 'AM_CONDITIONAL([DEBUG], [test "x$enable_debug" = xyes])\n'))),
    c('undefined-conditional', 'BROKEN_BUILD', run, files(`${am}if DEBUG\napp_CFLAGS = -g\nendif\n`)),
    c('no-init', 'BROKEN_BUILD', run, files(am, ac(''))),
    c('libtool-undefined', 'BROKEN_BUILD', run, files('lib_LTLIBRARIES = libapp.la\nlibapp_la_SOURCES = main.c\n')),
    c('version-required', 'BROKEN_BUILD', run, files(am, ac('AM_INIT_AUTOMAKE([foreign 1.99])\n'))),
    c('makefile-am-missing', 'BROKEN_BUILD', `rm Makefile.am && ${run}`, files(am)),
    c('bad-option', 'ERROR_RESPONSE', 'aclocal && automake --frobnicate', files(am)),
    // A file's `Permission denied` (the project directory is read-only to the run): ERROR_RESPONSE.
    c('permission-denied', 'ERROR_RESPONSE', `aclocal && touch Makefile.in && chmod 0 Makefile.in && chmod 555 . && ${NOPRIV} automake --add-missing --copy`, files(am)),
  ];
}

function doxygen() {
  const c = tool('doxygen');
  const header = '/** @file app.h The app. */\n/** Parses the configuration file.\n * @param path the file to read\n * @return 0 on success\n */\nint parse_config(const char *path);\n';
  const doxy = (extra = '') => ({ Doxyfile: `PROJECT_NAME = app\nINPUT = src\nOUTPUT_DIRECTORY = docs\nGENERATE_LATEX = NO\nQUIET = YES\nWARN_IF_UNDOCUMENTED = YES\nWARN_AS_ERROR = YES\n${extra}`, 'src/app.h': header });
  return [
    c('undocumented', 'QUALITY_GATE_FAIL', 'doxygen Doxyfile', { ...doxy(), 'src/app.h': `${header}int reload_config(void);\n` }),
    c('param-mismatch', 'QUALITY_GATE_FAIL', 'doxygen Doxyfile', { ...doxy(), 'src/app.h': '/** @file app.h The app. */\n/** Parses the configuration file.\n * @param file the file to read\n * @return 0 on success\n */\nint parse_config(const char *path);\n' }),
    c('unknown-command', 'QUALITY_GATE_FAIL', 'doxygen Doxyfile', { ...doxy(), 'src/app.h': '/** @file app.h The app. */\n/** Parses the configuration file.\n * @param path the file to read\n * @retrun 0 on success\n */\nint parse_config(const char *path);\n' }),
    // Not captured: a Doxyfile line that does not parse or a bad value is a warning, exit 0 even with
    // WARN_AS_ERROR; a full output disk fails as dot's image that cannot be opened, not as the disk.
    c('include-missing', 'BROKEN_BUILD', 'doxygen Doxyfile', doxy('@INCLUDE = doxygen/common.cfg\n')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — failed to open layout file 'doc/layout.xml': an .xml, data by its role (step 1).
    c('layout-missing', 'ERROR_RESPONSE', 'doxygen Doxyfile', doxy('LAYOUT_FILE = doc/layout.xml\n')),
    // The Doxyfile asks for graphs drawn by dot at a path where no dot is: a program the build
    // names that is not there, CLI_NOT_FOUND.
    c('dot-missing', 'CLI_NOT_FOUND', 'doxygen Doxyfile', { ...doxy('HAVE_DOT = YES\nDOT_PATH = /opt/graphviz/bin\nCALL_GRAPH = YES\n'), 'src/app.h': `${header}/** A configuration. */\nstruct config {\n  int port; /**< the port */\n};\n` }),
    // The Doxyfile points at an input or a file the project does not have: a configuration that does not load.
    c('input-missing', 'BROKEN_BUILD', 'doxygen Doxyfile', { Doxyfile: 'PROJECT_NAME = app\nINPUT = include\nOUTPUT_DIRECTORY = docs\nGENERATE_LATEX = NO\nQUIET = YES\nWARN_AS_ERROR = YES\n' }),
    // The configuration file named on the command line is not there (the invocation's path): ERROR_RESPONSE, as named-checkconf's.
    c('doxyfile-missing', 'ERROR_RESPONSE', 'doxygen docs/Doxyfile', {}),
    c('permission-denied', 'ERROR_RESPONSE', `mkdir -p docs && chmod 555 docs && ${NOPRIV} doxygen Doxyfile`, doxy()),
  ];
}

function quilt() {
  const c = tool('quilt', { env: { QUILT_PATCHES: 'patches', QUILTRC: '/dev/null' } });
  const base = { 'src/config.py': 'HOST = "localhost"\nPORT = 8080\nDEBUG = False\n' };
  const diff = (body) => `Index: app/src/config.py\n===================================================================\n--- app.orig/src/config.py\n+++ app/src/config.py\n${body}`;
  const good = diff('@@ -1,3 +1,3 @@\n HOST = "localhost"\n-PORT = 8080\n+PORT = 9090\n DEBUG = False\n');
  const series = (patches) => ({ ...base, 'patches/series': `${Object.keys(patches).join('\n')}\n`, ...Object.fromEntries(Object.entries(patches).map(([k, v]) => [`patches/${k}`, v])) });
  return [
    c('hunk-fails', 'DIFF_PARSE_ERROR', 'quilt push -a', series({ 'fix-port.patch': diff('@@ -1,3 +1,3 @@\n HOST = "0.0.0.0"\n-PORT = 9000\n+PORT = 9090\n DEBUG = True\n') })),
    c('already-applied', 'DIFF_PARSE_ERROR', 'quilt push -a', { ...series({ 'fix-port.patch': good }), 'src/config.py': 'HOST = "localhost"\nPORT = 9090\nDEBUG = False\n' }),
    c('garbage', 'DIFF_PARSE_ERROR', 'quilt push -a', series({ 'fix-port.patch': 'Here is the fix: change the port to 9090 in src/config.py.\n' })),
    c('second-fails', 'DIFF_PARSE_ERROR', 'quilt push -a', series({ 'fix-port.patch': good, 'debug.patch': diff('@@ -1,3 +1,3 @@\n HOST = "db"\n PORT = 5432\n-DEBUG = True\n+DEBUG = False\n') })),
    c('fuzz-refused', 'DIFF_PARSE_ERROR', 'quilt push -a --fuzz=0', { ...series({ 'fix-port.patch': good }), 'src/config.py': 'HOST = "127.0.0.1"\nPORT = 8080\nDEBUG = True\n' }),
    // Ambiguous: the series names a patch file the project does not have; a project file missing,
    // not a diff that fails to apply: BROKEN_BUILD.
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Patch fix-port.patch does not exist: a .patch, data by its role (step 1).
    c('patch-missing', 'ERROR_RESPONSE', 'rm patches/fix-port.patch && quilt push -a', series({ 'fix-port.patch': good })),
    // quilt refuses an operation in the tree's present state (unrefreshed changes, nothing applied, an unknown command): ERROR_RESPONSE.
    c('pop-unrefreshed', 'ERROR_RESPONSE', 'quilt push -a >/dev/null && echo "TIMEOUT = 30" >> src/config.py && quilt pop -a', series({ 'fix-port.patch': good })),
    c('nothing-applied', 'ERROR_RESPONSE', 'quilt refresh', series({ 'fix-port.patch': good })),
    c('unknown-command', 'ERROR_RESPONSE', 'quilt frobnicate', series({ 'fix-port.patch': good })),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 444 src/config.py && chmod 555 src && ${NOPRIV} quilt push -a`, series({ 'fix-port.patch': good })),
  ];
}

const CONTROL = 'Package: app\nVersion: 1.0-1\nArchitecture: all\nMaintainer: CI <ci@example.test>\nDescription: the app\n';

function dpkgDeb() {
  const c = tool('dpkg-deb');
  const pkg = (control, extra = {}) => ({ 'pkg/DEBIAN/control': control, 'pkg/usr/share/app/version': '1.0\n', ...extra });
  const build = 'dpkg-deb --root-owner-group --build pkg app.deb';
  return [
    c('missing-field', 'BROKEN_BUILD', build, pkg(CONTROL.replace('Version: 1.0-1\n', ''))),
    c('bad-version', 'BROKEN_BUILD', build, pkg(CONTROL.replace('1.0-1', 'release-1.0'))),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — package name has characters that aren't lowercase alphanums names no file: a value refused (step 2).
    c('bad-name', 'ERROR_RESPONSE', build, pkg(CONTROL.replace('Package: app', 'Package: App_Server'))),
    c('syntax', 'BROKEN_BUILD', build, pkg(`${CONTROL}Depends libc6 (>= 2.36)\n`)),
    // The package's own maintainer script has a mode dpkg-deb refuses: a project file that does not pass the build, BROKEN_BUILD.
    c('script-mode', 'BROKEN_BUILD', `chmod 644 pkg/DEBIAN/postinst && ${build}`, pkg(CONTROL, { 'pkg/DEBIAN/postinst': '#!/bin/sh\nset -e\nsystemctl restart app\n' })),
    c('not-a-deb', 'ERROR_RESPONSE', 'dpkg-deb --info app_1.0-1_all.deb', { 'app_1.0-1_all.deb': '<html><head><title>404 Not Found</title></head><body>Not Found</body></html>\n' }),
    c('truncated', 'ERROR_RESPONSE', `head -c 200000 /dev/urandom > pkg/usr/share/app/data.bin && ${build} >/dev/null && head -c 3000 app.deb > cut.deb && dpkg-deb --extract cut.deb out`, pkg(CONTROL)),
    c('missing', 'ERROR_RESPONSE', 'dpkg-deb --info dist/app_1.0-1_all.deb'),
    c('disk-full', 'RESOURCE_EXHAUSTION', `head -c 300000 /dev/urandom > pkg/usr/share/app/data.bin && ${tinyFs('out', 'dpkg-deb -Znone --root-owner-group --build pkg out/app.deb', '64k')}`, pkg(CONTROL)),
  ];
}

function dpkgSource() {
  const c = tool('dpkg-source');
  const control = 'Source: app\nSection: utils\nPriority: optional\nMaintainer: CI <ci@example.test>\nStandards-Version: 4.6.2\n\nPackage: app\nArchitecture: all\nDescription: the app\n the app, packaged\n';
  const changelog = (version) => `app (${version}) unstable; urgency=medium\n\n  * Release ${version}.\n\n -- CI <ci@example.test>  Fri, 27 Nov 2026 20:00:00 +0000\n`;
  const tree = ({ format = '3.0 (native)', version = '1.0', ctl = control, log = changelog(version) } = {}) => ({
    'app-1.0/debian/control': ctl, 'app-1.0/debian/changelog': log, 'app-1.0/debian/source/format': `${format}\n`,
    'app-1.0/debian/rules': '#!/usr/bin/make -f\n%:\n\tdh $@\n', 'app-1.0/src/main.c': MAIN_C,
  });
  const build = 'dpkg-source --build app-1.0';
  return [
    c('control-syntax', 'BROKEN_BUILD', build, tree({ ctl: control.replace('Section: utils\n', 'Section utils\n') })),
    // Not captured: a changelog trailer with a bad date is a warning, exit 0.
    c('format-unknown', 'BROKEN_BUILD', build, tree({ format: '3.0 (frob)' })),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — native package version may not have a revision names no file: a value refused (step 2).
    c('native-revision', 'ERROR_RESPONSE', build, tree({ version: '1.0-1' })),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — no upstream tarball found at ../app_1.0.orig.tar.{…}: an archive (step 1).
    c('orig-missing', 'ERROR_RESPONSE', build, tree({ format: '3.0 (quilt)', version: '1.0-1' })),
    c('dsc-missing', 'ERROR_RESPONSE', 'dpkg-source --extract dist/app_1.0.dsc out'),
    // The source tarball's damage proven by the .dsc's checksum: DATA_CORRUPTION; without the check, unxz's refusal is input not in its format.
    c('checksum-mismatch', 'DATA_CORRUPTION', `${build} >/dev/null 2>&1 && python3 -c "f=open('app_1.0.tar.xz','r+b'); f.seek(200); f.write(b'garbage')" && dpkg-source --extract app_1.0.dsc out`, tree()),
    c('not-xz', 'ERROR_RESPONSE', `${build} >/dev/null 2>&1 && echo "<html>Not Found</html>" > app_1.0.tar.xz && dpkg-source --no-check --extract app_1.0.dsc out`, tree()),
    c('disk-full', 'RESOURCE_EXHAUSTION', `head -c 400000 /dev/urandom > app-1.0/src/blob.bin && ${tinyFs('out', 'cd out && dpkg-source --build ../app-1.0', '64k')}`, tree()),
  ];
}

function rpm() {
  const c = tool('rpm');
  const spec = (over = {}) => {
    const tags = { Name: 'app', Version: '1.0', Release: '1', Summary: 'the app', License: 'MIT', BuildArch: 'noarch', ...over.tags };
    const head = Object.entries(tags).filter(([, v]) => v !== null).map(([k, v]) => `${k}: ${v}`).join('\n');
    return `${head}\n${over.extra ?? ''}\n%description\nThe app.\n\n${over.build ?? ''}%install\nmkdir -p %{buildroot}/usr/share/app\necho 1.0 > %{buildroot}/usr/share/app/version\n${over.install ?? ''}\n%files\n${over.files ?? '/usr/share/app/version'}\n`;
  };
  const rb = 'rpmbuild --define "_topdir $PWD/rpmbuild" -bb app.spec';
  return [
    c('missing-version', 'BROKEN_BUILD', rb, { 'app.spec': spec({ tags: { Version: null } }) }),
    c('build-step-fails', 'BROKEN_BUILD', rb, { 'app.spec': spec({ build: '%build\nmake -C src all\n\n' }) }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — File …/SOURCES/app-1.0.tar.gz: No such file or directory: an archive (step 1).
    c('source-missing', 'ERROR_RESPONSE', rb, { 'app.spec': spec({ extra: 'Source0: app-1.0.tar.gz\n', build: '%prep\n%setup -q\n\n' }) }),
    c('unpackaged-files', 'BROKEN_BUILD', rb, { 'app.spec': spec({ install: 'echo debug > %{buildroot}/usr/share/app/debug.conf\n' }) }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — File not found: …/BUILDROOT/…/usr/bin/app names no project file: a name refused (step 2).
    c('file-not-found', 'ERROR_RESPONSE', rb, { 'app.spec': spec({ files: '/usr/share/app/version\n/usr/bin/app' }) }),
    // Ambiguous: a package manager's unmet build dependency; labelled as pkg-config's missing package (BROKEN_BUILD), not DEPENDENCY_FAILURE (seed 004's upstream that is not ready).
    c('build-requires', 'BROKEN_BUILD', rb, { 'app.spec': spec({ extra: 'BuildRequires: libzzcodec-devel >= 2.1\n' }) }),
    c('not-an-rpm', 'ERROR_RESPONSE', 'head -c 4096 /dev/urandom > app-1.0-1.noarch.rpm && rpm --dbpath "$PWD/rpmdb" -qip app-1.0-1.noarch.rpm'),
    // The package's digests do not match its bytes (a few bytes overwritten): DATA_CORRUPTION.
    c('digest-mismatch', 'DATA_CORRUPTION', `${rb} >/dev/null 2>&1 && cp rpmbuild/RPMS/noarch/app-1.0-1.noarch.rpm app.rpm && python3 -c "import os; f=open('app.rpm','r+b'); n=os.path.getsize('app.rpm'); f.seek(n-40); f.write(b'XXXXXXXX')" && rpm --dbpath "$PWD/rpmdb" --checksig app.rpm`, { 'app.spec': spec() }),
    c('missing-package-file', 'ERROR_RESPONSE', 'rpm --dbpath "$PWD/rpmdb" -qip dist/app-1.0-1.noarch.rpm'),
    c('bad-option', 'ERROR_RESPONSE', 'rpmbuild --frobnicate -bb app.spec', { 'app.spec': spec() }),
  ];
}

function patchelf() {
  const c = tool('patchelf');
  const cc = 'gcc -o app main.c && ';
  const files = { 'main.c': MAIN_C };
  return [
    c('not-elf', 'ERROR_RESPONSE', 'patchelf --set-rpath /opt/app/lib bin/app', { 'bin/app': '#!/bin/sh\nexec /opt/app/bin/app.real "$@"\n' }),
    c('missing', 'ERROR_RESPONSE', 'patchelf --set-rpath /opt/app/lib build/app'),
    c('truncated', 'ERROR_RESPONSE', `${cc}head -c 2000 app > app.cut && patchelf --print-rpath app.cut`, files),
    c('no-interpreter', 'ERROR_RESPONSE', 'gcc -shared -fPIC -o libapp.so main.c && patchelf --print-interpreter libapp.so', files),
    c('object-file', 'ERROR_RESPONSE', 'gcc -c -o main.o main.c && patchelf --set-soname libapp.so.1 main.o', files),
    c('permission-denied', 'ERROR_RESPONSE', `${cc}chmod 444 app && ${NOPRIV} patchelf --set-rpath /opt/app/lib app`, files),
    c('bad-option', 'ERROR_RESPONSE', `${cc}patchelf --set-runpath /opt/app/lib app`, files),
    c('disk-full', 'RESOURCE_EXHAUSTION', `${cc}${tinyFs('out', 'cp app out/app && cat /dev/zero > out/fill 2>/dev/null; patchelf --set-rpath /opt/$(head -c 3000 /dev/zero | tr "\\\\0" a)/lib out/app', '64k')}`, files),
  ];
}

function elfutils() {
  const c = tool('elfutils');
  const cc = 'gcc -g -o app main.c && ';
  const files = { 'main.c': MAIN_C };
  return [
    c('not-elf', 'ERROR_RESPONSE', 'eu-readelf -h bin/app', { 'bin/app': '#!/bin/sh\nexec /opt/app/bin/app.real "$@"\n' }),
    c('missing', 'ERROR_RESPONSE', 'eu-readelf -h build/app'),
    // Ambiguous: elflint is a checker, but what it finds here is a binary cut short (its section
    // headers past the end): input not in its format, ERROR_RESPONSE, not an analyser's finding.
    c('truncated', 'ERROR_RESPONSE', `${cc}head -c 3000 app > app.cut && eu-elflint app.cut`, files),
    c('nm-not-elf', 'ERROR_RESPONSE', 'eu-nm lib/libapp.so', { 'lib/libapp.so': 'INPUT(libapp.so.1 AS_NEEDED(libapp_extra.so))\n' }),
    c('strip-permission', 'ERROR_RESPONSE', `${cc}mkdir -p out && chmod 555 out && ${NOPRIV} eu-strip -o out/app app`, files),
    // Not captured: eu-strip onto a full disk dies of SIGBUS ("Bus error", its output is mapped): the text names no disk.
    // The debug file given is another binary's: input the program reads that does not fit, ERROR_RESPONSE.
    c('unstrip-mismatch', 'ERROR_RESPONSE', `${cc}gcc -g -o other main.c -DOTHER -O2 && eu-strip -f app.debug app && eu-strip -f other.debug other && eu-unstrip -o app.full app other.debug`, { 'main.c': `${MAIN_C}#ifdef OTHER\nint other_symbol(void) { return 42; }\n#endif\n` }),
    // The process named by the invocation does not exist: ERROR_RESPONSE.
    c('stack-no-process', 'ERROR_RESPONSE', 'eu-stack -p 4000000'),
    c('bad-option', 'ERROR_RESPONSE', 'eu-readelf --frobnicate app'),
  ];
}

function uncrustify() {
  const c = tool('uncrustify');
  const cfg = 'indent_columns = 4\nindent_with_tabs = 0\nsp_after_comma = add\nnl_fcall_brace = remove\n';
  const files = (src = 'int add(int a,int b){\nreturn a+b;\n}\n', conf = cfg) => ({ 'uncrustify.cfg': conf, 'src/add.c': src });
  return [
    c('check-differs', 'QUALITY_GATE_FAIL', 'uncrustify -q -c uncrustify.cfg --check src/add.c', files()),
    c('check-several', 'QUALITY_GATE_FAIL', 'uncrustify -q -c uncrustify.cfg --check src/add.c src/sub.c', { ...files(), 'src/sub.c': 'int sub(int a,int b)\n{\n        return a-b;\n}\n' }),
    c('config-bad-value', 'BROKEN_BUILD', 'uncrustify -q -c uncrustify.cfg -f src/add.c -o add.out.c', files(undefined, 'indent_columns = four\nsp_after_comma = sometimes\n')),
    c('unmatched-brace', 'BROKEN_BUILD', 'uncrustify -c uncrustify.cfg --check src/add.c', files('int add(int a, int b)\n{\n    return a + b;\n}\n}\n')),
    c('unclosed-paren', 'BROKEN_BUILD', 'uncrustify -c uncrustify.cfg --check src/add.c', files('int add(int a, int b)\n{\n    return (a + b;\n}\n')),
    // Not captured: an unknown option in the configuration and an unknown -l language are warnings
    // (the check's own FAIL decides the exit); a full disk is not reported (exit 0).
    c('config-missing', 'ERROR_RESPONSE', 'uncrustify -q -c tools/uncrustify.cfg --check src/add.c', files()),
    c('source-missing', 'ERROR_RESPONSE', 'uncrustify -c uncrustify.cfg --check src/mul.c', files()),
    c('bad-option', 'ERROR_RESPONSE', 'uncrustify --frobnicate -c uncrustify.cfg src/add.c', files()),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 0 src/add.c && ${NOPRIV} uncrustify -c uncrustify.cfg --replace --no-backup src/add.c`, files()),
  ];
}

function swig() {
  const c = tool('swig');
  const iface = (body) => ({ 'app.i': `%module app\n%{\n#include "app.h"\n%}\n${body}`, 'app.h': 'int parse_config(const char *path);\n' });
  return [
    c('syntax', 'BROKEN_BUILD', 'swig -python app.i', iface('int parse_config(const char *path\n')),
    c('include-missing', 'BROKEN_BUILD', 'swig -python app.i', iface('%include "config.h"\n%include "app.h"\n')),
    c('typemap-syntax', 'BROKEN_BUILD', 'swig -python app.i', iface('%typemap(in) int {\n  $1 = PyLong_AsLong($input);\n\n%include "app.h"\n')),
    // A SWIG warning made an error by -Werror: the build itself failed, BROKEN_BUILD (as a compiler's -Werror).
    c('werror', 'BROKEN_BUILD', 'swig -python -Wall -Werror app.i', { 'app.i': '%module app\n%{\n#include "app.h"\n%}\n%include "app.h"\n', 'app.h': 'int parse_config(const char *path);\nclass Config { public: class Inner {}; };\n' }),
    c('no-language', 'ERROR_RESPONSE', 'swig app.i', iface('%include "app.h"\n')),
    c('bad-option', 'ERROR_RESPONSE', 'swig -python -frobnicate app.i', iface('%include "app.h"\n')),
    c('input-missing', 'ERROR_RESPONSE', 'swig -python interface/app.i'),
    c('permission-denied', 'ERROR_RESPONSE', `mkdir -p gen && chmod 555 gen && ${NOPRIV} swig -python -outdir gen -o gen/app_wrap.c app.i`, iface('%include "app.h"\n')),
    // Not captured: swig onto a full disk exits 0 with its wrapper cut at the disk's size.
  ];
}

function distcc() {
  const c0 = tool('distcc', { env: { DISTCC_FALLBACK: '0' } });
  // distcc keeps its lock and state files in DISTCC_DIR (the case's own directory here); the local
  // server a case starts in the background ($!) is stopped when distcc has answered.
  const c = (id, type, cmd, files, extra) => c0(id, type, `export DISTCC_DIR=$PWD/.distcc && mkdir -p $DISTCC_DIR && ${cmd}; rc=$?; [ -n "$!" ] && kill $! 2>/dev/null; exit $rc`, files, { origin: cmd, ...extra });
  const files = { 'main.c': MAIN_C };
  const cc = 'distcc gcc -c main.c -o main.o';
  return [
    c('refused', 'NETWORK', `${REFUSED}DISTCC_HOSTS="127.0.0.1:$PORT" ${cc}`, files),
    c('dns', 'NETWORK', `DISTCC_HOSTS="build-farm.internal.invalid" ${cc}`, files),
    c('closed', 'NETWORK', `${CLOSER}DISTCC_HOSTS="127.0.0.1:$PORT" ${cc}`, files),
    c('timeout', 'TIMEOUT', `${SILENT}DISTCC_IO_TIMEOUT=2 DISTCC_HOSTS="127.0.0.1:$PORT" ${cc}`, files),
    // Ambiguous: the peer answers in another protocol (an HTTP line where a distcc reply belongs):
    // a peer's answer the client cannot use: ERROR_RESPONSE.
    c('wrong-protocol', 'ERROR_RESPONSE', `${CHATTY}DISTCC_HOSTS="127.0.0.1:$PORT" ${cc}`, files),
    // Ambiguous: DISTCC_HOSTS is the build's configuration of its compile hosts and does not parse: BROKEN_BUILD (not a refused CLI option).
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — invalid tcp port specification in "notaport/4,lzo" names no file: a value refused (step 2).
    c('hosts-bad', 'ERROR_RESPONSE', `DISTCC_HOSTS="127.0.0.1:notaport/4,lzo" ${cc}`, files),
    c('compiler-missing', 'CLI_NOT_FOUND', 'DISTCC_HOSTS=localhost distcc gcc-99 -c main.c -o main.o', files),
    // The compile that distcc ran (locally) failed on the project's source: BROKEN_BUILD, the cause under the wrapper.
    c('compile-error', 'BROKEN_BUILD', `DISTCC_HOSTS=localhost ${cc}`, { 'main.c': '#include <stdio.h>\nint main(void) {\n  puts("app 1.0")\n  return 0;\n}\n' }),
  ];
}

function twine() {
  const c = tool('twine', { env: { TWINE_NON_INTERACTIVE: '1' } });
  const wheel = 'python3 -c "import zipfile; z=zipfile.ZipFile(\'dist/app-1.0-py3-none-any.whl\',\'w\'); z.writestr(\'app/__init__.py\',\'\'); z.writestr(\'app-1.0.dist-info/METADATA\',\'Metadata-Version: 2.1\\nName: app\\nVersion: 1.0\\nSummary: the app\\n\'); z.writestr(\'app-1.0.dist-info/WHEEL\',\'Wheel-Version: 1.0\\nGenerator: corpus\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n\'); z.writestr(\'app-1.0.dist-info/RECORD\',\'\')" && ';
  const up = 'twine upload --disable-progress-bar -u ci -p upload-pass --repository-url "$URL/legacy/" dist/*';
  const h = (id, type, http, pre = '') => c(id, type, `mkdir -p dist && ${wheel}${pre}${up}`, {}, { http, origin: `${up} (against the local HTTP(S) server)` });
  return [
    h('401', 'AUTH_REQUIRED', { status: 401, body: 'Invalid or non-existent authentication information.', headers: ['WWW-Authenticate:Basic realm="pypi"'] }),
    h('403', 'AUTH_REQUIRED', { status: 403, body: 'The user ci is not allowed to upload to project app.' }),
    // The index's refusal of the upload (a file that already exists) is the server's answer: ERROR_RESPONSE.
    h('400', 'ERROR_RESPONSE', { status: 400, body: "File already exists. See https://pypi.example.test/help/#file-name-reuse for more information." }),
    h('429', 'RATE_LIMIT', { status: 429, body: 'Too many uploads, slow down.' }),
    h('500', 'SERVER_ERROR', { status: 500, body: 'Internal Server Error' }),
    h('503', 'SERVER_OVERLOADED', { status: 503, body: 'Service Unavailable' }),
    h('self-signed', 'CERTIFICATE_ERROR', { status: 200, body: 'OK', tls: 'valid' }),
    c('refused', 'NETWORK', `mkdir -p dist && ${wheel}${REFUSED}twine upload --disable-progress-bar -u ci -p upload-pass --repository-url "http://127.0.0.1:$PORT/legacy/" dist/*`),
    c('dns', 'NETWORK', `mkdir -p dist && ${wheel}twine upload --disable-progress-bar -u ci -p upload-pass --repository-url https://upload.pypi.internal.invalid/legacy/ dist/*`),
    // BadZipFile for an HTML page saved as the wheel: input not in its format, ERROR_RESPONSE whatever exception carries it.
    c('not-a-dist', 'ERROR_RESPONSE', 'twine upload --disable-progress-bar -u ci -p upload-pass --repository-url http://127.0.0.1:9/legacy/ dist/app-1.0-py3-none-any.whl', { 'dist/app-1.0-py3-none-any.whl': '<html><body>Not Found</body></html>\n' }),
  ];
}

function tidy() {
  const c = tool('tidy');
  const page = (body) => ({ 'index.html': `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Build status</title></head>\n<body>\n${body}</body>\n</html>\n` });
  const check = 'tidy -q -e index.html';
  return [
    c('img-alt', 'QUALITY_GATE_FAIL', check, page('<p><img src="badge.svg"></p>\n')),
    c('proprietary-attribute', 'QUALITY_GATE_FAIL', check, page('<table bordercolor="red"><tr><td>ok</td></tr></table>\n')),
    c('unclosed-element', 'QUALITY_GATE_FAIL', check, page('<p><b>passing\n')),
    // Ambiguous: tidy's "Error" level is a page it cannot read as HTML (an unknown element); the
    // project's own page does not parse: BROKEN_BUILD, as a source file that does not parse.
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — line 5 column 1 - Error: <status-badge> is not recognized! names no file: the input's refusal (step 2).
    c('unknown-element', 'ERROR_RESPONSE', check, page('<status-badge state="ok">passing</status-badge>\n')),
    // Ambiguous: a tag missing its '>' is a page that does not quite parse, but tidy reads it and
    // reports it at its Warning level, as the findings above: QUALITY_GATE_FAIL by tidy's own level.
    c('unterminated-tag', 'QUALITY_GATE_FAIL', check, page('<p>build <a href="/runs/42"\n')),
    c('duplicate-id', 'QUALITY_GATE_FAIL', check, page('<p id="status">passing</p>\n<p id="status">42 tests</p>\n')),
    c('missing-title', 'QUALITY_GATE_FAIL', check, { 'index.html': '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"></head>\n<body>\n<p>passing</p>\n</body>\n</html>\n' }),
    // An XML configuration of the project whose tags do not match: it does not parse, BROKEN_BUILD.
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — line 2 column 18 - Error: unexpected </env> in <target> names no file: the input's refusal (step 2).
    c('xml-mismatched', 'ERROR_RESPONSE', 'tidy -xml -q -e deploy.xml', { 'deploy.xml': '<deploy>\n  <target>staging</env>\n</deploy>\n' }),
    // Not captured: the accessibility checks (-access 1) alone exit 0; a missing or unreadable document, an unknown option and an unknown configuration
    // option exit 0 (tidy reports them and goes on).
  ];
}

function ctags() {
  const c = tool('universal-ctags');
  const src = { 'src/app.c': MAIN_C };
  return [
    // The project's own ctags configuration (.ctags.d) that does not load: BROKEN_BUILD. (A regex
    // that does not compile, an unknown kind or language in --languages are warnings, exit 0.)
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — ctags: Unknown option: --recurse-symlinks names no file: an option refused (step 2).
    c('config-unknown-option', 'ERROR_RESPONSE', 'ctags -R src', { ...src, '.ctags.d/app.ctags': '--exclude=build\n--recurse-symlinks\n' }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Unknown language "Conff" in "regex-Conff" option names no file: an option refused (step 2).
    c('config-unknown-language', 'ERROR_RESPONSE', 'ctags -R src', { ...src, '.ctags.d/app.ctags': '--regex-Conff=/^([a-z_]+)=/\\1/k,key/\n' }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Language "Conf" already defined names no file: an option refused (step 2).
    c('config-language-twice', 'ERROR_RESPONSE', 'ctags -R src', { ...src, '.ctags.d/app.ctags': '--langdef=Conf\n--map-Conf=.conf\n--langdef=Conf\n' }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — no kind letter specified in "--kinddef-C" option names no file: an option refused (step 2).
    c('config-kinddef', 'ERROR_RESPONSE', 'ctags -R src', { ...src, '.ctags.d/app.ctags': '--kinddef-C=,handler,request handlers\n' }),
    c('unknown-language', 'ERROR_RESPONSE', 'ctags -R --language-force=Zig src', src),
    // Options of the invocation the CLI refuses: ERROR_RESPONSE.
    c('output-format', 'ERROR_RESPONSE', 'ctags -R --output-format=json-lines src', src),
    c('bad-option', 'ERROR_RESPONSE', 'ctags -R --frobnicate src', src),
    c('list-missing', 'ERROR_RESPONSE', 'ctags -L build/files.txt', src),
    c('options-missing', 'ERROR_RESPONSE', 'ctags --options=tools/ctags.conf -R src', src),
    c('permission-denied', 'ERROR_RESPONSE', `mkdir -p out && chmod 555 out && ${NOPRIV} ctags -R -f out/tags src`, src),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'head -c 60000 /dev/zero > out/fill; ctags -R -f out/tags src', '64k'), { 'src/app.c': Array.from({ length: 600 }, (_, i) => `int function_number_${i}(int a) { return a + ${i}; }\n`).join('') }),
  ];
}

function sparse() {
  const c = tool('sparse');
  const check = (name) => `sparse -Wsparse-error ${name}`;
  return [
    c('not-declared', 'QUALITY_GATE_FAIL', check('app.c'), { 'app.c': 'int retries = 3;\nint next_delay(int n) { return n * 2; }\n' }),
    c('plain-integer-null', 'QUALITY_GATE_FAIL', check('app.c'), { 'app.c': 'static char *name(void) { return 0; }\nstatic int ok(void) { return name() == 0; }\nint main(void) { return ok(); }\n' }),
    c('shadow', 'QUALITY_GATE_FAIL', 'sparse -Wsparse-error -Wshadow app.c', { 'app.c': 'static int count;\nint main(void) { int count = 2; return count; }\n' }),
    c('cast-truncates', 'QUALITY_GATE_FAIL', check('app.c'), { 'app.c': 'static unsigned char port_byte(void) { return (unsigned char)0x1F90; }\nint main(void) { return port_byte(); }\n' }),
    c('old-style-definition', 'QUALITY_GATE_FAIL', 'sparse -Wsparse-error -Wold-style-definition app.c', { 'app.c': 'static int add(a, b) int a; int b; { return a + b; }\nint main(void) { return add(1, 2); }\n' }),
    // Source that does not compile (a syntax error, an undeclared name, a missing header) is BROKEN_BUILD; sparse's findings on code that compiles are QUALITY_GATE_FAIL (above).
    c('syntax', 'BROKEN_BUILD', check('app.c'), { 'app.c': 'int main(void) {\n  int port = 8080\n  return port;\n}\n' }),
    c('undefined-identifier', 'BROKEN_BUILD', check('app.c'), { 'app.c': 'int main(void) {\n  return retry_count;\n}\n' }),
    c('include-missing', 'BROKEN_BUILD', check('app.c'), { 'app.c': '#include "config.h"\nint main(void) { return PORT; }\n' }),
    c('missing', 'ERROR_RESPONSE', check('src/app.c')),
  ];
}

/** Every case of the twelfth capture. */
export function firstSightTwelfthCases() {
  return [
    ...autoconf(), ...automake(), ...doxygen(), ...quilt(), ...dpkgDeb(), ...dpkgSource(), ...rpm(), ...patchelf(), ...elfutils(),
    ...uncrustify(), ...swig(), ...distcc(), ...twine(), ...tidy(), ...ctags(), ...sparse(),
  ];
}
