/**
 * The recovery machine as a hook run drives it: slots that do no I/O (the agent does the work
 * they stand for), a run restored from its checkpoint as `resume` checks it, and the wait for
 * the transitions a step sets off.
 */
import { fromPromise } from 'xstate';
import { RECOVERY_SLOTS, recoveryMachine, type RecoveryMachine } from '../../../machines/recovery.machine.js';
import { runner } from '../../../machines/runner.js';
import type { AdaptInput, AdaptOutput, AttemptInput, AttemptOutcome, DiagnoseInput, DiagnoseOutput, RollbackInput, RollbackOutput, SleepInput, SleepOutput } from '../../../machines/recovery/types.js';
import { checkedRecoverySnapshot, restoredActor, storedSnapshotOf } from '../../runtime/snapshot-codec.js';
import type { RunRecord } from '../../store/types.js';
import type { Feed } from './rules.js';

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** Lets invoked promise actors resolve and their transitions run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 4; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * The machine with slots that do no I/O: `runTask` answers the first attempt asked for with
 * `attempt` (the step's run of the command) and leaves any later one waiting for the agent's next
 * run, `adapt` resolves with `fix` when there is one, `sleepUntil` ends at once (the agent is told
 * to wait). `now` (default: the wall clock) stamps their answers.
 */
export function logicFor(opts: { feed: Feed; fix?: string | null; now?: number; attempt?: Promise<AttemptOutcome> }) {
  const now = opts.now ?? Date.now();
  // The first attempt asked for gets the step's answer; any later one waits for the agent's next run.
  let attempt = opts.attempt;
  return recoveryMachine.provide({
    actors: {
      runTask: runner<AttemptOutcome, AttemptInput>(() => { const next = attempt ?? never<AttemptOutcome>(); attempt = undefined; return next; }),
      diagnose: fromPromise<DiagnoseOutput, DiagnoseInput>(async ({ input }) => ({ hypotheses: input.builtIn.hypotheses, at: now })),
      adapt: fromPromise<AdaptOutput, AdaptInput>(() => (opts.fix ? Promise.resolve({ fix: opts.fix, at: now }) : never())),
      rollback: fromPromise<RollbackOutput, RollbackInput>(async () => ({ restored: false, at: now })),
      sleepUntil: fromPromise<SleepOutput, SleepInput>(async () => ({ at: now })),
    } satisfies Record<keyof typeof RECOVERY_SLOTS, unknown>,
  });
}

/** The actor restored from a run's checkpoint (checked like `resume` checks it). */
export function restoredRun(record: RunRecord, logic: RecoveryMachine) {
  return restoredActor(logic, checkedRecoverySnapshot(storedSnapshotOf(record).envelope, logic, record.runId));
}
