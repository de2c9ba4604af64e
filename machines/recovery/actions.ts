/**
 * Context updates of the recovery machine: steps on a draft (a shallow copy, see `updater`), and
 * `recoveryActions`, the machine's actions in XState's shape — one update per transition, each
 * naming the steps that transition takes — passed to `setup({ actions })` as they are.
 */
import { confidenceBand, timeoutFor } from '../../src/policy/index.js';
import { fixRetryDelayMs, sameRetryDelayMs } from './backoff.js';
import { decisionChoiceOf, type DecisionChoice } from '../../src/policy/types.js';
import type { Reason } from '../../src/taxonomy/index.js';
import { failureFromOutcome, builtInDiagnosis, hintFor, detectRegression, diagnosisFromOutput, observationFromRejection, watchFailure } from './failure.js';
import { appendHistory, boundedMessage } from './history.js';
import { strategyFix } from './strategy.js';
import { raise, sendTo, type ActorRefFromLogic } from 'xstate';
import type { RunnerLogic, RunnerRequest } from '../runner.js';
import { attemptInput, beginAttempt } from './context.js';
import { openedPass } from './passes.js';
import { PARTIAL_WORK_KEPT, abortNote, beginGateRollback, beginHaltRollback, recordFixNeedingApproval, recordHaltRollback } from './halt.js';
import { outputOf, updater } from '../shared.js';
import type { AdaptFix, AdaptOutput, AttemptInput, AttemptOutcome, FailureRecord, RecoveryContext, RecoveryEvent, RollbackOutput, SleepOutput } from './types.js';

type Draft = RecoveryContext;

/** A passed attempt: a retry's success is recorded; a first-attempt pass needs no history. */
export function recordSuccess(d: Draft, outcome: AttemptOutcome): void {
  if (d.attempt > 1) appendHistory(d, { phase: 'RETRY', result: 'success', at: outcome.at, durationMs: outcome.durationMs, delayMs: d.delayMs, message: null });
  d.consecutiveFailures = 0;
  d.reason = null;
}

/**
 * A failed attempt (an `{ ok: false }` outcome or a rejection): classify it, keep it, PAUSE.
 * `probe`: it was the flake probe, whose RETRY event is marked `flake_probe` (see `beginProbe`).
 */
export function recordFailure(d: Draft, outcome: AttemptOutcome | undefined, rejection?: unknown, probe = false): void {
  const failed: Extract<AttemptOutcome, { ok: false }> =
    outcome && !outcome.ok ? outcome : { ok: false, at: d.clockAt, durationMs: 0, observation: observationFromRejection(rejection) };
  keepFailure(d, failureFromOutcome(failed, d.attempt, d.rules), failed.durationMs, probe);
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
  d.regression = detectRegression(d.originalFailure, failure);
  d.hint = hintFor(failure, d.regression);
  d.diagnosis = builtInDiagnosis(failure.classification);
  d.diagnoseRound = 0;
  d.consecutiveFailures += 1;
  if (probe) appendHistory(d, { phase: 'RETRY', result: 'failure', durationMs, delayMs: d.delayMs, reason: 'flake_probe', iteration: probePass });
  else if (d.attempt > 1) appendHistory(d, { phase: 'RETRY', result: 'failure', durationMs, delayMs: d.delayMs });
  recordPause(d);
}

/**
 * PAUSE: stop, capture the failure context (the runtime persists the checkpoint). Recorded with
 * the failure, on the transition into `pause`: every way into it keeps a failure first.
 */
export function recordPause(d: Draft): void {
  appendHistory(d, { phase: 'PAUSE', result: 'failure', iteration: openedPass(d), reason: d.regression ? 'regression' : null });
}

/**
 * DIAGNOSE: the hypotheses and confidence this pass proceeds with; uncertainty is recorded.
 * `setAside`: the round is not acted on, its confidence too low to adapt on (UC-AP-004 Alt-2:
 * the diagnoser is asked again), and its event says so with `low_confidence`.
 */
export function recordDiagnosis(d: Draft, setAside = false): void {
  const band = d.diagnosis ? confidenceBand(d.policy, d.diagnosis.confidence) : 'proceed';
  const uncertain = band === 'caution' || (band === 'gather' && d.diagnosis?.source === 'diagnoser');
  // A diagnoser was asked but its answer was unusable: the built-in diagnosis stands, and history says so.
  const diagnoserFailed = d.diagnoseRound > 0 && d.diagnosis?.source === 'built-in';
  const failure = diagnoserFailed ? d.diagnosis?.diagnoserFailure : undefined;
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
  d.diagnoseRound += 1;
  if (at !== undefined && at > d.clockAt) d.clockAt = at;
  const diagnosis = diagnosisFromOutput(output);
  if (diagnosis) d.diagnosis = diagnosis;
  else if (failure !== null && d.diagnosis) d.diagnosis = { ...d.diagnosis, diagnoserFailure: failure };
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
  d.timeoutMs = d.timeoutMs === null ? null : timeoutFor(d.policy, d.failure!.classification.type, d.timeoutMs);
}

