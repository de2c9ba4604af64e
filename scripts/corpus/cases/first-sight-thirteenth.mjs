/**
 * First-sight families, part 20 (the thirteenth capture): npm command-line tools for front-end
 * builds (lessc, stylus, terser, uglify-js, handlebars, ejs, marked, js-beautify, svgo, csso,
 * html-minifier-terser, installed pinned with `npm install -g` by install-first-sight.sh) and
 * Debian's python3 library packages used from small programs (lxml, paramiko against local TCP
 * servers, SQLAlchemy with SQLite, docutils' rst2html, toml), run with Debian's /usr/bin/python3 —
 * none named by a rule pack, a registry or an earlier capture. Each case's `type` was written
 * here, by DESIGN.md's rules and the README's label decisions (the type follows what failed, not
 * what carried it), before the classifier was asked about any of these texts:
 * - a project file that does not parse or load (a stylesheet, a script, a template, an HTML page,
 *   reStructuredText, a configuration file, an XSLT stylesheet, an XPath or SQL the program
 *   holds), or one it imports that is not there: BROKEN_BUILD;
 * - input the program reads that is not in its format (an XML document, an SVG image, a key file,
 *   a database file), a file that is not there, a directory in a file's place, a file's permission
 *   denied, a read-only file system, options a CLI refuses, a database's refusal (no such table, a
 *   constraint): ERROR_RESPONSE; JSON that does not parse (data, or a JSON configuration file, as
 *   pnpm's package.json in the corpus): JSON_PARSE_ERROR;
 * - a document that fails its schema or DTD: FORMAT_VALIDATION;
 * - a refused port, an unknown host, a closed or reset connection: NETWORK; no answer in time:
 *   TIMEOUT; a key's passphrase missing or wrong: AUTH_REQUIRED; a database locked by another
 *   connection: RESOURCE_BUSY;
 * - the program's own defect (a ReferenceError or TypeError in a template's code, a bad argument
 *   its code passed to a library): CLI_CRASH;
 * - a full disk (a 64 KiB tmpfs in a user and mount namespace): RESOURCE_EXHAUSTION.
 */

import { NOPRIV, REFUSED, roFs, tool } from './shell.mjs';

const tinyFs = (dir, cmd, opts = 'size=64k') => `unshare --map-root-user --mount sh -c 'mkdir -p ${dir} && mount -t tmpfs -o ${opts} tmpfs ${dir} && ${cmd}'`;
/** Debian's python3, which has the python3-* packages (the image's python3 on PATH does not). */
const PY = '/usr/bin/python3';
const serve = (script, args) => `${PY} ${script} ${args} >/dev/null 2>&1 & for i in $(seq 100); do [ -f port ] && break; sleep 0.05; done; export PORT=$(cat port); `;
const done = '; r=$?; kill %1 2>/dev/null; exit $r';

/** A line server over TCP (line-srv.py): "sleep" accepts and never answers, "close" closes at once, "reset" reads and resets. */
const LINE_SRV = `import os, socket, struct, sys, time
mode = sys.argv[1]
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', 0)); s.listen(5)
open('port.tmp', 'w').write(str(s.getsockname()[1])); os.rename('port.tmp', 'port')
while True:
    c, _ = s.accept()
    if mode == 'sleep': time.sleep(60); continue
    if mode == 'close':
        c.close(); continue
    c.recv(100)
    c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0))
    c.close()
`;

/** Big generated inputs whose outputs outgrow the 64 KiB tmpfs. */
const BIG_CSS = "for i in $(seq 4000); do echo \".card-$i { color: #33$((i % 10)); margin: ${i}px 2px; }\"; done > big.css && ";
const BIG_JS = "for i in $(seq 4000); do echo \"export function handler$i(request) { return request.value + $i; }\"; done > big.js && ";
const BIG_HTML = "(echo '<html><body>'; for i in $(seq 4000); do echo \"<p class=row-$i>Row   number   $i</p>\"; done; echo '</body></html>') > big.html && ";

// ---------------------------------------------------------------- lessc

