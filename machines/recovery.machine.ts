/**
 * The recovery statechart: PAUSE → DIAGNOSE → ADAPT → RETRY → ESCALATE.
 *
 * Pure: every guard, action, actor and delay is named in `setup()` (recovery/setup.ts); the I/O
 * actors (`runTask`, `diagnose`, `adapt`, `rollback`, `sleepUntil`) are slots
 * (recovery/slots.ts) that `src/runtime` or an embedding orchestrator fills with `.provide()`.
 * The machine reads no clock: times come from its input and from what its actors and events
 * report. Waits are deadlines in context served by `sleepUntil`, because XState does not restore
 * pending `after` timers (statelyai/xstate#5331).
 *
 * The chart's shape is here; each top-level state is written beside the others in
 * recovery/states/: `executing` (the attempt and its watches), `recovery` (the diagnosis's
 * routing table in diagnose.ts, and the passes that need an actor), `escalated` (awaiting a decision).
 */
import { finalOutput, isRecoveryOutput, type RecoveryOutput } from './recovery/output.js';
import { initialContext } from './recovery/context.js';
import { recoverySetup } from './recovery/setup.js';
import { RECOVERY_MACHINE_ID } from './recovery/slots.js';
import { escalated } from './recovery/states/escalated.js';
import { executing } from './recovery/states/executing.js';
import { recovery } from './recovery/states/recovery.js';

export { RECOVERY_ACTOR_SLOTS, RECOVERY_MACHINE_ID, RECOVERY_SLOTS, type RecoverySlots } from './recovery/slots.js';
/**
 * Bump when context or states change shape; older checkpoints then need a migration in
 * `recoveryMigrations` (2: the watch regions moved under `executing.watched`; 3: no `pause`
 * state, and `retry` is the wait itself, no longer `retry.scheduled`/`retry.waiting`; 4: one
 * `runTask` runner per run, invoked at the root, instead of a promise child per attempt; 5: the
 * runner keeps the request it is working on in its own snapshot, and runs it again when restored;
 * 6: the context grouped into `fixed`, `next` and `pass`, sixteen fields at the top; 7: the
 * run's jitter seed in `fixed.jitterSeed`, so runs of one policy share one policy object).
 */
export const RECOVERY_MACHINE_VERSION = 7;
export { recoveryMigrations } from './recovery/migrations.js';

/**
 * The recovery statechart (DESIGN.md): PAUSE → DIAGNOSE → ADAPT → RETRY, up to the budget, then
 * ESCALATE. Pure: its I/O are the slots of {@link RECOVERY_SLOTS}, filled by `provideRecovery`
 * or by your own `.provide()`; its input comes from `recoveryInput`.
 */
export const recoveryMachine = recoverySetup.createMachine({
  id: RECOVERY_MACHINE_ID,
  context: ({ input }) => initialContext(input),
  // The attempts' runner lives as long as the run: each attempt is a request to it, not a child.
  // It keeps the request it works on in its own snapshot, so a run restored mid-attempt (or
  // mid-probe) has its runner do that attempt again: nothing here asks twice.
  invoke: { id: 'runTask', src: 'runTask' },
  initial: 'executing',
  states: {
    executing,
    recovery,
    escalated,
    succeeded: { type: 'final', output: ({ context }) => finalOutput('succeeded', context) },
    recovered: { type: 'final', output: ({ context }) => finalOutput('recovered', context) },
    flaky: { type: 'final', output: ({ context }) => finalOutput('flaky', context) },
    skipped: { type: 'final', output: ({ context }) => finalOutput('skipped', context) },
    aborted: { type: 'final', output: ({ context }) => finalOutput('aborted', context) },
    manual: { type: 'final', output: ({ context }) => finalOutput('manual', context) },
    handedOff: { type: 'final', output: ({ context }) => finalOutput('handedOff', context) },
  },
  // A parent that invokes this machine gets the final state's summary as `onDone`'s output.
  output: ({ event }): RecoveryOutput => {
    if (!isRecoveryOutput(event.output)) throw new Error(`recovery machine: the final state gave no summary (${event.type})`);
    return event.output;
  },
});

/** The recovery machine's type, for embedding. */
export type RecoveryMachine = typeof recoveryMachine;
