import { createActor, type AnyStateMachine, type SnapshotFrom, type StateValue } from 'xstate';
import { RECOVERY_ACTOR_SLOTS, RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, type RecoveryMachine } from '../../machines/index.js';
import { checkEnvelope } from '../store/envelope.js';
import { RunNotFoundError } from '../store/errors.js';
import type { Lock, RunRecord, Store } from '../store/types.js';
import { Checkpointer, recordOf, type RunIdentity } from './checkpoint.js';
import { realClock } from './clock.js';
import type { RecoveryOptions, Task } from './options.js';
import { isResting, outcomeOf, type Outcome } from './outcome.js';
import { actorOptions, forwardHistory, provideRecovery, recoveryInput, type RecoveryActor } from './recovery.js';
import { continuationOf, markInterrupted } from '../../machines/recovery/resume.js';
import type { RecoveryContext, RecoveryInput } from '../../machines/recovery/types.js';
import type { DecisionChoice } from '../policy/types.js';

/** Options of a persisted run: a store, and what the CLI wants kept to resume it. */
export interface PersistedOptions extends RecoveryOptions {
  store: Store;
  /** JSON kept with the run (e.g. the command line) for whoever resumes it. */
  meta?: Record<string, unknown>;
  /** Called once the run is locked and started, e.g. to install a SIGINT handler. */
  onStart?: (actor: RecoveryActor) => void;
}

/**
 * Run `task` under the protocol with every phase change checkpointed in `store` and the run
 * locked while it executes. Write-ahead: attempt n's checkpoint is durable before attempt n runs.
 */
export async function recoverPersisted(task: Task, options: PersistedOptions): Promise<Outcome> {
  const clock = options.clock ?? realClock;
  const input = recoveryInput(options, clock);
  const identity: RunIdentity = { runId: input.runId, task: input.task, createdAt: input.now, meta: options.meta ?? {} };
  const lock = await options.store.lock(identity.runId);
  return drive(task, { ...options, runId: input.runId }, identity, lock, (logic) => createActor(logic, { ...actorOptions(options), input }));
}

/**
 * Continue a stored run: an interrupted attempt is re-run (marked `interrupted` in history), a
 * backoff waits only what remains, an escalated run applies `decision` (or stays escalated), a
 * handed-off run continues in a fresh machine (RESUME/resumed) while its resource budget lasts.
 */
export async function resume(runId: string, options: PersistedOptions & { task: Task; decision?: { choice: DecisionChoice; guidance?: string } }): Promise<Outcome> {
  const lock = await options.store.lock(runId);
  try {
    const record = await options.store.load(runId);
    if (!record) throw new RunNotFoundError(runId);
    const identity: RunIdentity = { runId, task: record.task, createdAt: record.createdAt, meta: { ...record.meta, ...options.meta } };
    const clock = options.clock ?? realClock;
    return await drive(options.task, { ...options, runId }, identity, lock, (logic) => {
      const envelope = checkEnvelope(record.checkpoint, {
        machineId: RECOVERY_MACHINE_ID,
        version: RECOVERY_MACHINE_VERSION,
        stateExists: (value) => logic.resolveState({ value: value as StateValue, context: {} as never }) !== undefined,
        providedActors: RECOVERY_ACTOR_SLOTS,
      }, runId);
      const carry = continuationOf(envelope.snapshot as never, clock.now());
      if (carry) return createActor(logic, { ...actorOptions(options), input: continuedInput(envelope.snapshot as never, options, carry, clock.now()) });
      const snapshot = markInterrupted(envelope.snapshot as never, clock.now());
      // Restoring needs no input; the typed overload insists on one, so go through the untyped machine.
      return createActor(logic as AnyStateMachine, { ...actorOptions(options), snapshot: snapshot as never }) as unknown as RecoveryActor;
    }, options.decision);
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
  create: (logic: ReturnType<typeof provideRecovery>['logic']) => RecoveryActor,
  decision?: { choice: DecisionChoice; guidance?: string },
): Promise<Outcome> {
  const clock = options.clock ?? realClock;
  const checkpoints = new Checkpointer(options.store, clock);
  let actor: RecoveryActor | undefined;
  const save = (snapshot: SnapshotFrom<RecoveryMachine>) => {
    const persisted = actor!.getPersistedSnapshot();
    checkpoints.schedule(() => recordOf(identity, snapshot, persisted, clock.now()));
  };
  const { logic, attach } = provideRecovery(task, options, {
    beforeAttempt: async (running) => {
      save(running.getSnapshot());
      await checkpoints.flush();
    },
  });
  try {
    actor = create(logic);
    attach(actor);
    if (options.onEvent) forwardHistory(actor, options.onEvent);
    let settled = false;
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
        // Stopped from outside (the CLI's SIGINT handler, via onStart) before the run came to
        // rest: this promise never settles (the CLI races it against its own timer), so the
        // `finally` below never runs. Release the lock here, once the last checkpoint is on disk,
        // or the run stays locked by this live process for as long as it lives.
        complete: () => {
          if (!settled) void checkpoints.flush().catch(() => undefined).then(() => lock.release()).catch(() => undefined);
        },
      });
    });
    actor.start();
    options.onStart?.(actor);
    if (decision && actor.getSnapshot().matches('escalated')) {
      const at = clock.now();
      const event = { type: 'DECIDE' as const, choice: decision.choice, at, ...(decision.guidance !== undefined ? { guidance: decision.guidance } : {}) };
      decision = undefined;
      actor.send(event);
    }
    if (isResting(actor.getSnapshot()) && !decision) save(actor.getSnapshot());
    const result = isResting(actor.getSnapshot()) ? outcomeOf(actor.getSnapshot()) : await outcome;
    await checkpoints.flush();
    return result;
  } finally {
    actor?.stop();
    await checkpoints.flush().catch(() => undefined);
    await lock.release();
  }
}

/** Load a run or fail naming it. */
export async function loadRun(store: Store, runId: string): Promise<RunRecord> {
  const record = await store.load(runId);
  if (!record) throw new RunNotFoundError(runId);
  return record;
}
