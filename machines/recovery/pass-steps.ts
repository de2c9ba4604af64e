/**
 * What a recovery pass records between the failure and the next attempt, as steps on a draft
 * context: DIAGNOSE (the built-in diagnosis or a diagnoser's), the pass's start, the retry's
 * schedule, ADAPT's fix or its failure. `recoveryActions` (actions.ts) names them for the chart.
 */
import { confidenceBand, timeoutFor } from '../../src/policy/index.js';
import type { Level, Reason } from '../../src/taxonomy/index.js';
import { fixRetryDelayMs, sameRetryDelayMs } from './backoff.js';
import { diagnosisFromOutput } from './failure.js';
import { appendHistory, boundedMessage } from './history.js';
import { openedPass } from './passes.js';
import type { AdaptFix, RecoveryContext } from './types.js';
import { withNext, withPass } from './context.js';

type Draft = RecoveryContext;

/**
 * DIAGNOSE: the hypotheses and confidence this pass proceeds with; uncertainty is recorded.
 * `setAside`: the round is not acted on, its confidence too low to adapt on (UC-AP-004 Alt-2:
 * the diagnoser is asked again), and its event says so with `low_confidence`.
 */
export function recordDiagnosis(d: Draft, setAside = false): void {
  const { diagnosis, diagnoseRound } = d.pass;
  const band = diagnosis ? confidenceBand(d.policy, diagnosis.confidence) : 'proceed';
  const uncertain = band === 'caution' || (band === 'gather' && diagnosis?.source === 'diagnoser');
  // A diagnoser was asked but its answer was unusable: the built-in diagnosis stands, and history says so.
  const diagnoserFailed = diagnoseRound > 0 && diagnosis?.source === 'built-in';
  const failure = diagnoserFailed ? diagnosis?.diagnoserFailure : undefined;
  appendHistory(d, {
    phase: 'DIAGNOSE', result: 'diagnosed', iteration: openedPass(d),
    reason: diagnoserFailed ? 'diagnoser_failed' : setAside ? 'low_confidence' : uncertain ? 'uncertain_diagnosis' : null,
    // The diagnoser's own words say why its answer is missing (the failure being diagnosed is in PAUSE).
    ...(failure ? { message: boundedMessage(failure) } : {}),
  });
}

/**
 * A diagnoser answered; a malformed answer (or none) keeps the built-in diagnosis (recorded by
 * `recordDiagnosis`). A diagnoser that failed (`failure`: its own words, e.g. an agent's "API
 * unreachable") is kept with the built-in diagnosis, so the DIAGNOSE event says why.
 */
export function applyDiagnoserOutput(d: Draft, output: unknown, at: number | undefined, failure: string | null = null): void {
  if (at !== undefined && at > d.clockAt) d.clockAt = at;
  const given = diagnosisFromOutput(output);
  const kept = d.pass.diagnosis;
  const diagnosis = given ?? (failure !== null && kept ? { ...kept, diagnoserFailure: failure } : kept);
  d.pass = withPass(d.pass, { diagnosis, diagnoseRound: d.pass.diagnoseRound + 1 });
}

/** A new recovery pass starts. */
export function beginIteration(d: Draft): void {
  d.iteration += 1;
}

/** Transient: retry the same approach after the policy's delay (a retry-after hint may lengthen it). */
export function scheduleSameRetry(d: Draft): void {
  d.level = 'same';
  d.delayMs = sameRetryDelayMs(d, d.iteration);
  d.nextAttemptAt = d.clockAt + d.delayMs;
  const timeoutMs = d.next.timeoutMs;
  if (timeoutMs !== null) d.next = withNext(d.next, { timeoutMs: timeoutFor(d.policy, d.failure!.classification.type, timeoutMs) });
}

/**
 * The level ADAPT works at (DESIGN: ADAPT is level `alternative`): a human's `clarify` stays, any
 * other level the run came in with (`same` after transient retries) becomes `alternative`. The
 * adapter is told this level, and its fix is recorded at it.
 */
export function adaptLevel(level: Level): Level {
  return level === 'clarify' ? 'clarify' : 'alternative';
}

/** ADAPT produced a fix: record it and schedule the retry that tries it. */
export function applyFix(d: Draft, output: AdaptFix): void {
  if (output.at !== undefined && output.at > d.clockAt) d.clockAt = output.at;
  d.level = adaptLevel(d.level);
  d.next = withNext(d.next, { approach: output.fix });
  d.pass = withPass(d.pass, { fixes: d.pass.fixes.concat([output.fix]) });
  appendHistory(d, { phase: 'ADAPT', result: 'adapted', fix: output.fix, confidence: output.confidence ?? d.pass.diagnosis?.confidence ?? null, durationMs: output.durationMs ?? null });
  d.delayMs = fixRetryDelayMs(d, d.iteration);
  d.nextAttemptAt = d.clockAt + d.delayMs;
}

/**
 * ADAPT failed to produce a usable fix; the escalation that follows says why. `message` is the
 * adapter's own account (its error, or why it had no alternative); without one the event names
 * the failure being adapted, as before.
 */
export function recordAdaptFailure(d: Draft, reason: Reason, fix: string | null, at?: number, message?: string | null, durationMs?: number, iteration = d.iteration): void {
  if (at !== undefined && at > d.clockAt) d.clockAt = at;
  appendHistory(d, { phase: 'ADAPT', result: 'failure', reason, fix, durationMs: durationMs ?? null, iteration, ...(message ? { message: boundedMessage(message) } : {}) });
}

/** What a failed slot said: its error's message (the runtime redacted it), or nothing. */
export function errorMessage(error: unknown): string | null {
  if (error === undefined || error === null) return null;
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return text && text.trim() ? text : null;
}
