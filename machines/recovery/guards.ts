/**
 * Routing decisions of the recovery machine as pure functions of context (and an actor's output),
 * exported so tests can table-test them; `recoveryGuards` gives each its name and XState's shape,
 * and goes to `setup({ guards })` as it is.
 */
import { detectCircularFix, detectRepeatedFix } from '../../src/classify/index.js';
import { approvalProblems, budgetFor, confidenceBand } from '../../src/policy/index.js';
import { decisionChoiceOf, type DecisionChoice } from '../../src/policy/types.js';
import { outputOf } from '../shared.js';
import { fixRetryDelayMs, sameRetryDelayMs } from './backoff.js';
import { STRATEGY_TYPES, strategyFix } from './strategy.js';
import type { AdaptFix, AdaptOutput, AttemptOutcome, DecideEvent, RecoveryContext, RecoveryEvent, RollbackOutput } from './types.js';

type Ctx = Pick<RecoveryContext, 'failure'> & Partial<RecoveryContext>;

const typeOf = (c: Ctx) => c.failure?.classification.type;
const categoryOf = (c: Ctx) => c.failure?.classification.category;

/** SECURITY_VIOLATION or any critical failure: halt, escalate, never retry. */
export const isSecurity = (c: Ctx): boolean =>
  typeOf(c) === 'SECURITY_VIOLATION' || c.failure?.classification.severity === 'critical';

/** DATA_CORRUPTION: halt like a security violation, under its own reason (seed 004: "rollback, investigate"). */
export const isDataCorruption = (c: Ctx): boolean => typeOf(c) === 'DATA_CORRUPTION';

/**
 * A critical failure (security, data corruption) with a last known good state to restore: seed
 * 004 rolls it back before it escalates ("Security vulnerability: immediate rollback, alert";
 * "Data corruption: rollback, investigate"), so what the failing task changed is undone, and kept.
 */
export const isCriticalWithGoodState = (c: RecoveryContext): boolean =>
  isSecurity(c) && c.hasRollback && c.lastKnownGood !== null;

/**
 * The task is a critical quality gate (policy `criticalGate`) and it failed as a gate does (a
 * quality gate or tests), with a last known good state: seed 004's "Critical quality gate: 1
 * failure → rollback changes, re-attempt".
 */
export const isCriticalGateWithGoodState = (c: RecoveryContext): boolean =>
  c.policy.criticalGate === true &&
  (typeOf(c) === 'QUALITY_GATE_FAIL' || typeOf(c) === 'VERIFICATION_FAILED') &&
  c.hasRollback && c.lastKnownGood !== null;

/** The rollback was a critical failure's halt: ESCALATE follows it, whatever it restored. */
export const haltsAfterRollback = (c: Pick<RecoveryContext, 'afterRollback'>): boolean => c.afterRollback === 'halt';

/**
 * The adapter's fix goes beyond the policy's approval thresholds (seed 004 ASK_APPROVE): what it
 * left changed in the work tree, the public API it touched, what it cost. Absent thresholds
 * (the default) approve everything.
 */
export const needsApproval = (c: Pick<RecoveryContext, 'policy'>, output: AdaptOutput): boolean =>
  output !== null && typeof output.fix === 'string' &&
  approvalProblems(c.policy.approval, (output as AdaptFix).change, (output as AdaptFix).costUsd).length > 0;

/** The user stopped the run. */
export const isUserAbort = (c: Ctx): boolean => typeOf(c) === 'USER_ABORT';

/** Any other fatal failure (auth, quota, missing CLI): escalate at once. */
export const isFatal = (c: Ctx): boolean => categoryOf(c) === 'fatal';

/** The failure type's budget of iterations is spent. */
export const isBudgetSpent = (c: RecoveryContext): boolean => {
  const type = typeOf(c);
  return type !== undefined && c.iteration >= budgetFor(c.policy, type);
};

/** The run's total time budget is spent (0 = no total budget). */
export const isTimeBudgetSpent = (c: RecoveryContext): boolean =>
  c.policy.totalBudgetMs > 0 && c.clockAt - c.startedAt >= c.policy.totalBudgetMs;

