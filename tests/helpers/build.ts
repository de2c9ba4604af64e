import { spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { buildCallLimitMs, buildOnce, type BuildOnceOptions } from './build-lock.js';

const root = join(import.meta.dirname, '../..');
/** One build of dist/ at a time across test files and runs (tests/helpers/build-lock.ts). */
const LOCK = join(root, 'dist/.build.lock');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** How {@link ensureBuilt} takes type errors in the tree. */
export interface EnsureBuiltOptions {
  /**
   * `'fail'` (default): a build with type errors throws. `'ignore'`: tsc still emits every file,
   * which is enough for tests of a CLI that does not depend on the file in error.
   */
  typeErrors?: 'fail' | 'ignore';
}

/**
 * Child processes run the compiled library: build it when dist/ is missing or older than the
 * sources, and bundle the CLI (`bin/recover.js` runs dist/cli, written by scripts/bundle-cli.mjs,
 * the second half of `npm run build`) when its bundle is older than the compiled files. One
 * process builds at a time; the others wait for it and then find dist/ fresh. From a setup hook,
 * register it with {@link beforeAllBuilt} (or give the hook {@link BUILD_HOOK_LIMIT_MS}).
 */
export function ensureBuilt(options: EnsureBuiltOptions = {}): void {
  buildOnce(distBuild(options));
}

/**
 * The limit of a setup hook that calls {@link ensureBuilt} (or {@link buildOnce}): as long as the
 * lock lets one call take (tests/helpers/build-lock.ts, {@link buildCallLimitMs}), so a file
 * waiting for another worker's build never fails while the lock still waits. 21 minutes.
 */
export const BUILD_HOOK_LIMIT_MS = buildCallLimitMs();

/**
 * Registers a `beforeAll` that builds `dist/` when stale ({@link ensureBuilt}) with
 * {@link BUILD_HOOK_LIMIT_MS}. Call it at a file's (or describe's) top, before the hooks that
 * need `dist/`: vitest runs a suite's `beforeAll` hooks in order.
 */
export function beforeAllBuilt(options: EnsureBuiltOptions = {}): void {
  beforeAllBuildOnce(distBuild(options));
}

/** Registers a `beforeAll` that calls {@link buildOnce}, its limit derived from the lock's wait limit. */
export function beforeAllBuildOnce(options: BuildOnceOptions): void {
  beforeAll(() => { buildOnce(options); }, buildCallLimitMs(options.waitLimitMs));
}

/** dist/ and the CLI bundle, under {@link LOCK}. */
function distBuild({ typeErrors = 'fail' }: EnsureBuiltOptions): BuildOnceOptions {
  return {
    lock: LOCK,
    stale: () => compiledStale() || bundleStale(),
    build: (whole, deadline) => {
      if (whole || compiledStale()) compile(typeErrors, deadline);
      if (whole || bundleStale()) bundle(deadline);
    },
  };
}

function compiledStale(): boolean {
  const built = join(root, 'dist/src/index.js');
  return !existsSync(built) || statSync(built).mtimeMs < Math.max(newestSource(join(root, 'src')), newestSource(join(root, 'machines')));
}

function bundleStale(): boolean {
  const bundle = join(root, 'dist/cli/main.cjs');
  const compiled = join(root, 'dist/src/cli/main.js');
  return !(existsSync(bundle) && existsSync(compiled) && statSync(bundle).mtimeMs >= newestJs(join(root, 'dist/src'), join(root, 'dist/machines')));
}

function compile(typeErrors: 'fail' | 'ignore', deadline: number): void {
  // Type errors are let through when asked, a tsc that did not run to its end never: its output is partial.
  step('tsc', [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], deadline, typeErrors === 'fail');
}

function bundle(deadline: number): void {
  step('scripts/bundle-cli.mjs', [join(root, 'scripts/bundle-cli.mjs')], deadline, true);
}

/**
 * Runs one build step in node, given what is left until `deadline` (past it the waiters have
 * given up: a hung step, killed). Throws when it did not run to its end, or failed when `mustPass`;
 * a passing step's output is shown only when it must pass (type errors let through stay quiet).
 */
function step(name: string, args: string[], deadline: number, mustPass: boolean): void {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: mustPass ? 'inherit' : 'ignore', timeout: Math.max(1, deadline - Date.now()) });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT') {
    throw new Error(`${name} did not finish within the build's limit (${LOCK}, tests/helpers/build-lock.ts): a hung build; dist/ will be built whole next time`);
  }
  if (result.error || result.signal) throw result.error ?? new Error(`${name} ended by ${result.signal}`);
  if (mustPass && result.status !== 0) throw new Error(`${name} failed with exit code ${result.status} (its output is above)`);
}

function newestJs(...dirs: string[]): number {
  let newest = 0;
  for (const dir of dirs) {
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && entry.name.endsWith('.js')) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}
