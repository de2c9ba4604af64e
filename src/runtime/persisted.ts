import { createActor, type AnyStateMachine, type SnapshotFrom, type StateValue } from 'xstate';
import { RECOVERY_ACTOR_SLOTS, RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, recoveryMigrations, type RecoveryMachine } from '../../machines/recovery.machine.js';
import type { RecoveryContext, RecoveryInput } from '../../machines/recovery/types.js';
import { checkEnvelope } from '../store/envelope.js';
import { RunNotFoundError } from '../store/errors.js';
import type { Lock, Store } from '../store/types.js';
import { attemptProcessesOf, killLeftovers, watchAttemptProcesses, type AttemptProcess } from './attempt-process.js';
import { Checkpointer, recordWithoutReport, type RunIdentity } from './checkpointer.js';
import { noteKilled, RunInterruptedError, trackedTask } from './interrupt.js';
import { realClock } from './clock.js';
import type { RecoveryOptions, Task } from './options.js';
import { isResting, outcomeOf, statusOf, type Outcome } from './outcome.js';
import { redactDeep } from '../report/redact.js';
import { redactPatternsOf, sharedRun } from './actors.js';
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
}

/**
 * Run `task` under the protocol with every phase change checkpointed in `store` and the run
 * locked while it executes. Write-ahead: attempt n's checkpoint is durable before attempt n runs,
 * and the process group a `commandTask` spawns is recorded right after the spawn.
 */
export async function recoverPersisted(task: Task, options: PersistedOptions): Promise<Outcome> {
  const clock = options.clock ?? realClock;
  const input = recoveryInput(options, clock);
  // Redacted where it enters the run record: the meta is the caller's (the CLI keeps a command line there).
  const identity: RunIdentity = { runId: input.runId, task: input.task, createdAt: input.now, meta: redactDeep(options.meta ?? {}, redactPatternsOf(options.redact)) };
  const lock = await options.store.lock(identity.runId);
  return drive(task, { ...options, runId: input.runId }, identity, lock, (logic) => createActor(logic, { ...actorOptions(options), input }));
}

/**
 * Continue a stored run: an interrupted attempt is re-run (marked `interrupted` in history), a
 * backoff waits only what remains, an escalated run applies `decision` (or stays escalated), a
 * handed-off run continues in a fresh machine (RESUME/resumed) while its resource budget lasts.
 * A process group the previous (SIGKILLed) process left running is killed first and named in
 * the RESUME/interrupted event, so the attempt never runs twice at once.
 */
export async function resume(runId: string, options: PersistedOptions & { task: Task; decision?: { choice: DecisionChoice; guidance?: string } }): Promise<Outcome> {
  const lock = await options.store.lock(runId);
  try {
    const record = await options.store.load(runId);
    if (!record) throw new RunNotFoundError(runId);
    const { attemptProcesses: _recorded, ...meta } = { ...record.meta, ...options.meta };
    const identity: RunIdentity = { runId, task: record.task, createdAt: record.createdAt, meta: redactDeep(meta, redactPatternsOf(options.redact)) };
    // The lock is ours, so whoever recorded these processes is gone: any still running is an
    // orphan of a `recover` killed with SIGKILL, and must end before the attempt runs again.
    const killed = await killLeftovers(attemptProcessesOf(record.meta));
    // Only a resume reads a stored snapshot: `recover run` does not load this (nor immer, which it uses).
    const { continuationOf, markInterrupted } = await import('../../machines/recovery/resume.js');
    const clock = options.clock ?? realClock;
    return await drive(options.task, { ...options, runId }, identity, lock, (logic) => {
      const envelope = checkEnvelope(record.checkpoint, {
        machineId: RECOVERY_MACHINE_ID,
        version: RECOVERY_MACHINE_VERSION,
        migrations: recoveryMigrations,
        stateExists: (value) => logic.resolveState({ value: value as StateValue, context: {} as never }) !== undefined,
        providedActors: RECOVERY_ACTOR_SLOTS,
      }, runId);
      const carry = continuationOf(envelope.snapshot as never, clock.now());
      if (carry) return createActor(logic, { ...actorOptions(options), input: continuedInput(envelope.snapshot as never, options, carry, clock.now()) });
      const snapshot = noteKilled(markInterrupted(envelope.snapshot as never, clock.now()), killed);
      // Restoring needs no input; the typed overload insists on one, so go through the untyped machine.
      return createActor(logic as AnyStateMachine, { ...actorOptions(options), snapshot: snapshot as never }) as unknown as RecoveryActor;
    }, options.decision, record.history.at(-1)?.seq ?? 0);
  } catch (error) {
    await lock.release();
    throw error;
  }
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
  lock: Lock,
  create: (logic: RecoveryMachine) => RecoveryActor,
  decision?: { choice: DecisionChoice; guidance?: string },
  /** `onEvent` has heard the events up to this `seq` already (a resumed run restores them). */
  shownThrough = 0,
): Promise<Outcome> {
  const clock = options.clock ?? realClock;
  const checkpoints = new Checkpointer(options.store, clock);
  let actor: RecoveryActor | undefined;
  // The process groups the running attempt has spawned; saved with every checkpoint.
  const groups = new Map<number, AttemptProcess>();
  let last: { snapshot: SnapshotFrom<RecoveryMachine>; persisted: unknown } | undefined;
  const write = () => {
    const { snapshot, persisted } = last!;
    // Only an escalated checkpoint carries a report: its builder (and the report modules) is
    // loaded then, so a run that never escalates does not load it.
    checkpoints.schedule(statusOf(snapshot) === 'escalated'
      ? () => import('./checkpoint.js').then(({ recordOf }) => recordOf(identity, snapshot, persisted, clock.now(), [...groups.values()]))
      : () => recordWithoutReport(identity, snapshot, persisted, clock.now(), [...groups.values()]));
  };
  const save = (snapshot: SnapshotFrom<RecoveryMachine>) => {
    last = { snapshot, persisted: persistedSnapshotOf(snapshot) };
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
  const { logic, attach, seal } = sharedRun(attempts.task, options, {
    beforeAttempt: async (running) => {
      save(running.getSnapshot());
      await checkpoints.flush();
    },
  });
  let settled = false;
  try {
    actor = create(logic);
    attach(actor);
    if (options.onEvent) forwardHistory(actor, options.onEvent, shownThrough);
    const outcome = new Promise<Outcome>((resolve, reject) => {
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
    return result;
  } finally {
    settled = true;
    unwatch();
    actor?.stop();
    await checkpoints.flush().catch(() => undefined);
    await lock.release();
  }
}

const NO_CONTEXT = Object.freeze({});

/**
 * `actor.getPersistedSnapshot()` for the snapshot the actor just emitted, without XState's walk
 * of the context: it visits every nested value looking for actor refs to replace and, finding
 * none, returns the context itself. The recovery context is JSON only (never a ref), so the walk
 * is skipped and the context put in its place: the same persisted snapshot, without the cost
 * that grows with every history event (18 µs → 2.5 µs per snapshot at 12 events).
 */
function persistedSnapshotOf(snapshot: SnapshotFrom<RecoveryMachine>): unknown {
  const persisted = snapshot.machine.getPersistedSnapshot({ ...snapshot, context: NO_CONTEXT } as unknown as typeof snapshot) as unknown as { context: unknown };
  persisted.context = snapshot.context;
  return persisted;
}
