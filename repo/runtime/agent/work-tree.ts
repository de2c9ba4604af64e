/**
 * Did the agent change the work tree? A snapshot before ADAPT and one after, compared. An
 * agent's word ("I fixed it") is not evidence; a changed file is, and an unchanged tree after a
 * claimed fix means the retry would run the same code again.
 */
import { gitScan, MAX_FILES, walkScan } from './work-tree-scan.js';

export { MAX_FILES, WALK_SKIP } from './work-tree-scan.js';

/** A directory's state at one moment, as {@link snapshotWorkTree} saw it. Compare two with {@link changedPaths}. */
export interface WorkTreeState {
  /** `git`: read through git; `walk`: `cwd` is not in a git work tree, its files were walked. */
  mode: 'git' | 'walk';
  /** The directory snapshotted, as given. */
  cwd: string;
  /** The commit HEAD names; `null` outside git or before the first commit. */
  head: string | null;
  /** Signature by path (relative to `cwd`, `/`-separated; `../` for repository paths above it). */
  entries: ReadonlyMap<string, string>;
  /**
   * The bound (`maxFiles`, default {@link MAX_FILES}) was reached. In `walk` mode the files past it were not seen,
   * so a file appearing or disappearing may only be the bound moving: {@link changedPaths} then
   * reports only files seen in both snapshots. In `git` mode status still lists every path, but
   * those past the bound carry no size or time, so a re-edit of one of them is missed.
   */
  truncated: boolean;
}

/** Options of {@link snapshotWorkTree}. */
export interface SnapshotOptions {
  /**
   * Paths left out, relative to `cwd`: a name matches that name at any depth (`.recovery`), a
   * path with a `/` matches itself and what is under it (`build/cache`). Default: none. Use it for
   * the recovery store, which changes on every run. A walk also always skips `.git` and `node_modules`.
   */
  ignore?: string[];
  /** Most files walked, or stat'ed from git's status list; see {@link WorkTreeState.truncated}. Default {@link MAX_FILES} (20,000). */
  maxFiles?: number;
}

/**
 * Snapshots `cwd`. In a git work tree: HEAD; for every path `git status --porcelain=v1 -z
 * --untracked-files=all` lists (modified, staged, deleted, untracked; not git-ignored) its status
 * code with size and modification/change time (or `deleted`); and every tracked path's index
 * entry. So editing a clean or an already-modified file, creating, deleting and committing are
 * all seen. Outside git: every file's size and times, walking at most `maxFiles` files.
 * git runs through `execFile` (no shell); `-z` keeps paths with spaces and newlines intact.
 */
export async function snapshotWorkTree(cwd: string, options: SnapshotOptions = {}): Promise<WorkTreeState> {
  const ignore = options.ignore ?? [];
  const maxFiles = options.maxFiles ?? MAX_FILES;
  const git = await gitScan(cwd, ignore, maxFiles);
  if (git) return { mode: 'git', cwd, ...git };
  return { mode: 'walk', cwd, ...await walkScan(cwd, ignore, maxFiles) };
}

/**
 * The paths whose state differs between `before` and `after`, sorted (by UTF-16 code units).
 * `[]` when nothing changed. A commit that changed no file (HEAD moved alone) is not a path:
 * compare `head` for that. When a walk was truncated, only files seen in both snapshots count.
 */
export function changedPaths(before: WorkTreeState, after: WorkTreeState): string[] {
  const partial = (before.mode === 'walk' && before.truncated) || (after.mode === 'walk' && after.truncated);
  const changed = new Set<string>();
  for (const [path, signature] of after.entries) {
    const earlier = before.entries.get(path);
    if (earlier === undefined ? !partial : earlier !== signature) changed.add(path);
  }
  if (!partial) for (const path of before.entries.keys()) if (!after.entries.has(path)) changed.add(path);
  return [...changed].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
