import { createActor, type AnyStateMachine, type SnapshotFrom, type StateValue } from 'xstate';
import { RECOVERY_ACTOR_SLOTS, RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, recoveryMigrations, type RecoveryMachine } from '../../machines/recovery.machine.js';
import type { RecoveryContext, RecoveryInput } from '../../machines/recovery/types.js';
import { checkEnvelope } from '../store/envelope.js';
import { envelopeProblem } from '../store/validate.js';
import { RunNotFoundError, SnapshotMismatchError } from '../store/errors.js';
import type { Lease, RunRecord, Store } from '../store/types.js';
import type { PolicyConfig } from '../policy/types.js';
import { attemptProcessesOf, killLeftovers, watchAttemptProcesses, type AttemptProcess } from './attempt-process.js';
import { Checkpointer, checkpointWithoutReport, type RunIdentity } from './checkpointer.js';
import { compactContext, expandContext } from './compact-snapshot.js';
import { noteKilled, RunInterruptedError, trackedTask } from './interrupt.js';
import { realClock } from './clock.js';
import type { RecoveryOptions, Task } from './options.js';
import { isResting, outcomeOf, statusOf, type Outcome } from './outcome.js';
import { redactDeep } from '../report/redact.js';
import { redactPatternsOf, sharedRun } from './actors.js';
import { extensionsSettled } from './run-extensions.js';
import { recordTakeover } from '../telemetry/takeover.js';
import { actorOptions, forwardHistory, recoveryInput, type RecoveryActor } from './recovery.js';
import type { DecisionChoice } from '../policy/types.js';

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
}

/**
 * Run `task` under the protocol with every phase change checkpointed in `store` and the run
 * owned (a lease with a fence) while it executes. Write-ahead: attempt n's checkpoint is durable
 * before attempt n runs, and so is the checkpoint before a diagnoser, adapter or rollback
 * program starts; the process group a `commandTask` spawns is recorded right after the spawn.
 * A commit the store refuses (disk full, a newer owner) stops the run with that error: no
 * attempt runs without its checkpoint.
 */
export async function recoverPersisted(task: Task, options: PersistedOptions): Promise<Outcome> {
  const clock = options.clock ?? realClock;
  const input = recoveryInput(options, clock);
  // Redacted where it enters the run record: the meta is the caller's (the CLI keeps a command line there).
  const identity: RunIdentity = { runId: input.runId, task: input.task, createdAt: input.now, meta: redactDeep(options.meta ?? {}, redactPatternsOf(options.redact)) };
  const lease = await acquire(options, identity.runId);
  return drive(task, { ...options, runId: input.runId }, identity, lease, { committed: 0, policy: options.policy },
    (logic) => createActor(logic, actorOptions(options, { input })));
}

/** Acquires the run and passes on what the store mended. */
async function acquire(options: PersistedOptions, runId: string): Promise<Lease> {
  const lease = await options.store.acquire(runId);
  for (const repair of lease.repairs) options.onNotice?.(repair);
  // A fleet worker's lease (it names the worker) is counted by the worker, where it claims the run.
  if (lease.holder.worker === null) recordTakeover(lease);
  return lease;
}

