/**
 * RECOVERY: a failed attempt's way to the next one. The diagnosis (diagnose.ts) routes it; the
 * states here are the passes that need an actor: a diagnoser consulted, the flake probe, a
 * rollback, ADAPT, and RETRY's wait. Each ends in the diagnosis again, the next attempt or ESCALATE.
 */
import { rollbackReason } from '../halt.js';
import { adaptLevel } from '../pass-steps.js';
import { escalateFor, intoAttempt, recoverySetup } from '../setup.js';
import { diagnose } from './diagnose.js';

/** A diagnoser consulted for another round; its answer (or its failure) goes back to the diagnosis. */
const consult = recoverySetup.createStateConfig({
  invoke: {
    id: 'diagnose',
    src: 'diagnose',
    input: ({ context }) => ({
      runId: context.runId, iteration: context.iteration + 1, round: context.pass.diagnoseRound + 1,
      failure: context.failure!, builtIn: context.pass.diagnosis!, history: context.history,
    }),
    onDone: { target: 'diagnose', actions: 'applyDiagnoserOutput' },
    onError: { target: 'diagnose', actions: 'applyDiagnoserOutput' },
  },
});

/** The flake probe: the same attempt once more, unchanged, asked of the runner. */
const probeFlake = recoverySetup.createStateConfig({
  entry: 'requestProbe',
  on: {
    'runner.done': [
      { guard: 'flakyPasses', target: '#recovery.flaky', actions: 'recordFlaky' },
      { guard: 'attemptPassed', ...escalateFor('non_deterministic_failure', 'flaky') },
      // Failed again unchanged: not flaky. Diagnose the new failure (it is probed only once).
      { target: 'diagnose', actions: 'recordProbeFailure' },
    ],
    'runner.error': { target: 'diagnose', actions: 'recordProbeFailure' },
  },
});

/** A rollback to the last known good state, then what the rollback was for: a halt, a retry or ADAPT. */
const rollback = recoverySetup.createStateConfig({
  invoke: {
    id: 'rollback',
    src: 'rollback',
    input: ({ context }) => ({ runId: context.runId, lastKnownGood: context.fixed.lastKnownGood, reason: rollbackReason(context) }),
    onDone: [
      // A halt escalates whatever the rollback restored: the critical failure is what a person must hear.
      { guard: 'haltsForDataCorruption', ...escalateFor('data_corruption', 'halt') },
      { guard: 'haltsAfterRollback', ...escalateFor('critical_security_violation', 'halt') },
      { guard: 'isRollbackFailed', ...escalateFor('rollback_failed') },
      { guard: 'retriesAfterRollback', ...intoAttempt('recordRollback') },
      { guard: 'hasAdapter', target: 'adapt', actions: 'recordRollback' },
      escalateFor('no_alternative', 'rollback'),
    ],
    onError: [
      { guard: 'haltsForDataCorruption', ...escalateFor('data_corruption', 'halt') },
      { guard: 'haltsAfterRollback', ...escalateFor('critical_security_violation', 'halt') },
      escalateFor('rollback_failed'),
    ],
  },
});

/** ADAPT: the adapter asked for a fix; a fix that must not run escalates, one that may is retried. */
const adapt = recoverySetup.createStateConfig({
  invoke: {
    id: 'adapt',
    src: 'adapt',
    input: ({ context }) => ({
      runId: context.runId, iteration: context.iteration, level: adaptLevel(context.level), failure: context.failure!,
      originalFailure: context.originalFailure, diagnosis: context.pass.diagnosis, fixesTried: context.pass.fixes,
      guidance: context.next.guidance, hint: context.next.hint, regression: context.pass.regression, history: context.history,
    }),
    onDone: [
      { guard: 'isNoAlternative', ...escalateFor('no_alternative', 'adapt') },
      { guard: 'isMalformedFix', ...escalateFor('adapter_failed', 'adapt') },
      { guard: 'isRepeatedFix', ...escalateFor('infinite_loop', 'adapt') },
      { guard: 'isCircularFix', ...escalateFor('circular_fix', 'adapt') },
      // Beyond the approval thresholds (seed 004 ASK_APPROVE): stop before the retry runs.
      { guard: 'needsApproval', ...escalateFor('approval_required', 'approval') },
      { guard: 'isFixWithoutBackoff', ...intoAttempt('applyFix') },
      { target: 'retry', actions: 'applyFix' },
    ],
    onError: [
      { guard: 'isAgentBudgetSpent', ...escalateFor('agent_budget', 'adapt') },
      escalateFor('adapter_failed', 'adapt'),
    ],
  },
});

/** RETRY's wait, entered only with a backoff to wait (a retry without one goes straight to `executing`). */
const retry = recoverySetup.createStateConfig({
  invoke: {
    id: 'sleepUntil',
    src: 'sleepUntil',
    input: ({ context }) => ({ until: context.nextAttemptAt ?? context.clockAt }),
    // A sleep that failed has no end to note: the next attempt starts all the same.
    onDone: intoAttempt('noteSleepEnd'),
    onError: intoAttempt('noteSleepEnd'),
  },
});

/** The `recovery` state: entered at the diagnosis, left for the next attempt or a final state. */
export const recovery = recoverySetup.createStateConfig({
  initial: 'diagnose',
  states: { diagnose, consult, probeFlake, rollback, adapt, retry },
});
