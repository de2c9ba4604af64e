import type { AttemptInput, RecoveryContext, RecoveryInput } from './types.js';

/** The machine's starting context: JSON only, everything from its input. */
export function initialContext(input: RecoveryInput): RecoveryContext {
  const carry = input.carry;
  return {
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
