/**
 * What a snapshot records beside the tree of files: git keeps neither empty directories, nor
 * permission bits beyond the executable one, nor the index, the refs or the stash in a tree.
 * Stored as `manifest.json` in the snapshot's metadata commit (see snapshot.ts).
 */
import type { Unprotected } from './budget.js';
import type { RefState } from './refs.js';

/** The manifest of one snapshot of one repository. */
export interface Manifest {
  version: 1;
  /** Permission bits: the usual ones of plain and executable files, and each file that differs. */
  perms: { file: number; exec: number; other: Record<string, number> };
  /** Empty directories, relative to the top level. */
  emptyDirs: string[];
  /** Ignored entries not recorded: a rollback never touches them. */
  unprotected: Unprotected[];
  /** Bytes of ignored files recorded. */
  ignoredBytes: number;
  /** Nested repositories (submodules) → the sha of their own snapshot, in their own object store. */
  nested: Record<string, string>;
  /** Branches, tags, HEAD and the stash. */
  refs: RefState;
  /** The blob holding the index file's bytes (the staged state), or `null` without an index. */
  index: string | null;
}

/** The permission bits a file is restored with. */
export function permOf(manifest: Manifest, path: string, exec: boolean): number {
  return manifest.perms.other[path] ?? (exec ? manifest.perms.exec : manifest.perms.file);
}

/** The most common permission bits among `perms` (`fallback` when there are none). */
export function usualPerm(perms: readonly number[], fallback: number): number {
  const counts = new Map<number, number>();
  for (const perm of perms) counts.set(perm, (counts.get(perm) ?? 0) + 1);
  let best = fallback;
  let most = 0;
  for (const [perm, count] of counts) if (count > most) [best, most] = [perm, count];
  return best;
}

/** Reads a manifest back, checking the fields a restore relies on. */
export function parseManifest(text: string, where: string): Manifest {
  const value = JSON.parse(text) as Partial<Manifest>;
  if (value.version !== 1 || !Array.isArray(value.emptyDirs) || !value.refs || !value.perms || !value.nested) {
    throw new Error(`${where}: not a recovery-protocol snapshot manifest (version ${String(value.version)})`);
  }
  return value as Manifest;
}
