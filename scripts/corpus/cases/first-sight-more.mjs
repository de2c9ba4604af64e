/**
 * First-sight families, part 3: linters and type checkers, configuration management, file
 * transfer, HTTP and WebSocket clients, validation and template libraries, and three more
 * languages (Debian packages: scripts/corpus/install-first-sight.sh). Labelled by the rules of
 * first-sight-cli.mjs, before the classifier was asked; for these families in particular:
 * - a type checker's errors are BROKEN_BUILD (as tsc's are in the corpus); a linter's or
 *   formatter's findings are QUALITY_GATE_FAIL, but a file it cannot parse is BROKEN_BUILD;
 * - a name the code uses and never defines is BROKEN_BUILD in every language (as Python's
 *   NameError is in the corpus), other uncaught run-time errors CLI_CRASH;
 * - a template (jinja2, like a LangChain prompt) that cannot be rendered for want of a value,
 *   or because it is malformed, is seed 002's CONTEXT_ERROR; a configuration's undefined
 *   variable (ansible, like terraform's) is BROKEN_BUILD.
 */

const py = (family, runner = 'python3') => (id, type, src, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files: { 'main.py': src }, cmd: `${runner} main.py`, timeoutMs: 60_000, ...extra });

function mypy() {
  const c = (id, type, src, cmd = 'mypy --strict --no-error-summary main.py') => ({ id: `mypy.${id}`, source: 'mypy', type, files: { 'main.py': src }, cmd, timeoutMs: 120_000 });
  return [
    c('assignment', 'BROKEN_BUILD', 'count: int = "three"\n'),
    c('arg-type', 'BROKEN_BUILD', 'def retry(times: int) -> int:\n    return times\n\nretry("3")\n'),
    c('attr', 'BROKEN_BUILD', 'class Job:\n    name: str = "x"\n\nprint(Job().title)\n'),
    c('return', 'BROKEN_BUILD', 'def port() -> int:\n    return "8080"\n'),
    c('name', 'BROKEN_BUILD', 'def main() -> None:\n    print(undefined_setting)\n'),
    c('import', 'BROKEN_BUILD', 'import billing_client\n\nbilling_client.charge(3)\n'),
    c('optional', 'BROKEN_BUILD', 'from typing import Optional\n\ndef find(n: str) -> Optional[str]:\n    return None\n\nprint(find("a").upper())\n'),
    c('call-arg', 'BROKEN_BUILD', 'def send(to: str) -> None:\n    pass\n\nsend("a", "b")\n'),
    c('syntax', 'BROKEN_BUILD', 'def main() -> None\n    pass\n'),
    c('no-untyped-def', 'BROKEN_BUILD', 'def handler(event, context):\n    return event\n'),
    c('missing-file', 'ERROR_RESPONSE', 'x = 1\n', 'mypy src/app.py'),
  ];
}

function flake8() {
  const c = (id, type, src, cmd = 'flake8 main.py') => ({ id: `flake8.${id}`, source: 'flake8', type, files: { 'main.py': src }, cmd });
  return [
    c('unused-import', 'QUALITY_GATE_FAIL', 'import os\nimport sys\n\nprint(sys.argv)\n'),
    c('line-length', 'QUALITY_GATE_FAIL', `MESSAGE = "${'x'.repeat(100)}"\n`),
    c('undefined-name', 'QUALITY_GATE_FAIL', 'def main():\n    return retry_count + 1\n'),
    c('blank-lines', 'QUALITY_GATE_FAIL', 'import sys\ndef main():\n    return sys.argv\n'),
    c('bare-except', 'QUALITY_GATE_FAIL', 'try:\n    import json\nexcept:\n    json = None\n'),
    c('whitespace', 'QUALITY_GATE_FAIL', 'x = 1 \ny=2\n'),
    c('complexity', 'QUALITY_GATE_FAIL', `def route(a, b, c, d):\n${['a', 'b', 'c', 'd'].map((v, i) => `    if ${v}:\n        return ${i}\n    elif not ${v}:\n        pass\n`).join('')}    return -1\n`, 'flake8 --max-complexity 5 main.py'),
    c('syntax', 'BROKEN_BUILD', 'def main(:\n    pass\n'),
    c('missing-file', 'ERROR_RESPONSE', 'x = 1\n', 'flake8 src/service.py'),
  ];
}

