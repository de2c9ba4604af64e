/**
 * Persisted runs: `recoverPersisted` starts one (or, with a `runKey`, continues the run that key
 * names), `resume` continues a stored one. Each builds the run's context once (run-context.ts
 * says where each field comes from) and executes it through `drive` (drive.ts).
 */
import { RunNotFoundError } from '../store/errors.js';
import type { Lease, RunRecord } from '../store/types.js';
import { CLOSED_RUN_STATUSES } from '../taxonomy/index.js';
import { attemptProcessesOf, killLeftovers } from './attempt-process.js';
import { realClock } from './clock.js';
import type { Task } from './options.js';
import { storedOutcomeOf, type Outcome } from './outcome.js';
import { compileRedaction, redactDeep } from '../redact/index.js';
import { recordTakeover } from '../telemetry/takeover.js';
import { recoveryInput } from './recovery.js';
import { drive } from './drive.js';
import type { PersistedOptions, ResumeOptions } from './persisted-options.js';
import type { RunContext } from './run-context.js';
import { ensureDecisionOffered, keyedRunId } from './run-key.js';
import { storedRunStart, storedSnapshotOf } from './snapshot-codec.js';

export { RunInterruptedError } from './interrupt.js';
export { loadRun } from './load-run.js';
export type { PersistedOptions, ResumeOptions } from './persisted-options.js';

/**
 * The caller's options as a run executes them: their redaction patterns compiled once, where the
 * caller hands them in (`recoverPersisted`, `resume`), and read as `options.redact` from then on
 * (the identity's meta, the run's work), never compiled again on the way.
 */
type RunOptions = PersistedOptions & { readonly redact: RegExp[] };

/**
 * Run `task` under the protocol with every phase change checkpointed in `store` and the run
 * owned (a lease with a fence) while it executes. Write-ahead: attempt n's checkpoint is durable
 * before attempt n runs, and so is the checkpoint before a diagnoser, adapter or rollback
 * program starts; the process group a `commandTask` spawns is recorded right after the spawn.
 * A commit the store refuses (disk full, a newer owner) stops the run with that error: no
 * attempt runs without its checkpoint.
 *
 * With `runKey`, the call is idempotent: the first call starts the run the key names; a later
 * call finds it (under its lease, so two callers cannot both start it) and
 * - when it has ended (succeeded, recovered, flaky, skipped, aborted, manual), resolves with the
 *   stored outcome without running `task` (and without `value`: values are never stored);
 * - when it is escalated, applies `decision` and continues (without one it stays escalated and
 *   resolves `escalated` again, running nothing);
 * - when it was interrupted (a crash, a stop) or handed off, continues it as `resume` does.
 * A caller with the same key while the run executes elsewhere gets `RunLockedError`.
 *
 * Resolves with the outcome; a run that passed in this call carries the passing attempt's
 * return value as `value` (typed `T`), in memory only.
 *
 * @example
 * ```ts
 * const store = openStore('.recovery');
 * const outcome = await recoverPersisted(task, { store, name: 'nightly build' });
 * if (outcome.status === 'escalated') console.log(`decide later: resume('${outcome.runId}', …)`);
 * ```
 */
export async function recoverPersisted<T = unknown>(task: Task<T>, options: PersistedOptions): Promise<Outcome<T>> {
  const clock = options.clock ?? realClock;
  const runId = options.runKey !== undefined ? keyedRunId(options.runKey, options.runId) : options.runId;
  if (options.decision !== undefined && options.runKey === undefined) throw new TypeError('recoverPersisted: decision answers the escalation of a keyed run; pass runKey too (or use resume)');
  // The caller's patterns, compiled once here: everything below (the input's task name, the
  // identity, the run's work) reads this list from the options as it is, without compiling again.
  const redact = compileRedaction(options.redact);
  // The caller's options, under the key's run id when the key names the run.
  const runOptions = { ...options, runId, redact };
  const input = recoveryInput(runOptions, clock);
  const lease = await acquire(options, input.runId);
  if (options.runKey !== undefined) {
    // Under the lease: no other caller can start or finish the run between this load and what follows.
    const record = await options.store.load(input.runId).catch(async (error: unknown) => { await lease.release(); throw error; });
    if (record) return continueKeyed(record, lease, task, runOptions);
  }
  const meta = options.runKey !== undefined ? { ...options.meta, runKey: options.runKey } : options.meta ?? {};
  const context: RunContext<T> = {
    task,
    options: runOptions,
    clock,
    // Redacted where it enters the run record: the meta is the caller's (the CLI keeps a command line there).
    identity: { runId: input.runId, task: input.task, createdAt: input.now, meta: redactDeep(meta, redact) },
    lease,
    stored: { committed: 0, policy: options.policy },
    decision: undefined,
    shownThrough: 0,
  };
  return drive(context, () => ({ input }));
}

