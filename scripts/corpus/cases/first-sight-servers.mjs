/**
 * First-sight families, part 4: node-postgres and the PostgreSQL tools against a real server
 * (scripts/corpus/servers.mjs; `server: 'postgres'` sets $PGPORT), pylint, clippy, rake,
 * findutils, and JavaScript tools from the npm registry (biome, markdownlint, ajv, webpack).
 * Labelled by the rules of first-sight-cli.mjs before the classifier was asked; SQL errors as the
 * corpus's psql entries read them: a statement the server rejects is ERROR_RESPONSE, its syntax
 * BROKEN_BUILD, a refused login AUTH_REQUIRED, a statement timeout TIMEOUT, no connection slot
 * RESOURCE_EXHAUSTION; a lock not granted, a deadlock and a serialization failure are
 * RESOURCE_BUSY (issue 30: retryable states — the transaction succeeds when run again). JSON that
 * does not parse is JSON_PARSE_ERROR whatever the file is for (a schema, a module the bundle
 * imports), as the corpus reads npm's malformed package.json.
 */

const PG_DB = "{ host: '127.0.0.1', port: Number(process.env.PGPORT), user: 'app', password: 'secret', database: 'app' }";

/** Partly seen: the databases pack reads PostgreSQL's messages as psql prints them; the busy pack names 55P03. */
function nodePostgres() {
  const c = (id, type, body) => ({
    id: `node-postgres.${id}`, source: 'node-postgres', type, server: 'postgres', timeoutMs: 60_000,
    files: { 'main.mjs': `import pg from 'pg';\nconst db = ${PG_DB};\n${body}` },
    cmd: 'ln -s "$NODE_MODULES" node_modules && node main.mjs', origin: 'node main.mjs (pg 8) against PostgreSQL 15',
    targets: 'databases (PostgreSQL messages as psql prints them), busy (SQLSTATE 55P03)',
  });
  const one = (sql) => `const client = new pg.Client(db);\nawait client.connect();\ntry {\n  await client.query(${JSON.stringify(sql)});\n} finally {\n  await client.end();\n}\n`;
  const two = 'const a = new pg.Client(db);\nconst b = new pg.Client(db);\nawait a.connect();\nawait b.connect();\nawait a.query("create table if not exists accounts (id int primary key, balance int)");\nawait a.query("insert into accounts values (1, 10), (2, 10) on conflict do nothing");\n';
  return [
    c('refused', 'NETWORK', `const client = new pg.Client({ ...db, port: 1 });\nawait client.connect();\n`),
    c('bad-password', 'AUTH_REQUIRED', `const client = new pg.Client({ ...db, password: 'wrong' });\nawait client.connect();\n`),
    c('unknown-db', 'ERROR_RESPONSE', `const client = new pg.Client({ ...db, database: 'analytics' });\nawait client.connect();\n`),
    c('syntax', 'BROKEN_BUILD', one('selec id from users')),
    c('undefined-table', 'ERROR_RESPONSE', one('select * from invoices')),
    c('unique', 'ERROR_RESPONSE', one('create temp table t (id int primary key); insert into t values (1), (1);')),
    c('not-null', 'ERROR_RESPONSE', one('create temp table t (id int not null); insert into t values (null);')),
    c('division', 'ERROR_RESPONSE', one('select 1/0')),
    c('statement-timeout', 'TIMEOUT', one("set statement_timeout = 200; select pg_sleep(3);")),
    c('permission', 'AUTH_REQUIRED', `const client = new pg.Client({ ...db, user: 'limited' });\nawait client.connect();\nawait client.query('create database other');\n`),
    c('lock-timeout', 'RESOURCE_BUSY', `${two}await a.query('begin');\nawait a.query('lock table accounts');\nawait b.query("set lock_timeout = '200ms'");\nawait b.query('select * from accounts for update');\n`),
    c('deadlock', 'RESOURCE_BUSY', `${two}await a.query('begin');\nawait b.query('begin');\nawait a.query('update accounts set balance = balance - 1 where id = 1');\nawait b.query('update accounts set balance = balance - 1 where id = 2');\nawait Promise.all([a.query('update accounts set balance = balance + 1 where id = 2'), b.query('update accounts set balance = balance + 1 where id = 1')]);\n`),
    c('serialization', 'RESOURCE_BUSY', `${two}await a.query('begin isolation level serializable');\nawait b.query('begin isolation level serializable');\nawait a.query('select balance from accounts where id = 1');\nawait b.query('update accounts set balance = 0 where id = 1');\nawait b.query('commit');\nawait a.query('update accounts set balance = 5 where id = 1');\n`),
    c('too-many-clients', 'RESOURCE_EXHAUSTION', 'const clients = [];\nfor (let i = 0; i < 8; i++) { const c = new pg.Client(db); await c.connect(); clients.push(c); }\n'),
    c('terminated', 'NETWORK', one('select pg_terminate_backend(pg_backend_pid())')),
  ];
}

