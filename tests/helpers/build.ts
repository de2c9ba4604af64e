import { execFileSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Child processes run the compiled library: build it when dist/ is missing or older than the sources. */
export function ensureBuilt(): void {
  const built = join(root, 'dist/src/index.js');
  const sources = Math.max(newestSource(join(root, 'src')), newestSource(join(root, 'machines')));
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
  }
  ensureBundled();
}

/**
 * `bin/recover.js` runs the bundle in dist/cli (scripts/bundle-cli.mjs, the second half of
 * `npm run build`): rebundle when it is missing or older than the compiled CLI.
 */
export function ensureBundled(): void {
  const bundle = join(root, 'dist/cli/main.cjs');
  const compiled = join(root, 'dist/src/cli/main.js');
  if (existsSync(bundle) && existsSync(compiled) && statSync(bundle).mtimeMs >= newestJs(join(root, 'dist/src'), join(root, 'dist/machines'))) return;
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
