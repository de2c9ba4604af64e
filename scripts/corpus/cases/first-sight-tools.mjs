/**
 * First-sight families, part 7 (captured with part 6, first-sight-services.mjs, the same way):
 * build, check and test tools and libraries that no rule pack, registry or earlier capture names —
 * a build configurator and its test runner (meson), a shell test runner (bats), a C static
 * analyser (cppcheck), a diagram compiler (graphviz), a configuration language (jsonnet),
 * translation tools (gettext), Linux system utilities (util-linux), and libraries' exceptions:
 * Python's cryptography, pexpect and click, and fast-check from the project's node_modules. Each
 * case's `type` was written here, by the rules of first-sight-cli.mjs, before the classifier was
 * asked; for these families in particular:
 * - a static analyser's findings are QUALITY_GATE_FAIL; code it cannot parse is BROKEN_BUILD;
 * - a configuration or source the tool compiles (a meson.build, a .dot graph, a .jsonnet file, a
 *   .po catalogue) that does not parse, or whose dependency, include or import is missing, is
 *   BROKEN_BUILD; its run-time errors (a field that does not exist, a type error, no stack left)
 *   are CLI_CRASH, as jq's; its failed `assert` is VERIFICATION_FAILED, as terraform's;
 * - a compiler the build names that is not installed is CLI_NOT_FOUND, as a missing program is;
 * - a failing property or test is VERIFICATION_FAILED, and a test's own time limit TIMEOUT; a cause
 *   a test prints (a refused connection, a missing program, a full disk) outranks the failed test;
 * - a key, token or password that does not open a secret is AUTH_REQUIRED, as openssl's bad
 *   decrypt; a signature that does not verify and a certificate that cannot be trusted (expired,
 *   another host, no trusted issuer) are CERTIFICATE_ERROR, as gpg's and ssh-keygen's;
 * - a lock that another process holds is RESOURCE_BUSY, also when the wait for it ran out;
 * - a CLI framework's usage errors (a missing or unknown option, a bad value, a path that does not
 *   exist) are ERROR_RESPONSE; a confirmation a person answered "no" is USER_ABORT;
 * - an automation library that timed out waiting for a program's prompt is TIMEOUT; when the
 *   program exited instead, what the program printed is the cause.
 */

const tool = (family) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, ...extra });

function meson() {
  const c = (id, type, build, cmd = 'meson setup build', files = {}, extra = {}) => tool('meson')(id, type, cmd, { 'meson.build': build, 'main.c': 'int main(void) { return 0; }\n', ...files }, { timeoutMs: 120_000, ...extra });
  const head = "project('app', 'c', meson_version: '>=0.60')\n";
  const test = (body) => `${head}exe = executable('app_test', 'test.c')\n${body}`;
  return [
    c('dependency-missing', 'BROKEN_BUILD', `${head}sodium = dependency('libsodium')\nexecutable('app', 'main.c', dependencies: sodium)\n`),
    c('syntax', 'BROKEN_BUILD', `${head}executable('app' 'main.c'\n`),
    c('unknown-option', 'ERROR_RESPONSE', `${head}executable('app', 'main.c')\n`, 'meson setup build -Dfrobnicate=true'),
    c('compiler-missing', 'CLI_NOT_FOUND', `${head}executable('app', 'main.c')\n`, 'CC=clang-99 meson setup build'),
    c('meson-version', 'BROKEN_BUILD', "project('app', 'c', meson_version: '>=9.0')\nexecutable('app', 'main.c')\n"),
    c('missing-source', 'BROKEN_BUILD', `${head}executable('app', 'src/server.c')\n`),
    c('test-fails', 'VERIFICATION_FAILED', test("test('config parser', exe)\n"), 'meson setup build >/dev/null && meson test -C build', { 'test.c': '#include <stdio.h>\nint main(void) {\n  int port = 0;\n  if (port != 8080) { fprintf(stderr, "expected port 8080, got %d\\n", port); return 1; }\n  return 0;\n}\n' }),
    c('test-timeout', 'TIMEOUT', test("test('slow sync', exe, timeout: 2)\n"), 'meson setup build >/dev/null && meson test -C build', { 'test.c': '#include <unistd.h>\nint main(void) { sleep(30); return 0; }\n' }),
    c('wrap-dns', 'NETWORK', `${head}executable('app', 'main.c')\n`, 'meson subprojects download', { 'subprojects/zlib.wrap': '[wrap-file]\ndirectory = zlib-1.3\nsource_url = https://wrapdb.internal.invalid/zlib-1.3.tar.gz\nsource_filename = zlib-1.3.tar.gz\nsource_hash = ff0ba4c292013dbc27530b3a81e1f9a813cd39de01ca5e0f8bf355702efa593e\n' }),
    c('not-build-dir', 'ERROR_RESPONSE', `${head}executable('app', 'main.c')\n`, 'meson compile -C build'),
  ];
}

