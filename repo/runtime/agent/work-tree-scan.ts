/**
 * The two ways {@link snapshotWorkTree} reads a directory: through git (what git sees as changed,
 * plus the index) or by walking it. Each entry is a signature string: two snapshots differ at a
 * path exactly when the signatures differ.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gitBytes } from '../git/run-git.js';

/** Default most files a walk (or the stat pass over git's status list) looks at. */
export const MAX_FILES = 20_000;
/** Directory names a walk never enters: git's own data, and dependencies nobody edits by hand. */
export const WALK_SKIP = ['.git', 'node_modules'] as const;
const STAT_BATCH = 128;

/** What a scan found: signatures by path (relative to the scanned directory, `/`-separated). */
export interface Scan {
  head: string | null;
  entries: Map<string, string>;
  truncated: boolean;
}

/** Whether `path` (relative, `/`-separated) is under one of `ignore` (names or relative paths). */
export function ignored(path: string, ignore: readonly string[]): boolean {
  if (ignore.length === 0) return false;
  const segments = path.split('/');
  return ignore.some((entry) => {
    const clean = entry.replace(/^\.\//, '').replace(/\/+$/, '');
    return clean.includes('/') ? path === clean || path.startsWith(`${clean}/`) : segments.includes(clean);
  });
}

/**
 * The git view of `cwd`, or `null` when `cwd` is not in a work tree: HEAD, and for every path
 * `git status` lists (modified, staged, deleted, untracked; not ignored) its status code with
 * size, mtime and ctime in nanoseconds (or `deleted`), and for every tracked path its index
 * blob id. The index catches a clean file edited and committed, which status alone no longer shows.
 */
export async function gitScan(cwd: string, ignore: readonly string[], maxFiles = MAX_FILES): Promise<Scan | null> {
  const where = await run(cwd, ['rev-parse', '--show-toplevel', '--show-prefix']).catch(() => null);
  if (where === null) return null;
  const [top = cwd, prefix = ''] = where.split('\n');
  const head = (await run(cwd, ['rev-parse', '-q', '--verify', 'HEAD^{commit}']).catch(() => '')).trim() || null;
  // Both listings from the top: paths relative to it, then made relative to cwd.
  const [status, index] = await Promise.all([
    run(top, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames']),
    run(top, ['ls-files', '-s', '-z']),
  ]);
  const fromTop = (path: string) => posix.relative(prefix.replace(/\/$/, ''), path);
  const entries = new Map<string, string>();
  for (const record of index.split('\0')) {
    const tab = record.indexOf('\t'); // "<mode> <blob> <stage>\t<path>"
    if (tab < 0) continue;
    const path = fromTop(record.slice(tab + 1));
    if (!ignored(path, ignore)) entries.set(path, record.slice(0, tab));
  }
  const changed: Array<{ path: string; code: string; absolute: string }> = [];
  for (const record of status.split('\0')) {
    if (record.length < 4) continue; // "XY <path>"; --no-renames: no second path follows
    const path = fromTop(record.slice(3));
    if (!ignored(path, ignore)) changed.push({ path, code: record.slice(0, 2), absolute: join(top, record.slice(3)) });
  }
  changed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const stats = await statAll(changed.slice(0, maxFiles).map((c) => c.absolute));
  changed.forEach(({ path, code }, i) => {
    // Past the bound only the status code is kept: presence stays exact, an in-place re-edit is missed.
    const signature = i < maxFiles ? `${code} ${stats[i] ?? 'deleted'}` : code;
    entries.set(path, `${entries.get(path) ?? 'untracked'} | ${signature}`);
  });
  return { head, entries, truncated: changed.length > maxFiles };
}

/**
 * Walks `root` (files and symlinks, not directories; sorted, so the same files fall under the
 * bound each time), skipping {@link WALK_SKIP} and `ignore`. Stops after `maxFiles` files
 * and marks the scan truncated. Unreadable directories are skipped.
 */
export async function walkScan(root: string, ignore: readonly string[], maxFiles = MAX_FILES): Promise<Scan> {
  const files: string[] = [];
  let truncated = false;
  const pending: string[] = [''];
  while (pending.length > 0 && !truncated) {
    const dir = pending.pop() ?? '';
    const children = await readdir(join(root, dir), { withFileTypes: true }).catch(() => []);
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirs: string[] = [];
    for (const child of children) {
      const path = dir ? `${dir}/${child.name}` : child.name;
      if (WALK_SKIP.some((name) => name === child.name) || ignored(path, ignore)) continue;
      if (child.isDirectory()) subdirs.push(path);
      else if (files.length < maxFiles) files.push(path);
      else truncated = true;
    }
    pending.push(...subdirs.reverse()); // depth first, in name order
  }
  const stats = await statAll(files.map((path) => join(root, ...path.split('/'))));
  const entries = new Map<string, string>();
  files.forEach((path, i) => entries.set(path, stats[i] ?? 'deleted'));
  return { head: null, entries, truncated };
}

/**
 * `size mtimeNs ctimeNs` of each path (lstat: a symlink is not followed), `null` when gone.
 * Nanoseconds and ctime, because two same-size edits within a millisecond are not rare for a
 * program; the signature still misses a same-size rewrite within the filesystem's timestamp tick.
 */
async function statAll(paths: readonly string[]): Promise<Array<string | null>> {
  const out: Array<string | null> = [];
  for (let i = 0; i < paths.length; i += STAT_BATCH) {
    const batch = paths.slice(i, i + STAT_BATCH).map((path) => lstat(path, { bigint: true })
      .then((s) => `${s.size} ${s.mtimeNs} ${s.ctimeNs}`, () => null));
    out.push(...await Promise.all(batch));
  }
  return out;
}

/**
 * Runs git in `cwd`; stdout as text, untrimmed (`-z` records start with a status's space). No
 * optional locks: a snapshot must not make a person's concurrent git command fail on index.lock.
 */
function run(cwd: string, args: readonly string[]): Promise<string> {
  return gitBytes(cwd, args, { env: { GIT_OPTIONAL_LOCKS: '0' } }).then((out) => out.toString('utf8'));
}
