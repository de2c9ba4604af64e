/**
 * First-sight families, part 12 (the fifth capture, with part 11): stream and text tools and the
 * libraries a Node.js build calls, which no rule pack, registry or earlier capture names — the lz4
 * CLI, glibc's iconv, and js-yaml, PostCSS and node:zlib (js-yaml and PostCSS from the project's
 * node_modules). Each case's `type` was written here, by the rules of first-sight-cli.mjs and the
 * parts after it and the README's label decisions, before the classifier was asked about any of
 * these texts; for these families:
 * - a CLI refusing its input (not its format, truncated, a file that is not there, an output that
 *   exists, an unknown option or encoding) is ERROR_RESPONSE, as the compressors' and tar's;
 *   compressed data whose checksum fails is DATA_CORRUPTION (README, issue 33);
 * - a library's uncaught exception refusing a value or an input (zlib's "incorrect header check", an
 *   object js-yaml cannot dump) is CLI_CRASH (README, label decisions);
 * - a stylesheet or YAML configuration that does not parse, a plugin module that cannot be found,
 *   and a stylesheet naming a variable nobody defines are BROKEN_BUILD (the build's input does not
 *   compile, as the yaml, xmllint and webpack families');
 * - an output limit set to keep a decompression bounded is RESOURCE_EXHAUSTION (as xz's memory
 *   limit); a full disk is RESOURCE_EXHAUSTION (a 64 KiB tmpfs in a user and mount namespace, or
 *   /dev/full where the tool names the errno only there); lz4 has no full-disk case, as its text
 *   on a full file system does not name the cause.
 */

import { tinyFs } from './shell.mjs';

const tool = (family) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, ...extra });
/** Links the project's node_modules into the case's directory (js-yaml and PostCSS come from it). */
const LINK = 'ln -s "$NODE_MODULES" node_modules && ';

function lz4() {
  const c = (id, type, cmd, setup = '') => ({ ...tool('lz4')(id, type, `${setup}${cmd}`), origin: `${setup}${cmd}`, timeoutMs: 60_000 });
  const packed = 'head -c 20000 /dev/urandom > assets.bin && lz4 -q assets.bin assets.bin.lz4 && rm assets.bin && ';
  return [
    c('not-lz4', 'ERROR_RESPONSE', 'lz4 -d assets.bin.lz4 assets.bin', 'echo "<html>502 Bad Gateway</html>" > assets.bin.lz4 && '),
    c('truncated', 'ERROR_RESPONSE', 'lz4 -d assets.bin.lz4 assets.bin', `${packed}head -c 9000 assets.bin.lz4 > cut && mv cut assets.bin.lz4 && `),
    c('checksum', 'DATA_CORRUPTION', 'lz4 -d assets.bin.lz4 assets.bin', `${packed}python3 -c 'd = bytearray(open("assets.bin.lz4", "rb").read()); d[5000] ^= 0xff; open("assets.bin.lz4", "wb").write(d)' && `),
    c('missing-input', 'ERROR_RESPONSE', 'lz4 -d dist/assets.bin.lz4 assets.bin'),
    c('output-exists', 'ERROR_RESPONSE', 'lz4 -d assets.bin.lz4 assets.bin < /dev/null', `${packed}echo old > assets.bin && `),
    c('unknown-option', 'ERROR_RESPONSE', 'lz4 --level=9 assets.bin'),
    c('block-size', 'ERROR_RESPONSE', 'lz4 -B9 assets.bin assets.bin.lz4', 'echo data > assets.bin && '),
    c('dictionary-missing', 'ERROR_RESPONSE', 'lz4 -D dicts/assets.dict assets.bin assets.bin.lz4', 'echo data > assets.bin && '),
    // No disk-full case: lz4 on a full file system prints "Write error : cannot write decoded block", which does not name the cause.
  ];
}

