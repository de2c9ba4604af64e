/**
 * Persisted runs: `recoverPersisted` starts one (or, with a `runKey`, continues the run that key
 * names), `resume` continues a stored one. Both execute through `drive` (drive.ts).
 */
import { createActor, type AnyStateMachine, type StateValue } from 'xstate';
import { RECOVERY_ACTOR_SLOTS, RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, recoveryMigrations, type RecoveryMachine } from '../../machines/recovery.machine.js';
import type { RecoveryContext, RecoveryInput } from '../../machines/recovery/types.js';
import { checkEnvelope } from '../store/envelope.js';
import { envelopeProblem } from '../store/validate.js';
import { RunNotFoundError, SnapshotMismatchError } from '../store/errors.js';
import type { Lease, RunRecord, Store } from '../store/types.js';
import type { PolicyConfig } from '../policy/types.js';
import { FINAL_RUN_STATUSES } from '../taxonomy/index.js';
import { attemptProcessesOf, killLeftovers } from './attempt-process.js';
import type { RunIdentity } from './checkpointer.js';
import { expandContext } from './compact-snapshot.js';
import { noteKilled } from './interrupt.js';
import { realClock } from './clock.js';
import type { RecoveryOptions, Task } from './options.js';
import { storedOutcomeOf, type Outcome } from './outcome.js';
import { redactDeep } from '../redact/index.js';
import { redactPatternsOf } from './actors.js';
import { recordTakeover } from '../telemetry/takeover.js';
import { actorOptions, recoveryInput, type RecoveryActor } from './recovery.js';
import { drive } from './drive.js';
import { ensureDecisionOffered, keyedRunId, type RunDecision } from './run-key.js';

export { RunInterruptedError } from './interrupt.js';
export { loadRun } from './load-run.js';

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
  const input = recoveryInput(runId === options.runId ? options : { ...options, runId }, clock);
  const lease = await acquire(options, input.runId);
  if (options.runKey !== undefined) {
    // Under the lease: no other caller can start or finish the run between this load and what follows.
    const record = await options.store.load(input.runId).catch(async (error: unknown) => { await lease.release(); throw error; });
    if (record) return continueKeyed(record, lease, task, options);
  }
  const meta = options.runKey !== undefined ? { ...options.meta, runKey: options.runKey } : options.meta ?? {};
  // Redacted where it enters the run record: the meta is the caller's (the CLI keeps a command line there).
  const identity: RunIdentity = { runId: input.runId, task: input.task, createdAt: input.now, meta: redactDeep(meta, redactPatternsOf(options.redact)) };
  return drive(task, { ...options, runId: input.runId }, identity, lease, { committed: 0, policy: options.policy },
    (logic) => createActor(logic, actorOptions(options, { input })));
}

/** A keyed run found in the store, held under `lease`: its stored outcome when it has ended, else continued. */
async function continueKeyed<T>(record: RunRecord, lease: Lease, task: Task<T>, options: PersistedOptions): Promise<Outcome<T>> {
  // Ended (a handed-off run has ended its context, not its work: it continues): nothing runs again.
  if (FINAL_RUN_STATUSES.has(record.status) && record.status !== 'handedOff') {
    await lease.release();
    return storedOutcomeOf(record) as Outcome<T>;
  }
  const { decision: _decision, runKey: _key, ...rest } = options;
  const decision = record.status === 'escalated' ? options.decision : undefined;
  return continueHeld(record.runId, lease, {
    ...rest,
    task,
    ...(decision ? { decision, admit: (stored: RunRecord) => ensureDecisionOffered(stored, decision) } : {}),
  }, record);
}

