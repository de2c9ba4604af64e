/**
 * First-sight families, part 10 (the fourth capture, with parts 8 and 9): programs that run other
 * programs or libraries a program calls, which no rule pack, registry or earlier capture names —
 * a job runner (GNU parallel), a build tool (SCons), file system tools (e2fsprogs), Python's
 * asyncio and tarfile, and yargs from the project's node_modules. Each case's `type` was written
 * here, by the rules of first-sight-cli.mjs and the parts after it, before the classifier was asked
 * about any of these texts; for these families in particular:
 * - a runner's job or a build's step fails for what the job printed: a failed check is
 *   VERIFICATION_FAILED, a refused connection NETWORK, a program not installed CLI_NOT_FOUND, a
 *   job killed at its time limit TIMEOUT, a full disk RESOURCE_EXHAUSTION; a lock (a semaphore)
 *   that another run holds is RESOURCE_BUSY, also when the wait ran out;
 * - a build description that does not load (a syntax or name error in the SConstruct), code that
 *   does not compile or link and a target or source nobody can build are BROKEN_BUILD (as make's);
 * - a file system whose metadata fails the checker's consistency checks is DATA_CORRUPTION
 *   (README, issue 33: stored data fails its integrity check); a file that is no file system at
 *   all is ERROR_RESPONSE (input that is not what the tool reads);
 * - an archive member that would be written outside the destination (a `../` path, a link out of
 *   it), refused by tarfile's extraction filter, is SECURITY_VIOLATION: extracting it would write
 *   where the run must not (DESIGN: data-loss risk; the type's examples are sensitive paths);
 * - a CLI framework's usage errors are ERROR_RESPONSE (as click's); a configuration file that is
 *   not JSON is JSON_PARSE_ERROR; an exception a command's handler did not catch is CLI_CRASH,
 *   unless it names a root cause (a refused connection: NETWORK);
 * - a file or directory the run may not write (a file's "permission denied") is ERROR_RESPONSE, as
 *   the corpus reads cp's.
 */

import { FREE_PORT } from './first-sight-services.mjs';
import { tinyFs } from './shell.mjs';

const tool = (family) => (id, type, cmd, files = {}, extra = {}) => ({ id: `${family}.${id}`, source: family, type, files, cmd, ...extra });

function parallel() {
  const c = (id, type, cmd, files = {}, extra = {}) => tool('parallel')(id, type, cmd, files, { timeoutMs: 60_000, ...extra });
  const check = { 'check.sh': '#!/bin/sh\ncase "$1" in\n  worker) echo "worker: expected 3 replicas, got 1" >&2; exit 1 ;;\n  *) echo "$1: ok" ;;\nesac\n' };
  return [
    c('check-fails', 'VERIFICATION_FAILED', 'chmod +x check.sh && parallel --halt now,fail=1 ./check.sh ::: api worker web', check),
    c('refused', 'NETWORK', 'parallel -j2 curl -sS --fail http://127.0.0.1:1/{} ::: health ready'),
    c('command-missing', 'CLI_NOT_FOUND', 'parallel kustomizer build overlays/{} ::: staging prod'),
    c('timeout', 'TIMEOUT', 'chmod +x sync.sh && parallel --timeout 2 ./sync.sh ::: eu us', { 'sync.sh': '#!/bin/sh\necho "syncing $1"\nsleep 30\n' }),
    c('semaphore-held', 'RESOURCE_BUSY', 'chmod +x deploy.sh && (sem --id deploy --fg sleep 10 >/dev/null 2>&1 &) && sleep 2 && sem --id deploy --fg --semaphoretimeout -2 ./deploy.sh', { 'deploy.sh': '#!/bin/sh\necho deploying\n' }),
    c('joblog-dir', 'ERROR_RESPONSE', 'parallel --joblog logs/jobs.log echo ::: api worker'),
    c('unknown-option', 'ERROR_RESPONSE', 'parallel --jobz 4 echo ::: api worker'),
    c('arg-file-missing', 'ERROR_RESPONSE', 'parallel -a hosts.txt echo {}'),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('tmp', "parallel --tmpdir tmp head -c 400000 /dev/zero ::: a >/dev/null"), {}, { origin: 'parallel --tmpdir tmp head -c 400000 /dev/zero ::: a (tmp: a 64 KiB file system)' }),
  ];
}