function bats() {
  const c = (id, type, test, extra = {}) => tool('bats')(id, type, 'bats test/deploy.bats', { 'test/deploy.bats': test }, { timeoutMs: 60_000, ...extra });
  return [
    c('assertion', 'VERIFICATION_FAILED', '#!/usr/bin/env bats\n\n@test "version file holds a semantic version" {\n  version="1.4"\n  [[ "$version" =~ ^[0-9]+\\.[0-9]+\\.[0-9]+$ ]]\n}\n'),
    c('status', 'VERIFICATION_FAILED', '#!/usr/bin/env bats\n\n@test "grep finds the release in the changelog" {\n  printf "## 1.3.0\\n" > CHANGELOG.md\n  run grep -q "## 1.4.0" CHANGELOG.md\n  [ "$status" -eq 0 ]\n}\n'),
    c('several', 'VERIFICATION_FAILED', '#!/usr/bin/env bats\n\n@test "adds" {\n  [ $((2 + 2)) -eq 4 ]\n}\n\n@test "config has a port" {\n  config="host=0.0.0.0"\n  [[ "$config" == *port=* ]]\n}\n\n@test "two replicas" {\n  replicas=1\n  [ "$replicas" -ge 2 ]\n}\n'),
    c('missing-command', 'CLI_NOT_FOUND', '#!/usr/bin/env bats\n\n@test "the manifest renders" {\n  kustomizer build overlays/prod > out.yaml\n}\n'),
    c('syntax', 'BROKEN_BUILD', '#!/usr/bin/env bats\n\n@test "deploys" {\n  if [ -f deploy.sh ]; then\n    ./deploy.sh\n}\n'),
    c('timeout', 'TIMEOUT', '#!/usr/bin/env bats\n\n@test "the worker drains the queue" {\n  sleep 20\n}\n', { env: { BATS_TEST_TIMEOUT: '2' } }),
    c('refused', 'NETWORK', '#!/usr/bin/env bats\n\n@test "the health endpoint answers" {\n  curl -sS --fail http://127.0.0.1:1/health\n}\n'),
    c('disk-full', 'RESOURCE_EXHAUSTION', '#!/usr/bin/env bats\n\n@test "the report is written" {\n  head -c 100000 /dev/zero > /dev/full\n}\n'),
    tool('bats')('missing-file', 'ERROR_RESPONSE', 'bats test/integration.bats', { 'test/deploy.bats': '#!/usr/bin/env bats\n\n@test "adds" {\n  [ $((2 + 2)) -eq 4 ]\n}\n' }),
  ];
}

function cppcheck() {
  const c = (id, type, body, cmd = 'cppcheck --error-exitcode=1 --enable=warning,style -q src/main.c') => tool('cppcheck')(id, type, cmd, { 'src/main.c': `#include <stdio.h>\n#include <stdlib.h>\n\nint main(void) {\n${body}\n}\n` });
  return [
    c('null-pointer', 'QUALITY_GATE_FAIL', '  int *port = NULL;\n  return *port;'),
    c('out-of-bounds', 'QUALITY_GATE_FAIL', '  int slots[8];\n  slots[8] = 1;\n  return slots[0];'),
    c('memory-leak', 'QUALITY_GATE_FAIL', '  char *buffer = malloc(64);\n  if (buffer == NULL) return 1;\n  buffer[0] = 0;\n  return 0;'),
    c('uninitialized', 'QUALITY_GATE_FAIL', '  int retries;\n  return retries + 1;'),
    c('resource-leak', 'QUALITY_GATE_FAIL', '  FILE *log = fopen("app.log", "a");\n  if (log == NULL) return 1;\n  fputs("started\\n", log);\n  return 0;'),
    c('zero-division', 'QUALITY_GATE_FAIL', '  int workers = 0;\n  return 100 / workers;'),
    c('unused-variable', 'QUALITY_GATE_FAIL', '  int timeout_ms;\n  return 0;'),
    c('syntax', 'BROKEN_BUILD', '  if (argc > 1 {\n    return 1;\n  }\n  return 0;'),
    c('missing-path', 'ERROR_RESPONSE', '  return 0;', 'cppcheck --error-exitcode=1 -q src/server.c'),
  ];
}