/** Partly seen, for the same reason: PostgreSQL's command-line tools print libpq's messages. */
function pgTools() {
  const c = (id, type, cmd) => ({ id: `pg-tools.${id}`, source: 'pg-tools', type, server: 'postgres', cmd, timeoutMs: 60_000, targets: 'databases (libpq messages as psql prints them)' });
  return [
    c('dump-refused', 'NETWORK', 'pg_dump -h 127.0.0.1 -p 1 -U app app > dump.sql'),
    c('dump-password', 'AUTH_REQUIRED', 'PGPASSWORD=wrong pg_dump -h 127.0.0.1 -p $PGPORT -U app app > dump.sql'),
    c('dump-unknown-db', 'ERROR_RESPONSE', 'PGPASSWORD=secret pg_dump -h 127.0.0.1 -p $PGPORT -U app analytics > dump.sql'),
    c('dump-no-table', 'ERROR_RESPONSE', 'PGPASSWORD=secret pg_dump -h 127.0.0.1 -p $PGPORT -U app -t invoices app > dump.sql'),
    c('restore-invalid', 'ERROR_RESPONSE', 'echo "not a dump" > app.dump && PGPASSWORD=secret pg_restore -h 127.0.0.1 -p $PGPORT -U app -d app app.dump'),
    c('createdb-exists', 'ERROR_RESPONSE', 'PGPASSWORD=secret createdb -h 127.0.0.1 -p $PGPORT -U app app'),
    c('dropdb-missing', 'ERROR_RESPONSE', 'PGPASSWORD=secret dropdb -h 127.0.0.1 -p $PGPORT -U app reporting'),
    c('initdb-root', 'ERROR_RESPONSE', 'initdb -D pgdata'),
    c('isready-refused', 'NETWORK', 'pg_isready -h 127.0.0.1 -p 1'),
    c('ctl-missing', 'ERROR_RESPONSE', 'pg_ctl status -D /var/lib/postgresql/15/missing'),
  ].map((x) => (['initdb-root', 'ctl-missing', 'isready-refused', 'dump-refused'].some((n) => x.id.endsWith(n)) ? { ...x, server: undefined } : x));
}

