import { policyFor } from '../../src/policy/index.js';
import type { AttemptInput, RecoveryContext, RecoveryInput } from './types.js';

/**
 * A new attempt starts (the update of every transition into `executing` ends with it, and the
 * starting context is the first attempt's): its deadline, if any, has been served.
 */
export function beginAttempt(d: RecoveryContext): void {
  d.attempt += 1;
  d.nextAttemptAt = null;
  const type = d.failure?.classification.type;
  const refreshFrom = type ? policyFor(d.policy, type).contextRefreshFrom : 0;
  d.refreshContext = d.refreshContext || (refreshFrom > 0 && d.iteration >= refreshFrom);
}

/** The machine's starting context, in its first attempt: JSON only, everything from its input. */
export function initialContext(input: RecoveryInput): RecoveryContext {
  const carry = input.carry;
  const context: RecoveryContext = {
    runId: input.runId,
    task: input.task,
    policy: input.policy,
    rules: input.rules ?? [],
    hasDiagnoser: input.hasDiagnoser ?? false,
    hasAdapter: input.hasAdapter ?? false,
    hasRollback: input.hasRollback ?? false,
    attempt: carry?.attempt ?? 0,
    iteration: carry?.iteration ?? 0,
    level: 'same',
    approach: null,
    hint: null,
    guidance: null,
    refreshContext: carry !== undefined,
    timeoutMs: input.timeoutMs ?? null,
    failure: carry?.failure ?? null,
    originalFailure: carry?.originalFailure ?? null,
    diagnosis: null,
    diagnoseRound: 0,
    fixes: carry?.fixes ?? [],
    consecutiveFailures: 0,
    flakeProbed: false,
    regression: null,
    lastKnownGood: input.lastKnownGood ?? null,
    afterRollback: 'adapt',
    nextAttemptAt: null,
    delayMs: null,
    decisionDeadline: null,
    reason: null,
    startedAt: input.now,
    clockAt: input.now,
    history: carry?.history ?? [],
  };
  beginAttempt(context);
  return context;
}

/** What one attempt is told. */
export function attemptInput(c: RecoveryContext, probe: boolean): AttemptInput {
  return {
    runId: c.runId,
    attempt: c.attempt,
    iteration: c.iteration,
    // The flake probe re-runs unchanged: no new approach, no hint.
    approach: c.approach,
    hint: probe ? null : c.hint,
    guidance: c.guidance,
    refreshContext: c.refreshContext,
    timeoutMs: c.timeoutMs,
    probe,
  };
}
