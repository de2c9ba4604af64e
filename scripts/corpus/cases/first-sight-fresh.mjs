/**
 * First-sight families, part 5 (captured after the generic layer of issue 30 was in): tools and
 * libraries no rule pack, registry or earlier first-sight batch names — a toolchain manager, a
 * cloud CLI, a scripting language, build-configuration and debugging tools, a terminal
 * multiplexer, binary and network utilities, and Node libraries from the project's node_modules
 * (CSS, JSON5, XML, templates, cron, dates, resilience policies, retries). Each case's `type` was
 * written here, by the rules of first-sight-cli.mjs, before the classifier was asked; for these
 * families in particular:
 * - a toolchain, package or library that is not installed where the build needs it is a missing
 *   build input, BROKEN_BUILD (as terraform's uninitialised provider is);
 * - a configuration file that does not parse (CSS, JSON5, XML, a .pc file) is BROKEN_BUILD, as a
 *   YAML file's is in the corpus; a template that cannot be rendered is CONTEXT_ERROR, as jinja2's;
 * - a value a library refuses as given (a cron expression, a date, a time zone) and a command,
 *   flag, device, session or file that does not exist are ERROR_RESPONSE;
 * - the operation refused for want of privilege (ptrace) is AUTH_REQUIRED, as the corpus reads
 *   "permission denied" on the Docker socket: a person must grant it;
 * - a circuit breaker that is open stops calls to a dependency that keeps failing: wait for the
 *   dependency, DEPENDENCY_FAILURE; a bulkhead that is full is RESOURCE_BUSY; a policy's timeout
 *   is TIMEOUT; the error a retry policy gives up with is classified by its cause.
 */

/** A tool run in the case's directory; `env` and `timeoutMs` as the generator takes them. */
const tool = (family) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, ...extra });
/** A Node program using a library of the project's node_modules. */
const nodeLib = (family) => (id, type, src, extra = {}) => ({
  id: `${family}.${id}`, source: family, type, files: { 'main.mjs': src },
  cmd: 'ln -s "$NODE_MODULES" node_modules && node main.mjs', origin: `node main.mjs (${family} from node_modules)`, timeoutMs: 60_000, ...extra,
});

function rustup() {
  const c = tool('rustup');
  const crate = { 'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n', 'src/main.rs': 'fn main() {}\n' };
  return [
    c('toolchain-not-installed', 'BROKEN_BUILD', 'rustup run nightly-2020-01-01 rustc --version', {}, { env: { RUSTUP_AUTO_INSTALL: '0' } }),
    c('toolchain-file', 'BROKEN_BUILD', 'cargo build', { ...crate, 'rust-toolchain.toml': '[toolchain]\nchannel = "1.59.0"\n' }, { env: { RUSTUP_AUTO_INSTALL: '0' } }),
    c('install-dns', 'NETWORK', 'rustup toolchain install 1.60.0 --profile minimal', {}, { timeoutMs: 120_000 }),
    c('unknown-component', 'ERROR_RESPONSE', 'rustup component add rust-analyzer-preview-x'),
    c('unknown-target', 'ERROR_RESPONSE', 'rustup target add wasm99-unknown-unknown'),
    c('default-dns', 'NETWORK', 'rustup default 1.61.0', {}, { timeoutMs: 120_000 }),
    c('unknown-subcommand', 'ERROR_RESPONSE', 'rustup frobnicate'),
    c('unknown-flag', 'ERROR_RESPONSE', 'rustup update --frobnicate'),
  ];
}

