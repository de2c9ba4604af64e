/**
 * Executing a persisted run under its lease, for `recoverPersisted` and `resume`: every snapshot
 * checkpointed (write-ahead before each program starts), a decision applied once the run is
 * restored, a stop from outside turned into `RunInterruptedError` after the last checkpoint, and
 * the outcome with the passing attempt's value (kept in memory, never checkpointed).
 */
import { Actor, type SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import { killLeftovers, stillRunning, watchAttemptProcesses, type AttemptProcess } from './attempt-process.js';
import { Checkpointer, checkpointWithoutReport } from './checkpointer.js';
import { RunInterruptedError, trackedTask } from './interrupt.js';
import { isResting, outcomeOf, statusOf, type Outcome } from './outcome.js';
import { sharedRun } from './actors.js';
import { extensionsSettled } from './run-extensions.js';
import { actorOptions, forwardHistory, type RecoveryActor } from './recovery.js';
import type { RunContext } from './run-context.js';
import { persistedSnapshotEncoder, type RecoveryStart } from './snapshot-codec.js';
import { watchTestLedger } from './test-ledger.js';

/**
 * Run the actor that starts as `start` says (a new input, or a stored snapshot) in the shared
 * machine, with the run's actor options, as the owner holding `context.lease` (released at the
 * end, whatever happens), and resolve with its outcome once it rests.
 */
export async function drive<T>(context: RunContext<T>, start: (logic: RecoveryMachine) => RecoveryStart): Promise<Outcome<T>> {
  const { task, options, clock, lease, stored, shownThrough } = context;
  // The identity gains the run span's `traceparent` below; the decision is applied once.
  let { identity, decision } = context;
  const checkpoints = new Checkpointer(options.store, clock, lease, stored.committed);
  let actor: RecoveryActor | undefined;
  // The process groups the running attempt has spawned; saved with every checkpoint.
  const groups = new Map<number, AttemptProcess>();
  let last: { snapshot: SnapshotFrom<RecoveryMachine>; persisted: unknown } | undefined;
  const encode = persistedSnapshotEncoder(stored.policy);
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
    // Saved twice per program (write-ahead, observer), encoded once unless a child moved between.
    const persisted = encode(snapshot);
    if (last?.persisted !== persisted) last = { snapshot, persisted };
    write();
  };
  const unwatch = watchAttemptProcesses(identity.runId, (event) => {
    if (event.kind === 'exited') {
      groups.delete(event.pid);
      return;
    }
    groups.set(event.process.pid, event.process);
    // The write after the spawn (the write-ahead checkpoint could not know the pid), awaited by
    // the program itself: its forked child waits for this commit before it execs (command.ts), so
    // a run taken over always finds the pid of a program that could have done anything. A commit
    // the store refuses stops the run (as a refused write-ahead does) and the program never starts.
    if (!last) return undefined; // a spawn comes after the write-ahead checkpoint, which set `last`
    write();
    return checkpoints.flush().catch((error: unknown) => {
      refused?.(error);
      throw error;
    });
  });
  // The tests of each execution (`recover run --tests`): kept as `meta.testLedger`, written with
  // the checkpoint the attempt's end makes (the task reports before it settles).
  const unwatchTests = watchTestLedger(identity.runId, (data) => {
    identity = { ...identity, meta: { ...identity.meta, testLedger: data } };
  });
  const attempts = trackedTask(task);
  // The shared machine (as `recover()` uses): this run's slots find its work through the actor.
  // A commit the store refused (disk full, a newer owner): the run stops with it (see `writeAhead`).
  let refused: ((error: unknown) => void) | undefined;
  const { logic, attach, seal, traceparent, value } = sharedRun(attempts.task, options, {
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
  if (traceparent) identity = { ...identity, meta: { ...identity.meta, traceparent } };
  let settled = false;
  try {
    actor = new Actor(logic, actorOptions(options, start(logic)));
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
        // diagnoser program still running (one that ignored the run's signal), write the last checkpoint
        // without them, then reject; the `finally` below releases the lock.
        complete: () => {
          if (settled) return;
          settled = true;
          void attempts.idle().then(async () => {
            await killLeftovers([...groups.values()]).catch(() => []);
            // What no longer runs is nothing to record: killed just now, or ended by the stop's own
            // abort (an adapter given the run's signal) before its exit was reported.
            for (const p of [...groups.values()]) if (!stillRunning(p)) groups.delete(p.pid);
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
    return value.outcomeOf<T>(result);
  } finally {
    settled = true;
    unwatch();
    unwatchTests();
    actor?.stop();
    await checkpoints.flush().catch(() => undefined);
    await lease.release();
  }
}