function graphviz() {
  const c = (id, type, graph, cmd = 'dot -Tsvg -o docs/architecture.svg docs/architecture.dot') => tool('graphviz')(id, type, `mkdir -p docs && ${cmd}`, { 'docs/architecture.dot': graph }, { origin: cmd });
  const ok = 'digraph app {\n  api -> db;\n  api -> cache;\n}\n';
  return [
    c('syntax', 'BROKEN_BUILD', 'digraph app {\n  api -> db\n  api -> -> cache;\n}\n'),
    c('unclosed', 'BROKEN_BUILD', 'digraph app {\n  api -> db;\n  subgraph cluster_data {\n    db; cache;\n'),
    c('undirected-edge', 'BROKEN_BUILD', 'digraph app {\n  api -- db;\n}\n'),
    c('html-label', 'BROKEN_BUILD', 'digraph app {\n  api [label=<<b>API</i>>];\n}\n'),
    c('unknown-format', 'ERROR_RESPONSE', ok, 'dot -Tsvgz2 -o docs/architecture.svg docs/architecture.dot'),
    c('unknown-layout', 'ERROR_RESPONSE', ok, 'dot -Kforce -Tsvg -o docs/architecture.svg docs/architecture.dot'),
    c('missing-input', 'ERROR_RESPONSE', ok, 'dot -Tsvg -o docs/architecture.svg docs/deployment.dot'),
    c('output-path', 'ERROR_RESPONSE', ok, 'dot -Tsvg -o build/docs/architecture.svg docs/architecture.dot'),
  ];
}

function jsonnet() {
  const c = (id, type, src, cmd = 'jsonnet deploy/main.jsonnet') => tool('jsonnet')(id, type, cmd, { 'deploy/main.jsonnet': src });
  return [
    c('syntax', 'BROKEN_BUILD', '{\n  name: "api"\n  replicas: 2,\n}\n'),
    c('unknown-variable', 'BROKEN_BUILD', '{\n  name: "api",\n  replicas: replica_count,\n}\n'),
    c('missing-import', 'BROKEN_BUILD', 'local lib = import "lib/k8s.libsonnet";\nlib.deployment("api")\n'),
    c('assert', 'VERIFICATION_FAILED', 'local replicas = 1;\nassert replicas >= 2 : "production needs at least 2 replicas";\n{ replicas: replicas }\n'),
    c('no-field', 'CLI_CRASH', 'local config = { image: "api:1.4" };\n{ image: config.image, port: config.port }\n'),
    c('type-error', 'CLI_CRASH', 'local ports = 8080;\n{ count: std.length(ports) }\n'),
    c('stack', 'CLI_CRASH', 'local depth(n) = depth(n + 1);\n{ depth: depth(0) }\n'),
    c('ext-var', 'ERROR_RESPONSE', '{ image: "api:" + std.extVar("tag") }\n'),
    c('missing-file', 'ERROR_RESPONSE', '{}\n', 'jsonnet deploy/prod.jsonnet'),
  ];
}

