/**
 * What the end of an attempt records, as steps on a draft context (a shallow copy, see
 * `updater`): a pass, a failure kept and PAUSE, a watch's failure, the flake probe and its
 * verdict. `recoveryActions` (actions.ts) names them for the chart.
 */
import { appendHistory } from './history.js';
import { failureFromOutcome, builtInDiagnosis, hintFor, detectRegression, observationFromRejection, watchFailure } from './failure.js';
import { openedPass } from './passes.js';
import type { AttemptOutcome, FailureRecord, RecoveryContext } from './types.js';
import { withNext, withPass } from './context.js';

type Draft = RecoveryContext;

/** A passed attempt: a retry's success is recorded; a first-attempt pass needs no history. */
export function recordSuccess(d: Draft, outcome: AttemptOutcome): void {
  if (d.attempt > 1) appendHistory(d, { phase: 'RETRY', result: 'success', at: outcome.at, durationMs: outcome.durationMs, delayMs: d.delayMs, message: null });
  if (d.pass.consecutiveFailures !== 0) d.pass = withPass(d.pass, { consecutiveFailures: 0 });
  d.reason = null;
}

/**
 * A failed attempt (an `{ ok: false }` outcome or a rejection): classify it, keep it, PAUSE.
 * `probe`: it was the flake probe, whose RETRY event is marked `flake_probe` (see `beginProbe`).
 */
export function recordFailure(d: Draft, outcome: AttemptOutcome | undefined, rejection?: unknown, probe = false): void {
  const failed: Extract<AttemptOutcome, { ok: false }> =
    outcome && !outcome.ok ? outcome : { ok: false, at: d.clockAt, durationMs: 0, observation: observationFromRejection(rejection) };
  keepFailure(d, failureFromOutcome(failed, d.attempt, d.fixed.rules), failed.durationMs, probe);
}

/** No heartbeat or no progress in time: the machine's own watch failed the attempt. */
export function recordWatchFailure(d: Draft, type: 'HEARTBEAT_TIMEOUT' | 'PROGRESS_STALL'): void {
  const ms = type === 'HEARTBEAT_TIMEOUT' ? d.policy.heartbeatTimeoutMs : d.policy.stallTimeoutMs;
  const at = d.clockAt + ms;
  const message = type === 'HEARTBEAT_TIMEOUT' ? `No heartbeat received for ${ms} ms` : `No progress reported for ${ms} ms`;
  keepFailure(d, watchFailure(type, message, d.attempt, at), null);
}

function keepFailure(d: Draft, failure: FailureRecord, durationMs: number | null, probe = false): void {
  // The probe belongs to the pass whose diagnosis ran it: read before the new failure replaces the old.
  const probePass = probe ? openedPass(d) : d.iteration;
  if (failure.at > d.clockAt) d.clockAt = failure.at;
  d.failure = failure;
  d.originalFailure ??= failure;
  const regression = detectRegression(d.originalFailure, failure);
  // The sub-objects are shared with earlier snapshots: replaced, never changed in place (and not
  // copied when the hint stays as it was: most failures have none, and every run in flight held the copy).
  const hint = hintFor(failure, regression);
  if (hint !== d.next.hint) d.next = withNext(d.next, { hint });
  d.pass = withPass(d.pass, { regression, diagnosis: builtInDiagnosis(failure.classification), diagnoseRound: 0, consecutiveFailures: d.pass.consecutiveFailures + 1 });
  if (probe) appendHistory(d, { phase: 'RETRY', result: 'failure', durationMs, delayMs: d.delayMs, reason: 'flake_probe', iteration: probePass });
  else if (d.attempt > 1) appendHistory(d, { phase: 'RETRY', result: 'failure', durationMs, delayMs: d.delayMs });
  recordPause(d);
}

/**
 * PAUSE: stop, capture the failure context (the runtime persists the checkpoint). Recorded with
 * the failure, on the transition into `pause`: every way into it keeps a failure first.
 */
export function recordPause(d: Draft): void {
  appendHistory(d, { phase: 'PAUSE', result: 'failure', iteration: openedPass(d), reason: d.pass.regression ? 'regression' : null });
}

/** Entering the flake probe: an unchanged re-run (not an iteration: it is part of diagnosis). */
export function beginProbe(d: Draft): void {
  d.pass = withPass(d.pass, { flakeProbed: true });
  d.attempt += 1;
  d.delayMs = 0;
}

/** The probe passed unchanged: non-deterministic. */
export function recordFlaky(d: Draft, outcome: AttemptOutcome): void {
  appendHistory(d, { phase: 'RETRY', result: 'flaky', at: outcome.at, durationMs: outcome.durationMs, reason: 'non_deterministic_failure', delayMs: 0, message: 'passed on an unchanged re-run', iteration: openedPass(d) });
}
