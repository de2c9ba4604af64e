/**
 * First-sight families, part 22 (the fifteenth capture): libraries used from a small program,
 * whose failures surface as exceptions and their messages — Debian's python3 packages (psycopg2
 * against the corpus's PostgreSQL server, Pillow, Markdown, python-dateutil, Beautiful Soup,
 * msgpack, simplejson, pytz, Babel with its pybabel CLI, Pygments with pygmentize, html5lib,
 * packaging), run with Debian's /usr/bin/python3, and npm libraries installed pinned with
 * `npm install -g` by install-first-sight.sh (pug, nunjucks, csv-parse, xml2js, axios against
 * the local HTTP(S) server, htmlhint), required from `npm root -g` — none named by a rule pack or
 * an earlier capture. Each case's `type` was written here, by DESIGN.md's rules and the README's
 * label decisions (the type follows what failed, not what carried it), before the classifier was
 * asked about any of these texts:
 * - an answer of something the program talks to: a database's refusal (no such table or database,
 *   a constraint), an HTTP 404: ERROR_RESPONSE; 401/403 and a refused login: AUTH_REQUIRED; 429:
 *   RATE_LIMIT; 500: SERVER_ERROR; 503: SERVER_OVERLOADED; a certificate nobody trusts:
 *   CERTIFICATE_ERROR; a refused port, an unknown host, a reset connection: NETWORK; no answer in
 *   time, a statement timeout: TIMEOUT; a lock not granted, a deadlock: RESOURCE_BUSY; no
 *   connection slot left: RESOURCE_EXHAUSTION (as node-postgres's texts are labelled);
 * - input the program reads that is not in its format, truncated or undecodable (an image, a
 *   msgpack or CSV or XML or HTML document, a date string in a data file), a file that is not
 *   there, a file's permission denied, a read-only file system, options a CLI refuses:
 *   ERROR_RESPONSE; JSON that does not parse: JSON_PARSE_ERROR (the corpus's convention);
 * - a project file that does not parse or load (a template, a SQL statement or CSS selector the
 *   program holds, a translation catalogue, a requirements file, a lexer module, an extension it
 *   imports that is not there): BROKEN_BUILD;
 * - the program's own defect (a TypeError or AttributeError, a value its own code passed that a
 *   library refuses, an unbounded recursion): CLI_CRASH;
 * - a full disk (a 64 KiB tmpfs in a user and mount namespace): RESOURCE_EXHAUSTION;
 * - an analyser's findings (htmlhint's rules): QUALITY_GATE_FAIL.
 */

import { LINE_SRV, NOPRIV, roFs, serveLine } from './shell.mjs';

/** Debian's python3, which has the python3-* packages (the image's python3 on PATH does not). */
const PY = '/usr/bin/python3';
const NODE = 'NODE_PATH=$(npm root -g) node main.js';
const tinyFs = (dir, cmd, opts = 'size=64k') => `unshare --map-root-user --mount sh -c 'mkdir -p ${dir} && mount -t tmpfs -o ${opts} tmpfs ${dir} && ${cmd}'`;

/** A case whose program is main.py (Debian's python3) or main.js (node, libraries from npm root -g). */
const lib = (family, file, cmd, origin) => (id, type, src, extra = {}) => ({
  id: `${family}.${id}`, source: family, type, files: { ...(src ? { [file]: src } : {}), ...(extra.files ?? {}) }, cmd: extra.cmd ?? cmd,
  origin: extra.cmd ?? origin, timeoutMs: 60_000, ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'files' && k !== 'cmd')),
});
const py = (family, what) => lib(family, 'main.py', `${PY} main.py`, `${PY} main.py (${what})`);
const js = (family, what) => lib(family, 'main.js', NODE, `node main.js (${what}, from npm root -g)`);


// ---------------------------------------------------------------- psycopg2

/**
 * Partly seen: the SQLSTATE registry (src/classify/registries/sqlstate.ts) names psycopg's exception
 * classes (`psycopg2.errors.DeadlockDetected`) as a spelling of its condition names.
 */
function psycopg2() {
  const c0 = py('psycopg2', 'python3-psycopg2 2.9 against PostgreSQL 15');
  const c = (id, type, src, extra = {}) => c0(id, type, src, { targets: 'registries/sqlstate (psycopg2.errors class names)', ...extra });
  const db = "import os, psycopg2\nDB = dict(host='127.0.0.1', port=int(os.environ.get('PGPORT', '1')), user='app', password='secret', dbname='app')\n";
  const one = (sql) => `${db}conn = psycopg2.connect(**DB)\nwith conn, conn.cursor() as cur:\n    cur.execute(${JSON.stringify(sql)})\n    print(cur.fetchall())\n`;
  const two = `${db}import threading\na = psycopg2.connect(**DB)\nb = psycopg2.connect(**DB)\nwith a.cursor() as cur:\n    cur.execute("create table if not exists accounts (id int primary key, balance int)")\n    cur.execute("insert into accounts values (1, 10), (2, 10) on conflict do nothing")\na.commit()\nca, cb = a.cursor(), b.cursor()\n`;
  const pg = { server: 'postgres' };
  return [
    c('refused', 'NETWORK', `${db}psycopg2.connect(**{**DB, 'port': 1})\n`),
    c('bad-password', 'AUTH_REQUIRED', `${db}psycopg2.connect(**{**DB, 'password': 'wrong'})\n`, pg),
    c('unknown-db', 'ERROR_RESPONSE', `${db}psycopg2.connect(**{**DB, 'dbname': 'analytics'})\n`, pg),
    // The statement is the program's own source: it does not parse.
    c('syntax', 'BROKEN_BUILD', one('selec id, email from users'), pg),
    c('undefined-table', 'ERROR_RESPONSE', one('select id, total from invoices'), pg),
    c('unique', 'ERROR_RESPONSE', one('create temp table t (id int primary key); insert into t values (1), (1) returning id'), pg),
    c('statement-timeout', 'TIMEOUT', one("set statement_timeout = 200; select pg_sleep(3)"), pg),
    c('lock-timeout', 'RESOURCE_BUSY', `${two}ca.execute("lock table accounts")\ncb.execute("set lock_timeout = '200ms'")\ncb.execute("select * from accounts for update")\n`, pg),
    c('deadlock', 'RESOURCE_BUSY', `${two}ca.execute("update accounts set balance = balance - 1 where id = 1")\ncb.execute("update accounts set balance = balance - 1 where id = 2")\nerrors = []\ndef run(cur, sql):\n    try:\n        cur.execute(sql)\n    except Exception as e:\n        errors.append(e)\nt = threading.Thread(target=run, args=(ca, "update accounts set balance = balance + 1 where id = 2"))\nt.start()\nimport time; time.sleep(0.3)\nrun(cb, "update accounts set balance = balance + 1 where id = 1")\nt.join()\nraise errors[0]\n`, pg),
    c('too-many-clients', 'RESOURCE_EXHAUSTION', `${db}conns = [psycopg2.connect(**DB) for _ in range(8)]\n`, pg),
    c('connect-timeout', 'TIMEOUT', "import os, psycopg2\nDB = dict(host='127.0.0.1', port=int(os.environ['PORT']), user='app', password='secret', dbname='app')\npsycopg2.connect(**DB, connect_timeout=1)\n", { files: { 'line-srv.py': LINE_SRV }, cmd: serveLine('sleep', `${PY} main.py`) }),
    c('reset', 'NETWORK', "import os, psycopg2\nDB = dict(host='127.0.0.1', port=int(os.environ['PORT']), user='app', password='secret', dbname='app')\npsycopg2.connect(**DB, connect_timeout=3)\n", { files: { 'line-srv.py': LINE_SRV }, cmd: serveLine('reset', `${PY} main.py`) }),
  ];
}