function black() {
  const c = (id, type, src, cmd = 'black --check --diff main.py') => ({ id: `black.${id}`, source: 'black', type, files: { 'main.py': src }, cmd });
  return [
    c('quotes', 'QUALITY_GATE_FAIL', "x = 'a'\n"),
    c('spacing', 'QUALITY_GATE_FAIL', 'def f(a,b):\n  return a+b\n'),
    c('long-call', 'QUALITY_GATE_FAIL', `result = compute(${Array.from({ length: 12 }, (_, i) => `argument_${i}`).join(', ')})\n`),
    c('blank-lines', 'QUALITY_GATE_FAIL', 'import os\ndef f():\n    return os.sep\nclass A:\n    pass\n'),
    c('several-files', 'QUALITY_GATE_FAIL', "x = 'a'\n", "printf 'y = 1\\n' > ok.py && printf 'def g( ):\\n  pass\\n' > other.py && black --check main.py ok.py other.py"),
    c('parse', 'BROKEN_BUILD', 'def f(:\n    pass\n'),
    c('parse-indent', 'BROKEN_BUILD', 'def f():\nreturn 1\n'),
    c('missing-path', 'ERROR_RESPONSE', 'x = 1\n', 'black --check src/'),
  ];
}

function yamllint() {
  const c = (id, type, text, cmd = 'yamllint -s config.yml') => ({ id: `yamllint.${id}`, source: 'yamllint', type, files: { 'config.yml': text }, cmd });
  return [
    c('trailing-spaces', 'QUALITY_GATE_FAIL', '---\nname: api   \n'),
    c('indentation', 'QUALITY_GATE_FAIL', '---\nserver:\n    port: 80\n    hosts:\n    - a\n'),
    c('line-length', 'QUALITY_GATE_FAIL', `---\ndescription: ${'word '.repeat(30)}\n`),
    c('truthy', 'QUALITY_GATE_FAIL', '---\nenabled: yes\n'),
    c('duplicate-key', 'QUALITY_GATE_FAIL', '---\nport: 80\nport: 8080\n'),
    c('document-start', 'QUALITY_GATE_FAIL', 'name: api\n'),
    c('syntax', 'BROKEN_BUILD', '---\nserver:\n  port: 80\n   host: x\n'),
    c('syntax-quote', 'BROKEN_BUILD', '---\nname: "api\nport: 80\n'),
    c('missing-file', 'ERROR_RESPONSE', '---\n', 'yamllint .github/workflows/ci.yml'),
  ];
}

function shellcheck() {
  const c = (id, type, src, cmd = 'shellcheck deploy.sh') => ({ id: `shellcheck.${id}`, source: 'shellcheck', type, files: { 'deploy.sh': src }, cmd });
  return [
    c('quote', 'QUALITY_GATE_FAIL', '#!/bin/bash\nfile=$1\nrm $file\n'),
    c('cd', 'QUALITY_GATE_FAIL', '#!/bin/bash\ncd /srv/app\n./run.sh\n'),
    c('unused', 'QUALITY_GATE_FAIL', '#!/bin/bash\nretries=3\necho done\n'),
    c('backticks-ls', 'QUALITY_GATE_FAIL', '#!/bin/bash\nfor f in `ls *.log`; do echo "$f"; done\n'),
    c('local-assign', 'QUALITY_GATE_FAIL', '#!/bin/bash\nf() {\n  local out=$(date)\n  echo "$out"\n}\nf\n'),
    c('no-shebang', 'QUALITY_GATE_FAIL', 'echo "$HOME"\n'),
    c('parse-if', 'BROKEN_BUILD', '#!/bin/bash\nif [ -f x ]; then\n  echo x\n'),
    c('parse-quote', 'BROKEN_BUILD', '#!/bin/bash\necho "unterminated\n'),
    c('missing-file', 'ERROR_RESPONSE', '#!/bin/sh\n', 'shellcheck scripts/release.sh'),
  ];
}