function gettext() {
  const po = (entries) => `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n${entries}`;
  const c = (id, type, entries, cmd = 'msgfmt -c -o locale/de/app.mo po/de.po') => tool('gettext')(id, type, `mkdir -p locale/de && ${cmd}`, { 'po/de.po': po(entries) }, { origin: cmd });
  return [
    c('unterminated-string', 'BROKEN_BUILD', 'msgid "Save"\nmsgstr "Speichern\n'),
    c('duplicate', 'BROKEN_BUILD', 'msgid "Save"\nmsgstr "Speichern"\n\nmsgid "Save"\nmsgstr "Sichern"\n'),
    c('format-mismatch', 'BROKEN_BUILD', '#, c-format\nmsgid "%d files"\nmsgstr "%s Dateien"\n'),
    c('plural-count', 'BROKEN_BUILD', 'msgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d Datei"\nmsgstr[1] "%d Dateien"\nmsgstr[2] "%d Dateien"\n'),
    c('keyword', 'BROKEN_BUILD', 'msgid "Save"\nmsgtxt "Speichern"\n'),
    c('missing-file', 'ERROR_RESPONSE', 'msgid "Save"\nmsgstr "Speichern"\n', 'msgfmt -c -o locale/de/app.mo po/fr.po'),
    c('output-path', 'ERROR_RESPONSE', 'msgid "Save"\nmsgstr "Speichern"\n', 'msgfmt -c -o build/locale/de/app.mo po/de.po'),
    c('merge-missing-template', 'ERROR_RESPONSE', 'msgid "Save"\nmsgstr "Speichern"\n', 'msgmerge --update po/de.po po/app.pot'),
    c('xgettext-language', 'ERROR_RESPONSE', 'msgid "Save"\nmsgstr "Speichern"\n', 'xgettext --language=Kotlin -o po/app.pot src/main.kt'),
  ];
}

function utilLinux() {
  const c = tool('util-linux');
  // A lock held for a few seconds by a process started in the background.
  const held = '(flock deploy.lock sleep 6 &) && sleep 1 && ';
  return [
    c('flock-held', 'RESOURCE_BUSY', `${held}flock --nonblock --verbose deploy.lock ./deploy.sh`, { 'deploy.sh': '#!/bin/sh\necho deploying\n' }),
    c('flock-wait', 'RESOURCE_BUSY', `${held}flock --wait 2 --verbose deploy.lock ./deploy.sh`, { 'deploy.sh': '#!/bin/sh\necho deploying\n' }),
    c('flock-command-missing', 'CLI_NOT_FOUND', 'flock deploy.lock ./bin/deploy --prod'),
    c('flock-lock-dir', 'ERROR_RESPONSE', 'flock /run/app/locks/deploy.lock true'),
    c('flock-permission', 'ERROR_RESPONSE', 'mkdir -p locks && touch locks/deploy.lock && chmod 600 locks/deploy.lock && setpriv --reuid=65534 --regid=65534 --clear-groups flock locks/deploy.lock true'),
    c('flock-bad-timeout', 'ERROR_RESPONSE', 'flock --wait 5m deploy.lock true'),
    c('fallocate-full', 'RESOURCE_EXHAUSTION', "unshare --map-root-user --mount sh -c 'mkdir -p scratch && mount -t tmpfs -o size=64k tmpfs scratch && fallocate -l 1M scratch/swap.img'"),
    c('taskset-cpu', 'ERROR_RESPONSE', 'taskset -c 63 ./worker.sh', { 'worker.sh': '#!/bin/sh\necho work\n' }),
    c('runuser-no-user', 'ERROR_RESPONSE', 'runuser -u deploy -- ./deploy.sh'),
    c('renice-no-process', 'ERROR_RESPONSE', 'renice -n 5 -p 4194000'),
  ];
}