// ---------------------------------------------------------------- Pillow

function pillow() {
  const c = py('pillow', 'python3-pil 9.4');
  const PNG = `${PY} -c "from PIL import Image; Image.new('RGB', (64, 64), (200, 30, 30)).save('logo.png')" && `;
  const open = (f) => `from PIL import Image\nwith Image.open(${JSON.stringify(f)}) as im:\n    im.load()\n    im.thumbnail((32, 32))\n    im.save("thumb.png")\n`;
  return [
    c('not-an-image', 'ERROR_RESPONSE', open('logo.png'), { files: { 'logo.png': '<html><body><h1>404 Not Found</h1></body></html>\n' } }),
    c('truncated', 'ERROR_RESPONSE', open('photo.png'), { cmd: `${PY} -c "from PIL import Image; Image.effect_noise((400, 400), 80).convert('RGB').save('full.png')" && head -c 3000 full.png > photo.png && ${PY} main.py` }),
    c('missing', 'ERROR_RESPONSE', open('assets/banner.png')),
    c('permission-denied', 'ERROR_RESPONSE', open('logo.png'), { cmd: `${PNG}chmod 000 logo.png && ${NOPRIV} ${PY} main.py` }),
    c('disk-full', 'RESOURCE_EXHAUSTION', "from PIL import Image\nImage.effect_noise((1000, 1000), 90).convert('RGB').save('out/poster.bmp')\n", { cmd: tinyFs('out', `${PY} main.py`) }),
    c('read-only', 'ERROR_RESPONSE', "from PIL import Image\nImage.new('RGB', (64, 64)).save('dist/icon.png')\n", { cmd: roFs('dist', `${PY} main.py`) }),
    // The program names an output format by a file name Pillow has no writer for: its own value.
    c('unknown-extension', 'CLI_CRASH', "from PIL import Image\nImage.new('RGB', (64, 64)).save('icon.pgn')\n"),
    // The program saves an image with an alpha channel as JPEG: a value its own code passed.
    c('mode-jpeg', 'CLI_CRASH', "from PIL import Image\nImage.new('RGBA', (64, 64), (0, 0, 0, 0)).save('icon.jpg')\n"),
    c('resize-args', 'CLI_CRASH', "from PIL import Image\nim = Image.new('RGB', (64, 64))\nim.resize(32).save('small.png')\n"),
  ];
}

// ---------------------------------------------------------------- Markdown

function markdown() {
  const c = py('markdown', 'python3-markdown 3.4');
  const BIG_MD = "for i in $(seq 3000); do echo \"## Section $i\"; echo; echo \"Paragraph number $i with *emphasis* and a [link](https://example.com/$i).\"; echo; done > big.md && ";
  return [
    // An extension the project's code imports that is not installed: the program does not load.
    c('extension-missing', 'BROKEN_BUILD', "import markdown\nprint(markdown.markdown(open('README.md').read(), extensions=['pymdownx.superfences']))\n", { files: { 'README.md': '# Title\n' } }),
    c('extension-name', 'BROKEN_BUILD', "import markdown\nprint(markdown.markdown(open('README.md').read(), extensions=['markdown.extensions.tablez']))\n", { files: { 'README.md': '# Title\n' } }),
    c('extension-option', 'CLI_CRASH', "import markdown\nprint(markdown.markdown('# Title', extensions=['toc'], extension_configs={'toc': {'depth': 3}}))\n"),
    c('read-only', 'ERROR_RESPONSE', '', { cmd: `echo '# Notes' > notes.md && ${roFs('site', 'markdown_py notes.md -f site/notes.html')}` }),
    c('bad-option', 'ERROR_RESPONSE', '', { cmd: 'markdown_py --extensions toc README.md', files: { 'README.md': '# Title\n' } }),
    c('missing-input', 'ERROR_RESPONSE', '', { cmd: 'markdown_py docs/changelog.md -f build/changelog.html' }),
    // A document the program converts that is not UTF-8: input not in its format (the document
    // could be read as a project file too; it is data the converter reads).
    c('encoding', 'ERROR_RESPONSE', '', { cmd: "printf '# Caf\\xe9 menu\\n\\nCr\\xe8me br\\xfbl\\xe9e\\n' > menu.md && markdown_py menu.md" }),
    c('permission-denied', 'ERROR_RESPONSE', '', { cmd: `echo '# Notes' > notes.md && chmod 000 notes.md && ${NOPRIV} markdown_py notes.md` }),
    c('disk-full', 'RESOURCE_EXHAUSTION', '', { cmd: BIG_MD + tinyFs('out', 'markdown_py big.md -f out/big.html') }),
    // The extension configuration file given with -c does not parse: a project configuration.
    c('config-yaml', 'BROKEN_BUILD', '', { cmd: 'markdown_py -x toc -c md.yml README.md', files: { 'README.md': '# Title\n', 'md.yml': 'toc:\n  permalink: true\n   baselevel: 2\n' } }),
  ];
}