/** ansible-playbook against localhost (local connection), or an ssh host that is not there. */
function ansible() {
  const play = (tasks, extra = '') => `- hosts: local\n  gather_facts: false\n${extra}  tasks:\n${tasks}`;
  const inv = 'local ansible_connection=local ansible_python_interpreter=/usr/bin/python3\n';
  const c = (id, type, tasks, { cmd = 'ansible-playbook -i inventory site.yml', inventory = inv, extra = '', files = {}, ...rest } = {}) => ({
    id: `ansible.${id}`, source: 'ansible', type, files: { 'site.yml': typeof tasks === 'string' ? play(tasks, extra) : tasks.raw, inventory, ...files }, cmd, timeoutMs: 180_000, env: { ANSIBLE_NOCOLOR: '1', ANSIBLE_LOCALHOST_WARNING: 'false', ANSIBLE_HOST_KEY_CHECKING: 'false', ANSIBLE_RETRY_FILES_ENABLED: 'false' }, ...rest,
  });
  return [
    c('yaml-syntax', 'BROKEN_BUILD', { raw: '- hosts: local\n  tasks:\n    - name: x\n      command: echo\n     args: {}\n' }),
    c('undefined-variable', 'BROKEN_BUILD', '    - name: write config\n      ansible.builtin.copy:\n        dest: ./app.conf\n        content: "port={{ app_port }}"\n'),
    c('unknown-module', 'BROKEN_BUILD', '    - name: copy\n      ansible.builtin.copyy:\n        src: a\n        dest: b\n'),
    c('missing-src', 'ERROR_RESPONSE', '    - name: copy config\n      ansible.builtin.copy:\n        src: files/app.conf\n        dest: ./app.conf\n'),
    c('assert', 'VERIFICATION_FAILED', '    - name: check replicas\n      ansible.builtin.assert:\n        that: replicas | int >= 2\n        fail_msg: production needs 2 replicas\n', { extra: '  vars:\n    replicas: 1\n' }),
    c('command-refused', 'NETWORK', '    - name: notify deploy hook\n      ansible.builtin.command: curl -sS --fail http://127.0.0.1:1/hooks/deploy\n'),
    c('uri-503', 'SERVER_OVERLOADED', '    - name: health\n      ansible.builtin.uri:\n        url: "{{ lookup(\'env\', \'URL\') }}/health"\n', { http: { status: 503 } }),
    c('uri-401', 'AUTH_REQUIRED', '    - name: health\n      ansible.builtin.uri:\n        url: "{{ lookup(\'env\', \'URL\') }}/api/deployments"\n', { http: { status: 401 } }),
    c('uri-refused', 'NETWORK', '    - name: health\n      ansible.builtin.uri:\n        url: http://127.0.0.1:1/health\n'),
    c('wait-for', 'TIMEOUT', '    - name: wait for the database\n      ansible.builtin.wait_for:\n        host: 127.0.0.1\n        port: 1\n        timeout: 2\n'),
    c('unreachable', 'NETWORK', '    - name: ping\n      ansible.builtin.ping:\n', { inventory: 'local ansible_host=127.0.0.1 ansible_port=1 ansible_user=deploy ansible_ssh_common_args="-o BatchMode=yes -o ConnectTimeout=3"\n' }),
    c('missing-playbook', 'ERROR_RESPONSE', '    - ansible.builtin.ping:\n', { cmd: 'ansible-playbook -i inventory deploy.yml' }),
  ];
}

function sed() {
  const c = (id, type, cmd) => ({ id: `sed.${id}`, source: 'sed', type, files: { 'app.conf': 'port=80\nhost=localhost\n' }, cmd });
  return [
    c('unterminated-s', 'BROKEN_BUILD', "sed -i 's/port=80/port=8080' app.conf"),
    c('unknown-option', 'BROKEN_BUILD', "sed 's/a/b/q' app.conf"),
    c('unknown-command', 'BROKEN_BUILD', "sed 'k' app.conf"),
    c('invalid-reference', 'BROKEN_BUILD', "sed 's/port=80/port=\\1/' app.conf"),
    c('unmatched-paren', 'BROKEN_BUILD', "sed -E 's/(port=.*/X/' app.conf"),
    c('missing-file', 'ERROR_RESPONSE', "sed -i 's/80/8080/' config/nginx.conf"),
    c('disk-full', 'RESOURCE_EXHAUSTION', "sed 's/80/8080/' app.conf > /dev/full"),
    c('script-file', 'ERROR_RESPONSE', 'sed -f scripts/rewrite.sed app.conf'),
  ];
}