/** Context or resources ran out: hand off to a fresh context. */
export const isResource = (c: Ctx): boolean => categoryOf(c) === 'resource';

/** Transient: retry the same approach after backoff. */
export const isTransient = (c: Ctx): boolean => categoryOf(c) === 'transient';

/** A diagnoser was provided and has not been consulted in this pass. */
export const needsDiagnoser = (c: RecoveryContext): boolean => c.hasDiagnoser && c.diagnoseRound === 0;

/**
 * Diagnosis confidence strictly below the escalate threshold (0.50 by default), with no round
 * left to gather more evidence in (UC-AP-004 Alt-2: a diagnoser is asked again first).
 */
export const isConfidenceTooLow = (c: RecoveryContext): boolean =>
  c.diagnosis !== null && confidenceBand(c.policy, c.diagnosis.confidence) === 'escalate' && !canAskAgain(c);

/**
 * Confidence is below `caution` (the `gather` band, or below `escalate`) and the diagnoser may be
 * asked again: another round, up to `diagnoseRounds`.
 */
export const shouldGatherEvidence = (c: RecoveryContext): boolean => {
  if (c.diagnosis === null || !canAskAgain(c)) return false;
  const band = confidenceBand(c.policy, c.diagnosis.confidence);
  return band === 'gather' || band === 'escalate';
};

/** A diagnoser was provided and a round of `diagnoseRounds` is left. */
const canAskAgain = (c: RecoveryContext): boolean => c.hasDiagnoser && c.diagnoseRound < c.policy.diagnoseRounds;

/** A broken build with a last known good state to roll back to. */
export const isBrokenBuildWithGoodState = (c: RecoveryContext): boolean =>
  typeOf(c) === 'BROKEN_BUILD' && c.hasRollback && c.lastKnownGood !== null;

/** Too many consecutive failures: roll back first (seed 004; 0 = never). */
export const isRollbackDue = (c: RecoveryContext): boolean =>
  c.policy.rollbackAfterFailures > 0 &&
  c.consecutiveFailures >= c.policy.rollbackAfterFailures &&
  c.hasRollback &&
  c.lastKnownGood !== null;

/**
 * Re-run unchanged before adapting: on the first verification failure, or on any systematic
 * failure when there is no adapter (nothing else could be tried).
 */
export const shouldProbeFlake = (c: RecoveryContext): boolean =>
  c.policy.flakeProbe &&
  !c.flakeProbed &&
  (typeOf(c) === 'VERIFICATION_FAILED' || (!c.hasAdapter && categoryOf(c) === 'systematic'));

/**
 * No adapter, and the failure has one of seed 002's prompt strategies: the next attempt is told
 * what is still wrong (its hint) instead of an unchanged probe.
 */
export const hasStrategyHint = (c: RecoveryContext): boolean => {
  const type = typeOf(c);
  return !c.hasAdapter && c.hint !== null && type !== undefined && STRATEGY_TYPES.has(type);
};

/**
 * The strategy's hint is one already tried (the same sections still missing, the same empty
 * output): a repeated fix, which no retry can change (UC-AP-004 Exc-4). A hint that changes is
 * progress, so built-in hints are not held to the circular-fix check: they are one approach by
 * design (seed 002 retries the same modifier up to its budget).
 */
export const strategyHintRepeats = (c: RecoveryContext): boolean =>
  hasStrategyHint(c) && detectRepeatedFix(c.fixes, strategyFix(c.hint!)).repeated;

/** A strategy retry with no backoff to wait (read before the iteration begins, hence `+ 1`). */
export const isStrategyRetryWithoutBackoff = (c: RecoveryContext): boolean =>
  hasStrategyHint(c) && fixRetryDelayMs(c, c.iteration + 1) === 0;

/** An adapter was provided. */
export const hasAdapter = (c: Pick<RecoveryContext, 'hasAdapter'>): boolean => c.hasAdapter;

/** The attempt passed. */
export const attemptPassed = (output: AttemptOutcome | undefined): boolean => output?.ok === true;

/** The attempt passed on the first execution (no recovery happened). */
export const isFirstAttempt = (c: Pick<RecoveryContext, 'attempt'>): boolean => c.attempt <= 1;