function scons() {
  const c = (id, type, sconstruct, files = {}, cmd = 'scons -Q') => tool('scons')(id, type, cmd, { SConstruct: sconstruct, 'main.c': '#include <stdio.h>\nint main(void) { puts("app"); return 0; }\n', ...files }, { timeoutMs: 120_000 });
  const app = "env = Environment()\nenv.Program('app', ['main.c'])\n";
  return [
    c('compile-error', 'BROKEN_BUILD', app, { 'main.c': '#include <stdio.h>\nint main(void) {\n  int port = "8080";\n  printf("%d\\n", port)\n  return 0;\n}\n' }),
    c('missing-source', 'BROKEN_BUILD', "env = Environment()\nenv.Program('app', ['main.c', 'src/config.c'])\n"),
    c('syntax', 'BROKEN_BUILD', "env = Environment(\nenv.Program('app', ['main.c'])\n"),
    // The SConstruct is the build's description: a name error in it means the build does not load.
    c('name-error', 'BROKEN_BUILD', "env = Environment()\nenv.Program('app', sources)\n"),
    c('compiler-missing', 'CLI_NOT_FOUND', "env = Environment(CC='clang-99')\nenv.Program('app', ['main.c'])\n"),
    c('link-error', 'BROKEN_BUILD', app, { 'main.c': 'int load_config(const char *path);\nint main(void) { return load_config("app.toml"); }\n' }),
    c('test-fails', 'VERIFICATION_FAILED', "env = Environment()\ntest = env.Program('config_test', ['config_test.c'])\nenv.Command('config_test.passed', test, './$SOURCE && touch $TARGET')\n", { 'config_test.c': '#include <stdio.h>\nint main(void) {\n  int port = 0;\n  if (port != 8080) { fprintf(stderr, "config_test: expected port 8080, got %d\\n", port); return 1; }\n  return 0;\n}\n' }),
    c('download-refused', 'NETWORK', "env = Environment()\nenv.Command('vendor/zlib.tar.gz', [], 'mkdir -p vendor && curl -sS --fail -o $TARGET http://127.0.0.1:1/zlib-1.3.tar.gz')\n"),
    c('unknown-target', 'BROKEN_BUILD', app, {}, 'scons -Q install-docs'),
    { ...c('disk-full', 'RESOURCE_EXHAUSTION', "env = Environment()\nenv.Command('out/assets.bin', [], 'head -c 400000 /dev/zero > $TARGET')\n", {}, tinyFs('out', 'scons -Q')), origin: 'scons -Q (out/: a 64 KiB file system)' },
  ];
}

function e2fsprogs() {
  const c = (id, type, cmd) => tool('e2fsprogs')(id, type, cmd, {}, { timeoutMs: 60_000 });
  // An 8 MiB ext4 image with one file in it.
  const img = 'mkfs.ext4 -q -F fs.img 8M && echo "release notes" > notes.txt && debugfs -w -R "write notes.txt notes.txt" fs.img >/dev/null 2>&1';
  return [
    c('link-count', 'DATA_CORRUPTION', `${img} && debugfs -w -R "set_inode_field notes.txt links_count 5" fs.img >/dev/null 2>&1 && e2fsck -fn fs.img`),
    c('cleared-inode', 'DATA_CORRUPTION', `${img} && debugfs -w -R "clri notes.txt" fs.img >/dev/null 2>&1 && e2fsck -fn fs.img`),
    c('block-bitmap', 'DATA_CORRUPTION', `${img} && debugfs -w -R "freeb 1000 20" fs.img >/dev/null 2>&1 && e2fsck -fn fs.img`),
    // A file of zeros: e2fsck's words allow a corrupt superblock, but there never was a file system (input not what it reads).
    c('not-a-filesystem', 'ERROR_RESPONSE', 'truncate -s 8M fs.img && e2fsck -n fs.img'),
    c('missing-image', 'ERROR_RESPONSE', 'e2fsck -n images/rootfs.img'),
    c('too-small', 'ERROR_RESPONSE', 'truncate -s 4k tiny.img && mkfs.ext4 -q -F tiny.img'),
    c('resize-below-minimum', 'ERROR_RESPONSE', `${img} && resize2fs fs.img 100K`),
    c('unknown-feature', 'ERROR_RESPONSE', `${img} && tune2fs -O frobnicate fs.img`),
    { ...c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('images', 'truncate -s 8M images/fs.img && mkfs.ext4 -q -F images/fs.img')), origin: 'mkfs.ext4 images/fs.img (a sparse 8 MiB file on a 64 KiB file system)' },
  ];
}