/** rsync locally, to a daemon it starts on a free port (module "data", user "backup"), and to hosts that are not there. */
function rsync() {
  const daemon = [
    'PORT=$(python3 -c "import socket; s = socket.socket(); s.bind((\'127.0.0.1\', 0)); print(s.getsockname()[1])")',
    'mkdir -p srv && printf "backup:right\\n" > secrets && chmod 600 secrets',
    'printf "pid file = $PWD/rsyncd.pid\\nuse chroot = false\\n[data]\\n  path = $PWD/srv\\n  auth users = backup\\n  secrets file = $PWD/secrets\\n  read only = false\\n" > rsyncd.conf',
    // stdin from /dev/null: on a socket (as a Node child's stdin is) rsync --daemon serves it inetd-style instead
    'rsync --daemon --config=$PWD/rsyncd.conf --port=$PORT --address=127.0.0.1 </dev/null',
    'sleep 1',
  ].join(' && ');
  const stop = 'rc=$?; kill $(cat rsyncd.pid) 2>/dev/null; exit $rc';
  const c = (id, type, cmd, files = {}) => ({ id: `rsync.${id}`, source: 'rsync', type, files: { 'dist/app.js': 'x\n', ...files }, cmd, origin: cmd.replace(daemon, 'rsync --daemon (module data, auth user backup)').replace(`; ${stop}`, ''), timeoutMs: 60_000 });
  return [
    c('missing-source', 'ERROR_RESPONSE', 'rsync -a build/ out/'),
    c('bad-option', 'ERROR_RESPONSE', 'rsync -a --delete-excludedd dist/ out/'),
    c('ssh-refused', 'NETWORK', "rsync -a -e 'ssh -p 1 -o BatchMode=yes' dist/ deploy@127.0.0.1:/srv/app/"),
    c('ssh-dns', 'NETWORK', "rsync -a -e 'ssh -o BatchMode=yes' dist/ deploy@web1.no-such-host.invalid:/srv/app/"),
    c('daemon-refused', 'NETWORK', 'rsync -a dist/ rsync://127.0.0.1:1/data/'),
    c('daemon-dns', 'NETWORK', 'rsync -a dist/ rsync://backup.no-such-host.invalid/data/'),
    c('auth-failed', 'AUTH_REQUIRED', `${daemon} && printf wrong > pw && chmod 600 pw && rsync -a --password-file=pw dist/ rsync://backup@127.0.0.1:$PORT/data/; ${stop}`),
    c('unknown-module', 'ERROR_RESPONSE', `${daemon} && printf right > pw && chmod 600 pw && rsync -a --password-file=pw dist/ rsync://backup@127.0.0.1:$PORT/releases/; ${stop}`),
    // a listener that accepts and never greets, as a hung daemon does
    c('timeout', 'TIMEOUT', `PORT=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])") && (python3 -c "import socket, time; s = socket.socket(); s.bind(('127.0.0.1', $PORT)); s.listen(); c, _ = s.accept(); time.sleep(15)" &) && sleep 1 && rsync -a --contimeout=2 --timeout=2 dist/ rsync://127.0.0.1:$PORT/data/`),
  ];
}

/** HTTPie (`http`), with --check-status so an error status fails the command as it does in a script. */
function httpie() {
  const get = 'http --check-status --ignore-stdin GET "$URL/api/v1/builds"';
  const c = (id, type, cmd, http) => ({ id: `httpie.${id}`, source: 'httpie', type, cmd, http, timeoutMs: 30_000 });
  return [
    c('401', 'AUTH_REQUIRED', get, { status: 401, body: '{"detail":"Authentication credentials were not provided."}' }),
    c('403', 'AUTH_REQUIRED', get, { status: 403, body: '{"detail":"You do not have permission to perform this action."}' }),
    c('404', 'ERROR_RESPONSE', get, { status: 404, body: '{"detail":"Not found."}' }),
    c('429', 'RATE_LIMIT', get, { status: 429, body: '{"detail":"Request was throttled. Expected available in 36 seconds."}' }),
    c('500', 'SERVER_ERROR', get, { status: 500, body: '' }),
    c('503', 'SERVER_OVERLOADED', get, { status: 503, body: '' }),
    c('refused', 'NETWORK', 'http --check-status --ignore-stdin GET http://127.0.0.1:1/api/v1/builds'),
    c('dns', 'NETWORK', 'http --check-status --ignore-stdin GET https://ci.no-such-host.invalid/api/v1/builds'),
    c('timeout', 'TIMEOUT', 'http --check-status --ignore-stdin --timeout=1 GET "$URL/api/v1/builds"', { status: 'sleep' }),
    c('self-signed', 'CERTIFICATE_ERROR', get, { status: 200, tls: 'valid' }),
  ];
}