function lessc() {
  const c = tool('lessc');
  return [
    c('syntax', 'BROKEN_BUILD', 'lessc styles/main.less', { 'styles/main.less': '@primary: #336699;\n.button {\n  color: @primary;\n  border: 1px solid darken(@primary, 10%;\n}\n' }),
    c('undefined-variable', 'BROKEN_BUILD', 'lessc styles/main.less', { 'styles/main.less': '.header {\n  background: @brand-color;\n}\n' }),
    // An @import of a file that is not there: the stylesheet does not load.
    c('import-missing', 'BROKEN_BUILD', 'lessc styles/main.less', { 'styles/main.less': '@import "variables.less";\nbody { color: @text; }\n' }),
    c('undefined-mixin', 'BROKEN_BUILD', 'lessc styles/main.less', { 'styles/main.less': '.panel {\n  .rounded-corners(4px);\n}\n' }),
    c('missing-input', 'ERROR_RESPONSE', 'lessc styles/theme.less dist/theme.css'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 main.less && ${NOPRIV} lessc main.less`, { 'main.less': 'a { color: red; }\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', BIG_CSS + 'cp big.css big.less && ' + tinyFs('out', 'lessc big.less out/big.css'), {}),
    c('bad-option-value', 'ERROR_RESPONSE', 'lessc --strict-units=maybe main.less', { 'main.less': 'a { color: red; }\n' }),
    c('read-only-output', 'ERROR_RESPONSE', roFs('dist', 'lessc main.less dist/main.css'), { 'main.less': 'a { color: red; }\n' }),
  ];
}

// ---------------------------------------------------------------- stylus

function stylus() {
  const c = tool('stylus');
  return [
    c('syntax', 'BROKEN_BUILD', 'stylus --print styles/main.styl', { 'styles/main.styl': 'primary = #336699\n.button\n  color primary\n  border 1px solid darken(primary, 10%\n' }),
    c('import-missing', 'BROKEN_BUILD', 'stylus --print styles/main.styl', { 'styles/main.styl': "@import 'variables'\nbody\n  color text-color\n" }),
    // A plugin the build uses is not installed: the build's dependency does not load.
    c('plugin-missing', 'BROKEN_BUILD', 'stylus --use autoprefixer-stylus --print main.styl', { 'main.styl': 'a\n  color red\n' }),
    // stylus takes an unknown option for a file name, which is not there.
    c('unknown-option', 'ERROR_RESPONSE', 'stylus --source-map main.styl', { 'main.styl': 'a\n  color red\n' }),
    // The stylesheet raises its own error(): a build that refuses to compile.
    c('error-call', 'BROKEN_BUILD', 'stylus --print styles/main.styl', { 'styles/main.styl': "theme = 'neon'\nif theme != 'light' and theme != 'dark'\n  error('unsupported theme ' + theme)\n" }),
    c('missing-input', 'ERROR_RESPONSE', 'stylus --print styles/theme.styl'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 main.styl && ${NOPRIV} stylus --print main.styl`, { 'main.styl': 'a\n  color red\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', BIG_CSS + 'cp big.css big.styl && ' + tinyFs('out', 'stylus big.styl --out out'), {}),
    c('read-only-output', 'ERROR_RESPONSE', roFs('dist', 'stylus main.styl --out dist'), { 'main.styl': 'a\n  color red\n' }),
  ];
}

// ---------------------------------------------------------------- terser

function terser() {
  const c = tool('terser');
  return [
    c('syntax', 'BROKEN_BUILD', 'terser src/app.js -c -m -o dist/app.min.js', { 'src/app.js': "export function total(items) {\n  return items.reduce((sum, item) => sum + item.price, 0;\n}\n", 'dist/.keep': '' }),
    c('strict-mode', 'BROKEN_BUILD', 'terser src/legacy.js --module -c', { 'src/legacy.js': "var config = { retries: 3 };\nwith (config) {\n  console.log(retries);\n}\n" }),
    c('missing-input', 'ERROR_RESPONSE', 'terser src/vendor.js -c -o dist/vendor.min.js'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 app.js && ${NOPRIV} terser app.js -c`, { 'app.js': 'console.log(1 + 2);\n' }),
    c('directory-input', 'ERROR_RESPONSE', 'terser src -c', { 'src/app.js': 'console.log(1);\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', BIG_JS + tinyFs('out', 'terser big.js --module -b -o out/big.min.js'), {}),
    c('bad-compress-option', 'ERROR_RESPONSE', 'terser app.js --compress pure_funcs=[console.log,', { 'app.js': 'console.log(1 + 2);\n' }),
    // Ambiguous: the source map it is told to continue does not parse, but what the text shows is
    // terser's own reporter dereferencing undefined (TypeError in run_cli): the tool crashed.
    c('input-source-map', 'CLI_CRASH', "terser app.js --source-map \"content='app.js.map'\" -o app.min.js", { 'app.js': 'console.log(1 + 2);\n', 'app.js.map': '{"version":3,"sources":["app.ts"],"mappings":"AAAA"' }),
    c('read-only-output', 'ERROR_RESPONSE', roFs('dist', 'terser app.js -c -o dist/app.min.js'), { 'app.js': 'console.log(1 + 2);\n' }),
  ];
}

// ---------------------------------------------------------------- uglify-js

function uglifyJs() {
  const c = tool('uglify-js');
  return [
    c('syntax', 'BROKEN_BUILD', 'uglifyjs src/app.js -c -m -o dist/app.min.js', { 'src/app.js': "function total(items) {\n  return items.reduce(function (sum, item) { return sum + item.price }, 0;\n}\n", 'dist/.keep': '' }),
    c('unterminated-string', 'BROKEN_BUILD', 'uglifyjs src/strings.js -c', { 'src/strings.js': "var greeting = 'hello;\nconsole.log(greeting);\n" }),
    c('missing-input', 'ERROR_RESPONSE', 'uglifyjs src/vendor.js -c -o dist/vendor.min.js'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 app.js && ${NOPRIV} uglifyjs app.js -c`, { 'app.js': 'console.log(1 + 2);\n' }),
    c('directory-input', 'ERROR_RESPONSE', 'uglifyjs src -c', { 'src/app.js': 'console.log(1);\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', BIG_JS + tinyFs('out', 'uglifyjs big.js --module -b -o out/big.min.js'), {}),
    c('unknown-option', 'ERROR_RESPONSE', 'uglifyjs app.js --compress-harder', { 'app.js': 'console.log(1 + 2);\n' }),
    c('bad-define', 'ERROR_RESPONSE', "uglifyjs app.js --define 'DEBUG=false;;'", { 'app.js': 'if (DEBUG) console.log(1);\n' }),
    c('read-only-output', 'ERROR_RESPONSE', roFs('dist', 'uglifyjs app.js -c -o dist/app.min.js'), { 'app.js': 'console.log(1 + 2);\n' }),
  ];
}

// ---------------------------------------------------------------- handlebars

function handlebars() {
  const c = tool('handlebars');
  const render = (tpl, data, strict = true) => ({ 'render.js': `const Handlebars = require('handlebars');\nconst fs = require('fs');\nconst t = Handlebars.compile(fs.readFileSync('templates/page.hbs', 'utf8'), { strict: ${strict} });\nprocess.stdout.write(t(${data}));\n`, 'templates/page.hbs': tpl });
  const NODE_PATH = 'NODE_PATH=$(npm root -g) node render.js';
  return [
    c('unclosed-block', 'BROKEN_BUILD', 'handlebars templates/list.hbs -f dist/templates.js', { 'templates/list.hbs': '<ul>\n{{#each items}}\n  <li>{{name}}</li>\n</ul>\n', 'dist/.keep': '' }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Error: if doesn't match each - 1:3 names no file: the input's refusal (step 2).
    c('mismatched-close', 'ERROR_RESPONSE', 'handlebars templates/user.hbs', { 'templates/user.hbs': '{{#if user}}\n  <p>{{user.name}}</p>\n{{/each}}\n' }),
    c('bad-expression', 'BROKEN_BUILD', 'handlebars templates/price.hbs', { 'templates/price.hbs': '<span>{{ price | currency }}</span>\n' }),
    c('missing-input', 'ERROR_RESPONSE', 'handlebars templates/footer.hbs -f dist/templates.js'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 page.hbs && ${NOPRIV} handlebars page.hbs`, { 'page.hbs': '<h1>{{title}}</h1>\n' }),
    // Ambiguous: the template names a helper the program never registered — the template or the
    // program is wrong; the project's template does not render: BROKEN_BUILD.
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): CLI_CRASH, was BROKEN_BUILD — Missing helper: "formatDate" names no file: a call of a function nothing defined (step 3).
    c('missing-helper', 'CLI_CRASH', NODE_PATH, render('<p>{{formatDate createdAt "YYYY-MM-DD"}}</p>\n', "{ createdAt: '2024-01-01' }", false)),
    // strict mode: the program's own data lacks a field its template uses — the program's defect.
    c('strict-missing-field', 'CLI_CRASH', NODE_PATH, render('<h1>{{title}}</h1>\n<p>{{author.name}}</p>\n', "{ title: 'Release notes' }")),
    c('disk-full', 'RESOURCE_EXHAUSTION', "for i in $(seq 3000); do echo \"<div class=row-$i>{{item$i}}</div>\"; done > big.hbs && " + tinyFs('out', 'handlebars big.hbs -f out/templates.js'), {}),
  ];
}

// ---------------------------------------------------------------- ejs

function ejs() {
  const c = tool('ejs');
  return [
    c('syntax', 'BROKEN_BUILD', 'ejs views/index.ejs -f data.json', { 'views/index.ejs': '<ul>\n<% items.forEach(function (item) { %>\n  <li><%= item.name %></li>\n<% } %>\n</ul>\n', 'data.json': '{"items":[{"name":"a"}]}' }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Could not find matching close tag for "<%=" names no file: the input's refusal (step 2).
    c('unclosed-tag', 'ERROR_RESPONSE', 'ejs views/index.ejs -f data.json', { 'views/index.ejs': '<h1><%= title </h1>\n', 'data.json': '{"title":"Home"}' }),
    // The template's code uses a name nobody defined: its own defect at render time.
    c('reference-error', 'CLI_CRASH', 'ejs views/index.ejs -f data.json', { 'views/index.ejs': '<h1><%= title %></h1>\n<p><%= subtitle %></p>\n', 'data.json': '{"title":"Home"}' }),
    c('type-error', 'CLI_CRASH', 'ejs views/list.ejs -f data.json', { 'views/list.ejs': '<% user.roles.forEach(function (r) { %><li><%= r %></li><% }) %>\n', 'data.json': '{"user":{"name":"ada"}}' }),
    c('include-missing', 'BROKEN_BUILD', 'ejs views/index.ejs -f data.json', { 'views/index.ejs': "<%- include('partials/header') %>\n<main><%= title %></main>\n", 'data.json': '{"title":"Home"}' }),
    c('data-json', 'JSON_PARSE_ERROR', 'ejs views/index.ejs -f data.json', { 'views/index.ejs': '<h1><%= title %></h1>\n', 'data.json': '{"title": "Home",}\n' }),
    c('missing-template', 'ERROR_RESPONSE', 'ejs views/about.ejs -o dist/about.html'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 index.ejs && ${NOPRIV} ejs index.ejs`, { 'index.ejs': '<h1>hi</h1>\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', BIG_HTML + 'cp big.html big.ejs && ' + tinyFs('out', 'ejs big.ejs -o out/big.html'), {}),
  ];
}

// ---------------------------------------------------------------- marked

function marked() {
  const c = tool('marked');
  return [
    c('missing-input', 'ERROR_RESPONSE', 'marked -i docs/guide.md -o dist/guide.html'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 README.md && ${NOPRIV} marked -i README.md`, { 'README.md': '# Title\n' }),
    c('directory-input', 'ERROR_RESPONSE', 'marked -i docs -o dist/docs.html', { 'docs/a.md': '# A\n', 'dist/.keep': '' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', "for i in $(seq 4000); do echo \"* item **$i** with [a link](https://example.com/$i)\"; done > big.md && " + tinyFs('out', 'marked -i big.md -o out/big.html'), {}),
    c('read-only-output', 'ERROR_RESPONSE', roFs('dist', 'marked -i README.md -o dist/index.html'), { 'README.md': '# Title\n' }),
    // A JSON configuration file that does not parse: JSON_PARSE_ERROR, as pnpm's and yarn's package.json
    // (the corpus's convention; DESIGN's BROKEN_BUILD would also fit a project file: ambiguous).
    c('config-syntax', 'JSON_PARSE_ERROR', 'marked -i README.md --config marked.config.json', { 'README.md': '# Title\n', 'marked.config.json': '{ "gfm": true, "breaks": false,, }\n' }),
    c('config-missing', 'ERROR_RESPONSE', 'marked -i README.md --config .marked.json', { 'README.md': '# Title\n' }),
    c('config-js-throws', 'BROKEN_BUILD', 'marked -i README.md --config marked.config.js', { 'README.md': '# Title\n', 'marked.config.js': "const hl = require('./highlight-theme');\nmodule.exports = { gfm: true, highlight: hl };\n" }),
  ];
}

// ---------------------------------------------------------------- js-beautify

function jsBeautify() {
  const c = tool('js-beautify');
  return [
    c('missing-input', 'ERROR_RESPONSE', 'js-beautify src/vendor.js'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 app.js && ${NOPRIV} js-beautify app.js`, { 'app.js': 'var a=1;\n' }),
    c('directory-input', 'ERROR_RESPONSE', 'js-beautify src', { 'src/app.js': 'var a=1;\n' }),
    // A JSON configuration file that does not parse: JSON_PARSE_ERROR, as pnpm's and yarn's package.json
    // (the corpus's convention; DESIGN's BROKEN_BUILD would also fit a project file: ambiguous).
    c('config-syntax', 'JSON_PARSE_ERROR', 'js-beautify --config .jsbeautifyrc app.js', { 'app.js': 'var a=1;\n', '.jsbeautifyrc': '{ "indent_size": 2, "space_in_empty_paren": true\n' }),
    // js-beautify takes the unknown option's value for a file to read, which is not there.
    c('unknown-option', 'ERROR_RESPONSE', 'js-beautify --indent-width 2 app.js', { 'app.js': 'var a=1;\n' }),
    c('bad-indent-size', 'ERROR_RESPONSE', 'js-beautify --indent-size abc app.js', { 'app.js': 'var a=1;\n' }),
    c('bad-brace-style', 'ERROR_RESPONSE', 'js-beautify --brace-style sideways app.js', { 'app.js': 'var a=1;\n' }),
    c('bad-type', 'ERROR_RESPONSE', 'js-beautify --type typescript app.ts', { 'app.ts': 'let a:number=1;\n' }),
  ];
}

// ---------------------------------------------------------------- svgo

function svgo() {
  const c = tool('svgo');
  return [
    // Ambiguous: an SVG is an asset the build reads (data input, not code): not in its format: ERROR_RESPONSE.
    c('malformed-svg', 'ERROR_RESPONSE', 'svgo icons/logo.svg -o dist/logo.svg', { 'icons/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L10 10"</svg>\n' }),
    c('not-svg', 'ERROR_RESPONSE', 'svgo icons/logo.svg -o dist/logo.svg', { 'icons/logo.svg': '{"error":"not found"}\n' }),
    c('missing-input', 'ERROR_RESPONSE', 'svgo icons/menu.svg -o dist/menu.svg'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 logo.svg && ${NOPRIV} svgo logo.svg -o out.svg`, { 'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n' }),
    c('config-syntax', 'BROKEN_BUILD', 'svgo --config svgo.config.js logo.svg -o out.svg', { 'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n', 'svgo.config.js': "module.exports = {\n  multipass: true,\n  plugins: ['preset-default',\n};\n" }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Unknown builtin plugin "removeEverything" specified. names no file: a name refused (step 2).
    c('unknown-plugin', 'ERROR_RESPONSE', 'svgo --config svgo.config.js logo.svg -o out.svg', { 'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n', 'svgo.config.js': "module.exports = { plugins: ['preset-default', 'removeEverything'] };\n" }),
    c('disk-full', 'RESOURCE_EXHAUSTION', "(echo '<svg xmlns=\"http://www.w3.org/2000/svg\">'; for i in $(seq 3000); do echo \"<rect id=\\\"r$i\\\" x=\\\"$i\\\" y=\\\"$i\\\" width=\\\"10\\\" height=\\\"10\\\" fill=\\\"#12345$((i % 10))\\\"/>\"; done; echo '</svg>') > big.svg && " + tinyFs('out', 'svgo big.svg -o out/big.svg'), {}),
    c('unknown-option', 'ERROR_RESPONSE', 'svgo --precision-all 3 logo.svg', { 'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n' }),
  ];
}

// ---------------------------------------------------------------- csso

function csso() {
  const c = tool('csso');
  return [
    c('missing-input', 'ERROR_RESPONSE', 'csso styles/theme.css -o dist/theme.min.css'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 main.css && ${NOPRIV} csso main.css`, { 'main.css': 'a { color: red; }\n' }),
    c('directory-input', 'ERROR_RESPONSE', 'csso styles -o dist.css', { 'styles/a.css': 'a{}\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', BIG_CSS + tinyFs('out', 'csso big.css --no-restructure -o out/big.min.css'), {}),
    c('read-only-output', 'ERROR_RESPONSE', roFs('dist', 'csso main.css -o dist/main.min.css'), { 'main.css': 'a { color: red; }\n' }),
    // The usage data file is JSON the build produced; it does not parse.
    c('usage-json', 'JSON_PARSE_ERROR', 'csso main.css --usage usage.json', { 'main.css': 'a { color: red; }\n', 'usage.json': '{ "classes": ["btn", "card",] }\n' }),
    c('usage-missing', 'ERROR_RESPONSE', 'csso main.css --usage usage.json', { 'main.css': 'a { color: red; }\n' }),
    c('unknown-option', 'ERROR_RESPONSE', 'csso --minify-harder main.css', { 'main.css': 'a { color: red; }\n' }),
  ];
}

// ---------------------------------------------------------------- html-minifier-terser

function htmlMinifier() {
  const c = tool('html-minifier-terser');
  const H = 'html-minifier-terser --collapse-whitespace';
  return [
    c('parse-error', 'BROKEN_BUILD', `${H} src/index.html -o dist/index.html`, { 'src/index.html': '<html><body>\n<div class="hero" <p>Welcome</p></div>\n</body></html>\n', 'dist/.keep': '' }),
    c('unclosed-attribute', 'BROKEN_BUILD', `${H} src/index.html`, { 'src/index.html': '<html><body><a href="/docs>Docs</a>\n<p>more</p></body></html>\n' }),
    c('missing-input', 'ERROR_RESPONSE', `${H} src/about.html -o dist/about.html`),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 index.html && ${NOPRIV} ${H} index.html`, { 'index.html': '<p>hi</p>\n' }),
    // A JSON configuration file that does not parse: JSON_PARSE_ERROR, as pnpm's and yarn's package.json
    // (the corpus's convention; DESIGN's BROKEN_BUILD would also fit a project file: ambiguous).
    c('config-syntax', 'JSON_PARSE_ERROR', 'html-minifier-terser -c minify.json index.html', { 'index.html': '<p>hi</p>\n', 'minify.json': '{ "collapseWhitespace": true, "removeComments": true,\n' }),
    c('input-dir-missing', 'ERROR_RESPONSE', `${H} --input-dir pages --output-dir dist --file-ext html`),
    c('disk-full', 'RESOURCE_EXHAUSTION', BIG_HTML + tinyFs('out', `${H} big.html -o out/big.html`), {}),
    c('read-only-output', 'ERROR_RESPONSE', roFs('dist', `${H} index.html -o dist/index.html`), { 'index.html': '<p>hi</p>\n' }),
  ];
}

// ---------------------------------------------------------------- lxml

function lxml() {
  const c = tool('lxml');
  const parse = "from lxml import etree\nimport sys\ntree = etree.parse(sys.argv[1])\nprint(tree.getroot().tag)\n";
  const validate = "from lxml import etree\nschema = etree.XMLSchema(etree.parse('schema/order.xsd'))\ndoc = etree.parse('orders/order-17.xml')\nschema.assertValid(doc)\nprint('valid')\n";
  const xsd = '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n  <xs:element name="order">\n    <xs:complexType><xs:sequence>\n      <xs:element name="id" type="xs:integer"/>\n      <xs:element name="total" type="xs:decimal"/>\n    </xs:sequence></xs:complexType>\n  </xs:element>\n</xs:schema>\n';
  return [
    c('malformed', 'ERROR_RESPONSE', `${PY} read.py feeds/products.xml`, { 'read.py': parse, 'feeds/products.xml': '<products>\n  <product id="1"><name>Lamp</name></product>\n  <product id="2"><name>Desk</product>\n</products>\n' }),
    c('empty', 'ERROR_RESPONSE', `${PY} read.py feeds/products.xml`, { 'read.py': parse, 'feeds/products.xml': '' }),
    c('missing-file', 'ERROR_RESPONSE', `${PY} read.py feeds/products.xml`, { 'read.py': parse }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 products.xml && ${NOPRIV} ${PY} read.py products.xml`, { 'read.py': parse, 'products.xml': '<products/>\n' }),
    c('schema-invalid', 'FORMAT_VALIDATION', `${PY} validate.py`, { 'validate.py': validate, 'schema/order.xsd': xsd, 'orders/order-17.xml': '<order>\n  <id>17</id>\n  <total>twelve</total>\n</order>\n' }),
    c('dtd-invalid', 'FORMAT_VALIDATION', `${PY} dtd.py`, { 'dtd.py': "from lxml import etree\ndtd = etree.DTD(open('note.dtd'))\ndoc = etree.parse('note.xml')\nif not dtd.validate(doc):\n    raise SystemExit(str(dtd.error_log.filter_from_errors()))\n", 'note.dtd': '<!ELEMENT note (to,body)>\n<!ELEMENT to (#PCDATA)>\n<!ELEMENT body (#PCDATA)>\n', 'note.xml': '<note><body>hi</body></note>\n' }),
    // The XPath is the program's own expression: a query that does not parse (as the eleventh capture's DSL expressions).
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — lxml.etree.XPathEvalError: Invalid predicate names no file: a value refused (step 2).
    c('bad-xpath', 'ERROR_RESPONSE', `${PY} query.py`, { 'query.py': "from lxml import etree\ndoc = etree.fromstring('<a><b>1</b></a>')\nprint(doc.xpath('//b[text()=1'))\n" }),
    c('xslt-broken', 'BROKEN_BUILD', `${PY} transform.py`, { 'transform.py': "from lxml import etree\nxslt = etree.XSLT(etree.parse('report.xsl'))\nprint(xslt(etree.fromstring('<r/>')))\n", 'report.xsl': '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">\n  <xsl:template match="/">\n    <xsl:value-of selec="count(//item)"/>\n  </xsl:template>\n</xsl:stylesheet>\n' }),
    c('bad-schema', 'BROKEN_BUILD', `${PY} validate.py`, { 'validate.py': validate, 'schema/order.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n  <xs:element name="order" type="OrderType"/>\n</xs:schema>\n', 'orders/order-17.xml': '<order/>\n' }),
  ];
}

// ---------------------------------------------------------------- paramiko

function paramiko() {
  const c = tool('paramiko');
  const connect = (host = "'127.0.0.1'", extra = '') => `import os, paramiko\nclient = paramiko.SSHClient()\nclient.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nclient.connect(${host}, port=int(os.environ.get('PORT', '22')), username='deploy', password='not-used', look_for_keys=False, allow_agent=False, timeout=5, banner_timeout=3${extra})\nprint(client.exec_command('uptime')[1].read())\n`;
  const key = "import paramiko, sys\nkey = paramiko.RSAKey.from_private_key_file('keys/deploy_rsa', password=(sys.argv[1] if len(sys.argv) > 1 else None))\nprint(key.get_fingerprint().hex())\n";
  const MKKEY = "mkdir -p keys && ssh-keygen -q -t rsa -b 2048 -m PEM -N 'correct-horse' -f keys/deploy_rsa && ";
  return [
    c('refused', 'NETWORK', `${REFUSED}${PY} deploy.py`, { 'deploy.py': connect() }),
    c('unknown-host', 'NETWORK', `${PY} deploy.py`, { 'deploy.py': connect("'bastion.no-such-host.invalid'") }),
    c('closed', 'NETWORK', `${serve('line-srv.py', 'close')}${PY} deploy.py${done}`, { 'deploy.py': connect(), 'line-srv.py': LINE_SRV }),
    c('banner-timeout', 'TIMEOUT', `${serve('line-srv.py', 'sleep')}${PY} deploy.py${done}`, { 'deploy.py': connect(), 'line-srv.py': LINE_SRV }),
    c('reset', 'NETWORK', `${serve('line-srv.py', 'reset')}${PY} deploy.py${done}`, { 'deploy.py': connect(), 'line-srv.py': LINE_SRV }),
    c('key-passphrase-missing', 'AUTH_REQUIRED', `${MKKEY}${PY} key.py`, { 'key.py': key }),
    // Ambiguous: the wrong passphrase shows as key data that does not deserialize; what failed is the passphrase.
    c('key-passphrase-wrong', 'AUTH_REQUIRED', `${MKKEY}${PY} key.py wrong-horse`, { 'key.py': key }),
    c('key-not-a-key', 'ERROR_RESPONSE', `${PY} key.py`, { 'key.py': key, 'keys/deploy_rsa': 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 deploy@ci\n' }),
    c('key-missing', 'ERROR_RESPONSE', `${PY} key.py`, { 'key.py': key }),
  ];
}

// ---------------------------------------------------------------- SQLAlchemy (SQLite)

function sqlalchemy() {
  const c = tool('sqlalchemy');
  const q = (sql, db = 'app.db') => `from sqlalchemy import create_engine, text\nengine = create_engine('sqlite:///${db}')\nwith engine.begin() as conn:\n${sql.split('\n').map((l) => `    ${l}`).join('\n')}\n`;
  const MKDB = "sqlite3 app.db \"create table users (id integer primary key, email text unique not null); insert into users(email) values ('ada@example.com');\" && ";
  return [
    c('no-such-table', 'ERROR_RESPONSE', `${MKDB}${PY} report.py`, { 'report.py': q("print(conn.execute(text('select count(*) from orders')).scalar())") }),
    c('unique-violation', 'ERROR_RESPONSE', `${MKDB}${PY} signup.py`, { 'signup.py': q("conn.execute(text(\"insert into users(email) values ('ada@example.com')\"))") }),
    c('not-null', 'ERROR_RESPONSE', `${MKDB}${PY} signup.py`, { 'signup.py': q("conn.execute(text('insert into users(email) values (null)'))") }),
    c('locked', 'RESOURCE_BUSY', `${MKDB}${PY} -c "import sqlite3, time; c = sqlite3.connect('app.db', isolation_level=None); c.execute('begin exclusive'); open('held', 'w').close(); time.sleep(30)" & for i in $(seq 100); do [ -f held ] && break; sleep 0.05; done; ${PY} signup.py; r=$?; kill %1 2>/dev/null; exit $r`, { 'signup.py': "from sqlalchemy import create_engine, text\nengine = create_engine('sqlite:///app.db', connect_args={'timeout': 1})\nwith engine.begin() as conn:\n    conn.execute(text(\"insert into users(email) values ('bob@example.com')\"))\n" }),
    c('not-a-database', 'ERROR_RESPONSE', `${PY} report.py`, { 'report.py': q("print(conn.execute(text('select count(*) from users')).scalar())"), 'app.db': 'id,email\n1,ada@example.com\n'.repeat(50) }),
    c('cannot-open', 'ERROR_RESPONSE', `${PY} report.py`, { 'report.py': q("print(conn.execute(text('select 1')).scalar())", 'data/missing/app.db') }),
    c('read-only', 'ERROR_RESPONSE', `${MKDB}chmod 444 app.db && ${NOPRIV} ${PY} signup.py`, { 'signup.py': q("conn.execute(text(\"insert into users(email) values ('bob@example.com')\"))") }),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('data', `${PY} load.py`), { 'load.py': "from sqlalchemy import create_engine, text\nengine = create_engine('sqlite:///data/app.db')\nwith engine.begin() as conn:\n    conn.execute(text('create table events (id integer primary key, payload text)'))\n    for i in range(2000):\n        conn.execute(text('insert into events(payload) values (:p)'), {'p': 'x' * 500})\n" }),
    // The program's own code names a dialect that does not exist (a value it passed): its defect.
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): BROKEN_BUILD, was CLI_CRASH — NoSuchModuleError: Can't load plugin: sqlalchemy.dialects:sqlite3: a module the program loads is not there (step 1, as ModuleNotFoundError).
    c('bad-url', 'BROKEN_BUILD', `${PY} report.py`, { 'report.py': "from sqlalchemy import create_engine\nengine = create_engine('sqlite3:///app.db')\nprint(engine)\n" }),
    // The program's SQL does not parse: a statement the program holds (as a query expression): BROKEN_BUILD.
    c('sql-syntax', 'BROKEN_BUILD', `${MKDB}${PY} report.py`, { 'report.py': q("print(conn.execute(text('select email form users')).all())") }),
  ];
}

// ---------------------------------------------------------------- docutils (rst2html)

function docutils() {
  const c = tool('docutils');
  const R = 'rst2html --exit-status=2 --report=2';
  return [
    c('title-underline', 'BROKEN_BUILD', `${R} --halt=warning docs/index.rst dist/index.html`, { 'docs/index.rst': 'Release notes\n=====\n\nThe first release.\n', 'dist/.keep': '' }),
    c('unknown-directive', 'BROKEN_BUILD', `${R} docs/index.rst`, { 'docs/index.rst': 'Guide\n=====\n\n.. code-blok:: python\n\n   print(1)\n' }),
    c('unknown-role', 'BROKEN_BUILD', `${R} docs/index.rst`, { 'docs/index.rst': 'Guide\n=====\n\nSee :ref-doc:`install` for details.\n' }),
    c('include-missing', 'BROKEN_BUILD', `${R} docs/index.rst`, { 'docs/index.rst': 'Guide\n=====\n\n.. include:: ../CHANGELOG.rst\n' }),
    c('undefined-target', 'BROKEN_BUILD', `${R} docs/index.rst`, { 'docs/index.rst': 'Guide\n=====\n\nRead the `install guide`_ first.\n' }),
    c('missing-input', 'ERROR_RESPONSE', 'rst2html docs/usage.rst dist/usage.html'),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 index.rst && ${NOPRIV} rst2html index.rst`, { 'index.rst': 'Title\n=====\n' }),
    c('unknown-option', 'ERROR_RESPONSE', 'rst2html --theme=dark index.rst', { 'index.rst': 'Title\n=====\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', "(echo 'Big'; echo '==='; echo; for i in $(seq 3000); do echo \"* item **$i** with \\`code $i\\`\"; done) > big.rst && " + tinyFs('out', 'rst2html big.rst out/big.html'), {}),
  ];
}

// ---------------------------------------------------------------- toml (the python3-toml package)

function toml() {
  const c = tool('toml');
  const load = "import toml\ncfg = toml.load('config/app.toml')\nprint(cfg['server']['port'])\n";
  return [
    c('unclosed-table', 'BROKEN_BUILD', `${PY} app.py`, { 'app.py': load, 'config/app.toml': '[server\nport = 8080\n' }),
    c('duplicate-key', 'BROKEN_BUILD', `${PY} app.py`, { 'app.py': load, 'config/app.toml': '[server]\nport = 8080\nport = 9090\n' }),
    c('bad-value', 'BROKEN_BUILD', `${PY} app.py`, { 'app.py': load, 'config/app.toml': '[server]\nport = 80 80\n' }),
    c('unterminated-string', 'BROKEN_BUILD', `${PY} app.py`, { 'app.py': load, 'config/app.toml': '[server]\nhost = "0.0.0.0\nport = 8080\n' }),
    c('missing-file', 'ERROR_RESPONSE', `${PY} app.py`, { 'app.py': load }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 config/app.toml && ${NOPRIV} ${PY} app.py`, { 'app.py': load, 'config/app.toml': '[server]\nport = 8080\n' }),
    // The program reads a key its own configuration never had: its defect (a missing key in its own mapping).
    c('missing-key', 'CLI_CRASH', `${PY} app.py`, { 'app.py': load, 'config/app.toml': '[http]\nport = 8080\n' }),
    c('load-none', 'CLI_CRASH', `${PY} app.py`, { 'app.py': "import os, toml\ncfg = toml.load(os.environ.get('APP_CONFIG'))\nprint(cfg)\n" }),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', `${PY} dump.py`), { 'dump.py': "import toml\ndata = {'hosts': {f'host{i}': {'ip': f'10.0.{i // 250}.{i % 250}', 'tags': ['web', 'prod']} for i in range(3000)}}\nwith open('out/inventory.toml', 'w') as f:\n    toml.dump(data, f)\n" }),
  ];
}

/** The thirteenth capture's cases. */
export function firstSightThirteenthCases() {
  return [
    ...lessc(), ...stylus(), ...terser(), ...uglifyJs(), ...handlebars(), ...ejs(), ...marked(), ...jsBeautify(), ...svgo(),
    ...csso(), ...htmlMinifier(), ...lxml(), ...paramiko(), ...sqlalchemy(), ...docutils(), ...toml(),
  ];
}