function asyncio() {
  const c = (id, type, body, extra = {}) => tool('asyncio')(id, type, 'python3 main.py', { 'main.py': `import asyncio, os, ssl\n\n${body}` }, { origin: 'python3 main.py (asyncio)', timeoutMs: 60_000, ...extra });
  const fetch = (host, port, ctx = 'None') => `async def main():\n    reader, writer = await asyncio.open_connection(${host}, ${port}, ssl=${ctx})\n    writer.write(b'GET /health HTTP/1.0\\r\\n\\r\\n')\n    print(await reader.read())\n\nasyncio.run(main())\n`;
  const url = "os.environ['URL'].rsplit(':', 1)";
  return [
    c('refused', 'NETWORK', fetch("'127.0.0.1'", 1)),
    c('dns', 'NETWORK', fetch("'cache.internal.invalid'", 6379)),
    c('self-signed', 'CERTIFICATE_ERROR', fetch('\'127.0.0.1\'', `int(${url}[1])`, 'ssl.create_default_context()'), { http: { status: 200, body: 'ok\n', tls: 'valid' } }),
    c('wait-for', 'TIMEOUT', `async def main():\n    reader, writer = await asyncio.open_connection('127.0.0.1', int(${url}[1]))\n    writer.write(b'GET /health HTTP/1.0\\r\\n\\r\\n')\n    print(await asyncio.wait_for(reader.read(), timeout=2))\n\nasyncio.run(main())\n`, { http: { status: 'sleep' } }),
    c('timeout-block', 'TIMEOUT', "async def sync_inventory():\n    await asyncio.sleep(30)\n\nasync def main():\n    async with asyncio.timeout(2):\n        await sync_inventory()\n\nasyncio.run(main())\n"),
    c('incomplete-read', 'NETWORK', "async def drop(reader, writer):\n    writer.close()\n\nasync def main():\n    server = await asyncio.start_server(drop, '127.0.0.1', 0)\n    port = server.sockets[0].getsockname()[1]\n    reader, writer = await asyncio.open_connection('127.0.0.1', port)\n    header = await reader.readexactly(16)\n\nasyncio.run(main())\n"),
    c('task-group', 'NETWORK', `async def ping(port):\n    reader, writer = await asyncio.open_connection('127.0.0.1', port)\n    writer.close()\n\nasync def main():\n    async with asyncio.TaskGroup() as group:\n        group.create_task(ping(int(${url}[1])))\n        group.create_task(ping(1))\n\nasyncio.run(main())\n`, { http: { status: 200, body: 'ok\n' } }),
    c('address-in-use', 'ERROR_RESPONSE', `async def handle(reader, writer):\n    writer.close()\n\nasync def main():\n    server = await asyncio.start_server(handle, '127.0.0.1', int(${url}[1]))\n    await server.serve_forever()\n\nasyncio.run(main())\n`, { http: { status: 200, body: 'ok\n' } }),
    c('not-a-coroutine', 'CLI_CRASH', "async def main():\n    await asyncio.sleep(0)\n\nasyncio.run(main)\n"),
  ];
}

function tarfile() {
  const c = (id, type, body, setup = '') => tool('tarfile')(id, type, `${setup}python3 extract.py`, { 'extract.py': `import sys, tarfile\n\n${body}` }, { origin: 'python3 extract.py (tarfile)', timeoutMs: 60_000 });
  const extract = (archive = 'release.tar.gz', dest = 'release') => `with tarfile.open('${archive}') as tar:\n    tar.extractall('${dest}', filter='data')\nprint('extracted')\n`;
  const make = (members) => `python3 -c 'import io, tarfile\nwith tarfile.open("release.tar.gz", "w:gz") as t:\n${members}' && `;
  const add = (name, data = 'x') => `    i = tarfile.TarInfo("${name}"); i.size = ${data.length}; t.addfile(i, io.BytesIO(b"${data}"))\n`;
  const link = (name, target) => `    i = tarfile.TarInfo("${name}"); i.type = tarfile.SYMTYPE; i.linkname = "${target}"; t.addfile(i)\n`;
  const ok = make(add('app/VERSION', '1.4'));
  // A member of 200 KB, made by the script (a command line cannot hold it).
  const big = '    i = tarfile.TarInfo("app/data.bin"); i.size = 200000; t.addfile(i, io.BytesIO(bytes(200000)))\n';
  return [
    c('not-a-tar', 'ERROR_RESPONSE', extract(), 'echo "<html>502 Bad Gateway</html>" > release.tar.gz && '),
    c('truncated', 'ERROR_RESPONSE', extract(), `${make(add('app/data.bin', 'y'.repeat(5000)))}head -c 60 release.tar.gz > cut.tar.gz && mv cut.tar.gz release.tar.gz && `),
    // Ambiguous: DESIGN's examples are sensitive paths; a member aimed at ../../.bashrc is one, refused before it is written.
    c('outside-destination', 'SECURITY_VIOLATION', extract(), make(add('app/VERSION', '1.4') + add('../../.bashrc', 'curl evil'))),
    c('link-outside', 'SECURITY_VIOLATION', extract(), make(link('app/passwd', '/etc/passwd'))),
    c('member-missing', 'ERROR_RESPONSE', "with tarfile.open('release.tar.gz') as tar:\n    tar.extract('app/config.toml', 'release', filter='data')\n", ok),
    c('missing-archive', 'ERROR_RESPONSE', extract('dist/release-1.4.tar.gz'), ''),
    // release/ has no write bit, and the process runs without the capability that lets root ignore it.
    { ...c('permission-denied', 'ERROR_RESPONSE', extract(), `${ok}mkdir -p release && chmod 555 release && `), origin: 'python3 extract.py (tarfile; release/ not writable by the process)' },
    { ...c('disk-full', 'RESOURCE_EXHAUSTION', extract()), cmd: `${make(big)}${tinyFs('release', 'python3 extract.py')}`, origin: 'python3 extract.py (tarfile; release/: a 64 KiB file system)' },
    c('unknown-compression', 'CLI_CRASH', "with tarfile.open('release.tar.zst', 'r:zst') as tar:\n    tar.extractall('release', filter='data')\n", ok.replace('release.tar.gz', 'release.tar.zst').replace('"w:gz"', '"w"')),
  ].map((x) => (x.id === 'tarfile.permission-denied' ? { ...x, cmd: x.cmd.replace('python3 extract.py', 'setpriv --bounding-set=-dac_override,-dac_read_search python3 extract.py') } : x));
}

