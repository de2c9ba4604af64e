/**
 * The recovery statechart: PAUSE → DIAGNOSE → ADAPT → RETRY → ESCALATE.
 *
 * Pure: every guard, action, actor and delay is named in `setup()`; the I/O actors (`runTask`,
 * `diagnose`, `adapt`, `rollback`, `sleepUntil`) are slots that `src/runtime` or an embedding
 * orchestrator fills with `.provide()`. The machine reads no clock: times come from its input and
 * from what its actors and events report. Waits are deadlines in context served by `sleepUntil`,
 * because XState does not restore pending `after` timers (statelyai/xstate#5331).
 */
import { setup } from 'xstate';
import type { Reason } from '../src/taxonomy/index.js';
import { recoveryActions, type EscalateAfter } from './recovery/actions.js';
import { finalOutput, type RecoveryOutput } from './recovery/output.js';
import { initialContext } from './recovery/context.js';
import { rollbackReason } from './recovery/halt.js';
import { recoveryGuards } from './recovery/guards.js';
import type {
  AdaptInput, AdaptOutput, AttemptInput, AttemptOutcome, DiagnoseInput, DiagnoseOutput,
  RecoveryContext, RecoveryEvent, RecoveryInput, RollbackInput, RollbackOutput, SleepInput, SleepOutput,
} from './recovery/types.js';
import { actorNames, runnerSlotType, slotType, slots } from './shared.js';

/** The machine id stored in every checkpoint envelope. */
export const RECOVERY_MACHINE_ID = 'recovery';
/**
 * Bump when context or states change shape; older checkpoints then need a migration in
 * `recoveryMigrations` (2: the watch regions moved under `executing.watched`; 3: no `pause`
 * state, and `retry` is the wait itself, no longer `retry.scheduled`/`retry.waiting`; 4: one
 * `runTask` runner per run, invoked at the root, instead of a promise child per attempt; 5: the
 * runner keeps the request it is working on in its own snapshot, and runs it again when restored;
 * 6: the context grouped into `fixed`, `next` and `pass`, sixteen fields at the top).
 */
export const RECOVERY_MACHINE_VERSION = 6;
export { recoveryMigrations } from './recovery/migrations.js';

/** The I/O slots a runtime must provide, with their output and input types: the one definition of their names. */
export const RECOVERY_SLOTS = {
  // One runner per run does every attempt (and the flake probe): see machines/runner.ts.
  runTask: runnerSlotType<AttemptOutcome, AttemptInput>(),
  diagnose: slotType<DiagnoseOutput, DiagnoseInput>(),
  adapt: slotType<AdaptOutput, AdaptInput>(),
  rollback: slotType<RollbackOutput, RollbackInput>(),
  sleepUntil: slotType<SleepOutput, SleepInput>(),
};
/** The recovery machine's slot table (a runtime derives the work it provides from it). */
export type RecoverySlots = typeof RECOVERY_SLOTS;
/** The names of the I/O slots a runtime must provide: `runTask`, `diagnose`, `adapt`, `rollback`, `sleepUntil`. */
export const RECOVERY_ACTOR_SLOTS = actorNames(RECOVERY_SLOTS);

/** Into the next attempt: the transition's own update (`action`) begins it too, so the step makes one update. */
const intoAttempt = (action: 'retrySame' | 'retryAtOnce' | 'recordRollback' | 'applyFix' | 'noteSleepEnd' | 'applyDecision' | 'applyStrategyHint') =>
  ({ target: '#recovery.executing', actions: { type: action, params: { begin: true } } }) as const;

/** To ESCALATE for `reason`, recording first what the phase left needs (see `EscalateAfter`). */
const escalateFor = (reason: Reason, after: EscalateAfter | null = null) =>
  ({ target: '#recovery.escalated', actions: { type: 'escalate', params: { reason, after } } }) as const;

/**
 * The recovery statechart (DESIGN.md): PAUSE → DIAGNOSE → ADAPT → RETRY, up to the budget, then
 * ESCALATE. Pure: its I/O are the slots of {@link RECOVERY_SLOTS}, filled by `provideRecovery`
 * or by your own `.provide()`; its input comes from `recoveryInput`.
 */
