import { deepFreeze } from '../../src/policy/freeze.js';
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

/**
 * The next context after `recipe` updates a draft of `context`: copy-on-write, the result of
 * immer's `produce` for the recovery machine's recipes at a fraction of its cost (no proxy per
 * nested read, no finalisation walk). The draft is a shallow copy whose two growing arrays,
 * `history` and `fixes`, are copies too: they are the only nested values the recipes change in
 * place (`push`); every other field is replaced, never mutated. Like immer with auto-freeze, every
 * value in the result is deep-frozen, so an in-place write to a nested value throws instead of
 * leaking into an earlier snapshot; unchanged arrays keep their identity.
 */
export function nextContext(context: RecoveryContext, recipe: (draft: RecoveryContext) => void): RecoveryContext {
  const history = context.history.slice();
  const fixes = context.fixes.slice();
  const draft: RecoveryContext = { ...context, history, fixes };
  recipe(draft);
  if (draft.history === history && history.length === context.history.length) draft.history = context.history;
  if (draft.fixes === fixes && fixes.length === context.fixes.length) draft.fixes = context.fixes;
  for (const key in draft) deepFreeze(draft[key as keyof RecoveryContext]);
  // The root stays unfrozen: XState's assign copies it into the next snapshot's context anyway.
  return draft;
}
