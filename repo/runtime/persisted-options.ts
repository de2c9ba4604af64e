/**
 * What a caller gives a persisted run: `recoverPersisted`'s options, and what `resume` takes
 * besides them. Below persisted.ts and drive.ts, which both read them (see run-context.ts for
 * where each becomes part of the run's context).
 */
import type { RunRecord, Store } from '../store/types.js';
import type { RecoveryOptions, Task } from './options.js';
import type { RecoveryActor } from './recovery.js';
import type { RunDecision } from './run-key.js';

/** Options of a persisted run: a store, and what the CLI wants kept to resume it. */
export interface PersistedOptions extends RecoveryOptions {
  store: Store;
  /** JSON kept with the run (e.g. the command line) for whoever resumes it. */
  meta?: Record<string, unknown>;
  /**
   * Called once the run is locked and started, e.g. to install a signal handler. Stopping the
   * actor from outside makes the run reject with `RunInterruptedError` once the running task has
   * ended (a command's process group is gone), the last checkpoint is on disk and the lock is free.
   */
  onStart?: (actor: RecoveryActor) => void;
  /**
   * Told what the store mended or noticed on the way in, one sentence each: an unfinished append
   * cut when the run was acquired, a policy whose defaults changed since the run started.
   */
  onNotice?: (message: string) => void;
  /**
   * Names the run, for callers that may run the same step again (a LangGraph node re-executed
   * after `interrupt()`, a redelivered job): `recoverPersisted` with a key it has seen continues
   * that run instead of starting another. The run id is derived from the key (`runIdForKey`);
   * the key is kept, redacted, in the run's meta as `runKey`. Default: none (a new run each call).
   * Only `recoverPersisted` reads it.
   */
  runKey?: string;
  /**
   * With `runKey`: the answer to the keyed run's escalation, applied when the run rests in
   * `escalated` and ignored otherwise (a run that has ended, or one another process decided).
   * A choice the run does not offer is refused with a RangeError. Default: none.
   */
  decision?: RunDecision;
}

/** What `resume` takes besides the persisted options; `T` is what the task resolves with (default `unknown`). */
export interface ResumeOptions<T = unknown> {
  task: Task<T>;
  /** The answer to an escalation; applied only when the run rests in `escalated`. Default: none. */
  decision?: RunDecision;
  /**
   * Called with the run as stored, under the lease and before anything runs, so a check cannot
   * race another owner: throw to refuse (the lease is released, nothing is written); return meta
   * to keep with the run (e.g. who decided). Default: admit as it is.
   */
  admit?: (record: RunRecord) => Record<string, unknown> | void;
}