export const recoveryMachine = setup({
  types: {
    context: {} as RecoveryContext,
    input: {} as RecoveryInput,
    events: {} as RecoveryEvent,
    output: {} as RecoveryOutput,
  },
  actors: slots(RECOVERY_MACHINE_ID, RECOVERY_SLOTS),
  delays: {
    heartbeatTimeout: ({ context }) => context.policy.heartbeatTimeoutMs,
    stallTimeout: ({ context }) => context.policy.stallTimeoutMs,
  },
  guards: recoveryGuards,
  actions: recoveryActions,
}).createMachine({
  id: RECOVERY_MACHINE_ID,
  context: ({ input }) => initialContext(input),
  // The attempts' runner lives as long as the run: each attempt is a request to it, not a child.
  // It keeps the request it works on in its own snapshot, so a run restored mid-attempt (or
  // mid-probe) has its runner do that attempt again: nothing here asks twice.
  invoke: { id: 'runTask', src: 'runTask' },
  initial: 'executing',
  states: {
    executing: {
      // The attempt was begun by the update of the step that came here (see `intoAttempt`).
      entry: 'requestAttempt',
      on: {
        'runner.done': [
          // No action: a first-attempt pass has nothing to record (recordSuccess only resets counters
          // that are still at their initial values then), and every assign costs a snapshot.
          { guard: 'passedFirstTime', target: 'succeeded' },
          { guard: 'attemptPassed', target: 'recovered', actions: 'recordSuccess' },
          // A failure the diagnosis would retry at once (transient, no backoff, nothing above it in
          // the routing table holding): PAUSE, DIAGNOSE and the next attempt in one update, without
          // the hop through `recovery.diagnose` (the routing table's row for it stays: a rejection,
          // an unclassified outcome or a watch's failure takes it). See `retriesAtOnce`.
          { guard: 'retriesAtOnce', ...intoAttempt('retryAtOnce'), reenter: true },
          { target: 'recovery.diagnose', actions: 'recordFailure' },
        ],
        'runner.error': { target: 'recovery.diagnose', actions: 'recordFailure' },
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
                  after: { heartbeatTimeout: { target: '#recovery.recovery', actions: [{ type: 'recordWatchFailure', params: { type: 'HEARTBEAT_TIMEOUT' } }, 'cancelAttempt'] } },
                },
              },
            },
            progress: {
              initial: 'idle',
              states: {
                idle: { on: { PROGRESS: { target: 'watching', actions: 'noteTime' } } },
                watching: {
                  on: { PROGRESS: { target: 'watching', reenter: true, actions: 'noteTime' } },
                  after: { stallTimeout: { target: '#recovery.recovery', actions: [{ type: 'recordWatchFailure', params: { type: 'PROGRESS_STALL' } }, 'cancelAttempt'] } },
                },
              },
            },
          },
        },
      },
    },
    recovery: {
      initial: 'diagnose',
      states: {
        diagnose: {
          // PAUSE has no state of its own: every way in keeps the failure and records PAUSE in the
          // same update (the checkpoint is written before the next program starts, not here), so
          // the run goes from the failed attempt to DIAGNOSE in one step.
          // The routing table of DESIGN.md, in priority order. Each way out records DIAGNOSE in its update.
          always: [
            // Critical (security, data corruption): with a good state, roll back first (seed 004), then ESCALATE.
            { guard: 'isCriticalWithGoodState', target: 'rollback', actions: 'beginHaltRollback' },
            { guard: 'isDataCorruption', ...escalateFor('data_corruption', 'diagnosis') },
            { guard: 'isSecurity', ...escalateFor('critical_security_violation', 'diagnosis') },
            { guard: 'isUserAbort', target: '#recovery.aborted', actions: 'recordAbort' },
            { guard: 'isFatal', ...escalateFor('fatal_error', 'diagnosis') },
            { guard: 'isBudgetSpent', ...escalateFor('max_attempts', 'diagnosis') },
            { guard: 'isTimeBudgetSpent', ...escalateFor('time_budget', 'diagnosis') },
            { guard: 'isResource', target: '#recovery.handedOff', actions: 'recordHandoff' },
            // A retry with no backoff starts at once; one with a wait rests in `retry` until its deadline.
            { guard: 'isTransientWithoutBackoff', ...intoAttempt('retrySame') },
            { guard: 'isTransient', target: 'retry', actions: 'retrySame' },
            { guard: 'needsDiagnoser', target: 'consult' },
            // Below the escalate threshold, another diagnosis round comes first (UC-AP-004 Alt-2).
            { guard: 'shouldGatherEvidence', target: 'consult', actions: 'setAsideDiagnosis' },
            { guard: 'isConfidenceTooLow', ...escalateFor('low_confidence', 'diagnosis') },
            { guard: 'isBrokenBuildWithGoodState', target: 'rollback', actions: 'beginRollback' },
            { guard: 'isCriticalGateWithGoodState', target: 'rollback', actions: 'beginGateRollback' },
            { guard: 'isRollbackDue', target: 'rollback', actions: 'beginRollback' },
            // Seed 002's prompt strategies without an adapter: the next attempt is told what is still
            // wrong; a hint already tried is a repeated fix (nothing it names changed).
            { guard: 'strategyHintRepeats', ...escalateFor('infinite_loop', 'strategy') },
            { guard: 'isStrategyRetryWithoutBackoff', ...intoAttempt('applyStrategyHint') },
            { guard: 'hasStrategyHint', target: 'retry', actions: 'applyStrategyHint' },
            { guard: 'shouldProbeFlake', target: 'probeFlake', actions: 'probeFlake' },
            { guard: 'hasAdapter', target: 'adapt', actions: 'beginAdapt' },
            // Level 2 with nothing to try falls through to ESCALATE, and says so (seed 000 task 4).
            escalateFor('no_alternative', 'noAdapter'),
          ],
        },
        consult: {
          invoke: {
            id: 'diagnose',
            src: 'diagnose',
            input: ({ context }) => ({
              runId: context.runId, iteration: context.iteration + 1, round: context.pass.diagnoseRound + 1,
              failure: context.failure!, builtIn: context.pass.diagnosis!, history: context.history,
            }),
            onDone: { target: 'diagnose', actions: 'applyDiagnoserOutput' },
            onError: { target: 'diagnose', actions: 'applyDiagnoserOutput' },
          },
        },
        probeFlake: {
          entry: 'requestProbe',
          on: {
            'runner.done': [
              { guard: 'flakyPasses', target: '#recovery.flaky', actions: 'recordFlaky' },
              { guard: 'attemptPassed', ...escalateFor('non_deterministic_failure', 'flaky') },
              // Failed again unchanged: not flaky. Diagnose the new failure (it is probed only once).
              { target: 'diagnose', actions: 'recordProbeFailure' },
            ],
            'runner.error': { target: 'diagnose', actions: 'recordProbeFailure' },
          },
        },
        rollback: {
          invoke: {
            id: 'rollback',
            src: 'rollback',
            input: ({ context }) => ({ runId: context.runId, lastKnownGood: context.fixed.lastKnownGood, reason: rollbackReason(context) }),
            onDone: [
              // A halt escalates whatever the rollback restored: the critical failure is what a person must hear.
              { guard: 'haltsForDataCorruption', ...escalateFor('data_corruption', 'halt') },
              { guard: 'haltsAfterRollback', ...escalateFor('critical_security_violation', 'halt') },
              { guard: 'isRollbackFailed', ...escalateFor('rollback_failed') },
              { guard: 'retriesAfterRollback', ...intoAttempt('recordRollback') },
              { guard: 'hasAdapter', target: 'adapt', actions: 'recordRollback' },
              escalateFor('no_alternative', 'rollback'),
            ],
            onError: [
              { guard: 'haltsForDataCorruption', ...escalateFor('data_corruption', 'halt') },
              { guard: 'haltsAfterRollback', ...escalateFor('critical_security_violation', 'halt') },
              escalateFor('rollback_failed'),
            ],
          },
        },
        adapt: {
          invoke: {
            id: 'adapt',
            src: 'adapt',
            input: ({ context }) => ({
              runId: context.runId, iteration: context.iteration, level: context.level, failure: context.failure!,
              originalFailure: context.originalFailure, diagnosis: context.pass.diagnosis, fixesTried: context.pass.fixes,
              guidance: context.next.guidance, hint: context.next.hint, regression: context.pass.regression, history: context.history,
            }),
            onDone: [
              { guard: 'isNoAlternative', ...escalateFor('no_alternative', 'adapt') },
              { guard: 'isMalformedFix', ...escalateFor('adapter_failed', 'adapt') },
              { guard: 'isRepeatedFix', ...escalateFor('infinite_loop', 'adapt') },
              { guard: 'isCircularFix', ...escalateFor('circular_fix', 'adapt') },
              // Beyond the approval thresholds (seed 004 ASK_APPROVE): stop before the retry runs.
              { guard: 'needsApproval', ...escalateFor('approval_required', 'approval') },
              { guard: 'isFixWithoutBackoff', ...intoAttempt('applyFix') },
              { target: 'retry', actions: 'applyFix' },
            ],
            onError: [
              { guard: 'isAgentBudgetSpent', ...escalateFor('agent_budget', 'adapt') },
              escalateFor('adapter_failed', 'adapt'),
            ],
          },
        },
        // Entered only with a backoff to wait (a retry without one goes straight to `executing`).
        retry: {
          invoke: {
            id: 'sleepUntil',
            src: 'sleepUntil',
            input: ({ context }) => ({ until: context.nextAttemptAt ?? context.clockAt }),
            // A sleep that failed has no end to note: the next attempt starts all the same.
            onDone: intoAttempt('noteSleepEnd'),
            onError: intoAttempt('noteSleepEnd'),
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
            input: ({ context }) => ({ until: context.pass.decisionDeadline ?? context.clockAt }),
            onDone: { actions: 'raiseDefaultDecision' },
          },
        },
      },
      on: {
        DECIDE: [
          { guard: 'choseRetryFresh', ...intoAttempt('applyDecision') },
          { guard: 'choseRetryWithAdapter', target: '#recovery.recovery.adapt', actions: 'applyDecision' },
          { guard: 'choseRetryWith', ...intoAttempt('applyDecision') },
          { guard: 'choseRollback', target: '#recovery.recovery.rollback', actions: 'applyDecision' },
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