function pylint() {
  const c = (id, type, src, cmd = 'pylint --score=n main.py') => ({ id: `pylint.${id}`, source: 'pylint', type, files: { 'main.py': src }, cmd, timeoutMs: 120_000 });
  const doc = '"""Service."""\n';
  return [
    c('missing-docstring', 'QUALITY_GATE_FAIL', 'def handler(event):\n    return event\n'),
    c('unused-import', 'QUALITY_GATE_FAIL', `${doc}import os\n`),
    c('undefined-variable', 'QUALITY_GATE_FAIL', `${doc}\n\ndef total():\n    """Sum."""\n    return subtotal + 1\n`),
    c('no-member', 'QUALITY_GATE_FAIL', `${doc}import json\n\nprint(json.loadz("{}"))\n`),
    c('broad-except', 'QUALITY_GATE_FAIL', `${doc}\n\ndef read():\n    """Read."""\n    try:\n        return open("x", encoding="utf-8").read()\n    except Exception:\n        return ""\n`),
    c('invalid-name', 'QUALITY_GATE_FAIL', `${doc}\n\ndef Process_Data():\n    """Process."""\n    return 1\n`),
    c('fail-under', 'QUALITY_GATE_FAIL', `${doc}import os, sys\nx=1\n`, 'pylint --fail-under=9 main.py'),
    c('syntax', 'BROKEN_BUILD', 'def main(:\n    pass\n'),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): BROKEN_BUILD, was ERROR_RESPONSE — services/billing.py:1:0: F0001: No module named …: a location-led diagnostic in a source file (step 1).
    c('missing-module', 'BROKEN_BUILD', 'x = 1\n', 'pylint --score=n services/billing.py'),
  ];
}

/** Partly seen: the rust-go pack reads cargo's and rustc's diagnostics, which clippy's share. */
function clippy() {
  const cargo = '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n';
  const c = (id, type, src) => ({ id: `clippy.${id}`, source: 'clippy', type, files: { 'Cargo.toml': cargo, 'src/main.rs': src }, cmd: 'cargo clippy --offline -q -- -D warnings', timeoutMs: 240_000, env: { CARGO_TARGET_DIR: '/work/case/target', CARGO_TERM_COLOR: 'never' }, targets: 'rust-go (cargo and rustc diagnostics)' });
  return [
    c('needless-return', 'QUALITY_GATE_FAIL', 'fn port() -> u16 {\n    return 8080;\n}\nfn main() {\n    println!("{}", port());\n}\n'),
    c('len-zero', 'QUALITY_GATE_FAIL', 'fn main() {\n    let v: Vec<u8> = std::env::args().map(|a| a.len() as u8).collect();\n    if v.len() == 0 {\n        println!("empty");\n    }\n}\n'),
    c('range-loop', 'QUALITY_GATE_FAIL', 'fn main() {\n    let v = vec![1, 2, 3];\n    for i in 0..v.len() {\n        println!("{}", v[i]);\n    }\n}\n'),
    c('collapsible-if', 'QUALITY_GATE_FAIL', 'fn main() {\n    let n = std::env::args().count();\n    if n > 1 {\n        if n < 5 {\n            println!("few");\n        }\n    }\n}\n'),
    c('manual-range', 'QUALITY_GATE_FAIL', 'fn main() {\n    let n = std::env::args().count();\n    if n >= 2 && n <= 9 {\n        println!("digit");\n    }\n}\n'),
    c('unused-variable', 'QUALITY_GATE_FAIL', 'fn main() {\n    let retries = 3;\n    println!("done");\n}\n'),
    c('compile-error', 'BROKEN_BUILD', 'fn main() {\n    let n: u32 = "three";\n    println!("{n}");\n}\n'),
    c('let-and-return', 'QUALITY_GATE_FAIL', 'fn port() -> u16 {\n    let p = 8080;\n    p\n}\nfn main() {\n    println!("{}", port());\n}\n'),
  ];
}

