/**
 * A run's status: the one definition of the names and of what each means. Every list of statuses
 * (final, passing, closed) is derived here, so the stores, reports, the CLI and the web page never
 * re-list them by hand.
 */

/** Final or resting status of a run: a final state's name, `escalated` (waiting for a decision) or `flaky`. */
export const RUN_STATUSES = ['running', 'succeeded', 'recovered', 'flaky', 'escalated', 'skipped', 'aborted', 'manual', 'handedOff'] as const;
/** A run's status. */
export type RunStatus = (typeof RUN_STATUSES)[number];

/** What a status says about its run. */
export interface RunStatusMeaning {
  /** The run rests in a final state: it has ended (`escalated` rests too, but waits for a decision). */
  final: boolean;
  /** The task passed: the outcome carries the passing attempt's value. */
  passed: boolean;
  /** Final for its context, not for its work: resuming continues it in a fresh context. */
  resumable: boolean;
  /** Only a failure leads here: a run with this status failed at least once, whatever its history says. */
  failed: boolean;
}

/** What each status means (a new status does not compile until it is given a meaning here). */
export const RUN_STATUS_MEANINGS: Readonly<Record<RunStatus, RunStatusMeaning>> = {
  running: { final: false, passed: false, resumable: false, failed: false },
  succeeded: { final: true, passed: true, resumable: false, failed: false },
  recovered: { final: true, passed: true, resumable: false, failed: true },
  flaky: { final: true, passed: true, resumable: false, failed: true },
  escalated: { final: false, passed: false, resumable: false, failed: true },
  skipped: { final: true, passed: false, resumable: false, failed: true },
  aborted: { final: true, passed: false, resumable: false, failed: true },
  manual: { final: true, passed: false, resumable: false, failed: true },
  handedOff: { final: true, passed: false, resumable: true, failed: true },
};

const statusesWhere = (test: (meaning: RunStatusMeaning) => boolean): ReadonlySet<RunStatus> =>
  new Set(RUN_STATUSES.filter((status) => test(RUN_STATUS_MEANINGS[status])));

/** The statuses of a run that has ended: every status but `running` and `escalated` (which waits for a decision). */
export const FINAL_RUN_STATUSES = statusesWhere((m) => m.final);
/** The statuses a run passed with (`succeeded`, `recovered`, `flaky`): its outcome carries the passing attempt's value. */
export const PASSING_RUN_STATUSES = statusesWhere((m) => m.passed);
/** Final and not resumable (every final status but `handedOff`): nothing of the run runs again. */
export const CLOSED_RUN_STATUSES = statusesWhere((m) => m.final && !m.resumable);

// Widened (not cast) so that any value can be asked about: a state name, a field of a file, a row.
const ANY_STATUS: ReadonlySet<unknown> = new Set(RUN_STATUSES);
const ANY_FINAL_STATUS: ReadonlySet<unknown> = FINAL_RUN_STATUSES;
/** True for a run status; narrows a value read from outside (a stored file, a database row). */
export const isRunStatus = (value: unknown): value is RunStatus => ANY_STATUS.has(value);
/** True for a final run status; narrows a value read from outside (a state name, a database row). */
export const isFinalRunStatus = (value: unknown): value is RunStatus => ANY_FINAL_STATUS.has(value);