/** ADAPT produced a fix: record it and schedule the retry that tries it. */
export function applyFix(d: Draft, output: AdaptFix): void {
  if (output.at !== undefined && output.at > d.clockAt) d.clockAt = output.at;
  if (d.level !== 'clarify') d.level = 'alternative';
  d.approach = output.fix;
  d.fixes = [...d.fixes, output.fix];
  appendHistory(d, { phase: 'ADAPT', result: 'adapted', fix: output.fix, confidence: output.confidence ?? d.diagnosis?.confidence ?? null, durationMs: output.durationMs ?? null });
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

/** Entering the flake probe: an unchanged re-run (not an iteration: it is part of diagnosis). */
export function beginProbe(d: Draft): void {
  d.flakeProbed = true;
  d.attempt += 1;
  d.delayMs = 0;
}

/** The probe passed unchanged: non-deterministic. */
export function recordFlaky(d: Draft, outcome: AttemptOutcome): void {
  appendHistory(d, { phase: 'RETRY', result: 'flaky', at: outcome.at, durationMs: outcome.durationMs, reason: 'non_deterministic_failure', delayMs: 0, message: 'passed on an unchanged re-run', iteration: openedPass(d) });
}

/**
 * Set why the run escalates and record ESCALATE; a decision deadline starts if configured.
 * `iteration`: the pass it ends (default the current one; `openedPass` when diagnosis escalates).
 */
export function escalate(d: Draft, reason: Reason, iteration = d.iteration): void {
  d.reason = reason;
  d.level = 'escalate';
  d.nextAttemptAt = null;
  d.decisionDeadline = d.policy.decisionTimeoutMs > 0 ? d.clockAt + d.policy.decisionTimeoutMs : null;
  appendHistory(d, { phase: 'ESCALATE', result: 'escalated', reason, iteration });
}

/** USER_ABORT: the run stops (decided in diagnosis: in the pass it opened). */
export function recordAbort(d: Draft): void {
  d.reason = 'user_abort';
  appendHistory(d, { phase: 'ESCALATE', result: 'aborted', reason: 'user_abort', iteration: openedPass(d), message: abortNote(d) });
}

/** Resource exhaustion: checkpoint and continue in a fresh context (decided in diagnosis). */
export function recordHandoff(d: Draft): void {
  d.refreshContext = true;
  appendHistory(d, { phase: 'HANDOFF', result: 'handed_off', iteration: openedPass(d) });
}

/** The rollback restored the last known good state. */
export function recordRollback(d: Draft, at?: number, message?: string): void {
  if (at !== undefined && at > d.clockAt) d.clockAt = at;
  d.consecutiveFailures = 0;
  appendHistory(d, { phase: 'ROLLBACK', result: 'rolled_back', message: boundedMessage(message) });
}

/** A human decided. `retry-fresh` resets the budget and the context; `retry-with-modifications` is level `clarify`. */
export function applyDecision(d: Draft, choice: DecisionChoice, guidance: string | undefined, at: number | undefined, timedOut = false): void {
  if (at !== undefined && at > d.clockAt) d.clockAt = at;
  d.decisionDeadline = null;
  // A decision answers the escalation before it, in that escalation's pass. An abort keeps the
  // partial work (seed 004's ABORT) and says so, as USER_ABORT does.
  const answered = d.history[d.history.length - 1]?.iteration;
  const message = guidance ? `${choice}: ${guidance}` : choice === 'abort' ? `abort: ${PARTIAL_WORK_KEPT}` : choice;
  appendHistory(d, { phase: 'DECISION', result: resultOfChoice(choice), message, reason: timedOut ? 'decision_timeout' : null, ...(answered !== undefined ? { iteration: answered } : {}) });
  if (choice === 'retry-fresh') {
    Object.assign(d, { iteration: 0, fixes: [], flakeProbed: false, diagnoseRound: 0, approach: null, hint: null, guidance: null, level: 'same', refreshContext: true, consecutiveFailures: 0, reason: null, delayMs: 0 });
  } else if (choice === 'retry-with-modifications') {
    Object.assign(d, { guidance: guidance ?? null, level: 'clarify', reason: null, delayMs: 0, iteration: d.iteration + 1 });
  } else if (choice === 'rollback') {
    // A rollback a human chose retries after it (one the diagnosis chose adapts after it).
    d.afterRollback = 'retry';
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

/** What an escalation records first, from the phase it leaves (one update records both). */
export type EscalateAfter = 'diagnosis' | 'noAdapter' | 'adapt' | 'rollback' | 'flaky' | 'strategy' | 'halt' | 'approval';

const update = updater<RecoveryContext, RecoveryEvent>();
/** A done or error event of an I/O slot, as the actions read it. */
type Settled<T> = { output?: T; error?: unknown };
const settled = <T>(event: RecoveryEvent) => event as unknown as Settled<T>;
const later = (d: Draft, at: number | undefined) => { if (at !== undefined && at > d.clockAt) d.clockAt = at; };
/**
 * An update that may lead into the next attempt: with `{ begin: true }` (see `intoAttempt` in
 * the chart) it also begins that attempt, so the transition into `executing` makes one update.
 */
const updateOrBegin = (recipe: (d: Draft, e: RecoveryEvent) => void) =>
  update<{ begin: boolean } | undefined>((d, e, p) => {
    recipe(d, e);
    if (p?.begin) beginAttempt(d);
  });

/** A message to the run's `runTask` runner (invoked at the root, so always there while the run is active). */
const request = (message: (context: RecoveryContext) => RunnerRequest<AttemptInput>) =>
  sendTo<RecoveryContext, RecoveryEvent, undefined, ActorRefFromLogic<RunnerLogic<AttemptInput>>, RecoveryEvent, never>('runTask', ({ context }) => message(context));

/** Every action of the recovery machine, in XState's shape, by the name the chart uses. */
export const recoveryActions = {
  recordSuccess: update((d, e) => recordSuccess(d, outputOf<AttemptOutcome>(e))),
  /** A failed attempt or probe, resolved `{ ok: false }` or rejected: keep it, then PAUSE. */
  recordFailure: update((d, e) => {
    const { output, error } = settled<AttemptOutcome>(e);
    recordFailure(d, output, error);
  }),
  /** The flake probe failed (resolved `{ ok: false }` or rejected): kept like any failure, its RETRY marked `flake_probe`. */
  recordProbeFailure: update((d, e) => {
    const { output, error } = settled<AttemptOutcome>(e);
    recordFailure(d, output, error, true);
  }),
  recordWatchFailure: update<{ type: 'HEARTBEAT_TIMEOUT' | 'PROGRESS_STALL' }>((d, _e, p) => recordWatchFailure(d, p.type)),
  noteTime: update((d, e) => later(d, (e as { at?: number }).at)),
  /** A diagnosis round set aside for low confidence: the diagnoser is asked again (UC-AP-004 Alt-2). */
  setAsideDiagnosis: update((d) => recordDiagnosis(d, true)),
  /** A diagnoser answered (or failed: its error event has no output, and the built-in diagnosis stands). */
  applyDiagnoserOutput: update((d, e) => {
    const { output, error } = settled<unknown>(e);
    const failed = 'error' in e ? errorMessage(error) ?? 'the diagnoser failed without a message' : null;
    applyDiagnoserOutput(d, output ?? null, (output as { at?: number } | undefined)?.at, failed);
  }),
  retrySame: updateOrBegin((d) => { recordDiagnosis(d); beginIteration(d); scheduleSameRetry(d); }),
  /**
   * A failed attempt retried at once (`retriesAtOnce`): what `recordFailure` and then `retrySame`
   * record, in that order, in one update instead of two (the chart's `{ begin: true }` begins the attempt).
   */
  retryAtOnce: updateOrBegin((d, e) => {
    recordFailure(d, outputOf<AttemptOutcome>(e));
    recordDiagnosis(d);
    beginIteration(d);
    scheduleSameRetry(d);
  }),
  beginAdapt: update((d) => { recordDiagnosis(d); beginIteration(d); }),
  /** Seed 002's strategy without an adapter: the hint is this iteration's fix (recorded as ADAPT, as an adapter's would be). */
  applyStrategyHint: updateOrBegin((d) => { recordDiagnosis(d); beginIteration(d); applyFix(d, { fix: strategyFix(d.hint!) }); }),
  beginRollback: update((d) => { recordDiagnosis(d); beginIteration(d); d.afterRollback = 'adapt'; }),
  /** A critical failure with a good state: roll back before ESCALATE (seed 004). */
  beginHaltRollback: update((d) => { recordDiagnosis(d); beginHaltRollback(d); }),
  /** A critical quality gate failed: roll back, then the next fix or the gate again (seed 004). */
  beginGateRollback: update((d) => { recordDiagnosis(d); beginGateRollback(d); }),
  probeFlake: update((d) => { recordDiagnosis(d); beginProbe(d); }),
  recordAbort: update((d) => { recordDiagnosis(d); recordAbort(d); }),
  recordHandoff: update((d) => { recordDiagnosis(d); recordHandoff(d); }),
  recordFlaky: update((d, e) => recordFlaky(d, outputOf<AttemptOutcome>(e))),
  applyFix: updateOrBegin((d, e) => applyFix(d, outputOf<AdaptFix>(e))),
  recordRollback: updateOrBegin((d, e) => recordRollback(d, settled<RollbackOutput>(e).output?.at, settled<RollbackOutput>(e).output?.message)),
  /** The backoff's sleep ended (an error event has no output: nothing to note). */
  noteSleepEnd: updateOrBegin((d, e) => later(d, settled<SleepOutput>(e).output?.at)),
  applyDecision: updateOrBegin((d, e) => {
    // History and context keep the library's spelling whichever one the sender used.
    const choice = e.type === 'DECIDE' ? decisionChoiceOf(e.choice) : null;
    if (e.type === 'DECIDE' && choice) applyDecision(d, choice, e.guidance, e.at, e.timedOut);
  }),
  /** ESCALATE for `reason`, after recording what the phase it leaves needs (`after`). */
  escalate: update<{ reason: Reason; after: EscalateAfter | null }>((d, e, { reason, after }) => {
    // Escalated in diagnosis, no pass began: the escalation ends the pass that diagnosis opened.
    let pass = after === 'diagnosis' || after === 'noAdapter' || after === 'flaky' ? openedPass(d) : d.iteration;
    if (after === 'diagnosis' || after === 'noAdapter' || after === 'strategy') recordDiagnosis(d);
    if (after === 'rollback') recordRollback(d, settled<RollbackOutput>(e).output?.at, settled<RollbackOutput>(e).output?.message);
    if (after === 'flaky') recordFlaky(d, outputOf<AttemptOutcome>(e));
    if (after === 'halt') recordHaltRollback(d, settled<RollbackOutput>(e).output, 'error' in e ? errorMessage(settled<RollbackOutput>(e).error) : null);
    if (after === 'approval') recordFixNeedingApproval(d, outputOf<AdaptFix>(e));
    if (after === 'adapt') {
      const { output, error } = settled<AdaptOutput>(e);
      const message = output?.fix === null ? output.message : errorMessage(error);
      recordAdaptFailure(d, reason, output?.fix ?? null, output?.at, message, output?.durationMs);
    } else if (after === 'strategy') {
      // The hint that would be tried again, as an adapter's repeated fix is recorded.
      beginIteration(d);
      pass = d.iteration; // the pass the repeated hint would have opened: its ADAPT and the ESCALATE share it
      recordAdaptFailure(d, reason, strategyFix(d.hint!), undefined, 'the built-in hint repeats one already tried: the last attempt changed nothing it names');
    } else if (after === 'noAdapter' || after === 'rollback') {
      // Level 2 with nothing to try falls through to level `escalate`, and ADAPT says so before
      // ESCALATE (seed 000 task 4): the event is the fall-through, not a same-level retry.
      d.level = 'escalate';
      recordAdaptFailure(d, 'no_alternative', null, undefined, undefined, undefined, pass);
    }
    escalate(d, reason, pass);
  }),
  /** Ask the run's runner for the attempt (or, after a restore, for the attempt again). */
  requestAttempt: request((c) => ({ type: 'runner.run', input: attemptInput(c, false) })),
  /** Ask the runner for the flake probe: the same attempt, unchanged. */
  requestProbe: request((c) => ({ type: 'runner.run', input: attemptInput(c, true) })),
  /** A watch gave up on the running attempt: stop it (its late answer is dropped). */
  cancelAttempt: request(() => ({ type: 'runner.cancel' })),
  raiseDefaultDecision: raise<RecoveryContext, RecoveryEvent, RecoveryEvent, undefined, never>(({ context }) => ({
    type: 'DECIDE', choice: context.policy.defaultDecision, timedOut: true, ...(context.decisionDeadline !== null ? { at: context.decisionDeadline } : {}),
  })),
};