// ---------------------------------------------------------------- python-dateutil

function dateutil() {
  const c = py('dateutil', 'python3-dateutil 2.8');
  const csv = (rows) => ({ files: { 'events.csv': `id,starts_at\n${rows}` } });
  const readCsv = "import csv\nfrom dateutil import parser\nfor row in csv.DictReader(open('events.csv')):\n    print(row['id'], parser.parse(row['starts_at']).isoformat())\n";
  return [
    c('unknown-format', 'ERROR_RESPONSE', readCsv, csv('1,2026-03-01 09:00\n2,next tuesday-ish\n')),
    c('day-out-of-range', 'ERROR_RESPONSE', readCsv, csv('1,2026-02-30 10:00\n')),
    c('isoparse', 'ERROR_RESPONSE', "import json\nfrom dateutil.parser import isoparse\nfor e in json.load(open('feed.json')):\n    print(isoparse(e['updated']))\n", { files: { 'feed.json': '[{"updated": "2026-11-27T10:00:00Z"}, {"updated": "27/11/2026 10:00"}]\n' } }),
    // Ambiguous: dateutil lets an OverflowError out for a number too big for a date; what failed is the data's value.
    c('overflow', 'ERROR_RESPONSE', readCsv, csv('1,99999999999999999999\n')),
    // tz.gettz answers None for a name it does not know; the program uses it unchecked.
    c('gettz-none', 'CLI_CRASH', "from datetime import datetime\nfrom dateutil import tz\nzone = tz.gettz('Europe/Atlantis')\nprint(zone.utcoffset(datetime.now()))\n"),
    c('relativedelta-float', 'CLI_CRASH', "from datetime import date\nfrom dateutil.relativedelta import relativedelta\nprint(date(2026, 1, 31) + relativedelta(months=1.5))\n"),
    c('rrule-freq', 'CLI_CRASH', "from dateutil.rrule import rrulestr\nfor d in rrulestr('FREQ=FORTNIGHTLY;COUNT=3', dtstart=None):\n    print(d)\n"),
    c('naive-aware', 'CLI_CRASH', "from datetime import datetime\nfrom dateutil import parser\ndeadline = parser.parse('2026-12-01T00:00:00+01:00')\nprint(datetime.now() > deadline)\n"),
    c('missing-file', 'ERROR_RESPONSE', readCsv),
  ];
}

// ---------------------------------------------------------------- Beautiful Soup

function bs4() {
  const c = py('bs4', 'python3-bs4 4.11');
  const page = { files: { 'page.html': '<html><body><div class="content"><p>No results.</p></div></body></html>\n' } };
  return [
    c('feature-not-found', 'CLI_CRASH', "from bs4 import BeautifulSoup\nsoup = BeautifulSoup(open('page.html').read(), 'html-fast')\n", page),
    c('none-find-all', 'CLI_CRASH', "from bs4 import BeautifulSoup\nsoup = BeautifulSoup(open('page.html').read(), 'html.parser')\nfor tr in soup.find('table', id='prices').find_all('tr'):\n    print(tr.get_text())\n", page),
    c('none-text', 'CLI_CRASH', "from bs4 import BeautifulSoup\nsoup = BeautifulSoup(open('page.html').read(), 'html.parser')\nprint(soup.select_one('h1.title').text.strip())\n", page),
    c('index-error', 'CLI_CRASH', "from bs4 import BeautifulSoup\nsoup = BeautifulSoup(open('page.html').read(), 'html.parser')\nprint(soup.find_all('a')[0]['href'])\n", page),
    // The selector is a literal of the program: its own source does not parse.
    c('selector-syntax', 'BROKEN_BUILD', "from bs4 import BeautifulSoup\nsoup = BeautifulSoup(open('page.html').read(), 'html.parser')\nprint(soup.select('div.content > p:nth-child(2'))\n", page),
    c('missing', 'ERROR_RESPONSE', "from bs4 import BeautifulSoup\nsoup = BeautifulSoup(open('pages/index.html', encoding='utf-8').read(), 'html.parser')\n"),
    c('encoding', 'ERROR_RESPONSE', "from bs4 import BeautifulSoup\nsoup = BeautifulSoup(open('page.html', encoding='utf-8').read(), 'html.parser')\nprint(soup.title)\n", { cmd: `printf '<html><head><title>Men\\xfc</title></head></html>' > page.html && ${PY} main.py` }),
    c('permission-denied', 'ERROR_RESPONSE', "from bs4 import BeautifulSoup\nsoup = BeautifulSoup(open('page.html').read(), 'html.parser')\n", { ...page, cmd: `chmod 000 page.html && ${NOPRIV} ${PY} main.py` }),
    c('disk-full', 'RESOURCE_EXHAUSTION', "from bs4 import BeautifulSoup\nsoup = BeautifulSoup('<ul>' + ''.join(f'<li class=\"row\">Item {i}</li>' for i in range(5000)) + '</ul>', 'html.parser')\nopen('out/list.html', 'w').write(soup.prettify())\n", { cmd: tinyFs('out', `${PY} main.py`) }),
  ];
}

// ---------------------------------------------------------------- msgpack