/** Acquires the run and passes on what the store mended. */
async function acquire(options: PersistedOptions, runId: string): Promise<Lease> {
  const lease = await options.store.acquire(runId);
  for (const repair of lease.repairs) options.onNotice?.(repair);
  // A fleet worker's lease (it names the worker) is counted by the worker, where it claims the run.
  if (lease.holder.worker === null) recordTakeover(lease);
  return lease;
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

/**
 * Continue a stored run: an interrupted attempt is re-run (marked `interrupted` in history), a
 * backoff waits only what remains, an escalated run applies `decision` (or stays escalated), a
 * handed-off run continues in a fresh machine (RESUME/resumed) while its resource budget lasts.
 * A process group the previous (SIGKILLed) process left running is killed first and named in
 * the RESUME/interrupted event, so the attempt never runs twice at once. A run that passes in
 * this call carries the passing attempt's return value as `value`; one restored already ended
 * has none (values are never stored).
 *
 * @example
 * ```ts
 * const decision = { choice: 'retry-with-modifications', guidance: 'pin the old API version' } as const;
 * const outcome = await resume(runId, { store: openStore('.recovery'), task, decision });
 * ```
 */
export async function resume<T = unknown>(runId: string, options: PersistedOptions & ResumeOptions<T>): Promise<Outcome<T>> {
  return continueHeld(runId, await acquire(options, runId), options, null);
}

/** {@link resume} of a run whose lease is held (released here on failure), `loaded` already under it (or null to load it). */
async function continueHeld<T>(runId: string, lease: Lease, options: PersistedOptions & ResumeOptions<T>, loaded: RunRecord | null): Promise<Outcome<T>> {
  try {
    const record = loaded ?? await options.store.load(runId);
    if (!record) throw new RunNotFoundError(runId);
    const admitted = options.admit?.(record) ?? {};
    const stored = storedSnapshotOf(record, options);
    const { attemptProcesses: _recorded, ...meta } = { ...record.meta, ...options.meta, ...admitted };
    const identity: RunIdentity = { runId, task: record.task, createdAt: record.createdAt, meta: redactDeep(meta, redactPatternsOf(options.redact)) };
    // The lock is ours, so whoever recorded these processes is gone: any still running is an
    // orphan of a `recover` killed with SIGKILL, and must end before the attempt runs again.
    const killed = await killLeftovers(attemptProcessesOf(record.meta));
    // Only a resume reads a stored snapshot: `recover run` does not load this (nor immer, which it uses).
    const { continuationOf, markInterrupted } = await import('../../machines/recovery/resume.js');
    const clock = options.clock ?? realClock;
    // Traced, the new run span links to the one of the process that left the run (it escalated there).
    const telemetry = { linkTo: typeof record.meta.traceparent === 'string' ? record.meta.traceparent : null, ...options.telemetry };
    return await drive(options.task, { ...options, runId, telemetry }, identity, lease, { committed: record.history.length, policy: stored.config }, (logic) => {
      const envelope = checkedRecoveryEnvelope(stored.envelope, logic, runId);
      const carry = continuationOf(envelope.snapshot as never, clock.now());
      if (carry) return createActor(logic, actorOptions(options, { input: continuedInput(envelope.snapshot as never, options, carry, clock.now()) }));
      const snapshot = noteKilled(markInterrupted(envelope.snapshot as never, clock.now()), killed);
      // Restoring needs no input; the typed overload insists on one, so go through the untyped machine.
      return createActor(logic as AnyStateMachine, actorOptions(options, { snapshot: snapshot as never })) as unknown as RecoveryActor;
    }, options.decision, record.history.at(-1)?.seq ?? 0);
  } catch (error) {
    await lease.release();
    throw error;
  }
}

/**
 * A stored recovery snapshot checked against this build's machine (its id, version and
 * migrations, that its state exists and its actors are provided), as `resume` restores it.
 */
export function checkedRecoveryEnvelope(envelope: unknown, logic: Pick<RecoveryMachine, 'resolveState'>, runId: string) {
  return checkEnvelope(envelope, {
    machineId: RECOVERY_MACHINE_ID,
    version: RECOVERY_MACHINE_VERSION,
    migrations: recoveryMigrations,
    stateExists: (value) => logic.resolveState({ value: value as StateValue, context: {} as never }) !== undefined,
    providedActors: RECOVERY_ACTOR_SLOTS,
  }, runId);
}

/**
 * The stored checkpoint with its snapshot's context rebuilt (history from the log, the policy
 * resolved from its config; see compact-snapshot.ts), and that config for the next checkpoints.
 * A checkpoint that is not a snapshot envelope is passed on as it is: `checkEnvelope` says why.
 */
export function storedSnapshotOf(record: RunRecord, options: PersistedOptions): { envelope: unknown; config: PolicyConfig | undefined } {
  const envelope = record.checkpoint;
  if (envelopeProblem(envelope) !== null) return { envelope, config: undefined };
  const snapshot = envelope!.snapshot as { context?: unknown };
  if (typeof snapshot.context !== 'object' || snapshot.context === null || Array.isArray(snapshot.context)) {
    throw new SnapshotMismatchError(record.runId, [{ kind: 'envelope', message: 'the snapshot has no context (an object), so it was not written by a recovery machine' }]);
  }
  const expanded = expandContext(snapshot.context as Record<string, unknown>, record.history);
  if (expanded.policyChanged) options.onNotice?.(`run ${record.runId}: its policy config resolves differently under this release (a default changed); it continues under the current defaults`);
  return { envelope: { ...envelope!, snapshot: { ...snapshot, context: expanded.context } }, config: expanded.config };
}

/**
 * The input of the fresh machine a handed-off run continues in: the stored run's own policy,
 * rules, timeout and last known good state (so the continuation keeps the rules it started
 * with), the slots the resumer provides, and what the run carries.
 */
function continuedInput(stored: { context: RecoveryContext }, options: RecoveryOptions, carry: NonNullable<RecoveryInput['carry']>, now: number): RecoveryInput {
  const c = stored.context;
  return {
    runId: c.runId, task: c.task, policy: c.policy, rules: c.rules, timeoutMs: c.timeoutMs, lastKnownGood: c.lastKnownGood,
    hasDiagnoser: options.diagnose !== undefined, hasAdapter: options.adapt !== undefined, hasRollback: options.rollback !== undefined,
    now, carry,
  };
}
