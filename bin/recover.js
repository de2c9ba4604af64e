#!/usr/bin/env node
// Thin launcher: the CLI is one bundled CommonJS file, dist/cli/main.cjs (built by `npm install`
// through `prepare`, see scripts/bundle-cli.mjs): one file to compile instead of ~140 modules.
// It is compiled here, not `require`d, so that V8 can start from the code cache the build wrote
// beside it (main.cjs.cache): compiling the bundle was the largest part of start-up left. V8
// checks the cache against the source, its own version and its flags, and compiles from source
// when it does not fit (another Node, `--inspect`…): a cache that does not fit costs one read.
// NODE_DEBUG=recover says which happened.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';

const bundle = fileURLToPath(new URL('../dist/cli/main.cjs', import.meta.url));
const cacheFile = `${bundle}.cache`;
const debug = debuglog('recover');

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // No cache (a build that could not write one): compiled from source.
}
// The wrapper CommonJS gives a module, on the bundle's first line so that line numbers hold.
const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`;
const script = new Script(source, { filename: bundle, cachedData });
debug('code cache %s', cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'accepted');
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));

process.exitCode = await module.exports.main(process.argv.slice(2));
// The build runs one command with this set; the cache then holds what that command compiled too.
if (process.env.RECOVER_WRITE_CODE_CACHE === '1') {
  writeFileSync(`${cacheFile}.tmp`, script.createCachedData());
  renameSync(`${cacheFile}.tmp`, cacheFile);
}
