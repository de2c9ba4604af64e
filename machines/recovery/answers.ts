/**
 * What the chart reads in its actors' answers and in the run's standing (an attempt's outcome,
 * an adapter's fix, a rollback's end, the escalation's timer) as pure functions, exported so
 * tests can table-test them; `recoveryGuards` (guards.ts) gives each its name and XState's shape.
 */
import { detectCircularFix, detectRepeatedFix } from '../../src/classify/index.js';
import { approvalProblems } from '../../src/policy/index.js';
import { fixRetryDelayMs } from './backoff.js';
import { strategyFix } from './strategy.js';
import type { AdaptFix, AdaptOutput, AttemptOutcome, RecoveryContext } from './types.js';

/** The rollback was a critical failure's halt: ESCALATE follows it, whatever it restored. */
export const haltsAfterRollback = (c: Pick<RecoveryContext, 'pass'>): boolean => c.pass.afterRollback === 'halt';

/**
 * The adapter's fix goes beyond the policy's approval thresholds (seed 004 ASK_APPROVE): what it
 * left changed in the work tree, the public API it touched, what it cost. Absent thresholds
 * (the default) approve everything.
 */
export const needsApproval = (c: Pick<RecoveryContext, 'policy'>, output: AdaptOutput): boolean =>
  output !== null && typeof output.fix === 'string' &&
  approvalProblems(c.policy.approval, (output as AdaptFix).change, (output as AdaptFix).costUsd).length > 0;

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
export const isRepeatedFix = (c: Pick<RecoveryContext, 'pass'>, output: AdaptOutput): boolean =>
  output !== null && output.fix !== null && detectRepeatedFix(c.pass.fixes, output.fix).repeated;

/**
 * The fix is similar to 2 of the last 3 approaches (seed 001). The built-in hint's own fix (an
 * adapter may answer with it, as a pipeline's does) is one approach by design and changes only
 * as the failure does: like the machine's strategy retries, only a repeat stops it.
 */
export const isCircularFix = (c: Pick<RecoveryContext, 'pass' | 'next'>, output: AdaptOutput): boolean =>
  output !== null && output.fix !== null && !(c.next.hint !== null && output.fix === strategyFix(c.next.hint)) && detectCircularFix(c.pass.fixes, output.fix).circular;

/** The adapter's fix is retried with no backoff to wait (ADAPT's iteration has begun). */
export const isFixWithoutBackoff = (c: RecoveryContext): boolean => fixRetryDelayMs(c, c.iteration) === 0;

/** A decision timeout is configured. */
export const hasDecisionTimeout = (c: RecoveryContext): boolean => c.pass.decisionDeadline !== null;

/** The flake probe passed and the policy says a flaky pass is a pass. */
export const isFlakyPass = (c: RecoveryContext): boolean => c.policy.onFlaky === 'pass';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