/** The ws package (node), as a client: a WebSocket upgrade refused with a status, or no server. */
function ws() {
  const client = (url, opts = '{}') => `import WebSocket from 'ws';\nconst socket = new WebSocket(${url}, ${opts});\nsocket.on('open', () => { console.log('connected'); socket.close(); });\n`;
  const c = (id, type, src, http) => ({ id: `ws.${id}`, source: 'ws', type, files: { 'main.mjs': src }, cmd: 'ln -s "$NODE_MODULES" node_modules && node main.mjs', origin: 'node main.mjs (ws 8)', http, timeoutMs: 60_000 });
  const local = "process.env.URL.replace('http', 'ws') + '/events'";
  return [
    c('401', 'AUTH_REQUIRED', client(local), { status: 401 }),
    c('403', 'AUTH_REQUIRED', client(local), { status: 403 }),
    c('429', 'RATE_LIMIT', client(local), { status: 429 }),
    c('502', 'SERVER_ERROR', client(local), { status: 502 }),
    c('503', 'SERVER_OVERLOADED', client(local), { status: 503 }),
    c('refused', 'NETWORK', client("'ws://127.0.0.1:1/events'")),
    c('dns', 'NETWORK', client("'wss://stream.no-such-host.invalid/events'")),
    c('handshake-timeout', 'TIMEOUT', client(local, '{ handshakeTimeout: 1500 }'), { status: 'sleep' }),
    c('self-signed', 'CERTIFICATE_ERROR', client(local), { status: 200, tls: 'valid' }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — SyntaxError: Invalid URL: http//127.0.0.1/events: a value refused (step 2; back to its recorded label).
    c('bad-url', 'ERROR_RESPONSE', client("'http//127.0.0.1/events'")),
  ];
}

/** zod (as LLM structured output and configuration are checked with it). */
function zod() {
  const c = (id, type, body) => ({ id: `zod.${id}`, source: 'zod', type, files: { 'main.mjs': `import { z } from 'zod';\n${body}` }, cmd: 'ln -s "$NODE_MODULES" node_modules && node main.mjs', origin: 'node main.mjs (zod 4)', timeoutMs: 60_000 });
  const fix = "const Fix = z.object({ file: z.string(), line: z.number().int().positive(), patch: z.string().startsWith('--- '), confidence: z.enum(['low', 'medium', 'high']) });\n";
  return [
    c('missing', 'FORMAT_VALIDATION', `${fix}Fix.parse({ file: 'src/a.ts', line: 3, confidence: 'high' });\n`),
    c('type', 'FORMAT_VALIDATION', `${fix}Fix.parse({ file: 'src/a.ts', line: '3', patch: '--- a', confidence: 'high' });\n`),
    c('enum', 'FORMAT_VALIDATION', `${fix}Fix.parse({ file: 'src/a.ts', line: 3, patch: '--- a', confidence: 'certain' });\n`),
    c('starts-with', 'FORMAT_VALIDATION', `${fix}Fix.parse({ file: 'src/a.ts', line: 3, patch: 'I changed line 3', confidence: 'low' });\n`),
    c('positive', 'FORMAT_VALIDATION', `${fix}Fix.parse({ file: 'src/a.ts', line: 0, patch: '--- a', confidence: 'low' });\n`),
    c('strict', 'FORMAT_VALIDATION', `${fix}Fix.strict().parse({ file: 'src/a.ts', line: 3, patch: '--- a', confidence: 'low', reasoning: 'long text' });\n`),
    c('array', 'FORMAT_VALIDATION', "z.array(z.object({ id: z.string() })).min(1).parse([]);\n"),
    c('url-env', 'FORMAT_VALIDATION', "z.object({ DATABASE_URL: z.url(), PORT: z.coerce.number() }).parse({ DATABASE_URL: 'localhost:5432', PORT: 'eighty' });\n"),
    c('json-string', 'JSON_PARSE_ERROR', "z.string().transform((s) => JSON.parse(s)).pipe(z.object({ ok: z.boolean() })).parse('Sure, here is the JSON: {ok: true}');\n"),
  ];
}

function jinja2() {
  const c = py('jinja2');
  const strict = 'from jinja2 import Environment, StrictUndefined, FileSystemLoader\nenv = Environment(undefined=StrictUndefined, loader=FileSystemLoader("templates"))\n';
  return [
    c('undefined', 'CONTEXT_ERROR', `${strict}print(env.from_string("Review the diff for {{ repository }}:\\n{{ diff }}").render(diff="--- a"))\n`),
    c('undefined-attr', 'CONTEXT_ERROR', `${strict}print(env.from_string("Task: {{ task.description }}").render(task={"title": "x"}))\n`),
    c('undefined-loop', 'CONTEXT_ERROR', `${strict}print(env.from_string("{% for f in failures %}{{ f }}{% endfor %}").render())\n`),
    c('syntax-unclosed', 'CONTEXT_ERROR', `${strict}env.from_string("{% if retries %}Retry {{ retries }} times")\n`),
    c('syntax-tag', 'CONTEXT_ERROR', `${strict}env.from_string("{{ name }")\n`),
    c('unknown-filter', 'CONTEXT_ERROR', `${strict}env.from_string("{{ name | titel }}")\n`),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): BROKEN_BUILD, was ERROR_RESPONSE — TemplateNotFound: 'prompts/diagnose.j2': a template, the project's file (step 1; as nunjucks' and pug's).
    c('not-found', 'BROKEN_BUILD', `${strict}env.get_template("prompts/diagnose.j2").render()\n`),
    c('undefined-call', 'CONTEXT_ERROR', `${strict}print(env.from_string("{{ summarize(log) }}").render(log="x"))\n`),
  ];
}

