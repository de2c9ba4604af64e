/**
 * The diagnosis's routing decisions (the chart's `recovery.diagnose` table, in its order) as
 * pure functions of context, exported so tests can table-test them; `recoveryGuards`
 * (guards.ts) gives each its name and XState's shape.
 */
import { detectRepeatedFix } from '../../src/classify/index.js';
import { budgetFor, confidenceBand } from '../../src/policy/index.js';
import { fixRetryDelayMs, sameRetryDelayMs } from './backoff.js';
import { STRATEGY_TYPES, strategyFix } from './strategy.js';
import type { AttemptOutcome, RecoveryContext } from './types.js';

type Ctx = Pick<RecoveryContext, 'failure'>;

const typeOf = (c: Ctx) => c.failure?.classification.type;
const categoryOf = (c: Ctx) => c.failure?.classification.category;

/** A rollback slot was provided and a last known good state recorded: there is something to go back to. */
const hasGoodState = (c: Pick<RecoveryContext, 'fixed'>): boolean => c.fixed.hasRollback && c.fixed.lastKnownGood !== null;

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
  isSecurity(c) && hasGoodState(c);

/**
 * The task is a critical quality gate (policy `criticalGate`) and it failed as a gate does (a
 * quality gate or tests), with a last known good state: seed 004's "Critical quality gate: 1
 * failure → rollback changes, re-attempt".
 */
export const isCriticalGateWithGoodState = (c: RecoveryContext): boolean =>
  c.policy.criticalGate === true &&
  (typeOf(c) === 'QUALITY_GATE_FAIL' || typeOf(c) === 'VERIFICATION_FAILED') &&
  hasGoodState(c);

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
  c.policy.totalBudgetMs > 0 && c.clockAt - c.fixed.startedAt >= c.policy.totalBudgetMs;

/** Context or resources ran out: hand off to a fresh context. */
export const isResource = (c: Ctx): boolean => categoryOf(c) === 'resource';

/** Transient: retry the same approach after backoff. */
export const isTransient = (c: Ctx): boolean => categoryOf(c) === 'transient';

/** A diagnoser was provided and has not been consulted in this pass. */
export const needsDiagnoser = (c: RecoveryContext): boolean => c.fixed.hasDiagnoser && c.pass.diagnoseRound === 0;

/**
 * Diagnosis confidence strictly below the escalate threshold (0.50 by default), with no round
 * left to gather more evidence in (UC-AP-004 Alt-2: a diagnoser is asked again first).
 */
export const isConfidenceTooLow = (c: RecoveryContext): boolean =>
  c.pass.diagnosis !== null && confidenceBand(c.policy, c.pass.diagnosis.confidence) === 'escalate' && !canAskAgain(c);

/**
 * Confidence is below `caution` (the `gather` band, or below `escalate`) and the diagnoser may be
 * asked again: another round, up to `diagnoseRounds`.
 */
export const shouldGatherEvidence = (c: RecoveryContext): boolean => {
  const diagnosis = c.pass.diagnosis;
  if (diagnosis === null || !canAskAgain(c)) return false;
  const band = confidenceBand(c.policy, diagnosis.confidence);
  return band === 'gather' || band === 'escalate';
};

/** A diagnoser was provided and a round of `diagnoseRounds` is left. */
const canAskAgain = (c: RecoveryContext): boolean => c.fixed.hasDiagnoser && c.pass.diagnoseRound < c.policy.diagnoseRounds;

/** A broken build with a last known good state to roll back to. */
export const isBrokenBuildWithGoodState = (c: RecoveryContext): boolean =>
  typeOf(c) === 'BROKEN_BUILD' && hasGoodState(c);

/** Too many consecutive failures: roll back first (seed 004; 0 = never). */
export const isRollbackDue = (c: RecoveryContext): boolean =>
  c.policy.rollbackAfterFailures > 0 &&
  c.pass.consecutiveFailures >= c.policy.rollbackAfterFailures &&
  hasGoodState(c);

/**
 * Re-run unchanged before adapting: on the first verification failure, or on any systematic
 * failure when there is no adapter (nothing else could be tried).
 */
export const shouldProbeFlake = (c: RecoveryContext): boolean =>
  c.policy.flakeProbe &&
  !c.pass.flakeProbed &&
  (typeOf(c) === 'VERIFICATION_FAILED' || (!c.fixed.hasAdapter && categoryOf(c) === 'systematic'));

/**
 * No adapter, and the failure has one of seed 002's prompt strategies: the next attempt is told
 * what is still wrong (its hint) instead of an unchanged probe.
 */
export const hasStrategyHint = (c: RecoveryContext): boolean => {
  const type = typeOf(c);
  return !c.fixed.hasAdapter && c.next.hint !== null && type !== undefined && STRATEGY_TYPES.has(type);
};

/**
 * The strategy's hint is one already tried (the same sections still missing, the same empty
 * output): a repeated fix, which no retry can change (UC-AP-004 Exc-4). A hint that changes is
 * progress, so built-in hints are not held to the circular-fix check: they are one approach by
 * design (seed 002 retries the same modifier up to its budget).
 */
export const strategyHintRepeats = (c: RecoveryContext): boolean =>
  hasStrategyHint(c) && detectRepeatedFix(c.pass.fixes, strategyFix(c.next.hint!)).repeated;

/** A strategy retry with no backoff to wait (read before the iteration begins, hence `+ 1`). */
export const isStrategyRetryWithoutBackoff = (c: RecoveryContext): boolean =>
  hasStrategyHint(c) && fixRetryDelayMs(c, c.iteration + 1) === 0;

/** An adapter was provided. */
export const hasAdapter = (c: Pick<RecoveryContext, 'fixed'>): boolean => c.fixed.hasAdapter;

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
