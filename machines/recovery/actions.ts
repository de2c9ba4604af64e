/**
 * The recovery machine's actions in XState's shape, by the name the chart uses: one update per
 * transition, each naming the steps that transition takes (attempt-steps.ts, pass-steps.ts,
 * escalation-steps.ts, halt.ts), passed to `setup({ actions })` as they are.
 */
import { raise, sendTo, type ActorRefFromLogic } from 'xstate';
import { decisionChoiceOf } from '../../src/policy/types.js';
import type { Reason } from '../../src/taxonomy/index.js';
import type { RunnerLogic, RunnerRequest } from '../runner.js';
import { outputOf, updater } from '../shared.js';
import { beginProbe, recordFailure, recordFlaky, recordSuccess, recordWatchFailure } from './attempt-steps.js';
import { attemptInput, beginAttempt, withPass } from './context.js';
import { applyDecision, escalate, recordAbort, recordHandoff, recordRollback } from './escalation-steps.js';
import { beginGateRollback, beginHaltRollback, recordFixNeedingApproval, recordHaltRollback } from './halt.js';
import { openedPass } from './passes.js';
import { applyDiagnoserOutput, applyFix, beginIteration, errorMessage, recordAdaptFailure, recordDiagnosis, scheduleSameRetry } from './pass-steps.js';
import { strategyFix } from './strategy.js';
import type { AdaptFix, AdaptOutput, AttemptInput, AttemptOutcome, RecoveryContext, RecoveryEvent, RollbackOutput, SleepOutput } from './types.js';

type Draft = RecoveryContext;

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
  applyStrategyHint: updateOrBegin((d) => { recordDiagnosis(d); beginIteration(d); applyFix(d, { fix: strategyFix(d.next.hint!) }); }),
  beginRollback: update((d) => { recordDiagnosis(d); beginIteration(d); d.pass = withPass(d.pass, { afterRollback: 'adapt' }); }),
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
      recordAdaptFailure(d, reason, strategyFix(d.next.hint!), undefined, 'the built-in hint repeats one already tried: the last attempt changed nothing it names');
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
    type: 'DECIDE', choice: context.policy.defaultDecision, timedOut: true, ...(context.pass.decisionDeadline !== null ? { at: context.pass.decisionDeadline } : {}),
  })),
};
