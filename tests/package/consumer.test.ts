/**
 * The xstate peer range, proved from the outside: this package packed with `npm pack`, installed
 * in a throwaway consumer project that pins its own xstate at the range's lowest version and at
 * the version this suite runs, then type-checked (strict, skipLibCheck off) and run. The consumer
 * must get ONE xstate (a nested copy is what broke `setup({ actors: { recovery } })`,
 * `createActor` and `getShortestPaths` for apps on an older xstate). The same install proves the
 * light default: no pg, @viz-js/viz or OpenTelemetry SDK, the CLI running without them, and a
 * PostgreSQL store asked for without pg refused in one line naming it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeAllBuilt } from '../helpers/build.js';
import { consumerPackageJson, consumerSource, consumerTsconfig } from './consumer-app.js';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> };
const installedVersion = (name: string): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** `>=5.33.0 <6.0.0` → its two bounds; the test reads the range it proves from package.json. */
const range = /^>=(\d+\.\d+\.\d+) <(\d+\.\d+\.\d+)$/.exec(pkg.peerDependencies['xstate'] ?? '');
const [floor, ceiling] = [range?.[1] ?? '', range?.[2] ?? ''];
const suiteVersion = installedVersion('xstate');
const versions = [...new Set([floor, suiteVersion])];

const numeric = (v: string) => v.split('.').map(Number) as [number, number, number];
const below = (a: string, b: string) => {
  const [x, y] = [numeric(a), numeric(b)];
  return x[0] !== y[0] ? x[0] < y[0] : x[1] !== y[1] ? x[1] < y[1] : x[2] < y[2];
};

/** The child npm must not inherit the `npm_*` settings of an `npm test` around this suite. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
/** npm's words for "the registry cannot be reached": only these skip the test. */
const OFFLINE = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH)\b/;

/** Every `node_modules/xstate` directory under `dir`, however deep (a nested copy included). */
function xstateCopies(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isDirectory() && entry.name === 'xstate' && entry.parentPath.endsWith('node_modules')) found.push(join(entry.parentPath, entry.name));
  }
  return found;
}

/**
 * Most a consumer's node_modules (this package and xstate) may weigh: 25 MB, issue #32's goal
 * (82 MB before pg, @viz-js/viz and the OpenTelemetry SDK became optional peers; 19 MB after).
 */
const LIGHT_INSTALL_BYTES = 25 * 2 ** 20;

/** Bytes of every file under `dir` (apparent sizes; `du` rounds to blocks, a little more). */
function treeBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Every xstate version `npm ls` reports, anywhere in the tree. */
function lsVersions(tree: { dependencies?: Record<string, unknown> }, out = new Set<string>()): Set<string> {
  for (const [name, dep] of Object.entries(tree.dependencies ?? {})) {
    const node = dep as { version?: string; dependencies?: Record<string, unknown> };
    if (name === 'xstate' && node.version) out.add(node.version);
    lsVersions(node, out);
  }
  return out;
}

