/**
 * The steps of seed 004's stops that are not plain escalations (issue 33): a critical failure's
 * halt that rolls back first, a critical quality gate's rollback, a fix that needs approval,
 * and the abort that keeps partial work. Steps on a draft, like actions.ts's; the chart names
 * them through `recoveryActions`.
 */
import { approvalProblems, describeChange } from '../../src/policy/index.js';
import type { Reason } from '../../src/taxonomy/index.js';
import { appendHistory, boundedMessage } from './history.js';
import type { AdaptFix, RecoveryContext, RollbackInput, RollbackOutput } from './types.js';
import { withNext, withPass } from './context.js';

type Draft = RecoveryContext;

/** Entering a critical failure's rollback: it is not an iteration (nothing is retried), ESCALATE follows. */
export function beginHaltRollback(d: Draft): void {
  d.pass = withPass(d.pass, { afterRollback: 'halt' });
}

/** Entering a critical gate's rollback: an iteration of the gate's budget; the next fix (or, without an adapter, the gate again) follows. */
export function beginGateRollback(d: Draft): void {
  d.iteration += 1;
  d.pass = withPass(d.pass, { afterRollback: d.fixed.hasAdapter ? 'adapt' : 'retry' });
}

/** Why a critical failure halts: data corruption has its own reason, everything else critical is a security matter. */
export function criticalReason(c: Pick<RecoveryContext, 'failure'>): Extract<Reason, 'critical_security_violation' | 'data_corruption'> {
  return c.failure?.classification.type === 'DATA_CORRUPTION' ? 'data_corruption' : 'critical_security_violation';
}

/** What the rollback slot is told it is for. */
export function rollbackReason(c: RecoveryContext): RollbackInput['reason'] {
  if (c.pass.afterRollback === 'halt') return criticalReason(c);
  const type = c.failure?.classification.type;
  // Only the diagnosis starts a gate's rollback (`reason` is null then); a person's starts one after an escalation.
  if (c.reason === null && c.policy.criticalGate && (type === 'QUALITY_GATE_FAIL' || type === 'VERIFICATION_FAILED')) return 'critical_gate';
  if (c.pass.afterRollback === 'retry') return 'decision';
  return type === 'BROKEN_BUILD' ? 'broken_build' : 'consecutive_failures';
}

/**
 * The halt's rollback ended: what it undid (and where it is kept) goes on ROLLBACK; one that
 * could not restore is recorded as failed, and the run escalates for the critical failure all
 * the same (that is what a person must hear first).
 */
export function recordHaltRollback(d: Draft, output: RollbackOutput | undefined, error: string | null): void {
  if (output?.at !== undefined && output.at > d.clockAt) d.clockAt = output.at;
  if (output?.restored === true) {
    appendHistory(d, { phase: 'ROLLBACK', result: 'rolled_back', message: boundedMessage(`undone before escalating: ${output.message ?? 'the work tree is back at the last known good state'}`) });
  } else {
    const why = error ?? output?.message ?? 'the rollback could not restore the last known good state';
    appendHistory(d, { phase: 'ROLLBACK', result: 'failure', reason: 'rollback_failed', message: boundedMessage(`nothing was undone: ${why}`) });
  }
}

/**
 * ADAPT proposed a fix beyond the approval thresholds: it is recorded (the fix, the numbers and
 * the diff stat) and remembered as tried, and no retry runs until a person decides.
 */
export function recordFixNeedingApproval(d: Draft, output: AdaptFix): void {
  if (output.at !== undefined && output.at > d.clockAt) d.clockAt = output.at;
  const problems = approvalProblems(d.policy.approval, output.change, output.costUsd);
  const stat = output.change ? `; diff: ${describeChange(output.change)}` : '';
  d.next = withNext(d.next, { approach: output.fix });
  d.pass = withPass(d.pass, { fixes: d.pass.fixes.concat([output.fix]) });
  appendHistory(d, {
    phase: 'ADAPT', result: 'adapted', reason: 'approval_required', fix: output.fix,
    confidence: output.confidence ?? d.pass.diagnosis?.confidence ?? null, durationMs: output.durationMs ?? null,
    message: boundedMessage(`approval required: ${problems.join('; ')}${stat}`, 1000),
  });
}

/** What an abort leaves: the one wording of the choice (README, What `--rollback git` protects). */
export const PARTIAL_WORK_KEPT = 'partial work kept, nothing rolled back';

/**
 * What a USER_ABORT says (seed 004's ABORT: "graceful shutdown, save partial work"): nothing is
 * rolled back, and a run that recorded a good state says it can still be gone back to.
 */
export function abortNote(c: Pick<RecoveryContext, 'fixed'>): string {
  const { hasRollback, lastKnownGood } = c.fixed;
  const good = hasRollback && lastKnownGood !== null ? ` (last known good state: ${lastKnownGood})` : '';
  return `stopped by a person: ${PARTIAL_WORK_KEPT}${good}`;
}