function gcloud() {
  const c = (id, type, cmd, files = {}) => ({ ...tool('gcloud')(id, type, `export CLOUDSDK_CONFIG=$PWD/gcloud-config; ${cmd}`, files), origin: cmd, env: { CLOUDSDK_CORE_DISABLE_PROMPTS: '1' }, timeoutMs: 180_000 });
  return [
    c('no-account', 'AUTH_REQUIRED', 'gcloud projects list'),
    c('print-token', 'AUTH_REQUIRED', 'gcloud auth print-access-token'),
    c('key-file-truncated', 'AUTH_REQUIRED', 'gcloud auth activate-service-account --key-file=key.json', { 'key.json': '{"type": "service_account", "project_id": "app-prod", "private_key_id": "' }),
    c('invalid-choice', 'ERROR_RESPONSE', 'gcloud computee instances list'),
    c('unknown-flag', 'ERROR_RESPONSE', 'gcloud projects list --frobnicate'),
    c('unknown-property', 'ERROR_RESPONSE', 'gcloud config set core/no_such_property yes'),
    c('dns', 'NETWORK', 'gcloud projects list --access-token-file=token', { token: 'ya29.not-a-real-token' }),
    c('missing-argument', 'ERROR_RESPONSE', 'gcloud projects describe'),
  ];
}

function tcl() {
  const c = (id, type, src) => tool('tcl')(id, type, 'tclsh main.tcl', { 'main.tcl': src });
  return [
    c('no-such-variable', 'BROKEN_BUILD', 'proc deploy {} {\n    puts "deploying $release_tag"\n}\ndeploy\n'),
    c('invalid-command', 'BROKEN_BUILD', 'set hosts {a b}\nforeach h $hosts {\n    send_config $h\n}\n'),
    c('missing-brace', 'BROKEN_BUILD', 'proc main {} {\n    if {1} {\n        puts ok\n}\nmain\n'),
    c('package-missing', 'BROKEN_BUILD', 'package require yaml 1.2\nputs [yaml::yaml2dict -file config.yml]\n'),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — migration 0042 failed: column already exists: a sentence saying what is wrong (step 2).
    c('error-thrown', 'ERROR_RESPONSE', 'proc migrate {} {\n    error "migration 0042 failed: column already exists"\n}\nmigrate\n'),
    c('divide-by-zero', 'CLI_CRASH', 'set total 0\nputs [expr {100 / $total}]\n'),
    c('open-missing', 'ERROR_RESPONSE', 'set f [open config/settings.tcl r]\nputs [read $f]\n'),
    c('socket-refused', 'NETWORK', 'set s [socket 127.0.0.1 1]\nputs $s "PING"\n'),
  ];
}

function pkgConfig() {
  const c = tool('pkg-config');
  return [
    c('missing-package', 'BROKEN_BUILD', 'pkg-config --cflags --libs libsodium'),
    c('version-too-old', 'BROKEN_BUILD', "pkg-config --print-errors --exists 'expat >= 9.0'"),
    c('modversion-missing', 'BROKEN_BUILD', 'pkg-config --modversion libuv'),
    c('atleast-version', 'BROKEN_BUILD', "pkg-config --print-errors --exists 'freetype2 >= 99.0'"),
    c('exact-version', 'BROKEN_BUILD', "pkg-config --print-errors --exists 'fontconfig = 1.0'"),
    c('max-version', 'BROKEN_BUILD', "pkg-config --print-errors --exists 'expat < 1.0'"),
    c('unknown-option', 'ERROR_RESPONSE', 'pkg-config --frobnicate expat'),
    c('missing-requires', 'BROKEN_BUILD', 'PKG_CONFIG_PATH=$PWD pkg-config --libs app', { 'app.pc': 'Name: app\nDescription: the app\nVersion: 1.0\nRequires: libgrpc++ >= 1.50\nLibs: -lapp\n' }),
  ];
}