function rake() {
  const c = (id, type, rakefile, cmd) => ({ id: `rake.${id}`, source: 'rake', type, files: rakefile === null ? {} : { Rakefile: rakefile }, cmd });
  return [
    c('unknown-task', 'BROKEN_BUILD', 'task :build do\n  puts "build"\nend\n', 'rake deploy'),
    c('no-rakefile', 'BROKEN_BUILD', null, 'rake build'),
    c('syntax', 'BROKEN_BUILD', 'task :build do\n  puts "build"\n', 'rake build'),
    c('raise', 'CLI_CRASH', 'task :release do\n  raise "version not bumped: 1.4.2 is already tagged"\nend\n', 'rake release'),
    c('sh-refused', 'NETWORK', 'task :notify do\n  sh "curl -sS --fail http://127.0.0.1:1/hooks/deploy"\nend\n', 'rake notify'),
    c('sh-missing-tool', 'CLI_NOT_FOUND', 'task :assets do\n  sh "sass-not-installed src/app.scss dist/app.css"\nend\n', 'rake assets'),
    c('missing-prerequisite', 'BROKEN_BUILD', 'file "dist/app.js" => ["src/app.js"] do\n  sh "cp src/app.js dist/app.js"\nend\ntask default: "dist/app.js"\n', 'rake'),
    c('name-error', 'BROKEN_BUILD', 'task :build do\n  Builder.run\nend\n', 'rake build'),
  ];
}

function findutils() {
  const c = (id, type, cmd) => ({ id: `findutils.${id}`, source: 'findutils', type, files: { 'logs/a.log': 'x\n', 'logs/b.log': 'y\n' }, cmd });
  return [
    c('missing-dir', 'ERROR_RESPONSE', "find build/reports -name '*.xml'"),
    c('unknown-predicate', 'ERROR_RESPONSE', "find logs -nmae '*.log'"),
    c('paths-order', 'ERROR_RESPONSE', 'find logs -name a.log b.log'),
    c('exec-missing', 'CLI_NOT_FOUND', "find logs -name '*.log' -exec gzip-not-installed {} +"),
    c('xargs-missing', 'CLI_NOT_FOUND', "find logs -name '*.log' | xargs logrotate-not-installed"),
    c('xargs-255', 'ERROR_RESPONSE', "find logs -name '*.log' | xargs -n1 sh -c 'echo \"cannot upload $0: bucket does not exist\" >&2; exit 255'"),
    c('fprint-full', 'RESOURCE_EXHAUSTION', 'find logs -type f -fprint /dev/full'),
    c('newer-missing', 'ERROR_RESPONSE', 'find logs -newer .last-deploy'),
  ];
}

/** Tools from the npm registry, installed globally (install-first-sight.sh). */
function biome() {
  const c = (id, type, src, cmd = 'biome lint src') => ({ id: `biome.${id}`, source: 'biome', type, files: { 'src/index.js': src }, cmd: `${cmd} --colors=off`, timeoutMs: 60_000 });
  return [
    c('debugger', 'QUALITY_GATE_FAIL', 'export function run() {\n  debugger;\n  return 1;\n}\n'),
    c('double-equals', 'QUALITY_GATE_FAIL', 'export function same(a, b) {\n  return a == b;\n}\n'),
    c('unreachable', 'QUALITY_GATE_FAIL', 'export function run() {\n  return 1;\n  console.log("never");\n}\n'),
    c('var', 'QUALITY_GATE_FAIL', 'var count = 1;\nexport { count };\n', 'biome lint --only=style/noVar src'),
    c('format', 'QUALITY_GATE_FAIL', 'export function run(){return {a:1,b:2}}\n', 'biome format src'),
    c('parse', 'BROKEN_BUILD', 'export function run( {\n  return 1;\n}\n'),
    c('parse-format', 'BROKEN_BUILD', 'const x = ;\n', 'biome format src'),
    c('missing-path', 'ERROR_RESPONSE', 'export const a = 1;\n', 'biome lint lib'),
  ];
}

function markdownlint() {
  const c = (id, text, cmd = 'markdownlint README.md') => ({ id: `markdownlint.${id}`, source: 'markdownlint', type: 'QUALITY_GATE_FAIL', files: { 'README.md': text }, cmd });
  return [
    c('heading-increment', '# Title\n\n### Deep\n'),
    c('trailing-spaces', '# Title\n\nSome text   \n'),
    c('line-length', `# Title\n\n${'word '.repeat(30)}\n`),
    c('no-blanks-around-headings', '# Title\nText right after.\n'),
    c('multiple-h1', '# One\n\n# Two\n'),
    c('bare-url', '# Title\n\nSee https://example.com/docs for details.\n'),
    c('list-style', '# Title\n\n* a\n- b\n'),
    c('fence-language', '# Title\n\n```\nnpm test\n```\n'),
  ];
}

