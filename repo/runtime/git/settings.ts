/**
 * A git rollback's settings, resolved once where the rollback meets the repository: which paths
 * it never records nor restores, and what it keeps of the ignored files. The snapshot, the scan,
 * the budget and the restore read this one value by field; none of them applies a default or
 * re-resolves a path of its own, so a submodule is snapshotted and restored with exactly what
 * its top level was.
 */
import { isAbsolute, join, relative } from 'node:path';
import { DEFAULT_MAX_IGNORED_BYTES, DEFAULT_SKIPPED_IGNORED, type SnapshotBudget } from './budget.js';

/** What a caller asks of a snapshot (and of the restore, which snapshots what it replaces); every field optional. */
export interface SnapshotOptions {
  /**
   * Paths never recorded nor restored (absolute, or relative to the top level): the run store
   * above all, which changes during the run and must survive a rollback. Default: none.
   */
  exclude?: readonly string[];
  /** What to record of the ignored files. Default: {@link SnapshotBudget}'s defaults. */
  budget?: SnapshotBudget;
}

/** {@link SnapshotOptions} resolved at a repository's top level: every field set, every path absolute. */
export interface GitRollbackSettings {
  /** Absolute paths never recorded nor restored (in the top level and in every nested repository). */
  readonly exclude: readonly string[];
  /** {@link SnapshotBudget.maxIgnoredBytes}, its default {@link DEFAULT_MAX_IGNORED_BYTES} applied. */
  readonly maxIgnoredBytes: number;
  /** {@link SnapshotBudget.skipIgnored}, its default {@link DEFAULT_SKIPPED_IGNORED} applied. */
  readonly skipIgnored: readonly string[];
}

/** `options` resolved for the repository whose top level is `top` (relative excluded paths are relative to it). */
export function gitRollbackSettings(top: string, options: SnapshotOptions = {}): GitRollbackSettings {
  return {
    exclude: (options.exclude ?? []).map((path) => (isAbsolute(path) ? path : join(top, path))),
    maxIgnoredBytes: options.budget?.maxIgnoredBytes ?? DEFAULT_MAX_IGNORED_BYTES,
    skipIgnored: options.budget?.skipIgnored ?? DEFAULT_SKIPPED_IGNORED,
  };
}

/** The excluded paths that lie inside `top` (the top level or a nested repository), relative to it. */
export function excludedInside(top: string, settings: Pick<GitRollbackSettings, 'exclude'>): string[] {
  return settings.exclude
    .map((path) => relative(top, path).split('\\').join('/'))
    .filter((rel) => rel !== '' && !rel.startsWith('..') && !isAbsolute(rel));
}