function gdb() {
  const c = tool('gdb');
  const program = (body) => ({ 'main.c': `#include <assert.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <errno.h>\n#include <arpa/inet.h>\n#include <sys/socket.h>\n#include <unistd.h>\n\nint main(void) {\n${body}\n}\n` });
  const run = 'cc -g -o app main.c && gdb -batch -return-child-result -ex run -ex bt ./app';
  return [
    c('no-file', 'ERROR_RESPONSE', 'gdb -batch -ex run ./build/server'),
    c('segv', 'CLI_CRASH', run, program('  char *config = NULL;\n  printf("%zu\\n", strlen(config));\n  return 0;')),
    c('assert', 'CLI_CRASH', run, program('  int replicas = 1;\n  assert(replicas >= 2);\n  return 0;')),
    c('undefined-command', 'ERROR_RESPONSE', 'cc -g -o app main.c && gdb -batch -ex "frobnicate all" ./app', program('  return 0;')),
    c('core-missing', 'ERROR_RESPONSE', 'cc -g -o app main.c && gdb -batch ./app core.4242', program('  return 0;')),
    c('child-missing-config', 'ERROR_RESPONSE', run, program('  FILE *f = fopen("/etc/app/app.conf", "r");\n  if (!f) { fprintf(stderr, "app: cannot open /etc/app/app.conf: %s\\n", strerror(errno)); return 3; }\n  return 0;')),
    c('stack-overflow', 'CLI_CRASH', run, program('  volatile char pad[4096];\n  pad[0] = 1;\n  return main() + pad[0];')),
    c('child-refused', 'NETWORK', run, program('  int fd = socket(AF_INET, SOCK_STREAM, 0);\n  struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(1) };\n  inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);\n  if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) { perror("connect to 127.0.0.1:1"); return 2; }\n  return 0;')),
  ];
}

function strace() {
  const c = tool('strace');
  return [
    c('attach-not-permitted', 'AUTH_REQUIRED', 'strace -p 1'),
    c('no-such-program', 'CLI_NOT_FOUND', 'strace -f ./bin/worker --once'),
    c('invalid-syscall', 'ERROR_RESPONSE', 'strace -e trace=frobnicate true'),
    c('output-path', 'ERROR_RESPONSE', 'strace -o /nonexistent/trace/out.txt true'),
    c('invalid-signal', 'ERROR_RESPONSE', 'strace -e signal=SIGFROB true'),
    c('no-such-process', 'ERROR_RESPONSE', 'strace -p 4194000'),
    c('traced-missing-file', 'ERROR_RESPONSE', 'strace -e trace=openat cat /etc/app/missing.conf'),
    c('traced-refused', 'NETWORK', 'strace -f -e trace=connect curl -sS http://127.0.0.1:1/health'),
  ];
}

function tmux() {
  // Its own server socket directory, and the server it started is stopped whatever happened.
  const c = (id, type, cmd) => ({ ...tool('tmux')(id, type, `export TMUX_TMPDIR=$PWD; ${cmd}; rc=$?; tmux kill-server 2>/dev/null; exit $rc`), origin: cmd });
  return [
    c('no-server', 'ERROR_RESPONSE', 'tmux kill-session -t build'),
    c('duplicate-session', 'ERROR_RESPONSE', 'tmux new-session -d -s ci && tmux new-session -d -s ci'),
    c('no-pane', 'ERROR_RESPONSE', 'tmux new-session -d -s ci && tmux send-keys -t deploy "make" Enter'),
    c('unknown-command', 'ERROR_RESPONSE', 'tmux new-session -d -s ci && tmux frobnicate-window'),
    c('not-a-terminal', 'ERROR_RESPONSE', 'tmux new-session -s ci </dev/null'),
    c('no-window', 'ERROR_RESPONSE', 'tmux new-session -d -s ci && tmux select-window -t ci:9'),
    c('invalid-option', 'ERROR_RESPONSE', 'tmux new-session -d -s ci && tmux set-option -g frobnicate on'),
    c('attach-no-server', 'ERROR_RESPONSE', 'tmux attach-session -t build'),
  ];
}

function binutils() {
  const c = tool('binutils');
  const notes = { 'notes.txt': 'release notes\n' };
  return [
    c('readelf-not-elf', 'ERROR_RESPONSE', 'readelf -h notes.txt', notes),
    c('objdump-missing', 'ERROR_RESPONSE', 'objdump -d build/app.o'),
    c('strip-format', 'ERROR_RESPONSE', 'strip notes.txt', notes),
    c('ar-missing', 'ERROR_RESPONSE', 'ar t build/libapp.a'),
    c('nm-missing', 'ERROR_RESPONSE', 'nm build/app'),
    c('objcopy-target', 'ERROR_RESPONSE', 'objcopy -O frobnicate-elf notes.txt out.bin', notes),
    c('addr2line-missing', 'ERROR_RESPONSE', 'addr2line -e build/app 0x401000'),
    c('as-syntax', 'BROKEN_BUILD', 'as -o boot.o boot.s', { 'boot.s': '.text\n.globl _start\n_start:\n    movq $60, %rax\n    frobnicate %rdi\n    syscall\n' }),
  ];
}