function ajv() {
  const schema = JSON.stringify({ type: 'object', required: ['name', 'replicas'], additionalProperties: false, properties: { name: { type: 'string' }, replicas: { type: 'integer', minimum: 1 } } });
  const c = (id, type, data, { schemaText = schema, cmd = 'ajv validate -s schema.json -d data.json' } = {}) => ({ id: `ajv.${id}`, source: 'ajv', type, files: { 'schema.json': schemaText, 'data.json': data }, cmd, timeoutMs: 60_000 });
  return [
    c('required', 'FORMAT_VALIDATION', '{"name": "api"}'),
    c('type', 'FORMAT_VALIDATION', '{"name": "api", "replicas": "2"}'),
    c('additional', 'FORMAT_VALIDATION', '{"name": "api", "replicas": 2, "image": "x"}'),
    c('minimum', 'FORMAT_VALIDATION', '{"name": "api", "replicas": 0}'),
    c('data-not-json', 'JSON_PARSE_ERROR', '{"name": "api", "replicas": 2,}'),
    c('schema-invalid', 'BROKEN_BUILD', '{}', { schemaText: '{"type": "objekt"}' }),
    c('schema-not-json', 'JSON_PARSE_ERROR', '{}', { schemaText: '{"type": "object",' }),
    c('missing-data', 'ERROR_RESPONSE', '{}', { cmd: 'ajv validate -s schema.json -d config/prod.json' }),
  ];
}

function webpack() {
  const config = "module.exports = { mode: 'production', entry: './src/index.js', output: { path: require('path').resolve(__dirname, 'dist') } };\n";
  const c = (id, type, files, cmd = 'webpack --no-color') => ({ id: `webpack.${id}`, source: 'webpack', type, files: { 'webpack.config.js': config, 'package.json': '{"name":"demo","version":"1.0.0"}', ...files }, cmd, timeoutMs: 180_000, env: { NODE_PATH: '/usr/lib/node_modules' } });
  return [
    c('module-not-found', 'BROKEN_BUILD', { 'src/index.js': "import { run } from './utils';\nrun();\n" }),
    c('package-not-found', 'BROKEN_BUILD', { 'src/index.js': "import axios from 'axios';\naxios.get('/');\n" }),
    c('parse', 'BROKEN_BUILD', { 'src/index.js': 'export const a = ;\n' }),
    c('json-parse', 'JSON_PARSE_ERROR', { 'src/index.js': "import data from './data.json';\nconsole.log(data);\n", 'src/data.json': '{"port": 80,}\n' }),
    c('entry-missing', 'BROKEN_BUILD', {}),
    c('bad-config', 'BROKEN_BUILD', { 'src/index.js': 'export {};\n', 'webpack.config.js': "module.exports = { mode: 'fast', entry: './src/index.js' };\n" }),
    c('config-missing', 'BROKEN_BUILD', { 'src/index.js': 'export {};\n' }, 'webpack --no-color --config webpack.prod.js'),
    c('config-throws', 'BROKEN_BUILD', { 'src/index.js': 'export {};\n', 'webpack.config.js': "const env = require('./env.json');\nmodule.exports = { mode: 'production', entry: env.entry };\n" }),
  ];
}

