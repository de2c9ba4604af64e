/**
 * DIAGNOSE: the routing table of DESIGN.md, in priority order, as the `recovery.diagnose` state.
 * Each row's guard is a pure function of routing.ts (guards.ts names it); each way out records
 * DIAGNOSE in its update.
 */
import { escalateFor, intoAttempt, recoverySetup } from '../setup.js';

/**
 * The `recovery.diagnose` state. PAUSE has no state of its own: every way in keeps the failure
 * and records PAUSE in the same update (the checkpoint is written before the next program
 * starts, not here), so the run goes from the failed attempt to DIAGNOSE in one step.
 */
export const diagnose = recoverySetup.createStateConfig({
  always: [
    // Critical (security, data corruption): with a good state, roll back first (seed 004), then ESCALATE.
    { guard: 'isCriticalWithGoodState', target: 'rollback', actions: 'beginHaltRollback' },
    { guard: 'isDataCorruption', ...escalateFor('data_corruption', 'diagnosis') },
    { guard: 'isSecurity', ...escalateFor('critical_security_violation', 'diagnosis') },
    { guard: 'isUserAbort', target: '#recovery.aborted', actions: 'recordAbort' },
    { guard: 'isFatal', ...escalateFor('fatal_error', 'diagnosis') },
    { guard: 'isBudgetSpent', ...escalateFor('max_attempts', 'diagnosis') },
    { guard: 'isTimeBudgetSpent', ...escalateFor('time_budget', 'diagnosis') },
    { guard: 'isResource', target: '#recovery.handedOff', actions: 'recordHandoff' },
    // A retry with no backoff starts at once; one with a wait rests in `retry` until its deadline.
    { guard: 'isTransientWithoutBackoff', ...intoAttempt('retrySame') },
    { guard: 'isTransient', target: 'retry', actions: 'retrySame' },
    { guard: 'needsDiagnoser', target: 'consult' },
    // Below the escalate threshold, another diagnosis round comes first (UC-AP-004 Alt-2).
    { guard: 'shouldGatherEvidence', target: 'consult', actions: 'setAsideDiagnosis' },
    { guard: 'isConfidenceTooLow', ...escalateFor('low_confidence', 'diagnosis') },
    { guard: 'isBrokenBuildWithGoodState', target: 'rollback', actions: 'beginRollback' },
    { guard: 'isCriticalGateWithGoodState', target: 'rollback', actions: 'beginGateRollback' },
    { guard: 'isRollbackDue', target: 'rollback', actions: 'beginRollback' },
    // Seed 002's prompt strategies without an adapter: the next attempt is told what is still
    // wrong; a hint already tried is a repeated fix (nothing it names changed).
    { guard: 'strategyHintRepeats', ...escalateFor('infinite_loop', 'strategy') },
    { guard: 'isStrategyRetryWithoutBackoff', ...intoAttempt('applyStrategyHint') },
    { guard: 'hasStrategyHint', target: 'retry', actions: 'applyStrategyHint' },
    { guard: 'shouldProbeFlake', target: 'probeFlake', actions: 'probeFlake' },
    { guard: 'hasAdapter', target: 'adapt', actions: 'beginAdapt' },
    // Level 2 with nothing to try falls through to ESCALATE, and says so (seed 000 task 4).
    escalateFor('no_alternative', 'noAdapter'),
  ],
});
