/**
 * `--rollback git`: the last known good state of a repository is a snapshot of everything a
 * program run by `recover` can change (src/runtime/git/snapshot.ts), and a rollback restores it
 * byte for byte after keeping what it replaces under a ref of its own. The refs of run RUN:
 * - `refs/recovery/RUN/good`: the state recorded before the run's first attempt;
 * - `refs/recovery/RUN/replaced-N`: the state the N-th rollback (or restore) replaced.
 */
import type { Unprotected } from './git/budget.js';
import { describeUnprotected } from './git/budget.js';
import { restoreSnapshot } from './git/restore.js';
import { commitOf, git, topLevel } from './git/run-git.js';
import { gitRollbackSettings, type GitRollbackSettings, type SnapshotOptions } from './git/settings.js';
import { NoSnapshotError, takeSnapshot } from './git/snapshot.js';
import type { FixChange } from '../policy/approval.js';
import { changedPaths, describePaths, measureChange } from './git/diff.js';
import type { Rollback } from './options.js';

export type { SnapshotBudget, Unprotected } from './git/budget.js';
export { DEFAULT_MAX_IGNORED_BYTES, DEFAULT_SKIPPED_IGNORED } from './git/budget.js';
export { NotAGitRepositoryError } from './git/run-git.js';
export { NoSnapshotError } from './git/snapshot.js';
export type { SnapshotOptions } from './git/settings.js';

/** @deprecated the old name of {@link SnapshotOptions}. */
export type GitSnapshotOptions = SnapshotOptions;

/** The ref of a run's snapshot: `refs/recovery/<runId>/<label>` (`good`, `replaced-N`). */
export function snapshotRef(runId: string, label: string): string {
  return `refs/recovery/${runId}/${label}`;
}

/** The command that restores the snapshot at `ref` (run it in the repository). */
export function restoreCommand(ref: string): string {
  return `recover restore ${ref}`;
}

/**
 * Records the last known good state of the repository around `cwd` under
 * `refs/recovery/<runId>/good`, without touching the work tree, the index or HEAD: tracked,
 * staged, untracked and ignored files (within `options.budget`), empty directories, permission
 * bits, refs, the stash and submodules (recursively). Works in a repository without commits.
 * Resolves with the snapshot commit's sha.
 * @param runId names the ref. Default: `good-<epoch ms>`.
 * @param options.exclude paths left out (the run store). Default: none.
 * @param options.budget what to record of ignored files. Default: 100 MiB, skipping `node_modules` & co.
 */
export async function recordGoodState(cwd: string, runId = `good-${Date.now()}`, options: SnapshotOptions = {}): Promise<string> {
  return recordAt(await rollbackRepo(cwd, options), runId);
}

/**
 * A repository as a rollback meets it: its top level, and the {@link GitRollbackSettings}
 * resolved there. Resolved once per call of the functions below, and once per {@link gitRollback}
 * (its record, every rollback and every measure read the same value).
 */
interface RollbackRepo {
  /** The top level of the repository around the caller's `cwd`. */
  readonly top: string;
  readonly settings: GitRollbackSettings;
}

/** The repository around `cwd` with `options` resolved at its top level; "not a git repository" rejects with {@link NotAGitRepositoryError}. */
async function rollbackRepo(cwd: string, options: SnapshotOptions): Promise<RollbackRepo> {
  const top = await topLevel(cwd);
  return { top, settings: gitRollbackSettings(top, options) };
}

/** {@link recordGoodState} in `repo`. */
async function recordAt({ top, settings }: RollbackRepo, runId: string): Promise<string> {
  const ref = await checkedRef(top, snapshotRef(runId, 'good'), runId);
  return (await takeSnapshot(top, ref, `recovery-protocol: last known good state before run ${runId}`, settings)).sha;
}

/** What {@link restoreGoodState} did. */
export interface RestoreResult {
  /** The ref that keeps the state the restore replaced, e.g. `refs/recovery/RUN/replaced-1`. */
  kept: string;
  /** The command that brings that state back ({@link restoreCommand}). */
  command: string;
  /** Ignored entries no snapshot recorded, left as they were (skip list, over the budget). */
  unprotected: Unprotected[];
  /** Nested repositories left in place (created since the snapshot, or gone). */
  leftAlone: string[];
}

/**
 * Makes the repository equal to the snapshot at `ref` (a sha or a ref), byte for byte, after
 * recording the current state under `refs/recovery/<runId>/replaced-<n>`: nothing is ever lost.
 * @param runId names the ref that keeps the replaced state. Default: the run whose
 *   `refs/recovery/<runId>/…` is `ref` or points at it, else `restore`.
 * @param options pass what the snapshot was taken with (the run store excluded above all).
 */
