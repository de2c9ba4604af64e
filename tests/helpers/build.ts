import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildOnce } from './build-lock.js';

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
 * process builds at a time; the others wait for it and then find dist/ fresh.
 */
export function ensureBuilt({ typeErrors = 'fail' }: EnsureBuiltOptions = {}): void {
  buildOnce({
    lock: LOCK,
    stale: () => compiledStale() || bundleStale(),
    build: (whole) => {
      if (whole || compiledStale()) compile(typeErrors);
      if (whole || bundleStale()) bundle();
    },
  });
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

function compile(typeErrors: 'fail' | 'ignore'): void {
  const tsc = [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')];
  if (typeErrors === 'fail') {
    execFileSync(process.execPath, tsc, { cwd: root, stdio: 'inherit' });
    return;
  }
  // Type errors are let through, a tsc that did not run to its end is not: its output is partial.
  const result = spawnSync(process.execPath, tsc, { cwd: root, stdio: 'ignore' });
  if (result.error || result.signal) throw result.error ?? new Error(`tsc ended by ${result.signal}`);
}

function bundle(): void {
  execFileSync(process.execPath, [join(root, 'scripts/bundle-cli.mjs')], { cwd: root, stdio: 'inherit' });
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
