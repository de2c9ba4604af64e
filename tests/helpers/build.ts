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
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
}