export async function restoreGoodState(cwd: string, ref: string, runId?: string, options: SnapshotOptions = {}): Promise<RestoreResult> {
  return restoreAt(await rollbackRepo(cwd, options), ref, runId);
}

/** {@link restoreGoodState} in `repo`. */
async function restoreAt({ top, settings }: RollbackRepo, ref: string, runId: string | undefined): Promise<RestoreResult> {
  const target = await commitOf(top, ref);
  if (!target) throw new NoSnapshotError(`no recovery snapshot at ${ref} in ${top}`);
  const name = runId ?? await runIdOf(top, ref, target);
  const taken = await git(top, ['for-each-ref', '--format=%(refname)', `refs/recovery/${name}/`]);
  const n = taken.split('\n').filter((r) => /\/replaced-\d+$/.test(r)).length + 1;
  const kept = await checkedRef(top, snapshotRef(name, `replaced-${n}`), name);
  const subject = `recovery-protocol: state replaced by rollback ${n} of run ${name}`;
  const outcome = await restoreSnapshot(top, target, kept, subject, settings);
  return { kept, command: restoreCommand(kept), ...outcome };
}

/** The one-line account of a rollback that history, the terminal and the report carry. */
export function describeRestore(result: RestoreResult): string {
  let text = `replaced state kept as ${result.kept} (get it back: ${result.command})`;
  if (result.unprotected.length > 0) text += `; not protected, left as they are: ${describeUnprotected(result.unprotected)}`;
  if (result.leftAlone.length > 0) text += `; repositories left in place: ${result.leftAlone.join(', ')}`;
  return text;
}

/**
 * Git rollback shaped for `RecoveryOptions`: `lastKnownGood()` records the repository (call it
 * before the first adapter runs; pass the sha as `lastKnownGood`), `rollback` restores it and
 * says what it undid and where the replaced state is kept. `rollback` resolves false when there
 * is no snapshot (neither `input.lastKnownGood` nor `refs/recovery/<runId>/good` names a commit),
 * and rejects when git fails. `measureChange` (for `RecoveryOptions.measureChange`) snapshots the
 * work tree under `refs/recovery/<runId>/measured` and measures it against the good state.
 * The repository's top level and `options` resolved there are found at the first call and kept
 * for the run (a failed lookup, "not a git repository", is tried again at the next call).
 */
export function gitRollback(cwd: string, runId: string, options: SnapshotOptions = {}): { lastKnownGood(): Promise<string>; rollback: Rollback; measureChange(): Promise<FixChange> } {
  let resolved: Promise<RollbackRepo> | undefined;
  const repo = (): Promise<RollbackRepo> => {
    if (resolved) return resolved;
    const pending = rollbackRepo(cwd, options);
    resolved = pending;
    pending.catch(() => { resolved = undefined; });
    return pending;
  };
  return {
    lastKnownGood: async () => recordAt(await repo(), runId),
    rollback: async (input) => {
      const at = await repo();
      for (const candidate of [input.lastKnownGood, snapshotRef(runId, 'good')]) {
        const sha = candidate ? await commitOf(at.top, candidate) : null;
        if (!sha) continue;
        const result = await restoreAt(at, sha, runId);
        // What the rollback undid: the replaced state against the good one (the files a person may want back).
        const undone = await changedPaths(at.top, sha, result.kept);
        return { restored: true, message: `undid ${describePaths(undone)}; ${describeRestore(result)}` };
      }
      return false;
    },
    measureChange: async () => {
      const { top, settings } = await repo();
      const good = await commitOf(top, snapshotRef(runId, 'good'));
      if (!good) throw new NoSnapshotError(`no last known good state of run ${runId} to measure the fix against (${snapshotRef(runId, 'good')})`);
      const ref = await checkedRef(top, snapshotRef(runId, 'measured'), runId);
      const now = await takeSnapshot(top, ref, `recovery-protocol: the work tree after a fix of run ${runId}, measured for approval`, settings);
      return measureChange(top, good, now.sha);
    },
  };
}

/** Which run a snapshot belongs to: `refs/recovery/<runId>/…` is named by or points at it. */
async function runIdOf(top: string, ref: string, sha: string): Promise<string> {
  const named = /^refs\/recovery\/(.+)\/[^/]+$/.exec(ref)?.[1];
  if (named) return named;
  const refs = await git(top, ['for-each-ref', '--format=%(refname)', '--points-at', sha, 'refs/recovery/']);
  return /^refs\/recovery\/(.+)\/[^/]+$/m.exec(refs)?.[1] ?? 'restore';
}

async function checkedRef(top: string, ref: string, runId: string): Promise<string> {
  await git(top, ['check-ref-format', ref]).catch(() => {
    throw new Error(`run id ${JSON.stringify(runId)} cannot name a git ref (${ref})`);
  });
  return ref;
}