function iproute2() {
  // Only commands that fail: nothing here changes the machine's network.
  const c = tool('iproute2');
  return [
    c('no-device', 'ERROR_RESPONSE', 'ip link set nosuch0 up'),
    c('bad-address', 'ERROR_RESPONSE', 'ip addr add 10.0.0.300/24 dev nosuch0'),
    c('invalid-gateway', 'ERROR_RESPONSE', 'ip route add 198.51.100.0/24 via 203.0.113.1'),
    c('unknown-type', 'ERROR_RESPONSE', 'ip link add ci0 type frobnicate'),
    c('no-netns', 'ERROR_RESPONSE', 'ip netns exec nosuch-ns true'),
    c('bad-prefix-length', 'ERROR_RESPONSE', 'ip route add 10.0.0.0/33 dev nosuch0'),
    c('unknown-object', 'ERROR_RESPONSE', 'ip frobnicate show'),
    c('neigh-no-device', 'ERROR_RESPONSE', 'ip neigh show dev nosuch0'),
  ];
}

function lightningcss() {
  const c = nodeLib('lightningcss');
  const css = (code) => `import { transform } from 'lightningcss';\nconst out = transform({ filename: 'src/app.css', code: Buffer.from(${JSON.stringify(code)}), minify: true });\nconsole.log(out.code.toString());\n`;
  return [
    c('pseudo-element', 'BROKEN_BUILD', css('.card:: { color: red }\n')),
    c('media-query', 'BROKEN_BUILD', css('@media ( { .a { color: red } }\n')),
    c('stray-brace', 'BROKEN_BUILD', css('.a { color: red; } }\n')),
    c('double-child', 'BROKEN_BUILD', css('.a > > .b { color: red }\n')),
    c('bad-import', 'BROKEN_BUILD', css('@import url(;\n.a { color: red }\n')),
    c('bad-nesting', 'BROKEN_BUILD', css('.a { &&.b { color: red } }\n')),
    c('bad-attribute-selector', 'BROKEN_BUILD', css('a[href= { color: red }\n')),
    c('missing-entry', 'ERROR_RESPONSE', "import { bundle } from 'lightningcss';\nconsole.log(bundle({ filename: 'src/styles/main.css', minify: true }).code.toString());\n"),
    c('missing-import', 'BROKEN_BUILD', "import { bundle } from 'lightningcss';\nimport { writeFileSync } from 'node:fs';\nwriteFileSync('app.css', '@import \"./theme.css\";\\n.a { color: red }\\n');\nconsole.log(bundle({ filename: 'app.css', minify: true }).code.toString());\n"),
  ];
}

function json5() {
  const c = nodeLib('json5');
  const config = (text) => `import JSON5 from 'json5';\nimport { readFileSync, writeFileSync } from 'node:fs';\nwriteFileSync('app.config.json5', ${JSON.stringify(text)});\nconst config = JSON5.parse(readFileSync('app.config.json5', 'utf8'));\nconsole.log(config.port);\n`;
  return [
    c('double-comma', 'BROKEN_BUILD', config('{\n  port: 8080,,\n  host: "0.0.0.0",\n}\n')),
    c('unclosed', 'BROKEN_BUILD', config('{\n  port: 8080,\n  retry: { times: 3,\n')),
    c('bad-key', 'BROKEN_BUILD', config('{\n  log-level: "debug",\n}\n')),
    c('empty', 'BROKEN_BUILD', config('')),
    c('unquoted-value', 'BROKEN_BUILD', config('{\n  host: localhost,\n}\n')),
    c('unterminated-string', 'BROKEN_BUILD', config('{\n  host: "0.0.0.0,\n  port: 8080,\n}\n')),
    c('bad-number', 'BROKEN_BUILD', config('{\n  port: 80x80,\n}\n')),
    c('trailing-garbage', 'BROKEN_BUILD', config('{ port: 8080 } extra\n')),
    c('missing-file', 'ERROR_RESPONSE', "import JSON5 from 'json5';\nimport { readFileSync } from 'node:fs';\nconsole.log(JSON5.parse(readFileSync('config/app.config.json5', 'utf8')).port);\n"),
  ];
}

