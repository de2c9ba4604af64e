/**
 * Which module files one CLI process loads, by package: start-up cost is mostly loading
 * modules, so this says where a slow command's time goes. Shared by bench:cli and bench:hook.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** How to run the process: where (its scratch files go there too), its environment and stdin. Default stdin: none. */
export interface ModulesRun {
  cwd: string;
  env: NodeJS.ProcessEnv;
  input?: string;
}

/**
 * The module files `node argv…` loads (absolute paths), ESM files through a loader hook and
 * CommonJS files through NODE_DEBUG=module. Throws when the process fails.
 */
export function modulesLoaded(argv: readonly string[], run: ModulesRun): string[] {
  const log = join(run.cwd, 'modules.log');
  writeFileSync(log, '');
  const hooks = join(run.cwd, 'module-hooks.mjs');
  writeFileSync(hooks, `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }
`);
  const preload = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});`)}`;
  const result = spawnSync(process.execPath, ['--import', preload, ...argv], {
    cwd: run.cwd, env: { ...run.env, NODE_DEBUG: 'module' }, encoding: 'utf8', ...(run.input !== undefined ? { input: run.input } : {}),
  });
  if (result.status !== 0) throw new Error(`${argv.join(' ')} exited ${result.status}: ${result.stderr.slice(-500)}`);
  const esm = readFileSync(log, 'utf8').split('\n').filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url));
  const cjs = [...result.stderr.matchAll(/MODULE \d+: load "([^"]+)" for module/g)].map((m) => m[1]!);
  return [...new Set([...esm, ...cjs])].filter((file) => file !== hooks);
}

/** "12 dist/src/store, 8 lowdb, …": module files by package or by dist folder. */
export function byPackage(files: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const file of files) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? /\/dist\/((?:src\/)?[^/.]+)/.exec(file)?.[1] ?? (file.endsWith('/bin/recover.js') ? 'bin' : 'other');
    counts.set(pkg, (counts.get(pkg) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => `${n} ${name}`).join(', ');
}
