/**
 * What a snapshot records, found on disk: every file and symlink of the work tree (tracked,
 * staged, untracked, and ignored within the budget), the empty directories git cannot track,
 * and the nested repositories (submodules, clones) that are recorded on their own.
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chooseWithinBudget, onSkipList, type SizedEntry, type Unprotected } from './budget.js';
import { excludedInside, type GitRollbackSettings } from './settings.js';
import { gitBytes } from './run-git.js';

/** A file or symlink found in the work tree. */
export interface TreeFile {
  /** Relative to the top level, `/`-separated. */
  path: string;
  kind: 'file' | 'link';
  /** The permission bits (`0o644`, `0o755`, …); a link's are not restored. */
  perm: number;
}

/** A work tree as a snapshot sees it. */
export interface WorkTreeScan {
  files: TreeFile[];
  /** Directories with nothing in them, relative to the top level. */
  emptyDirs: string[];
  /** Nested repositories (a directory holding `.git`), relative to the top level. */
  nested: string[];
  /** Ignored entries not recorded (skip list, budget). */
  unprotected: Unprotected[];
  /** Bytes of ignored files recorded. */
  ignoredBytes: number;
}

/**
 * Scans the work tree at `top`: `settings.exclude` that lie inside it are neither listed nor
 * entered; ignored entries are recorded within `settings.maxIgnoredBytes`, skipping `settings.skipIgnored`.
 */
export async function scanWorkTree(top: string, settings: GitRollbackSettings): Promise<WorkTreeScan> {
  const excluded = new Set(excludedInside(top, settings));
  const ignored = (await gitBytes(top, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory']))
    .toString('utf8').split('\0').filter((p) => p !== '' && !isExcluded(p.replace(/\/$/, ''), excluded));
  const unprotected: Unprotected[] = [];
  const measured: SizedEntry[] = [];
  for (const path of ignored) {
    if (onSkipList(path, settings)) unprotected.push({ path, reason: 'skip-list', bytes: null });
    else measured.push({ path, bytes: await sizeOf(join(top, path), path.replace(/\/$/, ''), excluded) });
  }
  const { kept, left } = chooseWithinBudget(measured, settings);
  unprotected.push(...left);
  for (const entry of unprotected) excluded.add(entry.path.replace(/\/$/, ''));

  const scan: WorkTreeScan = { files: [], emptyDirs: [], nested: [], unprotected, ignoredBytes: kept.reduce((sum, e) => sum + e.bytes, 0) };
  await walk(top, '', excluded, scan);
  return scan;
}

function isExcluded(path: string, excluded: ReadonlySet<string>): boolean {
  for (let p = path; p !== ''; p = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '') if (excluded.has(p)) return true;
  return false;
}

const holdsRepository = (entries: readonly Dirent[]) => entries.some((e) => e.name === '.git');

async function walk(top: string, dir: string, excluded: ReadonlySet<string>, scan: WorkTreeScan): Promise<void> {
  const entries = await readdir(dir === '' ? top : join(top, dir), { withFileTypes: true });
  if (dir !== '' && holdsRepository(entries)) {
    scan.nested.push(dir);
    return;
  }
  const children = entries.filter((e) => !(dir === '' && e.name === '.git'));
  if (children.length === 0 && dir !== '') scan.emptyDirs.push(dir);
  for (const entry of children) {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (excluded.has(path)) continue;
    if (entry.isDirectory()) await walk(top, path, excluded, scan);
    else if (entry.isSymbolicLink()) scan.files.push({ path, kind: 'link', perm: 0o777 });
    else if (entry.isFile()) scan.files.push({ path, kind: 'file', perm: (await lstat(join(top, path))).mode & 0o7777 });
    // Sockets, fifos and devices hold no bytes to keep.
  }
}

/** Bytes of the files under an ignored entry (nested repositories and excluded paths left out). */
async function sizeOf(absolute: string, path: string, excluded: ReadonlySet<string>): Promise<number> {
  const stat = await lstat(absolute);
  if (!stat.isDirectory()) return stat.size;
  const entries = await readdir(absolute, { withFileTypes: true });
  if (holdsRepository(entries)) return 0;
  let total = 0;
  for (const entry of entries) {
    const child = `${path}/${entry.name}`;
    if (!excluded.has(child)) total += await sizeOf(join(absolute, entry.name), child, excluded);
  }
  return total;
}
