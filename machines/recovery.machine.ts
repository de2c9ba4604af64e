/**
 * The recovery statechart: PAUSE → DIAGNOSE → ADAPT → RETRY → ESCALATE.
 *
 * Pure: every guard, action, actor and delay is named in `setup()`; the I/O actors (`runTask`,
 * `diagnose`, `adapt`, `rollback`, `sleepUntil`) are slots that `src/runtime` or an embedding
 * orchestrator fills with `.provide()`. The machine reads no clock: times come from its input and
 * from what its actors and events report. Waits are deadlines in context served by `sleepUntil`,
 * because XState does not restore pending `after` timers (statelyai/xstate#5331).
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import type { Reason } from '../src/taxonomy/index.js';
import * as act from './recovery/actions.js';
import { finalOutput, type RecoveryOutput } from './recovery/output.js';
import { attemptInput, initialContext, nextContext } from './recovery/context.js';
import * as g from './recovery/guards.js';
import type {
  AdaptInput, AdaptOutput, AttemptInput, AttemptOutcome, DecideEvent, DiagnoseInput, DiagnoseOutput,
  RecoveryContext, RecoveryEvent, RecoveryInput, RollbackInput, RollbackOutput, SleepInput, SleepOutput,
} from './recovery/types.js';

/** The machine id stored in every checkpoint envelope. */
export const RECOVERY_MACHINE_ID = 'recovery';
/**
 * Bump when context or states change shape; older checkpoints then need a migration in
 * `recoveryMigrations` (2: the watch regions moved under `executing.watched`).
 */
export const RECOVERY_MACHINE_VERSION = 2;
export { recoveryMigrations } from './recovery/migrations.js';

/** The I/O slots a runtime must provide. */
export const RECOVERY_ACTOR_SLOTS = ['runTask', 'diagnose', 'adapt', 'rollback', 'sleepUntil'] as const;

const slot = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`recovery machine: the "${name}" actor is not provided; fill it with machine.provide({ actors: { ${name}: … } })`)));

/** `assign` through a copy-on-write draft (`nextContext`): context updates read as plain mutations. */
const update = <E>(recipe: (draft: RecoveryContext, event: E) => void) =>
  assign<RecoveryContext, RecoveryEvent, undefined, RecoveryEvent, never>(({ context, event }) =>
    nextContext(context, (d) => recipe(d, event as E)));

/** `update` for actions that take params (an escalation's reason, what follows a rollback). */
const updateWith = <P extends Record<string, unknown>>(recipe: (draft: RecoveryContext, event: unknown, params: P) => void) =>
  assign<RecoveryContext, RecoveryEvent, P, RecoveryEvent, never>(({ context, event }, params) =>
    nextContext(context, (d) => recipe(d, event, params)));

type Done<T> = { output: T };
type Failed = { error: unknown };
type Decide = DecideEvent;
/** A done event's output; XState types guards by the external events only. */
const outputOf = <T>(event: unknown): T => (event as Done<T>).output;
const at = (e: unknown): number | undefined => (e as { output?: { at?: unknown } }).output?.at as number | undefined;