/** What `resume` takes besides the persisted options. */
export interface ResumeOptions {
  task: Task;
  /** The answer to an escalation; applied only when the run rests in `escalated`. Default: none. */
  decision?: { choice: DecisionChoice; guidance?: string };
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
 * the RESUME/interrupted event, so the attempt never runs twice at once.
 */
export async function resume(runId: string, options: PersistedOptions & ResumeOptions): Promise<Outcome> {
  const lease = await acquire(options, runId);
  try {
    const record = await options.store.load(runId);
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
      const envelope = checkEnvelope(stored.envelope, {
        machineId: RECOVERY_MACHINE_ID,
        version: RECOVERY_MACHINE_VERSION,
        migrations: recoveryMigrations,
        stateExists: (value) => logic.resolveState({ value: value as StateValue, context: {} as never }) !== undefined,
        providedActors: RECOVERY_ACTOR_SLOTS,
      }, runId);
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
 * The stored checkpoint with its snapshot's context rebuilt (history from the log, the policy
 * resolved from its config; see compact-snapshot.ts), and that config for the next checkpoints.
 * A checkpoint that is not a snapshot envelope is passed on as it is: `checkEnvelope` says why.
 */
function storedSnapshotOf(record: RunRecord, options: PersistedOptions): { envelope: unknown; config: PolicyConfig | undefined } {
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

async function drive(
  task: Task,
  options: PersistedOptions,
  identity: RunIdentity,
  lease: Lease,
  /** Events already committed, and the policy config the run's policy was resolved from. */
  stored: { committed: number; policy: PolicyConfig | undefined },
  create: (logic: RecoveryMachine) => RecoveryActor,
  decision?: { choice: DecisionChoice; guidance?: string },
  /** `onEvent` has heard the events up to this `seq` already (a resumed run restores them). */
  shownThrough = 0,
): Promise<Outcome> {
  const clock = options.clock ?? realClock;
  const checkpoints = new Checkpointer(options.store, clock, lease, stored.committed);
  let actor: RecoveryActor | undefined;
  // The process groups the running attempt has spawned; saved with every checkpoint.
  const groups = new Map<number, AttemptProcess>();
  let last: { snapshot: SnapshotFrom<RecoveryMachine>; persisted: unknown } | undefined;
  const write = () => {
    const { snapshot, persisted } = last!;
    // Only an escalated checkpoint carries a report: its builder (and the report modules) is
    // loaded then, so a run that never escalates does not load it.
    checkpoints.schedule(statusOf(snapshot) === 'escalated'
      ? () => import('./checkpoint.js').then(({ checkpointOf }) => checkpointOf(identity, snapshot, persisted, clock.now(), [...groups.values()]))
      : () => checkpointWithoutReport(identity, snapshot, persisted, clock.now(), [...groups.values()]));
  };
  // A run restored in a final state (resuming a finished run) has nothing to write.
  let restoredFinal = false;
  const save = (snapshot: SnapshotFrom<RecoveryMachine>) => {
    if (restoredFinal) return;
    last = { snapshot, persisted: persistedSnapshotOf(snapshot, stored.policy) };
    write();
  };
  const unwatch = watchAttemptProcesses(identity.runId, (event) => {
    if (event.kind === 'exited') {
      groups.delete(event.pid);
      return;
    }
    groups.set(event.process.pid, event.process);
    // The follow-up write after the spawn: the checkpoint flushed before the attempt could not
    // know the pid. Not awaited: the command is already running, and waiting would not help.
    if (last) write();
  });
  const attempts = trackedTask(task);
  // The shared machine (as `recover()` uses): this run's slots find its work through the actor.
  // A commit the store refused (disk full, a newer owner): the run stops with it (see `writeAhead`).
  let refused: ((error: unknown) => void) | undefined;
  const { logic, attach, seal, traceparent } = sharedRun(attempts.task, options, {
    writeAhead: async (running) => {
      save(running.getSnapshot());
      try {
        await checkpoints.flush();
      } catch (error) {
        // The program must not start without its checkpoint, and the failure is the store's,
        // not the task's: stop the run with it rather than classify it as the task failing.
        refused?.(error);
        return new Promise<never>(() => undefined);
      }
    },
  });
  // Kept with the run so a later process's run span (a decision, a takeover) links back to this one.
  if (traceparent) identity.meta = { ...identity.meta, traceparent };
  let settled = false;
  try {
    actor = create(logic);
    attach(actor);
    restoredFinal = actor.getSnapshot().status === 'done' && !decision;
    if (options.onEvent) forwardHistory(actor, options.onEvent, shownThrough);
    const outcome = new Promise<Outcome>((resolve, reject) => {
      refused = (error) => {
        if (settled) return;
        settled = true;
        reject(error);
        actor!.stop();
      };
      actor!.subscribe({
        next: (snapshot) => {
          save(snapshot);
          if (isResting(snapshot) && !(decision && snapshot.matches('escalated'))) {
            settled = true;
            resolve(outcomeOf(snapshot));
          }
        },
        error: (error) => {
          settled = true;
          reject(error);
        },
        // Stopped from outside (a signal handler, via onStart) before the run came to rest: wait
        // for the attempt in flight to end (its process group gone), end any adapter or
        // diagnoser program still running (nothing aborts those), write the last checkpoint
        // without them, then reject; the `finally` below releases the lock.
        complete: () => {
          if (settled) return;
          settled = true;
          void attempts.idle().then(async () => {
            for (const pid of await killLeftovers([...groups.values()]).catch(() => [])) groups.delete(pid);
            if (last) write();
            return checkpoints.flush();
          }).catch(() => undefined).then(() => reject(new RunInterruptedError(identity.runId)));
        },
      });
    });
    outcome.catch(() => undefined); // awaited below unless the run is already resting
    actor.start();
    options.onStart?.(actor);
    // A signal that came before the start stops the actor inside onStart: then only `outcome` tells.
    const live = () => actor!.getSnapshot().status !== 'stopped';
    if (decision && live() && actor.getSnapshot().matches('escalated')) {
      const at = clock.now();
      // The guidance enters the run redacted (history, context, trace, inspector); this process's
      // command and adapter still get it as the user wrote it (see `seal`).
      const event = { type: 'DECIDE' as const, choice: decision.choice, at, ...(decision.guidance !== undefined ? { guidance: seal(decision.guidance) } : {}) };
      decision = undefined;
      actor.send(event);
    }
    const resting = live() && isResting(actor.getSnapshot());
    if (resting && !decision) save(actor.getSnapshot());
    const result = resting ? outcomeOf(actor.getSnapshot()) : await outcome;
    await checkpoints.flush();
    await extensionsSettled(actor);
    return result;
  } finally {
    settled = true;
    unwatch();
    actor?.stop();
    await checkpoints.flush().catch(() => undefined);
    await lease.release();
  }
}

const NO_CONTEXT = Object.freeze({});

/**
 * The compact persisted snapshot (see compact-snapshot.ts) of the snapshot the actor just
 * emitted. XState's `getPersistedSnapshot` walks the context looking for actor refs to replace;
 * the recovery context is JSON only (never a ref), so the walk is skipped and the compact context
 * put in its place: the cost no longer grows with every history event.
 */
function persistedSnapshotOf(snapshot: SnapshotFrom<RecoveryMachine>, policy: PolicyConfig | undefined): unknown {
  const persisted = snapshot.machine.getPersistedSnapshot({ ...snapshot, context: NO_CONTEXT } as unknown as typeof snapshot) as unknown as { context: unknown };
  persisted.context = compactContext(snapshot.context, policy);
  return persisted;
}
