/**
 * Where a project's files are, as eslint and vitest find them: from the working directory
 * upward, stopping at the project root (the nearest directory with `.git` or `package.json`), so
 * `recover` run from a subdirectory uses the project's config and store instead of making new ones.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The directories from `cwd` up to the project root, nearest first (all the way up when there is no root). */
export function upToProjectRoot(cwd: string): string[] {
  const dirs: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    dirs.push(dir);
    if (existsSync(join(dir, '.git')) || existsSync(join(dir, 'package.json')) || dirname(dir) === dir) return dirs;
  }
}

/** The project root of `cwd`: the nearest directory with `.git` or `package.json`; `cwd` itself when there is none. */
export function projectRoot(cwd: string): string {
  const dirs = upToProjectRoot(cwd);
  const last = dirs[dirs.length - 1]!;
  return existsSync(join(last, '.git')) || existsSync(join(last, 'package.json')) ? last : cwd;
}

/** The first of `names` found from `cwd` up to the project root, or null. */
export function findUpward(cwd: string, names: readonly string[]): string | null {
  const root = projectRoot(cwd);
  for (const dir of upToProjectRoot(cwd)) {
    for (const name of names) if (existsSync(join(dir, name))) return join(dir, name);
    if (dir === root) break;
  }
  return null;
}