export const recoveryMachine = setup({
  types: {
    context: {} as RecoveryContext,
    input: {} as RecoveryInput,
    events: {} as RecoveryEvent,
    output: {} as RecoveryOutput,
  },
  actors: {
    runTask: slot<AttemptOutcome, AttemptInput>('runTask'),
    diagnose: slot<DiagnoseOutput, DiagnoseInput>('diagnose'),
    adapt: slot<AdaptOutput, AdaptInput>('adapt'),
    rollback: slot<RollbackOutput, RollbackInput>('rollback'),
    sleepUntil: slot<SleepOutput, SleepInput>('sleepUntil'),
  },
  delays: {
    heartbeatTimeout: ({ context }) => context.policy.heartbeatTimeoutMs,
    stallTimeout: ({ context }) => context.policy.stallTimeoutMs,
  },
  guards: {
    passedFirstTime: ({ context, event }) => g.attemptPassed(outputOf<AttemptOutcome>(event)) && g.isFirstAttempt(context),
    attemptPassed: ({ event }) => g.attemptPassed(outputOf<AttemptOutcome>(event)),
    isSecurity: ({ context }) => g.isSecurity(context),
    isUserAbort: ({ context }) => g.isUserAbort(context),
    isFatal: ({ context }) => g.isFatal(context),
    isBudgetSpent: ({ context }) => g.isBudgetSpent(context),
    isTimeBudgetSpent: ({ context }) => g.isTimeBudgetSpent(context),
    isResource: ({ context }) => g.isResource(context),
    isTransient: ({ context }) => g.isTransient(context),
    needsDiagnoser: ({ context }) => g.needsDiagnoser(context),
    isConfidenceTooLow: ({ context }) => g.isConfidenceTooLow(context),
    shouldGatherEvidence: ({ context }) => g.shouldGatherEvidence(context),
    isBrokenBuildWithGoodState: ({ context }) => g.isBrokenBuildWithGoodState(context),
    isRollbackDue: ({ context }) => g.isRollbackDue(context),
    shouldProbeFlake: ({ context }) => g.shouldProbeFlake(context),
    hasAdapter: ({ context }) => g.hasAdapter(context),
    flakyPasses: ({ context, event }) => g.attemptPassed(outputOf<AttemptOutcome>(event)) && g.isFlakyPass(context),
    isNoAlternative: ({ event }) => g.isNoAlternative(outputOf<unknown>(event)),
    isMalformedFix: ({ event }) => g.isMalformedFix(outputOf<unknown>(event)),
    isRepeatedFix: ({ context, event }) => g.isRepeatedFix(context, outputOf<AdaptOutput>(event)),
    isCircularFix: ({ context, event }) => g.isCircularFix(context, outputOf<AdaptOutput>(event)),
    isRollbackFailed: ({ event }) => outputOf<RollbackOutput>(event)?.restored !== true,
    retriesAfterRollback: ({ context }) => context.afterRollback === 'retry',
    isDeadlineReached: ({ context }) => g.isDeadlineReached(context),
    hasDecisionTimeout: ({ context }) => g.hasDecisionTimeout(context),
    choseRetryFresh: ({ event }) => (event as Decide).choice === 'retry-fresh',
    choseRetryWithAdapter: ({ context, event }) => (event as Decide).choice === 'retry-with-modifications' && context.hasAdapter,
    choseRetryWith: ({ event }) => (event as Decide).choice === 'retry-with-modifications',
    choseSkip: ({ event }) => (event as Decide).choice === 'skip',
    choseAbort: ({ event }) => (event as Decide).choice === 'abort',
    choseManual: ({ event }) => (event as Decide).choice === 'manual',
    choseRollback: ({ context, event }) => (event as Decide).choice === 'rollback' && context.hasRollback,
  },
  actions: {
    beginAttempt: update((d) => act.beginAttempt(d)),
    recordSuccess: update<Done<AttemptOutcome>>((d, e) => act.recordSuccess(d, e.output)),
    recordFailure: update<Done<AttemptOutcome>>((d, e) => act.recordFailure(d, e.output)),
    recordRejection: update<Failed>((d, e) => act.recordFailure(d, undefined, e.error)),
    noteTime: update<{ at?: number }>((d, e) => { if (e.at !== undefined && e.at > d.clockAt) d.clockAt = e.at; }),
    recordHeartbeatTimeout: update((d) => act.recordWatchFailure(d, 'HEARTBEAT_TIMEOUT')),
    recordProgressStall: update((d) => act.recordWatchFailure(d, 'PROGRESS_STALL')),
    recordPause: update((d) => act.recordPause(d)),
    recordDiagnosis: update((d) => act.recordDiagnosis(d)),
    applyDiagnoserOutput: update<Done<unknown>>((d, e) => act.applyDiagnoserOutput(d, e.output, at(e))),
    recordDiagnoserFailure: update((d) => act.applyDiagnoserOutput(d, null, undefined)),
    beginIteration: update((d) => act.beginIteration(d)),
    scheduleSameRetry: update((d) => act.scheduleSameRetry(d)),
    applyFix: update<Done<{ fix: string; confidence?: number; at?: number }>>((d, e) => act.applyFix(d, e.output)),
    recordAdaptFailure: updateWith<{ reason: Reason }>((d, e, params) => {
      const output = (e as Done<AdaptOutput>).output;
      act.recordAdaptFailure(d, params.reason, output?.fix ?? null, output?.at);
    }),
    recordNoAdapter: update((d) => act.recordAdaptFailure(d, 'no_alternative', null)),
    beginProbe: update((d) => act.beginProbe(d)),
    recordProbeFailure: update<Done<AttemptOutcome>>((d, e) => act.recordProbeFailure(d, e.output)),
    recordProbeRejection: update<Failed>((d, e) => act.recordProbeFailure(d, undefined, e.error)),
    recordFlaky: update<Done<AttemptOutcome>>((d, e) => act.recordFlaky(d, e.output)),
    escalate: updateWith<{ reason: Reason }>((d, _e, params) => act.escalate(d, params.reason)),
    recordAbort: update((d) => act.recordAbort(d)),
    recordHandoff: update((d) => act.recordHandoff(d)),
    planRollback: updateWith<{ then: 'adapt' | 'retry' }>((d, _e, params) => act.planRollback(d, params.then)),
    recordRollback: update<Done<RollbackOutput>>((d, e) => act.recordRollback(d, e.output?.at, e.output?.message)),
    noteSleepEnd: update<Done<SleepOutput>>((d, e) => { if (e.output && e.output.at > d.clockAt) d.clockAt = e.output.at; }),
    applyDecision: update<Decide>((d, e) => act.applyDecision(d, e.choice, e.guidance, e.at, e.timedOut)),
    raiseDefaultDecision: raise<RecoveryContext, RecoveryEvent, RecoveryEvent, undefined, never>(({ context }) => ({
      type: 'DECIDE', choice: context.policy.defaultDecision, timedOut: true, ...(context.decisionDeadline !== null ? { at: context.decisionDeadline } : {}),
    })),
  },
}).createMachine({
  id: RECOVERY_MACHINE_ID,
  context: ({ input }) => initialContext(input),
  initial: 'executing',
  states: {
    executing: {
      entry: 'beginAttempt',
      invoke: {
        id: 'runTask',
        src: 'runTask',
        input: ({ context }) => attemptInput(context, false),
        onDone: [
          // No action: a first-attempt pass has nothing to record (recordSuccess only resets counters
          // that are still at their initial values then), and every assign costs a snapshot.
          { guard: 'passedFirstTime', target: 'succeeded' },
          { guard: 'attemptPassed', target: 'recovered', actions: 'recordSuccess' },
          { target: 'recovery', actions: 'recordFailure' },
        ],
        onError: { target: 'recovery', actions: 'recordRejection' },
      },
      // Watches arm on the first HEARTBEAT / PROGRESS: a task that never sends them is not watched,
      // and pays nothing for them (the parallel watch regions are entered only then).
      initial: 'unwatched',
      states: {
        unwatched: {
          on: {
            HEARTBEAT: { target: 'watched.heartbeat.watching', actions: 'noteTime' },
            PROGRESS: { target: 'watched.progress.watching', actions: 'noteTime' },
          },
        },
        watched: {
          type: 'parallel',
          states: {
            heartbeat: {
              initial: 'idle',
              states: {
                idle: { on: { HEARTBEAT: { target: 'watching', actions: 'noteTime' } } },
                watching: {
                  on: { HEARTBEAT: { target: 'watching', reenter: true, actions: 'noteTime' } },
                  after: { heartbeatTimeout: { target: '#recovery.recovery', actions: 'recordHeartbeatTimeout' } },
                },
              },
            },
            progress: {
              initial: 'idle',
              states: {
                idle: { on: { PROGRESS: { target: 'watching', actions: 'noteTime' } } },
                watching: {
                  on: { PROGRESS: { target: 'watching', reenter: true, actions: 'noteTime' } },
                  after: { stallTimeout: { target: '#recovery.recovery', actions: 'recordProgressStall' } },
                },
              },
            },
          },
        },
      },
    },
    recovery: {
      initial: 'pause',
      states: {
        pause: { entry: 'recordPause', always: 'diagnose' },
        diagnose: {
          // The routing table of DESIGN.md, in priority order.
          always: [
            { guard: 'isSecurity', target: '#recovery.escalated', actions: ['recordDiagnosis', { type: 'escalate', params: { reason: 'critical_security_violation' } }] },
            { guard: 'isUserAbort', target: '#recovery.aborted', actions: ['recordDiagnosis', 'recordAbort'] },
            { guard: 'isFatal', target: '#recovery.escalated', actions: ['recordDiagnosis', { type: 'escalate', params: { reason: 'fatal_error' } }] },
            { guard: 'isBudgetSpent', target: '#recovery.escalated', actions: ['recordDiagnosis', { type: 'escalate', params: { reason: 'max_attempts' } }] },
            { guard: 'isTimeBudgetSpent', target: '#recovery.escalated', actions: ['recordDiagnosis', { type: 'escalate', params: { reason: 'time_budget' } }] },
            { guard: 'isResource', target: '#recovery.handedOff', actions: ['recordDiagnosis', 'recordHandoff'] },
            { guard: 'isTransient', target: 'retry', actions: ['recordDiagnosis', 'beginIteration', 'scheduleSameRetry'] },
            { guard: 'needsDiagnoser', target: 'consult' },
            { guard: 'isConfidenceTooLow', target: '#recovery.escalated', actions: ['recordDiagnosis', { type: 'escalate', params: { reason: 'low_confidence' } }] },
            { guard: 'shouldGatherEvidence', target: 'consult', actions: 'recordDiagnosis' },
            { guard: 'isBrokenBuildWithGoodState', target: 'rollback', actions: ['recordDiagnosis', 'beginIteration', { type: 'planRollback', params: { then: 'adapt' } }] },
            { guard: 'isRollbackDue', target: 'rollback', actions: ['recordDiagnosis', 'beginIteration', { type: 'planRollback', params: { then: 'adapt' } }] },
            { guard: 'shouldProbeFlake', target: 'probeFlake', actions: 'recordDiagnosis' },
            { guard: 'hasAdapter', target: 'adapt', actions: ['recordDiagnosis', 'beginIteration'] },
            // Level 2 with nothing to try falls through to ESCALATE, and says so (seed 000 task 4).
            { target: '#recovery.escalated', actions: ['recordDiagnosis', 'recordNoAdapter', { type: 'escalate', params: { reason: 'no_alternative' } }] },
          ],
        },
        consult: {
          invoke: {
            id: 'diagnose',
            src: 'diagnose',
            input: ({ context }) => ({
              runId: context.runId, iteration: context.iteration + 1, round: context.diagnoseRound + 1,
              failure: context.failure!, builtIn: context.diagnosis!, history: context.history,
            }),
            onDone: { target: 'diagnose', actions: 'applyDiagnoserOutput' },
            onError: { target: 'diagnose', actions: 'recordDiagnoserFailure' },
          },
        },
        probeFlake: {
          entry: 'beginProbe',
          invoke: {
            id: 'probe',
            src: 'runTask',
            input: ({ context }) => attemptInput(context, true),
            onDone: [
              { guard: 'flakyPasses', target: '#recovery.flaky', actions: 'recordFlaky' },
              { guard: 'attemptPassed', target: '#recovery.escalated', actions: ['recordFlaky', { type: 'escalate', params: { reason: 'non_deterministic_failure' } }] },
              // Failed again unchanged: not flaky. Diagnose the new failure (it is probed only once).
              { target: 'pause', actions: 'recordProbeFailure' },
            ],
            onError: { target: 'pause', actions: 'recordProbeRejection' },
          },
        },
        rollback: {
          invoke: {
            id: 'rollback',
            src: 'rollback',
            input: ({ context }) => ({
              runId: context.runId, lastKnownGood: context.lastKnownGood,
              reason: context.afterRollback === 'retry' ? ('decision' as const) : context.failure?.classification.type === 'BROKEN_BUILD' ? ('broken_build' as const) : ('consecutive_failures' as const),
            }),
            onDone: [
              { guard: 'isRollbackFailed', target: '#recovery.escalated', actions: { type: 'escalate', params: { reason: 'rollback_failed' } } },
              { guard: 'retriesAfterRollback', target: '#recovery.executing', actions: 'recordRollback' },
              { guard: 'hasAdapter', target: 'adapt', actions: 'recordRollback' },
              { target: '#recovery.escalated', actions: ['recordRollback', 'recordNoAdapter', { type: 'escalate', params: { reason: 'no_alternative' } }] },
            ],
            onError: { target: '#recovery.escalated', actions: { type: 'escalate', params: { reason: 'rollback_failed' } } },
          },
        },
        adapt: {
          invoke: {
            id: 'adapt',
            src: 'adapt',
            input: ({ context }) => ({
              runId: context.runId, iteration: context.iteration, level: context.level, failure: context.failure!,
              originalFailure: context.originalFailure, diagnosis: context.diagnosis, fixesTried: context.fixes,
              guidance: context.guidance, hint: context.hint, regression: context.regression, history: context.history,
            }),
            onDone: [
              { guard: 'isNoAlternative', target: '#recovery.escalated', actions: [{ type: 'recordAdaptFailure', params: { reason: 'no_alternative' } }, { type: 'escalate', params: { reason: 'no_alternative' } }] },
              { guard: 'isMalformedFix', target: '#recovery.escalated', actions: [{ type: 'recordAdaptFailure', params: { reason: 'adapter_failed' } }, { type: 'escalate', params: { reason: 'adapter_failed' } }] },
              { guard: 'isRepeatedFix', target: '#recovery.escalated', actions: [{ type: 'recordAdaptFailure', params: { reason: 'infinite_loop' } }, { type: 'escalate', params: { reason: 'infinite_loop' } }] },
              { guard: 'isCircularFix', target: '#recovery.escalated', actions: [{ type: 'recordAdaptFailure', params: { reason: 'circular_fix' } }, { type: 'escalate', params: { reason: 'circular_fix' } }] },
              { target: 'retry', actions: 'applyFix' },
            ],
            onError: { target: '#recovery.escalated', actions: [{ type: 'recordAdaptFailure', params: { reason: 'adapter_failed' } }, { type: 'escalate', params: { reason: 'adapter_failed' } }] },
          },
        },
        retry: {
          initial: 'scheduled',
          states: {
            scheduled: { always: [{ guard: 'isDeadlineReached', target: '#recovery.executing' }, { target: 'waiting' }] },
            waiting: {
              invoke: {
                id: 'sleepUntil',
                src: 'sleepUntil',
                input: ({ context }) => ({ until: context.nextAttemptAt ?? context.clockAt }),
                onDone: { target: '#recovery.executing', actions: 'noteSleepEnd' },
                onError: { target: '#recovery.executing' },
              },
            },
          },
        },
      },
    },
    escalated: {
      initial: 'awaiting',
      states: {
        awaiting: { always: { guard: 'hasDecisionTimeout', target: 'timed' } },
        timed: {
          invoke: {
            id: 'decisionTimer',
            src: 'sleepUntil',
            input: ({ context }) => ({ until: context.decisionDeadline ?? context.clockAt }),
            onDone: { actions: 'raiseDefaultDecision' },
          },
        },
      },
      on: {
        DECIDE: [
          { guard: 'choseRetryFresh', target: 'executing', actions: 'applyDecision' },
          { guard: 'choseRetryWithAdapter', target: '#recovery.recovery.adapt', actions: 'applyDecision' },
          { guard: 'choseRetryWith', target: 'executing', actions: 'applyDecision' },
          { guard: 'choseRollback', target: '#recovery.recovery.rollback', actions: ['applyDecision', { type: 'planRollback', params: { then: 'retry' } }] },
          { guard: 'choseSkip', target: 'skipped', actions: 'applyDecision' },
          { guard: 'choseAbort', target: 'aborted', actions: 'applyDecision' },
          { guard: 'choseManual', target: 'manual', actions: 'applyDecision' },
        ],
      },
    },
    succeeded: { type: 'final', output: ({ context }) => finalOutput('succeeded', context) },
    recovered: { type: 'final', output: ({ context }) => finalOutput('recovered', context) },
    flaky: { type: 'final', output: ({ context }) => finalOutput('flaky', context) },
    skipped: { type: 'final', output: ({ context }) => finalOutput('skipped', context) },
    aborted: { type: 'final', output: ({ context }) => finalOutput('aborted', context) },
    manual: { type: 'final', output: ({ context }) => finalOutput('manual', context) },
    handedOff: { type: 'final', output: ({ context }) => finalOutput('handedOff', context) },
  },
  // A parent that invokes this machine gets the final state's summary as `onDone`'s output.
  output: ({ event }) => (event as { output?: RecoveryOutput }).output as RecoveryOutput,
});

/** The recovery machine's type, for embedding. */
export type RecoveryMachine = typeof recoveryMachine;