function iconv() {
  const c = (id, type, cmd, setup = '') => ({ ...tool('iconv')(id, type, `${setup}${cmd}`), origin: `${setup}${cmd}`, timeoutMs: 60_000 });
  const latin1 = "printf 'name;city\\nJos\\xe9;M\\xfcnchen\\n' > customers.csv && ";
  const utf8 = "printf 'name;city\\nJos\\xc3\\xa9;M\\xc3\\xbcnchen\\n' > customers.csv && ";
  return [
    c('illegal-sequence', 'ERROR_RESPONSE', 'iconv -f UTF-8 -t UTF-16 customers.csv -o customers.utf16', latin1),
    c('cannot-convert', 'ERROR_RESPONSE', 'iconv -f UTF-8 -t ASCII customers.csv', utf8),
    c('unknown-encoding', 'ERROR_RESPONSE', 'iconv -f UTF-9 -t UTF-8 customers.csv', utf8),
    c('directory', 'ERROR_RESPONSE', 'iconv -f LATIN1 -t UTF-8 exports', 'mkdir -p exports && '),
    c('incomplete', 'ERROR_RESPONSE', 'iconv -f UTF-8 -t UTF-16 customers.csv -o out.csv', "printf 'name;city\\nJos\\xc3' > customers.csv && "),
    c('missing-input', 'ERROR_RESPONSE', 'iconv -f LATIN1 -t UTF-8 exports/customers.csv'),
    c('output-dir-missing', 'ERROR_RESPONSE', 'iconv -f LATIN1 -t UTF-8 customers.csv -o converted/customers.csv', latin1),
    c('unknown-option', 'ERROR_RESPONSE', 'iconv --frm LATIN1 -t UTF-8 customers.csv', latin1),
    // /dev/full: every write fails with ENOSPC (on a small tmpfs iconv says only "problem in writing the output").
    c('disk-full', 'RESOURCE_EXHAUSTION', 'iconv -f LATIN1 -t UTF-8 customers.csv -o /dev/full', latin1),
  ];
}

function jsYaml() {
  const LOAD = "import { readFileSync } from 'node:fs';\nimport yaml from 'js-yaml';\n\nconst config = yaml.load(readFileSync('deploy.yml', 'utf8'));\nconsole.log(`deploying ${config.service.name} x${config.service.replicas}`);\n";
  const c = (id, type, yml, app = LOAD, cmd = 'node deploy.mjs') => ({ ...tool('js-yaml')(id, type, `${LINK}${cmd}`, { 'deploy.mjs': app, ...(yml === null ? {} : { 'deploy.yml': yml }) }), origin: `${cmd} (js-yaml from node_modules)`, timeoutMs: 60_000 });
  return [
    c('bad-indent', 'BROKEN_BUILD', 'service:\n  name: api\n    replicas: 2\n'),
    c('duplicate-key', 'BROKEN_BUILD', 'service:\n  name: api\n  replicas: 2\n  name: worker\n'),
    c('unclosed-quote', 'BROKEN_BUILD', 'service:\n  name: "api\n  replicas: 2\n'),
    c('tab', 'BROKEN_BUILD', 'service:\n\tname: api\n\treplicas: 2\n'),
    c('unknown-tag', 'BROKEN_BUILD', 'service:\n  name: api\n  replicas: !env REPLICAS\n'),
    // Ambiguous: code written for js-yaml 3 calls a function version 4 removed (a dependency's API, as a missing import: BROKEN_BUILD).
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): CLI_CRASH, was BROKEN_BUILD — Function yaml.safeLoad is removed in js-yaml 4: the program calls a function that is not there, no file named (step 3).
    c('safe-load-removed', 'CLI_CRASH', 'service:\n  name: api\n  replicas: 2\n', LOAD.replace('yaml.load(', 'yaml.safeLoad(')),
    c('missing-file', 'ERROR_RESPONSE', null),
    c('empty', 'CLI_CRASH', ''),
    c('dump-function', 'CLI_CRASH', null, "import yaml from 'js-yaml';\n\nconst manifest = { service: 'api', replicas: 2, healthCheck: () => fetch('http://api/health') };\nprocess.stdout.write(yaml.dump(manifest));\n"),
    c('cli', 'BROKEN_BUILD', 'service:\n  name: api\n  ports: [8080, 8443\n', LOAD, 'node node_modules/js-yaml/bin/js-yaml.js deploy.yml'),
  ];
}

