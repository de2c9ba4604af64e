/**
 * First-sight families, part 11 (the fifth capture, with part 12): modules of Python's standard
 * library that programs call and wrappers run, which no rule pack, registry or earlier capture
 * names — zipfile, configparser, tomllib, argparse, concurrent.futures, doctest, ElementTree,
 * shutil, pickle, shelve and xmlrpc.client (against the local HTTP(S) server). Each case's `type` was
 * written here, by the rules of first-sight-cli.mjs and the parts after it and the README's label
 * decisions, before the classifier was asked about any of these texts; for these families:
 * - a library's uncaught exception refusing a value or an input (a file that is not a zip or not a
 *   pickle, a member or option that is not there, a value of the wrong kind) is CLI_CRASH (README,
 *   label decisions: DESIGN's CLI_CRASH is an uncaught exception; ERROR_RESPONSE is an answer of
 *   something the task talks to, which keeps its type whatever exception carried it: an XML-RPC
 *   server's HTTP status or fault);
 * - a file that is not there, a destination that exists, a read-only file system: ERROR_RESPONSE,
 *   as the corpus reads cp's and tarfile's `FileNotFoundError`;
 * - a configuration file that does not parse (INI, TOML, XML) is BROKEN_BUILD, as xmllint's and the
 *   yaml family's; stored data whose checksum fails (a zip member's CRC) is DATA_CORRUPTION;
 * - an encrypted member read without its password or with a wrong one is AUTH_REQUIRED;
 * - a CLI's usage errors are ERROR_RESPONSE (as click's and yargs'); a doctest whose example prints
 *   other than expected is VERIFICATION_FAILED, one that cannot import its module BROKEN_BUILD;
 * - a task in a pool fails for what it raised: a refused connection or unknown host NETWORK, a
 *   program not installed CLI_NOT_FOUND, a wait that ran out TIMEOUT, MemoryError
 *   RESOURCE_EXHAUSTION, a worker process killed CLI_CRASH;
 * - a full disk is RESOURCE_EXHAUSTION (a 64 KiB tmpfs in a user and mount namespace).
 */

const tool = (family) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, ...extra });
/** A 64 KiB file system mounted on `dir` for `cmd` (a user and mount namespace: no root needed on the host). */
const tinyFs = (dir, cmd, opts = 'size=64k') => `unshare --map-root-user --mount sh -c 'mkdir -p ${dir} && mount -t tmpfs -o ${opts} tmpfs ${dir} && ${cmd}'`;

function zipfile() {
  const c = (id, type, body, setup = '') => ({ ...tool('zipfile')(id, type, `${setup}python3 main.py`, { 'main.py': body }), origin: `${setup}python3 main.py (zipfile)`, timeoutMs: 60_000 });
  const extract = (archive = 'release.zip', dest = 'release') => `import zipfile\n\nwith zipfile.ZipFile('${archive}') as z:\n    z.extractall('${dest}')\nprint('extracted')\n`;
  const make = `python3 -c 'import zipfile\nwith zipfile.ZipFile("release.zip", "w") as z:\n    z.writestr("app/VERSION", "1.4.0-release\\n")\n    z.writestr("app/data.bin", bytes(200000))' && `;
  const secret = 'mkdir -p app && echo "DB_HOST=db.internal" > app/secrets.env && zip -q -P correct-horse secrets.zip app/secrets.env && ';
  return [
    c('not-a-zip', 'ERROR_RESPONSE', extract(), 'echo "<html>502 Bad Gateway</html>" > release.zip && '),
    c('truncated', 'ERROR_RESPONSE', extract(), `${make}head -c 120 release.zip > cut.zip && mv cut.zip release.zip && `),
    c('bad-crc', 'DATA_CORRUPTION', "import zipfile\n\nwith zipfile.ZipFile('release.zip') as z:\n    print(z.read('app/VERSION').decode())\n", `${make}python3 -c 'd = open("release.zip", "rb").read().replace(b"1.4.0-release", b"1.4.0-RELEASE"); open("release.zip", "wb").write(d)' && `),
    c('member-missing', 'ERROR_RESPONSE', "import zipfile\n\nwith zipfile.ZipFile('release.zip') as z:\n    z.extract('app/config.toml', 'release')\n", make),
    c('missing-archive', 'ERROR_RESPONSE', extract('dist/release-1.4.zip')),
    // secrets.zip: a member encrypted by zip -P (the origin leaves the password out)
    { ...c('encrypted', 'AUTH_REQUIRED', extract('secrets.zip', 'secrets'), secret), origin: 'python3 main.py (zipfile; secrets.zip: a member encrypted by zip -P)' },
    { ...c('bad-password', 'AUTH_REQUIRED', "import zipfile\n\nwith zipfile.ZipFile('secrets.zip') as z:\n    z.extractall('secrets', pwd=b'wrong-pass')\n", secret), origin: 'python3 main.py (zipfile; secrets.zip: a member encrypted by zip -P)' },
    { ...c('disk-full', 'RESOURCE_EXHAUSTION', extract('release.zip', 'out/release')), cmd: `${make}${tinyFs('out', 'python3 main.py')}`, origin: 'python3 main.py (zipfile; out/: a 64 KiB file system)' },
  ];
}