/** The adapter answered with no alternative. */
export const isNoAlternative = (output: unknown): boolean =>
  output === null || output === undefined || (isRecord(output) && (output.fix === null || output.fix === undefined || output.fix === ''));

/** The adapter's answer is not `{ fix: string, confidence?: number in [0,1] }`. */
export const isMalformedFix = (output: unknown): boolean => {
  if (isNoAlternative(output)) return false;
  if (!isRecord(output) || typeof output.fix !== 'string') return true;
  const confidence = output.confidence;
  return confidence !== undefined && !(typeof confidence === 'number' && confidence >= 0 && confidence <= 1);
};

/** An adapter error that says the run's agent spent over its limit (by name: errors are not JSON, the name survives redaction). */
export const isAgentBudgetError = (error: unknown): boolean => error instanceof Error && error.name === 'AgentBudgetError';

/** The fix equals an earlier one (UC-AP-004 Exc-4: A, B, A is caught too). */
export const isRepeatedFix = (c: Pick<RecoveryContext, 'fixes'>, output: AdaptOutput): boolean =>
  output !== null && output.fix !== null && detectRepeatedFix(c.fixes, output.fix).repeated;

/**
 * The fix is similar to 2 of the last 3 approaches (seed 001). The built-in hint's own fix (an
 * adapter may answer with it, as a pipeline's does) is one approach by design and changes only
 * as the failure does: like the machine's strategy retries, only a repeat stops it.
 */
export const isCircularFix = (c: Pick<RecoveryContext, 'fixes' | 'hint'>, output: AdaptOutput): boolean =>
  output !== null && output.fix !== null && !(c.hint !== null && output.fix === strategyFix(c.hint)) && detectCircularFix(c.fixes, output.fix).circular;

/**
 * Transient, and its retry has no backoff to wait: it starts at once instead of resting in
 * `retry` (read before the routing begins the iteration the retry belongs to, hence `+ 1`).
 */
export const isTransientWithoutBackoff = (c: RecoveryContext): boolean => isTransient(c) && sameRetryDelayMs(c, c.iteration + 1) === 0;

/**
 * The diagnosis of the failure in `c` retries the same approach at once: the routing table's
 * `isTransientWithoutBackoff` row holds and none above it does (a critical or corrupting failure,
 * a user's abort, a spent budget or time budget; fatal and resource failures are not transient).
 * A test holds it equal to the chart's table.
 */
export const isSameRetryNow = (c: RecoveryContext): boolean =>
  isTransientWithoutBackoff(c) && !isSecurity(c) && !isDataCorruption(c) && !isUserAbort(c) && !isBudgetSpent(c) && !isTimeBudgetSpent(c);

/**
 * The attempt failed and its diagnosis will retry it at once (`isSameRetryNow`, read on the
 * context as the failure leaves it: the failure kept, the clock at its end). Only for an
 * outcome that carries its classification (the runtime's always do): classifying here would
 * classify every failure twice; the others go through `recovery.diagnose`, to the same end.
 */
export const retriesAtOnce = (c: RecoveryContext, outcome: AttemptOutcome | undefined): boolean => {
  if (outcome === undefined || outcome.ok || outcome.classification?.category !== 'transient') return false;
  const failure = { attempt: c.attempt, at: outcome.at, observation: outcome.observation, classification: outcome.classification };
  return isSameRetryNow({ ...c, failure, clockAt: Math.max(c.clockAt, outcome.at) });
};

/** The adapter's fix is retried with no backoff to wait (ADAPT's iteration has begun). */
export const isFixWithoutBackoff = (c: RecoveryContext): boolean => fixRetryDelayMs(c, c.iteration) === 0;

/** A decision timeout is configured. */
export const hasDecisionTimeout = (c: RecoveryContext): boolean => c.decisionDeadline !== null;

/** The flake probe passed and the policy says a flaky pass is a pass. */
export const isFlakyPass = (c: RecoveryContext): boolean => c.policy.onFlaky === 'pass';