function ruby() {
  const c = (id, type, src, cmd = 'ruby main.rb') => ({ id: `ruby.${id}`, source: 'ruby', type, files: { 'main.rb': src }, cmd, timeoutMs: 60_000 });
  return [
    c('syntax', 'BROKEN_BUILD', 'def retry_count\n  3\n\nputs retry_count\n'),
    c('load-error', 'BROKEN_BUILD', "require 'faraday'\nputs Faraday.get('http://x').status\n"),
    c('name-error', 'BROKEN_BUILD', 'puts Config::TIMEOUT\n'),
    c('no-method', 'CLI_CRASH', 'user = nil\nputs user.email\n'),
    c('zero-division', 'CLI_CRASH', 'puts 10 / 0\n'),
    c('raise', 'CLI_CRASH', 'raise "manifest has no version field"\n'),
    c('enoent', 'ERROR_RESPONSE', "puts File.read('config/database.yml')\n"),
    c('refused', 'NETWORK', "require 'net/http'\nputs Net::HTTP.get(URI('http://127.0.0.1:1/health'))\n"),
    c('dns', 'NETWORK', "require 'net/http'\nputs Net::HTTP.get(URI('http://api.no-such-host.invalid/health'))\n"),
    c('read-timeout', 'TIMEOUT', "require 'net/http'\nuri = URI(ENV['URL'] + '/health')\nNet::HTTP.start(uri.host, uri.port, read_timeout: 1) { |h| h.get(uri.path) }\n"),
    c('json', 'JSON_PARSE_ERROR', "require 'json'\nJSON.parse('<html>502 Bad Gateway</html>')\n"),
    c('minitest', 'VERIFICATION_FAILED', "require 'minitest/autorun'\nclass TestTotal < Minitest::Test\n  def test_total\n    assert_equal 30, [10, 10].sum\n  end\nend\n"),
    c('stack', 'CLI_CRASH', 'def f(n) = f(n + 1)\nf(0)\n'),
  ].map((x) => (x.id === 'ruby.read-timeout' ? { ...x, http: { status: 'sleep' } } : x));
}