function configparser() {
  const c = (id, type, ini, code = "print(cfg['db']['url'])\n") => ({
    ...tool('configparser')(id, type, 'python3 main.py', { 'main.py': `import configparser\n\ncfg = configparser.ConfigParser()\nwith open('app.ini') as f:\n    cfg.read_file(f)\n${code}`, ...(ini === null ? {} : { 'app.ini': ini }) }),
    origin: 'python3 main.py (configparser)', timeoutMs: 60_000,
  });
  const ok = '[db]\nhost = db.internal\nport = 5432\nurl = postgres://%(host)s:%(port)s/app\n\n[worker]\nreplicas = 2\n';
  return [
    c('no-section-header', 'BROKEN_BUILD', 'host = db.internal\nport = 5432\n'),
    c('duplicate-section', 'BROKEN_BUILD', `${ok}\n[db]\nhost = replica.internal\n`),
    c('duplicate-option', 'BROKEN_BUILD', '[db]\nhost = db.internal\nport = 5432\nhost = replica.internal\n'),
    c('parsing-error', 'BROKEN_BUILD', '[db]\nhost = db.internal\nport 5432\n  - replica.internal\n[worker\n'),
    // Ambiguous: a value names an interpolation key the file does not define — a template whose variable is missing (as jinja2.undefined, CONTEXT_ERROR).
    c('interpolation-missing', 'BROKEN_BUILD', '[db]\nport = 5432\nurl = postgres://%(host)s:%(port)s/app\n'),
    c('interpolation-syntax', 'BROKEN_BUILD', '[db]\nhost = db.internal\nurl = postgres://app:p%ss@%(host)s/app\n'),
    c('no-option', 'CLI_CRASH', ok, "print(cfg.get('db', 'password'))\n"),
    c('no-section', 'CLI_CRASH', ok, "print(cfg.getint('cache', 'size'))\n"),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was CLI_CRASH — ValueError: invalid literal for int() with base 10: 'two' (the decision's own example): a value refused, the code line is the program's, not a subject (step 2; as decimal.config-value).
    c('not-an-int', 'ERROR_RESPONSE', ok.replace('replicas = 2', 'replicas = two'), "print(cfg.getint('worker', 'replicas'))\n"),
    c('missing-file', 'ERROR_RESPONSE', null),
  ];
}

function tomllib() {
  const c = (id, type, toml, code = "print(cfg['tool']['app']['name'])\n") => ({
    ...tool('tomllib')(id, type, 'python3 main.py', { 'main.py': `import tomllib\n\nwith open('pyproject.toml', 'rb') as f:\n    cfg = tomllib.load(f)\n${code}`, ...(toml === null ? {} : { 'pyproject.toml': toml }) }),
    origin: 'python3 main.py (tomllib)', timeoutMs: 60_000,
  });
  return [
    c('unquoted-string', 'BROKEN_BUILD', '[tool.app]\nname = api\nreplicas = 2\n'),
    c('duplicate-key', 'BROKEN_BUILD', '[tool.app]\nname = "api"\nreplicas = 2\nname = "worker"\n'),
    c('unclosed-array', 'BROKEN_BUILD', '[tool.app]\nname = "api"\nhosts = ["a.internal", "b.internal"\nreplicas = 2\n'),
    c('unclosed-string', 'BROKEN_BUILD', '[tool.app]\nname = "api\nreplicas = 2\n'),
    c('missing-equals', 'BROKEN_BUILD', '[tool.app]\nname "api"\n'),
    c('table-redefined', 'BROKEN_BUILD', '[tool.app]\nname = "api"\n\n[tool.app]\nreplicas = 2\n'),
    c('bad-date', 'BROKEN_BUILD', '[tool.app]\nname = "api"\nrelease = 2026-13-45\n'),
    c('missing-key', 'CLI_CRASH', '[tool.app]\nreplicas = 2\n'),
    c('missing-file', 'ERROR_RESPONSE', null),
  ];
}

function argparse() {
  const APP = "import argparse\n\np = argparse.ArgumentParser(prog='release')\np.add_argument('service', choices=['api', 'worker', 'web'])\np.add_argument('--env', required=True, choices=['staging', 'prod'])\np.add_argument('--replicas', type=int, default=2)\np.add_argument('--manifest', type=argparse.FileType('r'))\ng = p.add_mutually_exclusive_group()\ng.add_argument('--canary', action='store_true')\ng.add_argument('--all-at-once', action='store_true')\nargs = p.parse_args()\nprint(args)\n";
  const c = (id, type, args, app = APP) => ({ ...tool('argparse')(id, type, `python3 release.py ${args}`, { 'release.py': app }), origin: `python3 release.py ${args} (argparse)`, timeoutMs: 60_000 });
  return [
    c('missing-required', 'ERROR_RESPONSE', 'api'),
    c('invalid-choice', 'ERROR_RESPONSE', 'api --env production'),
    c('invalid-int', 'ERROR_RESPONSE', 'api --env staging --replicas three'),
    c('unrecognized', 'ERROR_RESPONSE', 'api --env staging --region eu'),
    c('mutually-exclusive', 'ERROR_RESPONSE', 'api --env prod --canary --all-at-once'),
    c('expected-argument', 'ERROR_RESPONSE', 'api --env'),
    c('file-missing', 'ERROR_RESPONSE', 'api --env staging --manifest releases/api.json'),
    c('missing-positional', 'ERROR_RESPONSE', '--env staging'),
    // The parser itself is defined wrongly: an uncaught exception at start, whatever the arguments.
    c('conflicting-option', 'CLI_CRASH', 'api --env staging', APP.replace("g.add_argument('--all-at-once'", "g.add_argument('--canary', '--all-at-once'")),
  ];
}

function concurrentFutures() {
  const c = (id, type, body, extra = {}) => ({ ...tool('concurrent-futures')(id, type, 'python3 main.py', { 'main.py': `import concurrent.futures as cf, os, socket, subprocess, time\n\n${body}` }), origin: 'python3 main.py (concurrent.futures)', timeoutMs: 60_000, ...extra });
  const pool = (fn, args, kind = 'ThreadPoolExecutor') => `if __name__ == '__main__':\n    with cf.${kind}(max_workers=2) as pool:\n        for result in pool.map(${fn}, ${args}):\n            print(result)\n`;
  return [
    c('refused', 'NETWORK', `def ping(port):\n    with socket.create_connection(('127.0.0.1', port), timeout=5):\n        return f'{port}: up'\n\n${pool('ping', '[1, 2]')}`),
    c('dns', 'NETWORK', `def resolve(host):\n    return socket.getaddrinfo(host, 443)[0][4]\n\n${pool('resolve', "['cache.internal.invalid', 'queue.internal.invalid']")}`),
    c('result-timeout', 'TIMEOUT', "def sync(region):\n    time.sleep(30)\n    return region\n\nif __name__ == '__main__':\n    pool = cf.ThreadPoolExecutor(max_workers=2)\n    future = pool.submit(sync, 'eu')\n    print(future.result(timeout=2))\n", { timeoutMs: 60_000 }),
    c('as-completed-timeout', 'TIMEOUT', "def sync(seconds):\n    time.sleep(seconds)\n    return seconds\n\nif __name__ == '__main__':\n    pool = cf.ThreadPoolExecutor(max_workers=2)\n    futures = [pool.submit(sync, s) for s in (0, 30)]\n    for f in cf.as_completed(futures, timeout=2):\n        print(f.result())\n"),
    c('broken-pool', 'CLI_CRASH', `def render(page):\n    if page == 3:\n        os.kill(os.getpid(), 9)\n    return page\n\n${pool('render', 'range(6)', 'ProcessPoolExecutor')}`),
    c('worker-raises', 'CLI_CRASH', `def parse(line):\n    name, replicas = line.split('=')\n    return name, int(replicas)\n\n${pool('parse', "['api=2', 'worker=two']", 'ProcessPoolExecutor')}`),
    c('memory', 'RESOURCE_EXHAUSTION', `def load(n):\n    return len(bytearray(1 << 50))\n\n${pool('load', '[1]', 'ProcessPoolExecutor')}`),
    c('unpicklable', 'CLI_CRASH', `${pool('lambda page: page * 2', 'range(4)', 'ProcessPoolExecutor')}`),
    c('program-missing', 'CLI_NOT_FOUND', `def build(overlay):\n    return subprocess.run(['kustomizer', 'build', overlay], check=True)\n\n${pool('build', "['staging', 'prod']")}`),
    c('after-shutdown', 'CLI_CRASH', "if __name__ == '__main__':\n    pool = cf.ThreadPoolExecutor(max_workers=2)\n    pool.shutdown()\n    pool.submit(print, 'late job')\n"),
  ];
}

function doctest() {
  const c = (id, type, files, cmd = 'python3 -m doctest pricing.py') => ({ ...tool('doctest')(id, type, cmd, files), origin: `${cmd} (doctest)`, timeoutMs: 60_000 });
  const mod = (examples, code = 'return round(amount * (1 + rate), 2)', head = '') => ({ 'pricing.py': `${head}def gross(amount, rate=0.2):\n    """Price with VAT.\n\n${examples}\n    """\n    ${code}\n` });
  return [
    c('wrong-value', 'VERIFICATION_FAILED', mod('    >>> gross(10)\n    12.0\n    >>> gross(19.99)\n    23.99', 'return round(amount * (1 + rate), 1)')),
    c('several', 'VERIFICATION_FAILED', mod('    >>> gross(10)\n    12.5\n    >>> gross(100, rate=0.07)\n    107.5\n    >>> gross(0)\n    0.0')),
    c('unexpected-exception', 'VERIFICATION_FAILED', mod("    >>> gross('10')\n    12.0")),
    c('text-file', 'VERIFICATION_FAILED', { ...mod('    >>> gross(10)\n    12.0'), 'README.txt': 'Usage\n=====\n\n    >>> from pricing import gross\n    >>> gross(50, rate=0.1)\n    55.5\n    >>> [gross(p) for p in (1, 2)]\n    [1.2, 2.4]\n' }, 'python3 -m doctest README.txt'),
    c('module-import', 'BROKEN_BUILD', mod('    >>> gross(10)\n    12.0', undefined, 'import currency_rates\n\n')),
    c('module-syntax', 'BROKEN_BUILD', mod('    >>> gross(10)\n    12.0', 'return round(amount * (1 + rate), 2')),
    c('missing-file', 'ERROR_RESPONSE', {}, 'python3 -m doctest docs/pricing.txt'),
    c('refused', 'NETWORK', { 'rates.py': 'import urllib.request\n\ndef fetch_rate(currency):\n    """Current VAT rate.\n\n    >>> fetch_rate("EUR")\n    0.2\n    """\n    with urllib.request.urlopen(f"http://127.0.0.1:1/rates/{currency}", timeout=5) as r:\n        return float(r.read())\n' }, 'python3 -m doctest rates.py'),
  ];
}

function elementtree() {
  const c = (id, type, xml, code = "print(root.find('port').text)\n") => ({
    ...tool('elementtree')(id, type, 'python3 main.py', { 'main.py': `import xml.etree.ElementTree as ET\n\nroot = ET.parse('config/app.xml').getroot()\n${code}`, ...(xml === null ? {} : { 'config/app.xml': xml }) }),
    origin: 'python3 main.py (xml.etree.ElementTree)', timeoutMs: 60_000,
  });
  return [
    c('mismatched-tag', 'BROKEN_BUILD', '<service>\n  <name>api</name>\n  <port>8080</prt>\n</service>\n'),
    c('unclosed', 'BROKEN_BUILD', '<service>\n  <name>api</name>\n  <port>8080</port>\n'),
    c('undefined-entity', 'BROKEN_BUILD', '<service>\n  <name>api &amp; worker &nbsp;</name>\n  <port>8080</port>\n</service>\n'),
    c('junk-after-root', 'BROKEN_BUILD', '<service>\n  <port>8080</port>\n</service>\n<service>\n  <port>9090</port>\n</service>\n'),
    c('invalid-token', 'BROKEN_BUILD', '<service>\n  <name>api & worker</name>\n  <port>8080</port>\n</service>\n'),
    c('empty', 'BROKEN_BUILD', ''),
    c('missing-file', 'ERROR_RESPONSE', null),
    c('no-element', 'CLI_CRASH', '<service>\n  <name>api</name>\n</service>\n'),
    c('bad-xpath', 'CLI_CRASH', '<service>\n  <name>api</name>\n  <port>8080</port>\n</service>\n', "print(root.find('port[@proto=\"tcp\"').text)\n"),
  ];
}

function shutil() {
  const c = (id, type, body, setup = '', extra = {}) => ({ ...tool('shutil')(id, type, `${setup}python3 main.py`, { 'main.py': `import shutil\n\n${body}` }), origin: `${setup}python3 main.py (shutil)`, timeoutMs: 60_000, ...extra });
  const site = 'mkdir -p site/assets && echo "<h1>app</h1>" > site/index.html && ';
  return [
    c('dest-exists', 'ERROR_RESPONSE', "shutil.copytree('site', 'public')\nprint('published')\n", `${site}mkdir -p public && `),
    c('source-missing', 'ERROR_RESPONSE', "shutil.copy('build/app.tar.gz', 'dist/')\n", 'mkdir -p dist && '),
    c('same-file', 'CLI_CRASH', "shutil.copy('site/index.html', 'site/./index.html')\n", site),
    c('unknown-format', 'CLI_CRASH', "shutil.make_archive('dist/site', 'tar.zst', 'site')\n", site),
    c('not-an-archive', 'ERROR_RESPONSE', "shutil.unpack_archive('release.zip', 'release')\n", 'echo "<html>502 Bad Gateway</html>" > release.zip && '),
    c('unknown-archive', 'ERROR_RESPONSE', "shutil.unpack_archive('release.bin', 'release')\n", 'echo data > release.bin && '),
    c('move-into-itself', 'CLI_CRASH', "shutil.move('site', 'site/archive/site')\n", `${site}mkdir -p site/archive && `),
    c('dangling-link', 'ERROR_RESPONSE', "shutil.copytree('site', 'public')\n", `${site}ln -s ../../shared/logo.svg site/assets/logo.svg && `),
    { ...c('disk-full', 'RESOURCE_EXHAUSTION', "shutil.copy('app.bin', 'out/app.bin')\n", 'head -c 400000 /dev/zero > app.bin && '), cmd: `head -c 400000 /dev/zero > app.bin && ${tinyFs('out', 'python3 main.py')}`, origin: 'python3 main.py (shutil; out/: a 64 KiB file system)' },
    { ...c('read-only', 'ERROR_RESPONSE', "shutil.copytree('site', 'out/site')\n", site), cmd: `${site}${tinyFs('out', 'python3 main.py', 'ro,size=64k')}`, origin: 'python3 main.py (shutil; out/: a read-only file system)' },
  ];
}

function pickle() {
  const c = (id, type, body, setup = '') => ({ ...tool('pickle')(id, type, `${setup}python3 main.py`, { 'main.py': `import pickle\n\n${body}` }), origin: `${setup}python3 main.py (pickle)`, timeoutMs: 60_000 });
  const load = "with open('cache/jobs.pkl', 'rb') as f:\n    jobs = pickle.load(f)\nprint(len(jobs))\n";
  const write = (obj, head = '') => `mkdir -p cache && python3 -c '${head}import pickle\npickle.dump(${obj}, open("cache/jobs.pkl", "wb"))' && `;
  return [
    c('truncated', 'ERROR_RESPONSE', load, `${write('[{"id": i, "name": "job-%d" % i} for i in range(500)]')}head -c 300 cache/jobs.pkl > cut && mv cut cache/jobs.pkl && `),
    c('empty', 'ERROR_RESPONSE', load, 'mkdir -p cache && : > cache/jobs.pkl && '),
    c('not-a-pickle', 'ERROR_RESPONSE', load, 'mkdir -p cache && echo \'{"jobs": []}\' > cache/jobs.pkl && '),
    c('missing-class', 'CLI_CRASH', load, `${write('[Job()]', 'class Job: pass\n')}`),
    c('missing-module', 'BROKEN_BUILD', load, `mkdir -p cache lib && echo "class Job: pass" > lib/jobs.py && (cd lib && python3 -c 'import pickle, jobs\npickle.dump([jobs.Job()], open("../cache/jobs.pkl", "wb"))') && `),
    c('lambda', 'CLI_CRASH', "retry = {'backoff': lambda n: 2 ** n}\nwith open('state.pkl', 'wb') as f:\n    pickle.dump(retry, f)\n"),
    c('lock', 'CLI_CRASH', "import threading\n\nstate = {'jobs': [1, 2], 'lock': threading.Lock()}\nwith open('state.pkl', 'wb') as f:\n    pickle.dump(state, f)\n"),
    c('protocol', 'CLI_CRASH', "with open('state.pkl', 'wb') as f:\n    pickle.dump({'jobs': []}, f, protocol=9)\n"),
    c('missing-file', 'ERROR_RESPONSE', load),
  ];
}

function xmlrpc() {
  const c = (id, type, http = null, url = "os.environ['URL']", extra = {}) => ({
    ...tool('xmlrpc')(id, type, 'python3 main.py', { 'main.py': `import os, socket, xmlrpc.client\n\nsocket.setdefaulttimeout(3)\nserver = xmlrpc.client.ServerProxy(${url} + '/RPC2')\nprint(server.deploy('api', '1.4'))\n` }),
    origin: 'python3 main.py (xmlrpc.client)', timeoutMs: 60_000, ...(http ? { http } : {}), ...extra,
  });
  const status = (code, body = '') => ({ status: code, body });
  const FAULT = '<?xml version="1.0"?>\n<methodResponse><fault><value><struct><member><name>faultCode</name><value><int>404</int></value></member><member><name>faultString</name><value><string>no such release: api 1.4</string></value></member></struct></value></fault></methodResponse>\n';
  return [
    c('401', 'AUTH_REQUIRED', status(401)),
    c('403', 'AUTH_REQUIRED', status(403)),
    c('404', 'ERROR_RESPONSE', status(404)),
    c('429', 'RATE_LIMIT', status(429)),
    c('500', 'SERVER_ERROR', status(500)),
    c('503', 'SERVER_OVERLOADED', status(503)),
    c('fault', 'ERROR_RESPONSE', status(200, FAULT)),
    c('not-xml', 'ERROR_RESPONSE', status(200, '<html><body>Login to continue</body></html>\n')),
    c('refused', 'NETWORK', null, "'http://127.0.0.1:1'"),
    c('timeout', 'TIMEOUT', { status: 'sleep' }),
    c('self-signed', 'CERTIFICATE_ERROR', { status: 200, body: FAULT, tls: 'valid' }),
  ];
}

function shelve() {
  const c = (id, type, body, setup = '') => ({ ...tool('shelve')(id, type, `${setup}python3 main.py`, { 'main.py': `import shelve\n\n${body}` }), origin: `${setup}python3 main.py (shelve)`, timeoutMs: 60_000 });
  const seed = `mkdir -p state && python3 -c 'import shelve\nwith shelve.open("state/jobs") as db:\n    db["api"] = {"replicas": 2}' && `;
  return [
    c('missing-db', 'ERROR_RESPONSE', "with shelve.open('state/jobs', flag='r') as db:\n    print(db['api'])\n"),
    c('missing-key', 'CLI_CRASH', "with shelve.open('state/jobs', flag='r') as db:\n    print(db['worker']['replicas'])\n", seed),
    c('read-only', 'CLI_CRASH', "with shelve.open('state/jobs', flag='r') as db:\n    db['worker'] = {'replicas': 3}\n", seed),
    c('unpicklable', 'CLI_CRASH', "import threading\n\nwith shelve.open('state/jobs') as db:\n    db['lock'] = threading.Lock()\n", seed),
    c('closed', 'CLI_CRASH', "db = shelve.open('state/jobs')\ndb.close()\nprint(db['api'])\n", seed),
    c('not-a-db', 'ERROR_RESPONSE', "with shelve.open('state/jobs', flag='r') as db:\n    print(db['api'])\n", 'mkdir -p state && echo "<html>502</html>" > state/jobs && '),
    { ...c('disk-full', 'RESOURCE_EXHAUSTION', "with shelve.open('out/jobs') as db:\n    db['blob'] = bytes(400000)\n"), cmd: tinyFs('out', 'python3 main.py'), origin: 'python3 main.py (shelve; out/: a 64 KiB file system)' },
    { ...c('read-only-fs', 'ERROR_RESPONSE', "with shelve.open('out/jobs') as db:\n    db['api'] = {'replicas': 2}\n"), cmd: tinyFs('out', 'python3 main.py', 'ro,size=64k'), origin: 'python3 main.py (shelve; out/: a read-only file system)' },
  ];
}

/** Every case of this part. */
export function firstSightStdlibCases() {
  return [...zipfile(), ...configparser(), ...tomllib(), ...argparse(), ...concurrentFutures(), ...doctest(), ...elementtree(), ...shutil(), ...pickle(), ...shelve(), ...xmlrpc()];
}