function postcss() {
  const BUILD = (plugins = "[{ postcssPlugin: 'strip-comments', Comment(comment) { comment.remove(); } }]") => `import { readFileSync } from 'node:fs';\nimport postcss from 'postcss';\n\nconst css = readFileSync('src/app.css', 'utf8');\nconst result = await postcss(${plugins}).process(css, { from: 'src/app.css', to: 'dist/app.css' });\nconsole.log(result.css.length);\n`;
  const c = (id, type, css, app = BUILD(), files = {}) => ({ ...tool('postcss')(id, type, `${LINK}node build.mjs`, { 'build.mjs': app, ...(css === null ? {} : { 'src/app.css': css }), ...files }), origin: 'node build.mjs (postcss from node_modules)', timeoutMs: 60_000 });
  const VARS = "const vars = { postcssPlugin: 'postcss-vars', Declaration(decl, { result }) {\n  const m = decl.value.match(/\\$([a-z-]+)/);\n  if (m && !(m[1] in { primary: 1 })) throw decl.error(`Undefined variable $${m[1]}`, { word: m[0] });\n} };\n";
  return [
    c('unclosed-block', 'BROKEN_BUILD', '.header {\n  color: #333;\n\n.footer {\n  color: #666;\n}\n'),
    c('unknown-word', 'BROKEN_BUILD', '.header {\n  color #333;\n  margin: 0;\n}\n'),
    c('unclosed-string', 'BROKEN_BUILD', '.header::before {\n  content: "new;\n}\n'),
    c('unexpected-brace', 'BROKEN_BUILD', '.header {\n  color: #333;\n}\n}\n.footer { color: #666; }\n'),
    c('unclosed-bracket', 'BROKEN_BUILD', '.header {\n  background: url(img/logo.png;\n}\n'),
    c('plugin-missing', 'BROKEN_BUILD', '.header { color: #333; }\n', `import autoprefixer from 'autoprefixer';\n${BUILD('[autoprefixer]')}`),
    c('undefined-variable', 'BROKEN_BUILD', '.header {\n  color: $primary;\n  background: $brand-dark;\n}\n', BUILD('[vars]').replace("const css", `${VARS}const css`)),
    c('missing-file', 'ERROR_RESPONSE', null),
    c('plugin-crash', 'CLI_CRASH', '.header { color: #333; }\n', BUILD("[{ postcssPlugin: 'postcss-theme', Once(root, { result }) { const theme = result.opts.theme; root.walkDecls((d) => { d.value = theme.colors[d.value] ?? d.value; }); } }]")),
  ];
}

function nodeZlib() {
  const c = (id, type, body, setup = '') => ({ ...tool('node-zlib')(id, type, `${setup}node main.mjs`, { 'main.mjs': `import { createReadStream, createWriteStream, readFileSync, writeFileSync } from 'node:fs';\nimport { pipeline } from 'node:stream/promises';\nimport zlib from 'node:zlib';\n\n${body}` }), origin: `${setup}node main.mjs (node:zlib)`, timeoutMs: 60_000 });
  const gunzip = "const data = zlib.gunzipSync(readFileSync('backup.json.gz'));\nconsole.log(JSON.parse(data).length);\n";
  const packed = 'node -e \'require("fs").writeFileSync("backup.json.gz", require("zlib").gzipSync(JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, name: "job-" + i })))))\' && ';
  return [
    c('not-gzip', 'ERROR_RESPONSE', gunzip, 'echo "<html>502 Bad Gateway</html>" > backup.json.gz && '),
    c('truncated', 'ERROR_RESPONSE', gunzip, `${packed}head -c 2000 backup.json.gz > cut && mv cut backup.json.gz && `),
    c('bad-crc', 'DATA_CORRUPTION', gunzip, `${packed}node -e 'const fs = require("fs"); const d = fs.readFileSync("backup.json.gz"); d[d.length - 6] ^= 0xff; fs.writeFileSync("backup.json.gz", d)' && `),
    c('stream-bad-header', 'ERROR_RESPONSE', "await pipeline(createReadStream('backup.json.gz'), zlib.createGunzip(), createWriteStream('backup.json'));\n", 'echo "not compressed" > backup.json.gz && '),
    c('brotli', 'ERROR_RESPONSE', "console.log(zlib.brotliDecompressSync(readFileSync('bundle.js.br')).length);\n", 'echo "console.log(1)" > bundle.js.br && '),
    c('max-output', 'RESOURCE_EXHAUSTION', "const data = zlib.gunzipSync(readFileSync('backup.json.gz'), { maxOutputLength: 4096 });\nconsole.log(data.length);\n", packed),
    c('missing-file', 'ERROR_RESPONSE', "await pipeline(createReadStream('backups/2026-11-27.json.gz'), zlib.createGunzip(), createWriteStream('backup.json'));\n"),
    c('bad-level', 'CLI_CRASH', "writeFileSync('app.js.gz', zlib.gzipSync(readFileSync('main.mjs'), { level: 12 }));\n"),
    { ...c('disk-full', 'RESOURCE_EXHAUSTION', "await pipeline(createReadStream('assets.bin'), zlib.createGzip({ level: 0 }), createWriteStream('out/assets.bin.gz'));\n"), cmd: `head -c 400000 /dev/urandom > assets.bin && ${tinyFs('out', 'node main.mjs')}`, origin: 'node main.mjs (node:zlib; out/: a 64 KiB file system)' },
  ];
}

/** Every case of this part. */
export function firstSightStreamCases() {
  return [...lz4(), ...iconv(), ...jsYaml(), ...postcss(), ...nodeZlib()];
}
