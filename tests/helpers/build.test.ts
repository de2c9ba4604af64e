/**
 * The setup hooks of tests/helpers/build.ts against vitest's own hook limit, with real processes:
 * a holder (tests/helpers/build-lock.ts compiled by esbuild, run by `node`) takes a build lock
 * and builds only once the test opens its gate; an inner `vitest run` whose hook limit is 1 s
 * runs two files whose `beforeAll` waits on that lock, one registered by beforeAllBuildOnce, one
 * a plain `beforeAll` with the run's limit. The gate opens once both have waited past 1 s.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_WAIT_LIMIT_MS, buildCallLimitMs } from './build-lock.js';
import { BUILD_HOOK_LIMIT_MS } from './build.js';
import { waitFor } from './wait-for.js';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'recovery-build-hook-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
/** The inner run's hook limit: what the waiting hooks must outlast. */
const INNER_HOOK_LIMIT_MS = 1_000;

buildSync({ entryPoints: [join(import.meta.dirname, 'build-lock.ts')], outfile: at('build-lock.mjs'), bundle: true, format: 'esm', platform: 'node', logLevel: 'error' });
/** Takes the lock over a missing `out`; builds it once `gate` exists. */
writeFileSync(at('holder.mjs'), `
import { existsSync, writeFileSync } from 'node:fs';
import { buildOnce } from './build-lock.mjs';
const [lock, out, gate] = process.argv.slice(2);
const nap = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
buildOnce({ lock, stale: () => !existsSync(out), build: () => { while (!existsSync(gate)) nap(); writeFileSync(out, 'built'); } });
`);
/** A test file of the inner run: its `beforeAll` waits on the holder's lock, journalling the wait in `waits`. */
const innerFile = (hook: string) => `
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { buildOnce } from ${JSON.stringify(join(import.meta.dirname, 'build-lock.ts'))};
import { beforeAllBuildOnce } from ${JSON.stringify(join(import.meta.dirname, 'build.ts'))};
const { LOCK, OUT, WAITS } = process.env;
const options = {
  lock: LOCK, stale: () => !existsSync(OUT), build: () => { throw new Error('the holder builds'); },
  onWait: (holder) => appendFileSync(WAITS, basename(import.meta.filename) + ' ' + holder + '\\n'),
};
${hook}
it('finds the output the holder built', () => { expect(readFileSync(OUT, 'utf8')).toBe('built'); });
`;
writeFileSync(at('derived.test.ts'), innerFile('beforeAllBuildOnce(options);'));
writeFileSync(at('plain.test.ts'), innerFile('beforeAll(() => { buildOnce(options); });'));
symlinkSync(join(root, 'node_modules'), at('node_modules'));

interface JsonReport { testResults: { name: string; status: string; message: string; assertionResults: { status: string }[] }[] }

describe('a setup hook waiting for another process\'s build', () => {
  it('outlasts the run\'s hook limit when registered by beforeAllBuildOnce, and fails at it as a plain beforeAll', async () => {
    const [lock, out, gate, waits, report] = ['.build.lock', 'out', 'gate', 'waits', 'report.json'].map(at) as [string, string, string, string, string];
    const holder = spawn(process.execPath, [at('holder.mjs'), lock, out, gate], { stdio: 'ignore' });
    const holderExit = new Promise((resolve) => holder.on('exit', resolve));
    try {
      await waitFor('the holder to take the lock', () => existsSync(lock) && readFileSync(lock, 'utf8').startsWith(`${holder.pid} `));
      // The outer run's VITEST* variables would make the inner one think it is a worker.
      const env = { ...Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('VITEST')).map((k) => [k, ''])), NODE_OPTIONS: '', LOCK: lock, OUT: out, WAITS: waits };
      const inner = spawn(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--hookTimeout', String(INNER_HOOK_LIMIT_MS), '--maxWorkers', '2',
        '--reporter', 'json', '--outputFile', report], { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      inner.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      const innerExit = new Promise<number | null>((resolve) => inner.on('exit', resolve));
      await waitFor('both inner hooks to wait for the holder', () => existsSync(waits) && readFileSync(waits, 'utf8').trim().split('\n').length === 2);
      expect(readFileSync(waits, 'utf8').trim().split('\n').sort()).toEqual([`derived.test.ts ${holder.pid}`, `plain.test.ts ${holder.pid}`]);
      // The condition here is time itself: the hooks must have waited past the inner run's limit.
      const seen = Date.now();
      await waitFor(`both hooks to have waited over the inner run's ${INNER_HOOK_LIMIT_MS} ms hook limit`, () => Date.now() - seen > INNER_HOOK_LIMIT_MS * 1.5);
      writeFileSync(gate, '');
      expect(await innerExit, stderr).toBe(1);
      const results = (JSON.parse(readFileSync(report, 'utf8')) as JsonReport).testResults;
      const of = (file: string) => results.find((r) => r.name.endsWith(file))!;
      expect(of('derived.test.ts')).toMatchObject({ status: 'passed', assertionResults: [{ status: 'passed' }] });
      expect(of('plain.test.ts').status).toBe('failed');
      expect(of('plain.test.ts').message).toContain(`Hook timed out in ${INNER_HOOK_LIMIT_MS}ms`);
      expect(readFileSync(out, 'utf8')).toBe('built');
    } finally {
      if (holder.exitCode === null && holder.signalCode === null) holder.kill('SIGKILL');
      await holderExit;
    }
  });

  it('takes as long as a call of buildOnce may: a wait and a build of its own, each within the wait limit', () => {
    expect(BUILD_HOOK_LIMIT_MS).toBe(buildCallLimitMs(BUILD_WAIT_LIMIT_MS));
    expect(BUILD_HOOK_LIMIT_MS).toBeGreaterThanOrEqual(2 * BUILD_WAIT_LIMIT_MS);
  });
});