function cryptography() {
  const c = (id, type, src) => tool('cryptography')(id, type, 'python3 main.py', { 'main.py': src }, { origin: 'python3 main.py (cryptography)', timeoutMs: 60_000 });
  // An encrypted private key, and certificates made for the case (a CA and the server it signed).
  const key = "from cryptography.hazmat.primitives import serialization\nfrom cryptography.hazmat.primitives.asymmetric import ec\n\npem = ec.generate_private_key(ec.SECP256R1()).private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.BestAvailableEncryption(b'deploy-key-pass'))\nopen('deploy.key', 'wb').write(pem)\n";
  const pki = "import datetime\nfrom cryptography import x509\nfrom cryptography.hazmat.primitives import hashes\nfrom cryptography.hazmat.primitives.asymmetric import ec\nfrom cryptography.x509.oid import NameOID\nfrom cryptography.x509.verification import PolicyBuilder, Store\n\nnow = datetime.datetime.now(datetime.timezone.utc)\nday = datetime.timedelta(days=1)\n\ndef name(cn):\n    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])\n\ndef ca(cn):\n    k = ec.generate_private_key(ec.SECP256R1())\n    cert = (x509.CertificateBuilder().subject_name(name(cn)).issuer_name(name(cn)).public_key(k.public_key()).serial_number(x509.random_serial_number()).not_valid_before(now - day).not_valid_after(now + 365 * day)\n            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True).add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)\n            .add_extension(x509.SubjectKeyIdentifier.from_public_key(k.public_key()), critical=False).sign(k, hashes.SHA256()))\n    return k, cert\n\ndef leaf(ca_key, ca_cert, host, start, end):\n    k = ec.generate_private_key(ec.SECP256R1())\n    return (x509.CertificateBuilder().subject_name(name(host)).issuer_name(ca_cert.subject).public_key(k.public_key()).serial_number(x509.random_serial_number()).not_valid_before(start).not_valid_after(end)\n            .add_extension(x509.SubjectAlternativeName([x509.DNSName(host)]), critical=False).add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)\n            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False).sign(ca_key, hashes.SHA256()))\n\nca_key, ca_cert = ca('Internal CA')\n";
  const verify = (host, start, end, trusted = 'ca_cert') => `${pki}other_key, other_cert = ca('Other CA')\nserver = leaf(ca_key, ca_cert, 'api.internal.example', ${start}, ${end})\nverifier = PolicyBuilder().store(Store([${trusted}])).build_server_verifier(x509.DNSName('${host}'))\nverifier.verify(server, [])\nprint('trusted')\n`;
  return [
    c('fernet-wrong-key', 'AUTH_REQUIRED', "from cryptography.fernet import Fernet\n\ntoken = Fernet(Fernet.generate_key()).encrypt(b'db-password')\n# The deployment reads the token with another environment's key.\nprint(Fernet(Fernet.generate_key()).decrypt(token))\n"),
    c('key-wrong-password', 'AUTH_REQUIRED', `${key}serialization.load_pem_private_key(open('deploy.key', 'rb').read(), password=b'wrong-pass')\n`),
    c('key-no-password', 'AUTH_REQUIRED', `${key}serialization.load_pem_private_key(open('deploy.key', 'rb').read(), password=None)\n`),
    c('bad-signature', 'CERTIFICATE_ERROR', "from cryptography.hazmat.primitives import hashes\nfrom cryptography.hazmat.primitives.asymmetric import ec\n\nkey = ec.generate_private_key(ec.SECP256R1())\nsignature = key.sign(b'release-1.4.2.tar.gz contents', ec.ECDSA(hashes.SHA256()))\nkey.public_key().verify(signature, b'release-1.4.2.tar.gz contents, altered', ec.ECDSA(hashes.SHA256()))\nprint('signature ok')\n"),
    c('cert-expired', 'CERTIFICATE_ERROR', verify('api.internal.example', 'now - 60 * day', 'now - 30 * day')),
    c('cert-wrong-host', 'CERTIFICATE_ERROR', verify('payments.internal.example', 'now - day', 'now + 30 * day')),
    c('cert-untrusted', 'CERTIFICATE_ERROR', verify('api.internal.example', 'now - day', 'now + 30 * day', 'other_cert')),
    c('not-a-certificate', 'ERROR_RESPONSE', "from cryptography import x509\n\nopen('server.crt', 'wb').write(b'-----BEGIN CERTIFICATE-----\\nbm90IGEgY2VydGlmaWNhdGU=\\n-----END CERTIFICATE-----\\n')\nx509.load_pem_x509_certificate(open('server.crt', 'rb').read())\n"),
  ];
}