function msgpack() {
  const c = py('msgpack', 'python3-msgpack 1.0');
  const make = `${PY} -c "import msgpack; open('cache.bin', 'wb').write(msgpack.packb({'jobs': [{'id': i, 'name': 'job-%d' % i} for i in range(50)]}))" && `;
  const read = "import msgpack\ndata = msgpack.unpackb(open('cache.bin', 'rb').read())\nprint(len(data['jobs']))\n";
  return [
    c('truncated', 'ERROR_RESPONSE', read, { cmd: `${make}head -c 300 cache.bin > c && mv c cache.bin && ${PY} main.py` }),
    c('extra-data', 'ERROR_RESPONSE', read, { cmd: `${make}cat cache.bin cache.bin > c && mv c cache.bin && ${PY} main.py` }),
    c('bad-utf8', 'ERROR_RESPONSE', read, { cmd: `printf '\\x81\\xa4jobs\\xa3\\xff\\xfe\\xfd' > cache.bin && ${PY} main.py` }),
    c('reserved-byte', 'ERROR_RESPONSE', read, { cmd: `printf '\\xc1\\x00' > cache.bin && ${PY} main.py` }),
    c('missing', 'ERROR_RESPONSE', read),
    c('permission-denied', 'ERROR_RESPONSE', read, { cmd: `${make}chmod 000 cache.bin && ${NOPRIV} ${PY} main.py` }),
    c('unserializable', 'CLI_CRASH', "import msgpack, datetime\nopen('cache.bin', 'wb').write(msgpack.packb({'saved_at': datetime.datetime.now()}))\n"),
    c('int-overflow', 'CLI_CRASH', "import msgpack\nprint(msgpack.packb({'checksum': 2 ** 70}))\n"),
    c('disk-full', 'RESOURCE_EXHAUSTION', "import msgpack\nwith open('out/cache.bin', 'wb') as f:\n    f.write(msgpack.packb([{'id': i, 'name': 'job-%d' % i, 'log': 'x' * 40} for i in range(4000)]))\n", { cmd: tinyFs('out', `${PY} main.py`) }),
  ];
}

// ---------------------------------------------------------------- simplejson

function simplejson() {
  const c = py('simplejson', 'python3-simplejson 3.18');
  const load = "import simplejson as json\nwith open('settings.json') as f:\n    settings = json.load(f)\nprint(settings['api'])\n";
  return [
    c('trailing-comma', 'JSON_PARSE_ERROR', load, { files: { 'settings.json': '{\n  "api": "https://api.example.com",\n  "retries": 3,\n}\n' } }),
    c('empty', 'JSON_PARSE_ERROR', load, { files: { 'settings.json': '' } }),
    c('truncated', 'JSON_PARSE_ERROR', load, { files: { 'settings.json': '{\n  "api": "https://api.example.com",\n  "endpoints": ["/v1/jobs", "/v1/ru' } }),
    c('html', 'JSON_PARSE_ERROR', load, { files: { 'settings.json': '<!DOCTYPE html>\n<html><body>Service Unavailable</body></html>\n' } }),
    // Meant as a NaN refused; this simplejson's loads takes no allow_nan: the program's own call is wrong.
    c('bad-keyword', 'CLI_CRASH', "import simplejson as json\nprint(json.loads(open('metrics.json').read(), allow_nan=False))\n", { files: { 'metrics.json': '{"latency_p99": NaN}\n' } }),
    c('invalid-escape', 'JSON_PARSE_ERROR', load, { files: { 'settings.json': '{\n  "api": "https://api.example.com",\n  "cache_dir": "C:\\data\\cache"\n}\n' } }),
    c('unserializable', 'CLI_CRASH', "import simplejson as json, datetime\nprint(json.dumps({'saved_at': datetime.datetime.now()}))\n"),
    c('circular', 'CLI_CRASH', "import simplejson as json\nnode = {'name': 'root'}\nnode['parent'] = node\nprint(json.dumps(node))\n"),
    c('missing', 'ERROR_RESPONSE', load),
    c('disk-full', 'RESOURCE_EXHAUSTION', "import simplejson as json\nwith open('out/dump.json', 'w') as f:\n    json.dump([{'id': i, 'name': 'job-%d' % i, 'state': 'queued'} for i in range(5000)], f, indent=2)\n", { cmd: tinyFs('out', `${PY} main.py`) }),
  ];
}

// ---------------------------------------------------------------- pytz

function pytz() {
  const c = py('pytz', 'python3-tz 2022.7');
  return [
    c('unknown-zone', 'CLI_CRASH', "import pytz\nprint(pytz.timezone('US/Pacifc'))\n"),
    // The zone comes from the data the program reads (a user's row): input it does not accept.
    c('unknown-zone-data', 'ERROR_RESPONSE', "import csv, pytz\nfor row in csv.DictReader(open('users.csv')):\n    print(row['email'], pytz.timezone(row['tz']))\n", { files: { 'users.csv': 'email,tz\nada@example.com,Europe/London\nbob@example.com,Europe/Kiev-ish\n' } }),
    c('ambiguous', 'CLI_CRASH', "import pytz\nfrom datetime import datetime\nprint(pytz.timezone('Europe/Berlin').localize(datetime(2026, 10, 25, 2, 30), is_dst=None))\n"),
    c('non-existent', 'CLI_CRASH', "import pytz\nfrom datetime import datetime\nprint(pytz.timezone('America/New_York').localize(datetime(2026, 3, 8, 2, 30), is_dst=None))\n"),
    c('not-naive', 'CLI_CRASH', "import pytz\nfrom datetime import datetime, timezone\nprint(pytz.timezone('Asia/Tokyo').localize(datetime.now(timezone.utc)))\n"),
    c('normalize-naive', 'CLI_CRASH', "import pytz\nfrom datetime import datetime\nprint(pytz.timezone('Europe/Paris').normalize(datetime(2026, 1, 1, 12)))\n"),
    // The zone is the invocation's setting (an environment variable), refused as a CLI's option value is.
    c('env-zone', 'ERROR_RESPONSE', "import os, pytz\nprint(pytz.timezone(os.environ['APP_TIMEZONE']))\n", { cmd: `APP_TIMEZONE=Europe/Berln ${PY} main.py` }),
    c('fromutc-naive', 'CLI_CRASH', "import pytz\nfrom datetime import datetime\nprint(pytz.utc.fromutc(datetime(2026, 1, 1)).astimezone(pytz.timezone('Europe/Oslo')).strftime('%H:%M %Z'))\nprint(pytz.timezone('Europe/Oslo').fromutc(pytz.utc.localize(datetime(2026, 1, 1))))\n"),
  ];
}

// ---------------------------------------------------------------- Babel

