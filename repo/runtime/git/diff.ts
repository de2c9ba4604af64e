/**
 * What changed between two snapshots of a repository (snapshot commits hold the work tree's bytes
 * as their tree, see snapshot.ts): the files a rollback undid, and the size of a fix measured
 * against the last known good state (seed 004 ASK_APPROVE, issue 33).
 */
import type { FixChange } from '../../policy/approval.js';
import { gitBytes } from './run-git.js';

/** How one path differs from `from` to `to`. */
export interface ChangedPath {
  path: string;
  /** `added`, `modified` or `deleted` (a rename counts as a deletion and an addition). */
  status: 'added' | 'modified' | 'deleted';
  /** Lines added and deleted (0 for binary files). */
  insertions: number;
  deletions: number;
}

const STATUS: Record<string, ChangedPath['status']> = { A: 'added', D: 'deleted' };
const MAX_PATHS = 200;

/** Every path that differs between the trees of commits `from` and `to`, sorted. */
export async function changedPaths(top: string, from: string, to: string): Promise<ChangedPath[]> {
  const [names, stats] = await Promise.all([
    gitBytes(top, ['diff', '--no-renames', '--no-ext-diff', '-z', '--name-status', from, to]),
    gitBytes(top, ['diff', '--no-renames', '--no-ext-diff', '-z', '--numstat', from, to]),
  ]);
  const lines = new Map<string, [number, number]>();
  // --numstat -z: "added\tdeleted\tpath\0" ("-\t-\t" for a binary file).
  for (const record of stats.toString('utf8').split('\0')) {
    const match = /^(\d+|-)\t(\d+|-)\t(.*)$/s.exec(record);
    if (match) lines.set(match[3]!, [Number(match[1]) || 0, Number(match[2]) || 0]);
  }
  // --name-status -z: "M\0path\0" pairs.
  const fields = names.toString('utf8').split('\0');
  const out: ChangedPath[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const path = fields[i + 1]!;
    const [insertions, deletions] = lines.get(path) ?? [0, 0];
    out.push({ path, status: STATUS[fields[i]![0]!] ?? 'modified', insertions, deletions });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The number of files in commit `rev`'s tree (submodules count as one). */
export async function fileCount(top: string, rev: string): Promise<number> {
  const listing = await gitBytes(top, ['ls-tree', '-r', '-z', '--name-only', rev]);
  return listing.toString('utf8').split('\0').filter(Boolean).length;
}

/** A fix's size: what `to` changed against the good state `from`. */
export async function measureChange(top: string, from: string, to: string): Promise<FixChange> {
  const [paths, totalFiles] = await Promise.all([changedPaths(top, from, to), fileCount(top, from)]);
  return {
    changedFiles: paths.length,
    totalFiles,
    insertions: paths.reduce((sum, p) => sum + p.insertions, 0),
    deletions: paths.reduce((sum, p) => sum + p.deletions, 0),
    paths: paths.slice(0, MAX_PATHS).map((p) => p.path),
  };
}

/** One line naming what changed: `2 files: notes.txt (added), src/a.ts (modified)`. */
export function describePaths(paths: readonly ChangedPath[], max = 10): string {
  if (paths.length === 0) return 'no file';
  const shown = paths.slice(0, max).map((p) => `${p.path} (${p.status})`).join(', ');
  return `${paths.length} file${paths.length === 1 ? '' : 's'}: ${shown}${paths.length > max ? ', …' : ''}`;
}