function pexpect() {
  const c = (id, type, src, { files = {}, ...extra } = {}) => tool('pexpect')(id, type, 'python3 automate.py', { 'automate.py': `import pexpect\n\n${src}`, ...files }, { origin: 'python3 automate.py (pexpect)', timeoutMs: 60_000, ...extra });
  return [
    c('prompt-timeout', 'TIMEOUT', "child = pexpect.spawn('python3', ['-c', 'import time; time.sleep(30)'], timeout=2)\nchild.expect('Password:')\nchild.sendline('s3cret')\n"),
    c('not-found', 'CLI_NOT_FOUND', "child = pexpect.spawn('vault-cli login --method=userpass', timeout=5)\nchild.expect('Password')\n"),
    c('eof-refused', 'NETWORK', "child = pexpect.spawn('curl -sS http://127.0.0.1:1/api/session', timeout=5)\nchild.expect('token')\n"),
    c('eof-dns', 'NETWORK', "child = pexpect.spawn('curl -sS https://auth.internal.invalid/login', timeout=10)\nchild.expect('Username:')\n"),
    c('eof-certificate', 'CERTIFICATE_ERROR', "import os\nchild = pexpect.spawn('wget --no-verbose -O - ' + os.environ['URL'] + '/login', timeout=5)\nchild.expect('Username:')\n", { http: { status: 200, body: 'Username: ', tls: 'valid' } }),
    c('eof-login-failed', 'AUTH_REQUIRED', "child = pexpect.spawn('python3 login.py', timeout=5)\nchild.expect('Password: ')\nchild.sendline('wrong-pass')\nchild.expect('Welcome')\n", { files: { 'login.py': "import getpass, sys\npassword = getpass.getpass('Password: ')\nif password != 's3cret':\n    sys.exit('login: authentication failure for user deploy')\nprint('Welcome')\n" } }),
    c('eof-disk-full', 'RESOURCE_EXHAUSTION', "child = pexpect.spawn('sh -c \"head -c 100000 /dev/zero > /dev/full && echo copied\"', timeout=5)\nchild.expect('copied')\n"),
    c('eof-command-not-found', 'CLI_NOT_FOUND', "child = pexpect.spawn('bash -c \"terraformx init\"', timeout=5)\nchild.expect('Terraform has been successfully initialized')\n"),
  ];
}

function click() {
  const APP = "import json, os\n\nimport click\n\n\n@click.group()\ndef cli():\n    \"\"\"Release tooling.\"\"\"\n\n\n@cli.command()\n@click.option('--env', type=click.Choice(['staging', 'prod']), required=True)\n@click.option('--replicas', type=int, default=2)\n@click.option('--values', type=click.Path(exists=True, dir_okay=False))\n@click.argument('service')\ndef deploy(env, replicas, values, service):\n    \"\"\"Deploy SERVICE.\"\"\"\n    if env == 'prod':\n        click.confirm(f'Deploy {service} to prod?', abort=True)\n    manifest = json.load(open('releases.json'))\n    image = manifest[service]['image']\n    if not image.startswith('registry.example.test/'):\n        raise click.ClickException(f'image {image} is not from the release registry')\n    click.echo(f'deploying {image} x{replicas}')\n\n\nif __name__ == '__main__':\n    cli()\n";
  const c = (id, type, args, extra = {}) => tool('click')(id, type, `python3 release.py ${args}`, { 'release.py': APP, 'releases.json': '{"api": {"image": "docker.io/library/api:1.4"}}\n', ...(extra.files ?? {}) }, { origin: `python3 release.py ${args} (click)`, ...extra });
  return [
    c('missing-option', 'ERROR_RESPONSE', 'deploy api'),
    c('invalid-choice', 'ERROR_RESPONSE', 'deploy --env production api'),
    c('bad-int', 'ERROR_RESPONSE', 'deploy --env staging --replicas two api'),
    c('path-missing', 'ERROR_RESPONSE', 'deploy --env staging --values values/staging.yaml api'),
    c('missing-argument', 'ERROR_RESPONSE', 'deploy --env staging'),
    c('no-such-option', 'ERROR_RESPONSE', 'deploy --env staging --replica 3 api'),
    c('no-such-command', 'ERROR_RESPONSE', 'delpoy --env staging api'),
    c('confirm-declined', 'USER_ABORT', "deploy --env prod api <<< 'n'"),
    c('click-exception', 'ERROR_RESPONSE', 'deploy --env staging api'),
    c('uncaught', 'CLI_CRASH', 'deploy --env staging worker'),
  ];
}