function yargs() {
  const APP = "import { readFileSync } from 'node:fs';\nimport yargs from 'yargs';\nimport { hideBin } from 'yargs/helpers';\n\nawait yargs(hideBin(process.argv))\n  .scriptName('release')\n  .command('deploy <service>', 'deploy a service', (y) => y\n    .option('env', { choices: ['staging', 'prod'], demandOption: true })\n    .option('replicas', { type: 'number', default: 2 })\n    .option('canary', { type: 'boolean' })\n    .option('all-at-once', { type: 'boolean' })\n    .conflicts('canary', 'all-at-once')\n    .check((argv) => { if (argv.replicas < 1) throw new Error('--replicas must be at least 1'); return true; }),\n  async (argv) => {\n    const manifest = JSON.parse(readFileSync('releases.json', 'utf8'));\n    const res = await fetch(`${manifest.registry}/v2/${argv.service}/manifests/${manifest[argv.service].tag}`);\n    console.log(`deploying ${argv.service}: ${res.status}`);\n  })\n  .config()\n  .demandCommand(1)\n  .strict()\n  .parseAsync();\n";
  const c = (id, type, args, files = {}) => ({
    id: `yargs.${id}`, source: 'yargs', type, files: { 'release.mjs': APP, 'releases.json': '{"registry": "http://127.0.0.1:PORT", "api": {"tag": "1.4"}}\n', ...files },
    cmd: `ln -s "$NODE_MODULES" node_modules && ${FREE_PORT} && sed -i "s/PORT/$port/" releases.json && node release.mjs ${args}`, origin: `node release.mjs ${args} (yargs from node_modules)`, timeoutMs: 60_000,
  });
  return [
    c('missing-option', 'ERROR_RESPONSE', 'deploy api'),
    c('invalid-choice', 'ERROR_RESPONSE', 'deploy api --env production'),
    c('unknown-argument', 'ERROR_RESPONSE', 'deploy api --env staging --replica 3'),
    c('no-command', 'ERROR_RESPONSE', '--env staging'),
    c('check-failed', 'ERROR_RESPONSE', 'deploy api --env staging --replicas 0'),
    c('conflicts', 'ERROR_RESPONSE', 'deploy api --env staging --canary --all-at-once'),
    c('config-not-json', 'JSON_PARSE_ERROR', 'deploy api --config deploy.json', { 'deploy.json': "{ env: 'staging', replicas: 3 }\n" }),
    c('handler-refused', 'NETWORK', 'deploy api --env staging'),
    // The handler's TypeError (no such service in the manifest), printed by yargs under its usage: a crash, not a usage error.
    c('handler-crash', 'CLI_CRASH', 'deploy worker --env staging'),
  ];
}

/** Every case of this part. */
export function firstSightRunnerCases() {
  return [...parallel(), ...scons(), ...e2fsprogs(), ...asyncio(), ...tarfile(), ...yargs()];
}
