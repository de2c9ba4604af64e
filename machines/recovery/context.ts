import { policyFor } from '../../src/policy/index.js';
import type { AttemptInput, NextAttempt, PassRecord, RecoveryContext, RecoveryInput } from './types.js';

/**
 * A new attempt starts (the update of every transition into `executing` ends with it, and the
 * starting context is the first attempt's): its deadline, if any, has been served. A context
 * refresh starts from the pass the failure type's policy names; `next` is copied only then.
 */
export function beginAttempt(d: RecoveryContext): void {
  d.attempt += 1;
  d.nextAttemptAt = null;
  if (d.next.refreshContext) return;
  const type = d.failure?.classification.type;
  const refreshFrom = type ? policyFor(d.policy, type).contextRefreshFrom : 0;
  if (refreshFrom > 0 && d.iteration >= refreshFrom) d.next = withNext(d.next, { refreshContext: true });
}

/**
 * The empty list a run starts with (no history, no fixes, no rules): one frozen array shared by
 * every context instead of three new ones per run (~100 B held by each run in flight). The
 * lists are only ever replaced in context (`concat`, a new literal), never pushed to in place;
 * frozen, so a push would throw instead of changing every run's list.
 */
const EMPTY: never[] = [];
Object.freeze(EMPTY);
/** {@link EMPTY} as the list type a context field has (an empty list of nothing is a list of anything). */
const none = <T>(): T[] => EMPTY;

/**
 * A fresh run's pass record, and what its first attempt is told when it has no timeout: the
 * same for every run that is not a continuation, so one frozen value each is shared (~150 B a
 * run in flight held, and promoted, for the copies). Replaced in context, never changed in place.
 */
const FIRST_PASS: PassRecord = Object.freeze({
  diagnosis: null, diagnoseRound: 0, regression: null, fixes: none<string>(),
  consecutiveFailures: 0, flakeProbed: false, afterRollback: 'adapt' as const, decisionDeadline: null,
});
const FIRST_NEXT: NextAttempt = Object.freeze({ approach: null, hint: null, guidance: null, refreshContext: false, timeoutMs: null });

/**
 * `pass` with `changes`: a new record, written field by field. A spread (`{ ...pass, x }`) gave
 * an object of four in-object fields and the other four in a property array (V8 sizes a spread
 * copy as an empty literal): 120 B for each copy instead of 88, held by every run in flight.
 * Fields never hold `undefined`, so a change left `undefined` keeps the field as it was.
 */
export function withPass(pass: PassRecord, changes: Partial<PassRecord>): PassRecord {
  return {
    diagnosis: changes.diagnosis === undefined ? pass.diagnosis : changes.diagnosis,
    diagnoseRound: changes.diagnoseRound ?? pass.diagnoseRound,
    regression: changes.regression === undefined ? pass.regression : changes.regression,
    fixes: changes.fixes ?? pass.fixes,
    consecutiveFailures: changes.consecutiveFailures ?? pass.consecutiveFailures,
    flakeProbed: changes.flakeProbed ?? pass.flakeProbed,
    afterRollback: changes.afterRollback ?? pass.afterRollback,
    decisionDeadline: changes.decisionDeadline === undefined ? pass.decisionDeadline : changes.decisionDeadline,
  };
}

/** `next` with `changes`: a new record written field by field, for the reason {@link withPass} gives (96 B a copy instead of 64). */
export function withNext(next: NextAttempt, changes: Partial<NextAttempt>): NextAttempt {
  return {
    approach: changes.approach === undefined ? next.approach : changes.approach,
    hint: changes.hint === undefined ? next.hint : changes.hint,
    guidance: changes.guidance === undefined ? next.guidance : changes.guidance,
    refreshContext: changes.refreshContext ?? next.refreshContext,
    timeoutMs: changes.timeoutMs === undefined ? next.timeoutMs : changes.timeoutMs,
  };
}

/** The machine's starting context, in its first attempt: JSON only, everything from its input. */
export function initialContext(input: RecoveryInput): RecoveryContext {
  const carry = input.carry;
  const context: RecoveryContext = {
    runId: input.runId,
    task: input.task,
    policy: input.policy,
    attempt: carry?.attempt ?? 0,
    iteration: carry?.iteration ?? 0,
    level: 'same',
    reason: null,
    failure: carry?.failure ?? null,
    originalFailure: carry?.originalFailure ?? null,
    nextAttemptAt: null,
    delayMs: null,
    clockAt: input.now,
    history: carry?.history ?? none(),
    fixed: {
      rules: input.rules ?? none(),
      hasDiagnoser: input.hasDiagnoser ?? false,
      hasAdapter: input.hasAdapter ?? false,
      hasRollback: input.hasRollback ?? false,
      lastKnownGood: input.lastKnownGood ?? null,
      startedAt: input.now,
      jitterSeed: input.jitterSeed ?? input.policy.jitterSeed,
    },
    next: carry === undefined && (input.timeoutMs ?? null) === null
      ? FIRST_NEXT
      : { approach: null, hint: null, guidance: null, refreshContext: carry !== undefined, timeoutMs: input.timeoutMs ?? null },
    pass: carry === undefined ? FIRST_PASS : withPass(FIRST_PASS, { fixes: carry.fixes }),
  };
  beginAttempt(context);
  return context;
}

/** What one attempt is told. */
export function attemptInput(c: RecoveryContext, probe: boolean): AttemptInput {
  const next = c.next;
  return {
    runId: c.runId,
    attempt: c.attempt,
    iteration: c.iteration,
    // The flake probe re-runs unchanged: no new approach, no hint.
    approach: next.approach,
    hint: probe ? null : next.hint,
    guidance: next.guidance,
    refreshContext: next.refreshContext,
    timeoutMs: next.timeoutMs,
    probe,
  };
}