/** A guard's arguments: the context and the event (done events arrive as `RecoveryEvent` too). */
interface Args { context: RecoveryContext; event: RecoveryEvent }
const onContext = (test: (c: RecoveryContext) => boolean) => ({ context }: Args) => test(context);
const passed = (event: RecoveryEvent) => attemptPassed(outputOf<AttemptOutcome>(event));
// Either spelling (`retry-with` is `retry-with-modifications`): decisionChoiceOf is the one translation.
const chose = (event: RecoveryEvent, choice: DecisionChoice) => decisionChoiceOf((event as DecideEvent).choice) === choice;

/** Every guard of the recovery machine, in XState's shape, by the name the chart uses. */
export const recoveryGuards = {
  passedFirstTime: ({ context, event }: Args) => passed(event) && isFirstAttempt(context),
  attemptPassed: ({ event }: Args) => passed(event),
  retriesAtOnce: ({ context, event }: Args) => retriesAtOnce(context, outputOf<AttemptOutcome>(event)),
  flakyPasses: ({ context, event }: Args) => passed(event) && isFlakyPass(context),
  isSecurity: onContext(isSecurity),
  isUserAbort: onContext(isUserAbort),
  isDataCorruption: onContext(isDataCorruption),
  isCriticalWithGoodState: onContext(isCriticalWithGoodState),
  isCriticalGateWithGoodState: onContext(isCriticalGateWithGoodState),
  haltsAfterRollback: onContext(haltsAfterRollback),
  /** The halt's rollback was for data corruption (the escalation keeps that reason). */
  haltsForDataCorruption: ({ context }: Args) => haltsAfterRollback(context) && isDataCorruption(context),
  needsApproval: ({ context, event }: Args) => needsApproval(context, outputOf<AdaptOutput>(event)),
  isFatal: onContext(isFatal),
  isBudgetSpent: onContext(isBudgetSpent),
  isTimeBudgetSpent: onContext(isTimeBudgetSpent),
  isResource: onContext(isResource),
  isTransient: onContext(isTransient),
  needsDiagnoser: onContext(needsDiagnoser),
  isConfidenceTooLow: onContext(isConfidenceTooLow),
  shouldGatherEvidence: onContext(shouldGatherEvidence),
  isBrokenBuildWithGoodState: onContext(isBrokenBuildWithGoodState),
  isRollbackDue: onContext(isRollbackDue),
  shouldProbeFlake: onContext(shouldProbeFlake),
  hasAdapter: onContext(hasAdapter),
  hasStrategyHint: onContext(hasStrategyHint),
  strategyHintRepeats: onContext(strategyHintRepeats),
  isStrategyRetryWithoutBackoff: onContext(isStrategyRetryWithoutBackoff),
  isTransientWithoutBackoff: onContext(isTransientWithoutBackoff),
  isFixWithoutBackoff: onContext(isFixWithoutBackoff),
  hasDecisionTimeout: onContext(hasDecisionTimeout),
  isNoAlternative: ({ event }: Args) => isNoAlternative(outputOf<unknown>(event)),
  isMalformedFix: ({ event }: Args) => isMalformedFix(outputOf<unknown>(event)),
  isRepeatedFix: ({ context, event }: Args) => isRepeatedFix(context, outputOf<AdaptOutput>(event)),
  isCircularFix: ({ context, event }: Args) => isCircularFix(context, outputOf<AdaptOutput>(event)),
  /** The adapter failed because the run's agent spent over its limit (the runtime's `AgentBudgetError`). */
  isAgentBudgetSpent: ({ event }: Args) => isAgentBudgetError((event as { error?: unknown }).error),
  isRollbackFailed: ({ event }: Args) => outputOf<RollbackOutput | undefined>(event)?.restored !== true,
  retriesAfterRollback: ({ context }: Args) => context.afterRollback === 'retry',
  choseRetryFresh: ({ event }: Args) => chose(event, 'retry-fresh'),
  choseRetryWithAdapter: ({ context, event }: Args) => chose(event, 'retry-with-modifications') && context.hasAdapter,
  choseRetryWith: ({ event }: Args) => chose(event, 'retry-with-modifications'),
  choseSkip: ({ event }: Args) => chose(event, 'skip'),
  choseAbort: ({ event }: Args) => chose(event, 'abort'),
  choseManual: ({ event }: Args) => chose(event, 'manual'),
  choseRollback: ({ context, event }: Args) => chose(event, 'rollback') && context.hasRollback,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