function php() {
  const c = (id, type, src, cmd = 'php main.php') => ({ id: `php.${id}`, source: 'php', type, files: { 'main.php': `<?php\n${src}` }, cmd, timeoutMs: 60_000 });
  return [
    c('parse', 'BROKEN_BUILD', '$x = [1, 2;\necho $x;\n'),
    c('undefined-function', 'BROKEN_BUILD', 'echo render_invoice(3);\n'),
    c('require', 'BROKEN_BUILD', "require 'vendor/autoload.php';\n"),
    c('type-error', 'CLI_CRASH', 'function port(int $p): int { return $p; }\necho port("eighty");\n'),
    c('division', 'CLI_CRASH', 'echo intdiv(10, 0);\n'),
    c('uncaught', 'CLI_CRASH', 'throw new RuntimeException("queue worker lost its lease");\n'),
    c('memory', 'RESOURCE_EXHAUSTION', "ini_set('memory_limit', '16M');\n$a = [];\nwhile (true) { $a[] = str_repeat('x', 1024 * 1024); }\n"),
    c('time-limit', 'TIMEOUT', 'set_time_limit(1);\nwhile (true) { $x = hash("sha256", "x"); }\n'),
    c('json', 'JSON_PARSE_ERROR', "json_decode('{\"ok\": true,}', true, 512, JSON_THROW_ON_ERROR);\n"),
    c('refused', 'NETWORK', "$r = file_get_contents('http://127.0.0.1:1/health');\nif ($r === false) { exit(1); }\n"),
    c('null-method', 'CLI_CRASH', '$client = null;\n$client->send("x");\n'),
  ];
}

function lua() {
  const c = (id, type, src) => ({ id: `lua.${id}`, source: 'lua', type, files: { 'main.lua': src }, cmd: 'lua5.4 main.lua' });
  return [
    c('syntax', 'BROKEN_BUILD', 'local function f()\n  return 1\n\nprint(f())\n'),
    c('module', 'BROKEN_BUILD', 'local json = require("cjson")\nprint(json.encode({}))\n'),
    c('index-nil', 'CLI_CRASH', 'local config = nil\nprint(config.port)\n'),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): CLI_CRASH, was BROKEN_BUILD — attempt to call a nil value (global 'render_page'): a call of an undefined function at run time (step 3).
    c('call-nil', 'CLI_CRASH', 'render_page("home")\n'),
    c('error', 'CLI_CRASH', 'error("manifest has no version field")\n'),
    c('arith', 'CLI_CRASH', 'local n = "ten" + 1\n'),
    c('open', 'ERROR_RESPONSE', 'local f = assert(io.open("config/app.lua", "r"))\n'),
    c('stack', 'CLI_CRASH', 'local function f(n) return 1 + f(n + 1) end\nf(0)\n'),
  ];
}

function valgrind() {
  const c = (id, src, flags = '') => ({ id: `valgrind.${id}`, source: 'valgrind', type: 'CLI_CRASH', files: { 'main.c': src }, cmd: `gcc -g -O0 -o app main.c && valgrind -q --error-exitcode=1 ${flags} ./app`, timeoutMs: 120_000 });
  return [
    c('invalid-read', '#include <stdlib.h>\nint main(void) { int *p = malloc(4 * sizeof *p); int v = p[4]; free(p); return v & 0; }\n'),
    c('invalid-write', '#include <stdlib.h>\nint main(void) { int *p = malloc(4 * sizeof *p); p[4] = 1; free(p); return 0; }\n'),
    c('invalid-free', '#include <stdlib.h>\nint main(void) { char *p = malloc(8); free(p); free(p); return 0; }\n'),
    c('uninitialised', '#include <stdio.h>\nint main(void) { int x; if (x > 3) puts("big"); return 0; }\n'),
    c('leak', '#include <stdlib.h>\n#include <string.h>\nint main(void) { char *p = malloc(64); strcpy(p, "x"); p = 0; return 0; }\n', '--leak-check=full --errors-for-leak-kinds=definite'),
    c('segv', '#include <stddef.h>\nint main(void) { volatile int *p = NULL; return *p; }\n'),
    c('mismatched-free', '#include <stdlib.h>\nint main(void) { char *p = malloc(8); free(p + 1); return 0; }\n'),
    c('syscall-uninit', '#include <unistd.h>\nint main(void) { char b[8]; return write(1, b, sizeof b) < 0; }\n'),
  ];
}

export function firstSightMoreCases() {
  return [...mypy(), ...flake8(), ...black(), ...yamllint(), ...shellcheck(), ...ansible(), ...sed(), ...rsync(), ...httpie(), ...ws(), ...zod(), ...jinja2(), ...ruby(), ...php(), ...lua(), ...valgrind()];
}