function babel() {
  const c = py('babel', 'python3-babel 2.10');
  const PO = (body) => `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n\n${body}`;
  const cat = (body) => ({ 'locale/de/LC_MESSAGES/messages.po': PO(body) });
  return [
    // The project's catalogue does not compile: a translation names a placeholder its msgid lacks.
    c('placeholder', 'BROKEN_BUILD', '', { cmd: 'pybabel compile -d locale', files: cat('#, python-format\nmsgid "Hello %(name)s"\nmsgstr "Hallo %(nme)s"\n\nmsgid "Save"\nmsgstr "Speichern"\n') }),
    c('bad-option', 'ERROR_RESPONSE', '', { cmd: 'pybabel compile --directory locale --use-fuzzy --strict', files: cat('msgid "Save"\nmsgstr "Speichern"\n') }),
    c('no-catalogs', 'ERROR_RESPONSE', '', { cmd: 'mkdir -p locale && pybabel compile -d locale' }),
    c('missing-template', 'ERROR_RESPONSE', '', { cmd: 'pybabel init -i locale/messages.pot -d locale -l fr' }),
    // The extraction method named in the project's mapping file is not importable: its configuration does not load.
    // The project's extraction mapping (babel.cfg) does not load: a line outside any section, a method no extractor has.
    c('mapping-header', 'BROKEN_BUILD', '', { cmd: 'pybabel extract -F babel.cfg -o messages.pot .', files: { 'babel.cfg': 'python: **.py\n', 'app.py': 'print(_("Hello"))\n' } }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — ValueError: Unknown extraction method 'mako': a name refused (step 2; the decision's own example).
    c('mapping-method', 'ERROR_RESPONSE', '', { cmd: 'pybabel extract -F babel.cfg -o messages.pot .', files: { 'babel.cfg': '[python: **.py]\n[mako: templates/**.mako]\n', 'app.py': 'print(_("Hello"))\n', 'templates/index.mako': '${_("Hi")}\n' } }),
    c('unknown-locale', 'CLI_CRASH', "from babel import Locale\nprint(Locale.parse('de_XY').display_name)\n"),
    c('number-input', 'ERROR_RESPONSE', "import csv\nfrom babel.numbers import parse_decimal\nfor row in csv.DictReader(open('prices.csv')):\n    print(parse_decimal(row['price'], locale='de_DE'))\n", { files: { 'prices.csv': 'sku,price\nA1,"12,50"\nB2,"1.2.3,4x"\n' } }),
    c('read-only', 'ERROR_RESPONSE', '', { cmd: roFs('dist', 'pybabel compile -i de.po -o dist/messages.mo'), files: { 'de.po': PO('msgid "Save"\nmsgstr "Speichern"\n') } }),
    c('disk-full', 'RESOURCE_EXHAUSTION', '', { cmd: `(printf 'msgid ""\\nmsgstr ""\\n"Content-Type: text/plain; charset=UTF-8\\\\n"\\n\\n'; for i in $(seq 3000); do printf 'msgid "Message number %s of the app"\\nmsgstr "Nachricht Nummer %s der Anwendung"\\n\\n' $i $i; done) > de.po && ${tinyFs('out', 'pybabel compile -i de.po -o out/messages.mo')}` }),
  ];
}

// ---------------------------------------------------------------- Pygments

function pygments() {
  const c = py('pygments', 'python3-pygments 2.14');
  const src = { 'app.py': 'def main():\n    print("hello")\n' };
  const P = '/usr/bin/pygmentize';
  return [
    c('unknown-lexer', 'ERROR_RESPONSE', '', { cmd: `${P} -l rustacean app.py`, files: src }),
    c('unknown-formatter', 'ERROR_RESPONSE', '', { cmd: `${P} -f htm -o app.html app.py`, files: src }),
    c('no-lexer-for-file', 'ERROR_RESPONSE', '', { cmd: `${P} build.weird`, files: { 'build.weird': 'target: deps\n' } }),
    c('unknown-style', 'ERROR_RESPONSE', '', { cmd: `${P} -f html -O style=solarized-darkest -o app.html app.py`, files: src }),
    c('missing-input', 'ERROR_RESPONSE', '', { cmd: `${P} -f html -o out.html src/main.py` }),
    c('permission-denied', 'ERROR_RESPONSE', '', { cmd: `chmod 000 app.py && ${NOPRIV} ${P} app.py`, files: src }),
    c('disk-full', 'RESOURCE_EXHAUSTION', '', { cmd: `for i in $(seq 3000); do echo "def handler_$i(request): return request.value + $i"; done > big.py && ${tinyFs('out', `${P} -f html -o out/big.html big.py`)}` }),
    // The project's own lexer module, loaded with -x, does not import.
    c('custom-lexer', 'BROKEN_BUILD', '', { cmd: `${P} -x -l lexers/dsl.py:DslLexer pipeline.dsl`, files: { 'lexers/dsl.py': 'from pygments.lexer import RegexLexer\nfrom pygments.token import *\n\nclass DslLexer(RegexLexer):\n    name = "DSL"\n    tokens = {\n        "root": [\n            (r"stage", Keyword),\n            (r".", Text)\n        ]\n    \n', 'pipeline.dsl': 'stage build\n' } }),
    c('lexer-class-missing', 'BROKEN_BUILD', '', { cmd: `${P} -x -l lexers/dsl.py:PipelineLexer pipeline.dsl`, files: { 'lexers/dsl.py': 'from pygments.lexer import RegexLexer\nfrom pygments.token import Keyword, Text\n\nclass DslLexer(RegexLexer):\n    name = "DSL"\n    tokens = {"root": [(r"stage", Keyword), (r".", Text)]}\n', 'pipeline.dsl': 'stage build\n' } }),
  ];
}

// ---------------------------------------------------------------- html5lib

function html5lib() {
  const c = py('html5lib', 'python3-html5lib 1.1');
  const strict = (html) => ["import html5lib\nparser = html5lib.HTMLParser(strict=True)\nparser.parse(open('page.html', 'rb'))\nprint('ok')\n", { files: { 'page.html': html } }];
  return [
    c('no-doctype', 'ERROR_RESPONSE', ...strict('<html><body><p>Hello</p></body></html>\n')),
    c('unexpected-end-tag', 'ERROR_RESPONSE', ...strict('<!DOCTYPE html>\n<html><body><p>Hello</div></p></body></html>\n')),
    // Ambiguous: a document cut inside a tag (input) — but what failed is html5lib's own table of
    // messages (a KeyError for an error code it lacks): a defect of the library, CLI_CRASH by the rule.
    c('eof-in-tag', 'CLI_CRASH', ...strict('<!DOCTYPE html>\n<html><body><a href="/x"')),
    c('bad-entity', 'ERROR_RESPONSE', ...strict('<!DOCTYPE html>\n<html><head><title>t</title></head><body><p>Fish &chips;</p></body></html>\n')),
    c('missing', 'ERROR_RESPONSE', "import html5lib\nhtml5lib.parse(open('site/index.html', 'rb'))\n"),
    c('permission-denied', 'ERROR_RESPONSE', "import html5lib\nprint(html5lib.parse(open('page.html', 'rb')))\n", { files: { 'page.html': '<p>x</p>' }, cmd: `chmod 000 page.html && ${NOPRIV} ${PY} main.py` }),
    c('unknown-treebuilder', 'CLI_CRASH', "import html5lib\nprint(html5lib.parse('<p>x</p>', treebuilder='lxml2'))\n"),
    c('disk-full', 'RESOURCE_EXHAUSTION', "import html5lib\ndoc = html5lib.parse('<ul>' + ''.join(f'<li class=row>Item {i}</li>' for i in range(5000)) + '</ul>')\nopen('out/list.html', 'w').write(html5lib.serialize(doc))\n", { cmd: tinyFs('out', `${PY} main.py`) }),
    c('serialize-walker', 'CLI_CRASH', "import html5lib\ndoc = html5lib.parse('<p>x</p>')\nprint(html5lib.serialize(doc, tree='minidom2'))\n"),
  ];
}

// ---------------------------------------------------------------- packaging

function packaging() {
  const c = py('packaging', 'python3-packaging 23.0');
  const reqs = "from packaging.requirements import Requirement\nfor line in open('requirements.txt'):\n    line = line.strip()\n    if line and not line.startswith('#'):\n        print(Requirement(line))\n";
  return [
    c('requirement', 'BROKEN_BUILD', reqs, { files: { 'requirements.txt': 'requests>=2.28\nflask = 2.3\n' } }),
    c('specifier', 'BROKEN_BUILD', reqs, { files: { 'requirements.txt': 'requests>=2.28\nurllib3 >= 1.26,, < 3\n' } }),
    c('marker', 'BROKEN_BUILD', reqs, { files: { 'requirements.txt': 'pywin32>=306; sys_platform = "win32"\n' } }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — InvalidVersion: Invalid version: 'release-2.1 (build 7)' names no project file: a value refused (step 2).
    c('version-file', 'ERROR_RESPONSE', "from packaging.version import Version\nprint(Version(open('VERSION').read().strip()))\n", { files: { 'VERSION': 'release-2.1 (build 7)\n' } }),
    // Versions in an index's answer the program reads: input not in the format it expects.
    c('index-version', 'ERROR_RESPONSE', "import json\nfrom packaging.version import Version\nreleases = json.load(open('index.json'))['releases']\nprint(max(Version(v) for v in releases))\n", { files: { 'index.json': '{"releases": ["1.0.0", "1.1.0", "1.2.0-final-final"]}\n' } }),
    c('wheel-filename', 'ERROR_RESPONSE', "import os\nfrom packaging.utils import parse_wheel_filename\nfor f in sorted(os.listdir('dist')):\n    print(parse_wheel_filename(f))\n", { files: { 'dist/app-1.0-py3-none-any.whl': '', 'dist/app_1.1-py3.whl': '' } }),
    c('compare-str', 'CLI_CRASH', "from packaging.version import Version\nprint(Version('2.1.0') < '2.10.0')\n"),
    c('missing', 'ERROR_RESPONSE', reqs),
    c('sdist-filename', 'ERROR_RESPONSE', "import os\nfrom packaging.utils import parse_sdist_filename\nfor f in sorted(os.listdir('dist')):\n    print(parse_sdist_filename(f))\n", { files: { 'dist/app-1.0.tar.gz': '', 'dist/app.zip': '' } }),
  ];
}

// ---------------------------------------------------------------- pug

function pug() {
  const c = js('pug', 'pug 3');
  const render = (tpl, data = '{}') => [`const pug = require('pug');\nprocess.stdout.write(pug.renderFile('views/page.pug', ${data}));\n`, { files: { 'views/page.pug': tpl } }];
  return [
    c('syntax', 'BROKEN_BUILD', ...render('html\n  body\n    h1(class="title" Hello\n')),
    c('indent', 'BROKEN_BUILD', ...render('html\n  body\n    ul\n      li one\n     li two\n')),
    c('include-missing', 'BROKEN_BUILD', ...render('html\n  body\n    include partials/header.pug\n    main Hello\n')),
    c('extends-missing', 'BROKEN_BUILD', ...render('extends layouts/base.pug\n\nblock content\n  p Hello\n')),
    c('unknown-filter', 'BROKEN_BUILD', ...render('html\n  body\n    :markdown-it\n      # Hello\n')),
    c('duplicate-attribute', 'BROKEN_BUILD', ...render('a(href="/a" href="/b") link\n')),
    // The template's code reads a field the program's data lacks: its own defect at render time.
    c('type-error', 'CLI_CRASH', ...render('h1= user.profile.name\n', "{ user: { id: 1 } }")),
    // The template calls a mixin no template defines: the project's templates do not render (as lessc's undefined mixin).
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): CLI_CRASH, was BROKEN_BUILD — pug_mixins.card is not a function (a TypeError): a call of an undefined function at render time (step 3).
    c('undefined-mixin', 'CLI_CRASH', ...render('div\n  +card("Title")\n')),
    c('disk-full', 'RESOURCE_EXHAUSTION', "const pug = require('pug');\nconst html = pug.render('ul\\n  each i in items\\n    li.row= \"Row number \" + i', { items: Array.from({ length: 5000 }, (_, i) => i) });\nrequire('fs').writeFileSync('out/list.html', html);\n", { cmd: tinyFs('out', NODE) }),
  ];
}

// ---------------------------------------------------------------- nunjucks

function nunjucks() {
  const c = js('nunjucks', 'nunjucks 3.2');
  const render = (tpl, data = '{}') => [`const nunjucks = require('nunjucks');\nconst env = new nunjucks.Environment(new nunjucks.FileSystemLoader('templates'));\nprocess.stdout.write(env.render('page.njk', ${data}));\n`, { files: { 'templates/page.njk': tpl } }];
  return [
    c('unclosed-block', 'BROKEN_BUILD', ...render('<ul>\n{% for item in items %}\n  <li>{{ item }}</li>\n</ul>\n', "{ items: [1] }")),
    c('bad-tag', 'BROKEN_BUILD', ...render('{% iff user %}<p>{{ user }}</p>{% endif %}\n')),
    c('unknown-filter', 'BROKEN_BUILD', ...render('<p>{{ price | currency }}</p>\n', '{ price: 3 }')),
    c('include-missing', 'BROKEN_BUILD', ...render('{% include "partials/header.njk" %}\n<main>Hello</main>\n')),
    c('extends-missing', 'BROKEN_BUILD', ...render('{% extends "layouts/base.njk" %}\n{% block content %}Hi{% endblock %}\n')),
    c('expression', 'BROKEN_BUILD', ...render('<p>{{ user.name }</p>\n')),
    // Ambiguous: the template calls a function the program never gave it — the template or the
    // program is wrong; the project's template does not render: BROKEN_BUILD (as handlebars.missing-helper).
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): CLI_CRASH, was BROKEN_BUILD — Unable to call formatDate, which is undefined: a call of an undefined function at render time (step 3).
    c('undefined-call', 'CLI_CRASH', ...render('<p>{{ formatDate(createdAt) }}</p>\n', "{ createdAt: '2026-01-01' }")),
    // The program's own data lacks a field its template prints (throwOnUndefined): its defect, as handlebars.strict-missing-field.
    c('throw-undefined', 'CLI_CRASH', "const nunjucks = require('nunjucks');\nconst env = new nunjucks.Environment(null, { throwOnUndefined: true });\nprocess.stdout.write(env.renderString('<h1>{{ title }}</h1><p>{{ author.name }}</p>', { title: 'Release notes' }));\n"),
    c('disk-full', 'RESOURCE_EXHAUSTION', "const nunjucks = require('nunjucks');\nconst html = nunjucks.renderString('<ul>{% for i in items %}<li class=\"row\">Row number {{ i }}</li>\\n{% endfor %}</ul>', { items: Array.from({ length: 5000 }, (_, i) => i) });\nrequire('fs').writeFileSync('out/list.html', html);\n", { cmd: tinyFs('out', NODE) }),
  ];
}

// ---------------------------------------------------------------- csv-parse

function csvParse() {
  const c = js('csv-parse', 'csv-parse 5.6');
  const parse = (data, opts = '{ columns: true }') => [`const { parse } = require('csv-parse/sync');\nconst fs = require('fs');\nconst rows = parse(fs.readFileSync('orders.csv'), ${opts});\nconsole.log(rows.length);\n`, { files: { 'orders.csv': data } }];
  return [
    c('field-count', 'ERROR_RESPONSE', ...parse('id,sku,qty\n1,A1,2\n2,B2\n3,C3,1\n')),
    c('closing-quote', 'ERROR_RESPONSE', ...parse('id,note\n1,"said "hi" twice"\n')),
    c('quote-not-closed', 'ERROR_RESPONSE', ...parse('id,note\n1,"unterminated\n2,ok\n')),
    c('columns-mismatch', 'ERROR_RESPONSE', ...parse('1,A1,2,extra\n', "{ columns: ['id', 'sku', 'qty'] }")),
    c('max-record-size', 'ERROR_RESPONSE', ...parse(`id,payload\n1,${'x'.repeat(5000)}\n`, '{ columns: true, max_record_size: 1024 }')),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — Invalid option delimiter: delimiter must be a non empty string: an option refused (step 2).
    c('bad-delimiter-option', 'ERROR_RESPONSE', ...parse('id;sku\n1;A1\n', "{ columns: true, delimiter: '' }")),
    c('bad-encoding-option', 'CLI_CRASH', ...parse('id,sku\n1,A1\n', "{ columns: true, encoding: 'utf-9' }")),
    c('missing', 'ERROR_RESPONSE', "const { parse } = require('csv-parse');\nconst fs = require('fs');\nfs.createReadStream('data/orders.csv').pipe(parse({ columns: true })).on('data', (r) => console.log(r));\n"),
    c('stream-field-count', 'ERROR_RESPONSE', "const { parse } = require('csv-parse');\nconst fs = require('fs');\nfs.createReadStream('orders.csv').pipe(parse({ columns: true })).on('data', (r) => console.log(r.id));\n", { files: { 'orders.csv': 'id,sku,qty\n1,A1,2\n2,B2,3,4\n' } }),
  ];
}

// ---------------------------------------------------------------- xml2js

function xml2js() {
  const c = js('xml2js', 'xml2js 0.6');
  const parse = (xml) => ["const xml2js = require('xml2js');\nconst fs = require('fs');\nxml2js.parseStringPromise(fs.readFileSync('feed.xml', 'utf8')).then((doc) => console.log(Object.keys(doc)));\n", { files: { 'feed.xml': xml } }];
  return [
    c('unclosed-root', 'ERROR_RESPONSE', ...parse('<?xml version="1.0"?>\n<feed><entry><title>One</title></entry>\n')),
    c('text-before-root', 'ERROR_RESPONSE', ...parse('Service Unavailable\n<feed/>\n')),
    c('unexpected-close', 'ERROR_RESPONSE', ...parse('<feed><entry><title>One</entry></title></feed>\n')),
    c('bad-entity', 'ERROR_RESPONSE', ...parse('<feed><title>Fish &chips</title></feed>\n')),
    c('attribute-without-value', 'ERROR_RESPONSE', ...parse('<feed><entry draft>One</entry></feed>\n')),
    c('missing', 'ERROR_RESPONSE', "const xml2js = require('xml2js');\nconst fs = require('fs');\nxml2js.parseString(fs.readFileSync('data/feed.xml', 'utf8'), (err, doc) => { if (err) throw err; console.log(doc); });\n"),
    // An empty document parses to null; the program reads a field of it unchecked.
    c('null-result', 'CLI_CRASH', "const xml2js = require('xml2js');\nxml2js.parseString('', (err, doc) => { if (err) throw err; console.log(doc.feed.entry.length); });\n"),
    c('builder-name', 'CLI_CRASH', "const xml2js = require('xml2js');\nconst builder = new xml2js.Builder();\nconsole.log(builder.buildObject({ 'order items': { item: ['a', 'b'] } }));\n"),
    c('permission-denied', 'ERROR_RESPONSE', ...parse('<feed/>\n').map((x, i) => (i === 1 ? { ...x, cmd: `chmod 000 feed.xml && ${NOPRIV} sh -c '${NODE}'` } : x))),
  ];
}

// ---------------------------------------------------------------- axios

function axios() {
  const c = js('axios', 'axios 1.x');
  const get = (extra = '') => `const axios = require('axios');\n(async () => {\n  const r = await axios.get(process.env.URL + '/v1/jobs'${extra});\n  console.log(r.data);\n})();\n`;
  const handled = (extra = '') => `const axios = require('axios');\naxios.get(process.env.URL + '/v1/jobs'${extra}).then((r) => console.log(r.data)).catch((e) => {\n  console.error(\`request failed: \${e.message} (\${e.code})\`);\n  if (e.response) console.error(JSON.stringify(e.response.data));\n  process.exit(1);\n});\n`;
  return [
    c('refused', 'NETWORK', "const axios = require('axios');\naxios.get('http://127.0.0.1:1/v1/jobs').then((r) => console.log(r.data));\n"),
    c('dns', 'NETWORK', handled().replace("process.env.URL + '/v1/jobs'", "'https://api.no-such-host.invalid/v1/jobs'")),
    c('timeout', 'TIMEOUT', handled(', { timeout: 1000 }'), { http: { status: 'sleep' } }),
    c('401', 'AUTH_REQUIRED', get(), { http: { status: 401, body: '{"error":"invalid_token"}' } }),
    c('403', 'AUTH_REQUIRED', handled(), { http: { status: 403, body: '{"error":"forbidden"}' } }),
    c('404', 'ERROR_RESPONSE', handled(), { http: { status: 404, body: '{"error":"not found"}' } }),
    c('429', 'RATE_LIMIT', get(), { http: { status: 429, body: '{"error":"rate limited"}', headers: ['Retry-After:30'] } }),
    c('500', 'SERVER_ERROR', handled(), { http: { status: 500, body: '{"error":"internal"}' } }),
    c('503', 'SERVER_OVERLOADED', get(), { http: { status: 503, body: '' } }),
    c('self-signed', 'CERTIFICATE_ERROR', handled(), { http: { status: 200, tls: 'valid', body: '{}' } }),
    c('expired', 'CERTIFICATE_ERROR', get(), { http: { status: 200, tls: 'expired', body: '{}' } }),
    c('reset', 'NETWORK', "const axios = require('axios');\naxios.post(`http://127.0.0.1:${process.env.PORT}/v1/jobs`, { name: 'build' }).then((r) => console.log(r.data));\n", { files: { 'line-srv.py': LINE_SRV }, cmd: serveLine('reset', NODE) }),
  ];
}

// ---------------------------------------------------------------- htmlhint

function htmlhint() {
  const c = js('htmlhint', 'htmlhint 1.9');
  const H = 'htmlhint';
  return [
    c('findings', 'QUALITY_GATE_FAIL', '', { cmd: `${H} index.html`, files: { 'index.html': '<!DOCTYPE html>\n<html>\n<head><title>Home</title></head>\n<body>\n<IMG src="logo.png">\n<div id="main"><div id="main"></div>\n</body>\n</html>\n' } }),
    c('attr-quotes', 'QUALITY_GATE_FAIL', '', { cmd: `${H} page.html`, files: { 'page.html': "<!DOCTYPE html>\n<html><head><title>x</title></head><body><a href='/a'>a</a><p class=lead>x</p></body></html>\n" } }),
    c('doctype', 'QUALITY_GATE_FAIL', '', { cmd: `${H} --format unix page.html`, files: { 'page.html': '<html><head><title>x</title></head><body><p>x</p></body></html>\n' } }),
    c('tag-pair', 'QUALITY_GATE_FAIL', '', { cmd: `${H} --format compact src`, files: { 'src/a.html': '<!DOCTYPE html>\n<html><head><title>x</title></head><body><ul><li>one</ul></body></html>\n' } }),
    c('config-rule', 'QUALITY_GATE_FAIL', '', { cmd: `${H} --config .htmlhintrc page.html`, files: { '.htmlhintrc': '{"alt-require": true, "id-class-value": "dash"}\n', 'page.html': '<!DOCTYPE html>\n<html><head><title>x</title></head><body><img src="a.png"><div id="mainContent"></div></body></html>\n' } }),
    c('bad-formatter', 'ERROR_RESPONSE', '', { cmd: `${H} --format github page.html`, files: { 'page.html': '<!DOCTYPE html>\n<html><head><title>x</title></head><body></body></html>\n' } }),
    c('json-format', 'QUALITY_GATE_FAIL', '', { cmd: `${H} --format json page.html`, files: { 'page.html': '<html><head><title>x</title></head><body><p>x</body></html>\n' } }),
    c('rules-arg', 'QUALITY_GATE_FAIL', '', { cmd: `${H} --rules tag-pair,id-unique page.html`, files: { 'page.html': '<!DOCTYPE html>\n<html><head><title>x</title></head><body><div id="a"></div><div id="a"><span></div></body></html>\n' } }),
  ];
}

/** The fifteenth capture's families, in the order they were written. */
export function firstSightFifteenthCases() {
  return [...psycopg2(), ...pillow(), ...markdown(), ...dateutil(), ...bs4(), ...msgpack(), ...simplejson(), ...pytz(), ...babel(), ...pygments(), ...html5lib(), ...packaging(), ...pug(), ...nunjucks(), ...csvParse(), ...xml2js(), ...axios(), ...htmlhint()];
}
