/**
 * How a run stops or is answered, as steps on a draft context: ESCALATE, a user's abort, a
 * handoff to a fresh context, a rollback, and a human's decision. `recoveryActions`
 * (actions.ts) names them for the chart.
 */
import type { DecisionChoice } from '../../src/policy/types.js';
import type { Reason } from '../../src/taxonomy/index.js';
import { PARTIAL_WORK_KEPT, abortNote } from './halt.js';
import { appendHistory, boundedMessage } from './history.js';
import { openedPass } from './passes.js';
import type { RecoveryContext } from './types.js';
import { withNext, withPass } from './context.js';

type Draft = RecoveryContext;

/**
 * Set why the run escalates and record ESCALATE; a decision deadline starts if configured.
 * `iteration`: the pass it ends (default the current one; `openedPass` when diagnosis escalates).
 */
export function escalate(d: Draft, reason: Reason, iteration = d.iteration): void {
  d.reason = reason;
  d.level = 'escalate';
  d.nextAttemptAt = null;
  d.pass = withPass(d.pass, { decisionDeadline: d.policy.decisionTimeoutMs > 0 ? d.clockAt + d.policy.decisionTimeoutMs : null });
  appendHistory(d, { phase: 'ESCALATE', result: 'escalated', reason, iteration });
}

/** USER_ABORT: the run stops (decided in diagnosis: in the pass it opened). */
export function recordAbort(d: Draft): void {
  d.reason = 'user_abort';
  appendHistory(d, { phase: 'ESCALATE', result: 'aborted', reason: 'user_abort', iteration: openedPass(d), message: abortNote(d) });
}

/** Resource exhaustion: checkpoint and continue in a fresh context (decided in diagnosis). */
export function recordHandoff(d: Draft): void {
  d.next = withNext(d.next, { refreshContext: true });
  appendHistory(d, { phase: 'HANDOFF', result: 'handed_off', iteration: openedPass(d) });
}

/** The rollback restored the last known good state. */
export function recordRollback(d: Draft, at?: number, message?: string): void {
  if (at !== undefined && at > d.clockAt) d.clockAt = at;
  d.pass = withPass(d.pass, { consecutiveFailures: 0 });
  appendHistory(d, { phase: 'ROLLBACK', result: 'rolled_back', message: boundedMessage(message) });
}

/** A human decided. `retry-fresh` resets the budget and the context; `retry-with-modifications` is level `clarify`. */
export function applyDecision(d: Draft, choice: DecisionChoice, guidance: string | undefined, at: number | undefined, timedOut = false): void {
  if (at !== undefined && at > d.clockAt) d.clockAt = at;
  d.pass = withPass(d.pass, { decisionDeadline: null });
  // A decision answers the escalation before it, in that escalation's pass. An abort keeps the
  // partial work (seed 004's ABORT) and says so, as USER_ABORT does.
  const answered = d.history[d.history.length - 1]?.iteration;
  const message = guidance ? `${choice}: ${guidance}` : choice === 'abort' ? `abort: ${PARTIAL_WORK_KEPT}` : choice;
  appendHistory(d, { phase: 'DECISION', result: resultOfChoice(choice), message, reason: timedOut ? 'decision_timeout' : null, ...(answered !== undefined ? { iteration: answered } : {}) });
  if (choice === 'retry-fresh') {
    Object.assign(d, { iteration: 0, level: 'same', reason: null, delayMs: 0 });
    d.pass = withPass(d.pass, { fixes: [], flakeProbed: false, diagnoseRound: 0, consecutiveFailures: 0 });
    d.next = withNext(d.next, { approach: null, hint: null, guidance: null, refreshContext: true });
  } else if (choice === 'retry-with-modifications') {
    Object.assign(d, { level: 'clarify', reason: null, delayMs: 0, iteration: d.iteration + 1 });
    d.next = withNext(d.next, { guidance: guidance ?? null });
  } else if (choice === 'rollback') {
    // A rollback a human chose retries after it (one the diagnosis chose adapts after it).
    d.pass = withPass(d.pass, { afterRollback: 'retry' });
  }
}

function resultOfChoice(choice: DecisionChoice) {
  switch (choice) {
    case 'skip': return 'skipped' as const;
    case 'abort': return 'aborted' as const;
    case 'manual': return 'manual' as const;
    default: return 'decided' as const;
  }
}