/** RubyGems (`gem`) against the local server as a gem source, and building gems. */
function gem() {
  const install = 'gem install left-pad --clear-sources --source "$URL/" --no-document';
  const spec = (body) => `Gem::Specification.new do |s|\n  s.name = "app"\n  s.version = "1.0.0"\n  s.authors = ["a"]\n  s.files = []\n${body}end\n`;
  const c = (id, type, cmd, extra = {}) => ({ id: `gem.${id}`, source: 'gem', type, cmd, timeoutMs: 60_000, env: { GEM_HOME: '/work/case/.gems' }, ...extra });
  return [
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — bad response Not Found 404: the registry's answer (step 1, a peer's answer).
    c('404', 'ERROR_RESPONSE', install, { http: { status: 404 } }),
    c('401', 'AUTH_REQUIRED', install, { http: { status: 401 } }),
    c('403', 'AUTH_REQUIRED', install, { http: { status: 403 } }),
    c('500', 'SERVER_ERROR', install, { http: { status: 500 } }),
    c('503', 'SERVER_OVERLOADED', install, { http: { status: 503 } }),
    c('refused', 'NETWORK', 'gem install left-pad --clear-sources --source http://127.0.0.1:1/ --no-document'),
    c('dns', 'NETWORK', 'gem install left-pad --clear-sources --source https://gems.no-such-host.invalid/ --no-document'),
    c('no-gemspec', 'ERROR_RESPONSE', 'gem build app.gemspec'),
    c('gemspec-syntax', 'BROKEN_BUILD', 'gem build app.gemspec', { files: { 'app.gemspec': spec('  s.summary = "x"\n  s.require_paths = ["lib"\n') } }),
    c('gemspec-invalid', 'BROKEN_BUILD', 'gem build app.gemspec', { files: { 'app.gemspec': spec('') } }),
  ];
}

/** Partly seen: the git and security packs name ssh (its transport errors, ~/.ssh paths), not ssh-keygen's messages. */
function sshKeygen() {
  const key = "ssh-keygen -q -t ed25519 -N right -C ci -f deploy_key";
  const c = (id, type, cmd) => ({ id: `ssh-keygen.${id}`, source: 'ssh-keygen', type, cmd, targets: 'git, security (ssh transport errors, ~/.ssh paths)' });
  return [
    c('wrong-passphrase', 'AUTH_REQUIRED', `${key} && ssh-keygen -y -P wrong -f deploy_key`),
    c('invalid-format', 'ERROR_RESPONSE', 'echo "not a key" > deploy_key && chmod 600 deploy_key && ssh-keygen -y -f deploy_key'),
    c('missing', 'ERROR_RESPONSE', 'ssh-keygen -l -f keys/deploy_key.pub'),
    c('too-open', 'ERROR_RESPONSE', "ssh-keygen -q -t ed25519 -N '' -f deploy_key && chmod 644 deploy_key && ssh-keygen -y -f deploy_key"),
    c('unknown-type', 'ERROR_RESPONSE', 'ssh-keygen -q -t rsa3 -N "" -f deploy_key'),
    c('bad-signature', 'CERTIFICATE_ERROR', `ssh-keygen -q -t ed25519 -N '' -C ci@example.com -f signer && echo release > r && ssh-keygen -Y sign -f signer -n file r 2>/dev/null && echo "ci@example.com $(cat signer.pub)" > allowed && echo tampered >> r && ssh-keygen -Y verify -f allowed -I ci@example.com -n file -s r.sig < r`),
    c('unknown-signer', 'CERTIFICATE_ERROR', `ssh-keygen -q -t ed25519 -N '' -C ci@example.com -f signer && echo release > r && ssh-keygen -Y sign -f signer -n file r 2>/dev/null && echo "ops@example.com $(cat signer.pub)" > allowed && ssh-keygen -Y verify -f allowed -I ci@example.com -n file -s r.sig < r`),
    c('no-public', 'ERROR_RESPONSE', 'ssh-keygen -y -f ~/.ssh/id_missing_ed25519'.replace('~/.ssh/', 'keys/')),
  ];
}

export function firstSightServerCases() {
  return [...nodePostgres(), ...pgTools(), ...pylint(), ...clippy(), ...rake(), ...findutils(), ...biome(), ...markdownlint(), ...ajv(), ...webpack(), ...gem(), ...sshKeygen()];
}