describe('the packed package in a consumer project with its own xstate', () => {
  const work = mkdtempSync(join(tmpdir(), 'recover-consumer-'));
  let tarball = '';

  beforeAllBuilt();
  beforeAll(async () => {
    // --ignore-scripts: `prepare` would rebuild; dist/ is built (beforeAllBuilt) and that is what ships.
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: root, env, timeout: 120_000 });
    tarball = join(work, (JSON.parse(stdout) as [{ filename: string }])[0].filename);
  }, 180_000);

  // A consumer project with its node_modules: deleting it takes long on a loaded machine.
  afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

  it('declares a range whose floor and ceiling bracket the xstate this suite runs', () => {
    expect(range, `peerDependencies.xstate is ${pkg.peerDependencies['xstate']}`).not.toBeNull();
    expect(below(suiteVersion, floor)).toBe(false);
    expect(below(suiteVersion, ceiling)).toBe(true);
  });

  it('stays open to the whole major: a ceiling below the next major broke every install at the next xstate minor', () => {
    const [major] = numeric(floor);
    expect(ceiling).toBe(`${major + 1}.0.0`);
  });

  for (const version of versions) {
    it(`xstate ${version}: one copy, type-checks, embeds the machine and runs`, async (ctx) => {
      const app = join(work, `app-${version}`);
      mkdirSync(app);
      writeFileSync(join(app, 'package.json'), consumerPackageJson(version, tarball));
      writeFileSync(join(app, 'tsconfig.json'), consumerTsconfig(join(root, 'node_modules/@types')));
      writeFileSync(join(app, 'consumer.ts'), consumerSource());

      try {
        await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], { cwd: app, env, timeout: 240_000 });
      } catch (error) {
        const stderr = String((error as { stderr?: unknown }).stderr ?? '');
        if (OFFLINE.test(stderr)) return ctx.skip(`the npm registry is unreachable: ${OFFLINE.exec(stderr)?.[1]}`);
        throw error;
      }

      // One xstate in the tree, the consumer's own, at the pinned version.
      expect(existsSync(join(app, 'node_modules/recovery-protocol/node_modules/xstate'))).toBe(false);
      expect(xstateCopies(join(app, 'node_modules'))).toEqual([join(app, 'node_modules/xstate')]);
      const { stdout: ls } = await run('npm', ['ls', 'xstate', '--all', '--json'], { cwd: app, env, timeout: 60_000 });
      expect([...lsVersions(JSON.parse(ls))]).toEqual([version]);

      // TypeScript from this repository, not another download.
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      const checked = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app, timeout: 180_000 }).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? String(e) }));
      expect(checked.stdout, 'tsc found errors').toBe('');

      const { stdout } = await run(process.execPath, ['out/consumer.js'], { cwd: app, timeout: 60_000 });
      // The example's own line (the calls), then the app's JSON line.
      const [exampleLine, appLine] = stdout.trim().split('\n');
      expect(exampleLine).toBe('2');
      const result = JSON.parse(appLine!) as { calls: number; paths: number; sameMachine: boolean; seed001: string; deepImport: string };
      expect(result.calls).toBe(2);
      expect(result.paths).toBeGreaterThan(0);
      expect(result.sameMachine).toBe(true);
      expect(result.seed001).toBe('BROKEN_BUILD');
      expect(result.deepImport).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');

      // The light install (issue #32): the optional peers are not installed, and nothing needs them.
      const installed = (name: string) => existsSync(join(app, 'node_modules', name));
      expect(['pg', '@types/pg', '@viz-js/viz', '@opentelemetry'].filter(installed)).toEqual([]);
      const size = treeBytes(join(app, 'node_modules'));
      expect(size, `node_modules is ${(size / 2 ** 20).toFixed(1)} MB`).toBeLessThanOrEqual(LIGHT_INSTALL_BYTES);

      // The CLI runs there, and a feature that needs a missing peer says which one, in one line.
      const recover = join(app, 'node_modules/recovery-protocol/bin/recover.js');
      // No OTEL_* from around the suite: a telemetry note would be a second line.
      const cliEnv = { ...Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('OTEL_'))), RECOVERY_STORE: join(app, '.recovery'), NO_COLOR: '1' };
      const ran = await run(process.execPath, [recover, 'run', '--', 'true'], { cwd: app, env: cliEnv, timeout: 60_000 });
      expect(ran.stderr).toMatch(/succeeded after 1 attempt/);
      const fleet = await run(process.execPath, [recover, 'list', '--store', 'postgres://recover@127.0.0.1:1/recovery'], { cwd: app, env: cliEnv, timeout: 60_000 })
        .then(() => ({ code: 0, stderr: '' }), (e: { code?: number; stderr?: string }) => ({ code: e.code, stderr: e.stderr ?? '' }));
      expect(fleet).toEqual({ code: 2, stderr: 'recover list: A PostgreSQL store (postgres://…, fleet mode) needs the optional package pg, which is not installed: npm install pg\n' });
      // Without @viz-js/viz: the SVG diagram is refused the same way; the run page shows the rest, the chart names the package.
      const svg = await run(process.execPath, [recover, 'diagram', '--format', 'svg'], { cwd: app, env: cliEnv, timeout: 60_000 })
        .then(() => ({ code: 0, stderr: '' }), (e: { code?: number; stderr?: string }) => ({ code: e.code, stderr: e.stderr ?? '' }));
      expect(svg).toEqual({ code: 2, stderr: 'recover diagram: Rendering a statechart as SVG (--format svg, the run page) needs the optional package @viz-js/viz, which is not installed: npm install @viz-js/viz\n' });
      const runId = /run (\S+) succeeded/.exec(ran.stderr)?.[1] ?? '';
      const page = await run(process.execPath, [recover, 'report', runId, '--format', 'html'], { cwd: app, env: cliEnv, timeout: 60_000 });
      expect(page.stdout).toContain('The statechart needs @viz-js/viz: npm install @viz-js/viz');
      expect(page.stdout).toContain(runId);
    }, 480_000);
  }
});
