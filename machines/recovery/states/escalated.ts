/**
 * ESCALATE: the run rests until a person (or the decision timeout's default) answers with a
 * DECIDE event, which leads into the next attempt, ADAPT, a rollback, or a final state.
 */
import { intoAttempt, recoverySetup } from '../setup.js';

/** The `escalated` state: awaiting a decision, with a timer when the policy sets a decision timeout. */
export const escalated = recoverySetup.createStateConfig({
  initial: 'awaiting',
  states: {
    awaiting: { always: { guard: 'hasDecisionTimeout', target: 'timed' } },
    timed: {
      invoke: {
        id: 'decisionTimer',
        src: 'sleepUntil',
        input: ({ context }) => ({ until: context.pass.decisionDeadline ?? context.clockAt }),
        onDone: { actions: 'raiseDefaultDecision' },
      },
    },
  },
  on: {
    DECIDE: [
      { guard: 'choseRetryFresh', ...intoAttempt('applyDecision') },
      { guard: 'choseRetryWithAdapter', target: '#recovery.recovery.adapt', actions: 'applyDecision' },
      { guard: 'choseRetryWith', ...intoAttempt('applyDecision') },
      { guard: 'choseRollback', target: '#recovery.recovery.rollback', actions: 'applyDecision' },
      { guard: 'choseSkip', target: 'skipped', actions: 'applyDecision' },
      { guard: 'choseAbort', target: 'aborted', actions: 'applyDecision' },
      { guard: 'choseManual', target: 'manual', actions: 'applyDecision' },
    ],
  },
});