function fastCheck() {
  const c = (id, type, body) => ({
    id: `fast-check.${id}`, source: 'fast-check', type, files: { 'main.mjs': `import fc from 'fast-check';\nimport assert from 'node:assert/strict';\n\n// A fixed seed: the same run, and the same counterexample, every time.\nfc.configureGlobal({ seed: 42 });\n${body}` },
    cmd: 'ln -s "$NODE_MODULES" node_modules && node main.mjs', origin: 'node main.mjs (fast-check from node_modules)', timeoutMs: 60_000,
  });
  const slugify = "const slugify = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');\n";
  return [
    c('returns-false', 'VERIFICATION_FAILED', `${slugify}fc.assert(fc.property(fc.string(), (s) => !slugify(s).startsWith('-')));\n`),
    c('assert', 'VERIFICATION_FAILED', "const percent = (done, total) => Math.round((done / total) * 100);\nfc.assert(fc.property(fc.nat({ max: 20 }), (total) => {\n  assert.equal(percent(total, total), 100);\n}));\n"),
    c('round-trip', 'VERIFICATION_FAILED', "const encode = (o) => Object.entries(o).map(([k, v]) => `${k}=${v}`).join('&');\nconst decode = (s) => Object.fromEntries(s.split('&').filter(Boolean).map((p) => p.split('=')));\nfc.assert(fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.string()), (o) => {\n  assert.deepEqual(decode(encode(o)), o);\n}));\n"),
    c('throws', 'VERIFICATION_FAILED', "const total = (items) => items.reduce((sum, item) => sum + item.price.amount, 0);\nfc.assert(fc.property(fc.array(fc.record({ price: fc.option(fc.record({ amount: fc.nat() })) })), (items) => total(items) >= 0));\n"),
    c('async-timeout', 'TIMEOUT', "const lookup = (id) => new Promise((resolve) => setTimeout(() => resolve(id), id % 7 === 3 ? 500 : 0));\nawait fc.assert(fc.asyncProperty(fc.nat({ max: 20 }), async (id) => (await lookup(id)) === id), { timeout: 100 });\n"),
    c('interrupted', 'TIMEOUT', "const slowSort = (xs) => { const end = Date.now() + 200; while (Date.now() < end); return [...xs].sort((a, b) => a - b); };\nfc.assert(fc.property(fc.array(fc.integer()), (xs) => slowSort(xs).length === xs.length), { interruptAfterTimeLimit: 500, markInterruptAsFailure: true });\n"),
    c('model', 'VERIFICATION_FAILED', "class Queue { constructor() { this.items = []; } push(x) { this.items.push(x); } pop() { return this.items.pop(); } }\nclass PushCommand { constructor(v) { this.v = v; } check() { return true; } run(m, r) { m.push(this.v); r.push(this.v); } toString() { return `push(${this.v})`; } }\nclass PopCommand { check(m) { return m.length > 0; } run(m, r) { assert.equal(r.pop(), m.shift()); } toString() { return 'pop'; } }\nfc.assert(fc.property(fc.commands([fc.integer().map((v) => new PushCommand(v)), fc.constant(new PopCommand())]), (cmds) => {\n  fc.modelRun(() => ({ model: [], real: new Queue() }), cmds);\n}));\n"),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — the library's refusal of a value (Error: fc.integer maximum value should be equal or greater than the minimum one), no literal of the program's code shown: step 2, back to the label it was captured with (session 14 had moved it by where the value came from).
    c('bad-arbitrary', 'ERROR_RESPONSE', "fc.assert(fc.property(fc.integer({ min: 10, max: 1 }), (n) => n >= 1));\n"),
  ];
}

/** Every case of this part. */
export function firstSightToolCases() {
  return [...meson(), ...bats(), ...cppcheck(), ...graphviz(), ...jsonnet(), ...gettext(), ...utilLinux(), ...cryptography(), ...pexpect(), ...click(), ...fastCheck()];
}