function fastXmlParser() {
  const c = nodeLib('fast-xml-parser');
  const xml = (text) => `import { XMLParser } from 'fast-xml-parser';\nimport { readFileSync, writeFileSync } from 'node:fs';\nwriteFileSync('pom.xml', ${JSON.stringify(text)});\nconst doc = new XMLParser().parse(readFileSync('pom.xml', 'utf8'), true);\nconsole.log(doc.project.version);\n`;
  return [
    c('mismatched-tag', 'BROKEN_BUILD', xml('<project>\n  <version>1.0</version>\n  <name>app</nam>\n</project>\n')),
    c('unclosed', 'BROKEN_BUILD', xml('<project>\n  <version>1.0</version>\n')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — boolean attribute 'optional' is not allowed.:2:15 names no file: the input's refusal (step 2).
    c('attribute-no-value', 'ERROR_RESPONSE', xml('<project>\n  <dependency optional>x</dependency>\n</project>\n')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Attribute 'name' is repeated.:2:20 names no file: the input's refusal (step 2).
    c('duplicate-attribute', 'ERROR_RESPONSE', xml('<project>\n  <module name="a" name="b"/>\n</project>\n')),
    c('unquoted-attribute', 'BROKEN_BUILD', xml('<project>\n  <module name=core/>\n</project>\n')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Tag '1module' is an invalid name.:2:11 names no file: the input's refusal (step 2).
    c('invalid-tag-name', 'ERROR_RESPONSE', xml('<project>\n  <1module>core</1module>\n</project>\n')),
    c('closing-without-opening', 'BROKEN_BUILD', xml('<project>\n  <version>1.0</version>\n</project>\n</build>\n')),
    c('unclosed-comment', 'BROKEN_BUILD', xml('<project>\n  <!-- modules\n  <version>1.0</version>\n</project>\n')),
    c('missing-file', 'ERROR_RESPONSE', "import { XMLParser } from 'fast-xml-parser';\nimport { readFileSync } from 'node:fs';\nconsole.log(new XMLParser().parse(readFileSync('build/pom.xml', 'utf8'), true).project.version);\n"),
  ];
}

function mustache() {
  const c = nodeLib('mustache');
  const render = (template) => `import Mustache from 'mustache';\nconsole.log(Mustache.render(${JSON.stringify(template)}, { name: 'api', steps: ['build', 'test'] }));\n`;
  return [
    c('unclosed-tag', 'CONTEXT_ERROR', render('Summarise the failure of {{name for the on-call engineer.')),
    c('unclosed-section', 'CONTEXT_ERROR', render('Steps:\n{{#steps}}\n- {{.}}\n')),
    c('unopened-section', 'CONTEXT_ERROR', render('Steps:\n- {{name}}\n{{/steps}}\n')),
    c('unclosed-inverted', 'CONTEXT_ERROR', render('{{^steps}}\nNo steps for {{name}}.\n')),
    c('mismatched-section', 'CONTEXT_ERROR', render('{{#steps}}\n- {{.}}\n{{/stages}}\n')),
    c('unclosed-triple', 'CONTEXT_ERROR', render('Service: {{{name}}\n')),
    c('bad-delimiters', 'CONTEXT_ERROR', render('{{=<% %>=}}\nService: <%name\n')),
    c('invalid-tags', 'CONTEXT_ERROR', "import Mustache from 'mustache';\nconsole.log(Mustache.render('Service: <%name%>', { name: 'api' }, {}, ['<%']));\n"),
    c('missing-template', 'ERROR_RESPONSE', "import Mustache from 'mustache';\nimport { readFileSync } from 'node:fs';\nconsole.log(Mustache.render(readFileSync('templates/prompt.mustache', 'utf8'), { name: 'api' }));\n"),
  ];
}

function cronParser() {
  const c = nodeLib('cron-parser');
  const parse = (expression) => `import parser from 'cron-parser';\nconst next = parser.parseExpression(${JSON.stringify(expression)}).next();\nconsole.log(next.toString());\n`;
  return [
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (Error: Constraint error, got value 61 expected range 0-59), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('minute-range', 'ERROR_RESPONSE', parse('61 * * * *')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (Error: Validation error, cannot resolve alias "fry"), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('bad-character', 'ERROR_RESPONSE', parse('*/5 * * * MON-FRY')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (Error: Invalid cron expression), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('too-many-fields', 'ERROR_RESPONSE', parse('0 0 * * * * * *')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (Error: Constraint error, got value 25 expected range 0-23), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('hour-range', 'ERROR_RESPONSE', parse('0 25 * * *')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (Error: Constraint error, got value 32 expected range 1-31), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('day-of-month-range', 'ERROR_RESPONSE', parse('0 0 32 * *')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (Error: Constraint error, got value 13 expected range 1-12), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('month-range', 'ERROR_RESPONSE', parse('0 0 1 13 *')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (Error: Constraint error, cannot repeat at every 0 time.), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('step-zero', 'ERROR_RESPONSE', parse('*/0 * * * *')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (Error: Invalid range: 5-1), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('reversed-range', 'ERROR_RESPONSE', parse('0 0 5-1 * *')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (Error: Constraint error, got value 9 expected range 0-7), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('bad-weekday', 'ERROR_RESPONSE', parse('0 0 * * 9')),
  ];
}

function luxon() {
  const c = nodeLib('luxon');
  const head = "import { DateTime, Duration, Settings } from 'luxon';\nSettings.throwOnInvalid = true;\n";
  return [
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (InvalidDateTimeError: Invalid DateTime: unit out of range: you specified 13 (of type numbe), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('iso', 'ERROR_RESPONSE', `${head}console.log(DateTime.fromISO('2026-13-45T10:00').toISO());\n`),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (InvalidDateTimeError: Invalid DateTime: unsupported zone: the zone "Europe/Springfield" is), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('zone', 'ERROR_RESPONSE', `${head}console.log(DateTime.now().setZone('Europe/Springfield').toISO());\n`),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (InvalidDurationError: Invalid Duration: unparsable: the input "PT5X" can't be parsed as IS), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('duration', 'ERROR_RESPONSE', `${head}console.log(Duration.fromISO('PT5X').toMillis());\n`),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (InvalidDateTimeError: Invalid DateTime: unparsable: the input "2026/01/02" can't be parsed), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('format', 'ERROR_RESPONSE', `${head}console.log(DateTime.fromFormat('2026/01/02', 'yyyy-MM-dd').toISO());\n`),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (InvalidIntervalError: Invalid Interval: end before start: The end of an interval must be a), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('interval', 'ERROR_RESPONSE', `${head}import { Interval } from 'luxon';\nconst start = DateTime.fromISO('2026-03-02');\nconsole.log(Interval.fromDateTimes(start, start.minus({ days: 1 })).length('days'));\n`),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (InvalidDateTimeError: Invalid DateTime: unit out of range: you specified 30 (of type numbe), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('sql', 'ERROR_RESPONSE', `${head}console.log(DateTime.fromSQL('2026-02-30 25:00:00').toISO());\n`),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (InvalidDateTimeError: Invalid DateTime: unparsable: the input "[object Object]" can't be p), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('http-date', 'ERROR_RESPONSE', `${head}console.log(DateTime.fromHTTP('Someday, 02 Jan 2026 10:00:00 GMT').toISO());\n`),
    c('offset-zone', 'ERROR_RESPONSE', `${head}console.log(DateTime.now().setZone('UTC+99').toISO());\n`),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (InvalidDateTimeError: Invalid DateTime: unit out of range: you specified 31 (of type numbe), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('rfc2822', 'ERROR_RESPONSE', `${head}console.log(DateTime.fromRFC2822('Tue, 31 Feb 2026 10:00:00 +0000').toISO());\n`),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (InvalidUnitError: Invalid unit fortnights), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('unit', 'ERROR_RESPONSE', `${head}console.log(DateTime.now().plus({ fortnights: 1 }).toISO());\n`),
  ];
}

function cockatiel() {
  const c = nodeLib('cockatiel');
  const head = "import { ConsecutiveBreaker, ExponentialBackoff, TimeoutStrategy, bulkhead, circuitBreaker, handleAll, retry, timeout } from 'cockatiel';\n";
  return [
    c('circuit-open', 'DEPENDENCY_FAILURE', `${head}const breaker = circuitBreaker(handleAll, { halfOpenAfter: 10_000, breaker: new ConsecutiveBreaker(2) });\nconst call = () => breaker.execute(async () => { throw new Error('upstream answered 502'); });\nfor (let i = 0; i < 2; i++) await call().catch(() => {});\nawait call();\n`),
    c('timeout', 'TIMEOUT', `${head}const policy = timeout(50, TimeoutStrategy.Aggressive);\nawait policy.execute(() => new Promise((resolve) => setTimeout(resolve, 2000)));\n`),
    c('bulkhead-full', 'RESOURCE_BUSY', `${head}const policy = bulkhead(1, 0);\nconst slow = () => policy.execute(() => new Promise((resolve) => setTimeout(resolve, 200)));\nawait Promise.all([slow(), slow()]);\n`),
    c('isolated', 'DEPENDENCY_FAILURE', `${head}const breaker = circuitBreaker(handleAll, { halfOpenAfter: 10_000, breaker: new ConsecutiveBreaker(5) });\nbreaker.isolate();\nawait breaker.execute(() => fetch('http://127.0.0.1:9/payments'));\n`),
    c('retry-503', 'SERVER_OVERLOADED', `${head}import { createServer } from 'node:http';\n// A local server answering every request with 503.\nconst server = createServer((req, res) => { res.writeHead(503, { 'content-type': 'text/plain' }); res.end('busy'); }).listen(0, '127.0.0.1');\nawait new Promise((resolve) => server.once('listening', resolve));\nconst url = \`http://127.0.0.1:\${server.address().port}\`;\nserver.unref();\nconst policy = retry(handleAll, { maxAttempts: 2, backoff: new ExponentialBackoff({ initialDelay: 10, maxDelay: 20 }) });\nawait policy.execute(async () => {\n  const res = await fetch(\`\${url}/inventory\`);\n  if (!res.ok) throw new Error(\`GET /inventory: \${res.status} \${res.statusText}\`);\n});\n`),
    c('timeout-cooperative', 'TIMEOUT', `${head}import { createServer } from 'node:net';\nconst hang = createServer(() => {}).listen(0, '127.0.0.1');\nawait new Promise((resolve) => hang.once('listening', resolve));\nhang.unref();\nconst policy = timeout(100, TimeoutStrategy.Cooperative);\nawait policy.execute(({ signal }) => fetch(\`http://127.0.0.1:\${hang.address().port}/report\`, { signal }));\n`),
    c('retry-dns', 'NETWORK', `${head}const policy = retry(handleAll, { maxAttempts: 2, backoff: new ExponentialBackoff({ initialDelay: 10, maxDelay: 20 }) });\nawait policy.execute(() => fetch('http://orders.internal.invalid/v1/orders'));\n`),
    c('retry-refused', 'NETWORK', `${head}import { createServer } from 'node:net';\n// A port that was just free: nothing listens there, so the connection is refused.\nconst probe = createServer().listen(0, '127.0.0.1');\nawait new Promise((resolve) => probe.once('listening', resolve));\nconst port = probe.address().port;\nawait new Promise((resolve) => probe.close(resolve));\nconst policy = retry(handleAll, { maxAttempts: 2, backoff: new ExponentialBackoff({ initialDelay: 10, maxDelay: 20 }) });\nawait policy.execute(() => fetch(\`http://127.0.0.1:\${port}/orders\`));\n`),
  ];
}

function pRetry() {
  const c = nodeLib('p-retry');
  const head = "import pRetry, { AbortError } from 'p-retry';\n";
  return [
    c('refused', 'NETWORK', `${head}import { createServer } from 'node:net';\n// A port that was just free: nothing listens there, so the connection is refused.\nconst probe = createServer().listen(0, '127.0.0.1');\nawait new Promise((resolve) => probe.once('listening', resolve));\nconst port = probe.address().port;\nawait new Promise((resolve) => probe.close(resolve));\nawait pRetry(() => fetch(\`http://127.0.0.1:\${port}/jobs\`), { retries: 2, minTimeout: 10, maxTimeout: 20 });\n`),
    c('abort-404', 'ERROR_RESPONSE', `${head}await pRetry(async () => { throw new AbortError(new Error('GET /v1/releases/9.9.9 answered 404 Not Found')); }, { retries: 3 });\n`),
    c('exhausted-503', 'SERVER_OVERLOADED', `${head}await pRetry(async () => { throw new Error('upstream answered 503 Service Unavailable'); }, { retries: 2, minTimeout: 10, maxTimeout: 20 });\n`),
    c('dns', 'NETWORK', `${head}await pRetry(() => fetch('https://registry.internal.invalid/v2/'), { retries: 1, minTimeout: 10 });\n`),
    c('exhausted-401', 'AUTH_REQUIRED', `${head}import { createServer } from 'node:http';\n// A local server answering every request with 401.\nconst server = createServer((req, res) => { res.writeHead(401, { 'content-type': 'application/json' }); res.end('{"message":"Bad credentials"}'); }).listen(0, '127.0.0.1');\nawait new Promise((resolve) => server.once('listening', resolve));\nconst url = \`http://127.0.0.1:\${server.address().port}\`;\nserver.unref();\nawait pRetry(async () => {\n  const res = await fetch(\`\${url}/user\`);\n  if (!res.ok) throw new Error(\`GET /user answered \${res.status} \${res.statusText}: \${await res.text()}\`);\n}, { retries: 1, minTimeout: 10 });\n`),
    c('exhausted-429', 'RATE_LIMIT', `${head}import { createServer } from 'node:http';\n// A local server answering every request with 429.\nconst server = createServer((req, res) => { res.writeHead(429, {}); res.end(''); }).listen(0, '127.0.0.1');\nawait new Promise((resolve) => server.once('listening', resolve));\nconst url = \`http://127.0.0.1:\${server.address().port}\`;\nserver.unref();\nawait pRetry(async () => {\n  const res = await fetch(\`\${url}/search\`);\n  if (!res.ok) throw new Error(\`GET /search answered \${res.status} \${res.statusText}\`);\n}, { retries: 1, minTimeout: 10 });\n`),
    c('socket-closed', 'NETWORK', `${head}import { createServer } from 'node:http';\n// A server that drops every request's connection.\nconst server = createServer((req) => req.socket.destroy()).listen(0, '127.0.0.1');\nawait new Promise((resolve) => server.once('listening', resolve));\ntry {\n  await pRetry(() => fetch(\`http://127.0.0.1:\${server.address().port}/jobs\`), { retries: 1, minTimeout: 10 });\n} finally {\n  server.close();\n}\n`),
    c('exhausted-timeout', 'TIMEOUT', `${head}import { createServer } from 'node:net';\n// A server that accepts and never answers: each attempt runs out of time.\nconst server = createServer(() => {}).listen(0, '127.0.0.1');\nawait new Promise((resolve) => server.once('listening', resolve));\ntry {\n  await pRetry(() => fetch(\`http://127.0.0.1:\${server.address().port}/status\`, { signal: AbortSignal.timeout(100) }), { retries: 1, minTimeout: 10 });\n} finally {\n  server.close();\n  server.unref();\n}\n`),
  ];
}

/** Every case of this part. */
export function firstSightFreshCases() {
  return [...rustup(), ...gcloud(), ...tcl(), ...pkgConfig(), ...gdb(), ...strace(), ...tmux(), ...binutils(), ...iproute2(), ...lightningcss(), ...json5(), ...fastXmlParser(), ...mustache(), ...cronParser(), ...luxon(), ...cockatiel(), ...pRetry()];
}