/** A keyed run found in the store, held under `lease`: its stored outcome when it has ended, else continued. */
async function continueKeyed<T>(record: RunRecord, lease: Lease, task: Task<T>, options: RunOptions): Promise<Outcome<T>> {
  // Ended (a handed-off run has ended its context, not its work: it continues): nothing runs again.
  if (CLOSED_RUN_STATUSES.has(record.status)) {
    await lease.release();
    return storedOutcomeOf(record) as Outcome<T>;
  }
  // The keyed call's decision answers only an escalation it finds (another process may have decided).
  const decision = record.status === 'escalated' ? options.decision : undefined;
  return continueHeld(lease, record, options, { task, ...(decision ? { decision, admit: (stored: RunRecord) => ensureDecisionOffered(stored, decision) } : {}) });
}

/** Acquires the run and passes on what the store mended. */
async function acquire(options: PersistedOptions, runId: string): Promise<Lease> {
  const lease = await options.store.acquire(runId);
  for (const repair of lease.repairs) options.onNotice?.(repair);
  // A fleet worker's lease (it names the worker) is counted by the worker, where it claims the run.
  if (lease.holder.worker === null) recordTakeover(lease);
  return lease;
}

/**
 * Continue a stored run: an interrupted attempt is re-run (marked `interrupted` in history), a
 * backoff waits only what remains, an escalated run applies `decision` (or stays escalated), a
 * handed-off run continues in a fresh machine (RESUME/resumed) while its resource budget lasts.
 * A process group the previous (SIGKILLed) process left running is killed first and named in
 * the RESUME/interrupted event, so the attempt never runs twice at once. A run that passes in
 * this call carries the passing attempt's return value as `value`; one restored already ended
 * has none (values are never stored). The run keeps the slots it was started with (restored or
 * continued): pass the same `diagnose`, `adapt` and `rollback` it had (a slot it was not started with is never called).
 *
 * @example
 * ```ts
 * const decision = { choice: 'retry-with-modifications', guidance: 'pin the old API version' } as const;
 * const outcome = await resume(runId, { store: openStore('.recovery'), task, decision });
 * ```
 */
export async function resume<T = unknown>(runId: string, options: PersistedOptions & ResumeOptions<T>): Promise<Outcome<T>> {
  const lease = await acquire(options, runId);
  const record = await options.store.load(runId).catch(async (error: unknown) => { await lease.release(); throw error; });
  if (!record) {
    await lease.release();
    throw new RunNotFoundError(runId);
  }
  // The caller's patterns, compiled once here as `recoverPersisted` compiles them (see RunOptions).
  return continueHeld(lease, record, { ...options, redact: compileRedaction(options.redact) }, options);
}

/**
 * {@link resume} of the run `record`, loaded under `lease` (released here on failure), with
 * `options` (their patterns compiled: the identity's meta is redacted with the list the run's
 * work reads) and the task, decision and admission of `how` (`options` itself for `resume`).
 */
async function continueHeld<T>(lease: Lease, record: RunRecord, options: RunOptions, how: ResumeOptions<T>): Promise<Outcome<T>> {
  const runId = record.runId;
  try {
    const admitted = how.admit?.(record) ?? {};
    const stored = storedSnapshotOf(record);
    if (stored.notice !== null) options.onNotice?.(stored.notice);
    const { attemptProcesses: _recorded, ...meta } = { ...record.meta, ...options.meta, ...admitted };
    const context: RunContext<T> = {
      task: how.task,
      // Traced, the new run span links to the one of the process that left the run (it escalated there).
      options: { ...options, runId, telemetry: { linkTo: typeof record.meta.traceparent === 'string' ? record.meta.traceparent : null, ...options.telemetry } },
      clock: options.clock ?? realClock,
      identity: { runId, task: record.task, createdAt: record.createdAt, meta: redactDeep(meta, options.redact) },
      lease,
      stored: { committed: record.history.length, policy: stored.config },
      decision: how.decision,
      shownThrough: record.history.at(-1)?.seq ?? 0,
    };
    // The lock is ours, so whoever recorded these processes is gone: any still running is an
    // orphan of a `recover` killed with SIGKILL, and must end before the attempt runs again.
    const killed = await killLeftovers(attemptProcessesOf(record.meta));
    // The instant of the resume, read once from the context's clock (the leftovers gone): the
    // RESUME event and a continued machine's start share it, and nothing below the run's context
    // is handed the clock.
    const start = await storedRunStart(runId, stored, context.clock.now(), killed);
    return await drive(context, start);
  } catch (error) {
    await lease.release();
    throw error;
  }
}
