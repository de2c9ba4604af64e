/**
 * The supervisor statechart (seed 004's coordinator): agents run as spawned child actors with
 * systemIds and report HEARTBEAT, PROGRESS, AGENT_DONE and AGENT_FAILED; watches turn silence into
 * HEARTBEAT_TIMEOUT and PROGRESS_STALL; severity decides the action; rollbacks of agent, group or
 * session scope pause dependents and resume them after.
 *
 * Pure: every guard, action and actor is named in `setup()`; `agent`, `rollback` and `sleepUntil`
 * are slots filled with `.provide()`. No `after` timers: the watch sleeps until a deadline kept in
 * context, so a restored supervisor waits only for what remains (statelyai/xstate#5331).
 */
import { produce } from 'immer';
import { assign, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { initialSupervisorContext } from './supervisor/context.js';
import * as fail from './supervisor/failures.js';
import * as g from './supervisor/guards.js';
import * as report from './supervisor/reports.js';
import * as rb from './supervisor/rollback.js';
import type {
  AgentInput, SessionStatus, SupervisorContext, SupervisorEvent, SupervisorInput, SupervisorRecoveryEvent,
  SupervisorRollbackInput, SupervisorRollbackOutput,
} from './supervisor/types.js';
import { settle } from './supervisor/lifecycle.js';
import { overdueAt, nextDeadline } from './supervisor/watch.js';
import type { SleepInput, SleepOutput } from './recovery/types.js';

/** The machine id stored in every checkpoint envelope. */
export const SUPERVISOR_MACHINE_ID = 'supervisor';
/** Bump when context or states change shape. */
export const SUPERVISOR_MACHINE_VERSION = 1;
/** The slots a runtime must provide. */
export const SUPERVISOR_ACTOR_SLOTS = ['agent', 'rollback', 'sleepUntil'] as const;

/** What the supervisor ends with. */
export interface SupervisorOutput {
  sessionId: string;
  status: SessionStatus;
  reason: string | null;
  agents: Record<string, string>;
  events: SupervisorRecoveryEvent[];
}

const missing = (name: string) => new Error(`supervisor machine: the "${name}" actor is not provided; fill it with machine.provide({ actors: { ${name}: … } })`);
const slot = <TOutput, TInput>(name: string) => fromPromise<TOutput, TInput>(() => Promise.reject(missing(name)));

type E = SupervisorEvent;
type Ctx = SupervisorContext;
/** `assign` through an immer draft. */
const update = <Ev>(recipe: (d: Ctx, e: Ev) => void) =>
  assign<Ctx, E, undefined, E, never>(({ context, event }) => produce(context, (d) => recipe(d as Ctx, event as Ev)));
/**
 * `enqueueActions` for the few actions that touch child actors or raise events. Typed as a plain
 * action: its spawns name the `agent` slot, which `setup()` cannot type before it exists.
 */
const effects = (collect: Parameters<typeof enqueueActions<Ctx, E, undefined, E>>[0]) =>
  enqueueActions<Ctx, E, undefined, E>(collect) as unknown as ReturnType<typeof update<unknown>>;
const outputOf = <T>(e: unknown): T => (e as { output: T }).output;
const rollbackAt = (d: Ctx, e: unknown) => outputOf<SupervisorRollbackOutput | undefined>(e)?.at ?? d.clockAt;

export const supervisorMachine = setup({
  types: {
    context: {} as Ctx,
    input: {} as SupervisorInput,
    events: {} as E,
    output: {} as SupervisorOutput,
  },
  actors: {
    agent: fromCallback<EventObject, AgentInput>(() => { throw missing('agent'); }),
    rollback: slot<SupervisorRollbackOutput, SupervisorRollbackInput>('rollback'),
    sleepUntil: slot<SleepOutput, SleepInput>('sleepUntil'),
  },
  guards: {
    isLiveAgentEvent: ({ context, event }) => g.isLiveAgentEvent(context, event),
    isAbortFailure: ({ context, event }) => g.isAbortFailure(context, event),
    isCriticalFailure: ({ context, event }) => g.isCriticalFailure(context, event),
    isLowFailure: ({ context, event }) => g.isLowFailure(context, event),
    isFailureBudgetSpent: ({ context, event }) => g.isFailureBudgetSpent(context, event),
    isAutoRollbackDue: ({ context, event }) => g.isAutoRollbackDue(context, event),
    isHighFailure: ({ context, event }) => g.isHighFailure(context, event),
    choseRetryFresh: ({ context, event }) => g.choseRetryFresh(context, event),
    choseSkip: ({ context, event }) => g.choseSkip(context, event),
    choseRollback: ({ context, event }) => g.choseRollback(context, event),
    choseAbort: ({ context, event }) => g.choseAbort(context, event),
    canRollbackRequest: ({ context, event }) => g.canRollbackRequest(context, event),
    isRestored: ({ event }) => g.isRestored(outputOf(event)),
    isCurrentAgentCrash: ({ context, event }) => g.isCurrentAgentCrash(context, event),
    hasDeadline: ({ context }) => g.hasDeadline(context),
    hasNoDeadline: ({ context }) => !g.hasDeadline(context),
    isSessionCompleted: ({ context }) => g.isSessionCompleted(context),
  },
  actions: {
    startReadyAgents: update((d) => settle(d, d.clockAt)),
    recordHeartbeat: update<{ agentId: string; at: number }>((d, e) => { report.noteTime(d, e.at); report.heartbeat(d.agents[e.agentId]!, e.at); }),
    recordProgress: update<Extract<E, { type: 'PROGRESS' }>>((d, e) => { report.noteTime(d, e.at); report.progress(d.agents[e.agentId]!, e.at, e); }),
    completeAgent: update<Extract<E, { type: 'AGENT_DONE' }>>((d, e) => { report.noteTime(d, e.at); report.complete(d, d.agents[e.agentId]!, e.at, e.files_committed); }),
    abortFromAgent: update<fail.FailedEvent>((d, e) => { report.noteTime(d, e.at); fail.abort(d, e.at, e.agentId, e.message ?? 'the agent reported USER_ABORT'); }),
    haltSession: update<fail.FailedEvent>((d, e) => { report.noteTime(d, e.at); fail.halt(d, e); }),
    logFailure: update<fail.FailedEvent>((d, e) => { report.noteTime(d, e.at); fail.logAndContinue(d, e); }),
    escalateAgent: update<fail.FailedEvent>((d, e) => { report.noteTime(d, e.at); fail.escalate(d, e); }),
    beginAutoRollback: update<fail.FailedEvent>((d, e) => {
      report.noteTime(d, e.at);
      fail.noteForRollback(d, e);
      rb.beginRollback(d, { scope: 'agent', anchor: e.agentId, cause: 'consecutive_failures', failureType: e.failureType, note: e.message ?? null, at: e.at });
    }),
    retryWithReset: update<fail.FailedEvent>((d, e) => { report.noteTime(d, e.at); fail.retry(d, e, true); }),
    retryImmediate: update<fail.FailedEvent>((d, e) => { report.noteTime(d, e.at); fail.retry(d, e, false); }),
    applyDecision: update<Extract<E, { type: 'DECIDE' }>>((d, e) => { report.noteTime(d, e.at); report.decide(d, e); }),
    beginRequestedRollback: update<Extract<E, { type: 'ROLLBACK' }>>((d, e) => {
      report.noteTime(d, e.at);
      const anchor = e.scope === 'session' ? null : e.target ?? null;
      rb.beginRollback(d, { scope: e.scope, anchor, cause: 'request', failureType: e.failureType ?? 'QUALITY_GATE_FAIL', note: e.note ?? null, at: e.at });
    }),
    abortSession: update<Extract<E, { type: 'USER_ABORT' }>>((d, e) => { report.noteTime(d, e.at); fail.abort(d, e.at, null, e.reason ?? 'user_abort'); }),
    finishRollback: update<unknown>((d, e) => { const at = rollbackAt(d, e); report.noteTime(d, at); rb.finishRollback(d, at); }),
    failRollback: update<unknown>((d, e) => { const at = rollbackAt(d, e); report.noteTime(d, at); rb.failRollback(d, at); }),
    armWatch: update((d) => { d.watchUntil = nextDeadline(d); }),
    disarmWatch: update((d) => { d.watchUntil = null; }),
    // The check raises the same AGENT_FAILED an agent would send, so one routing table serves both.
    checkWatches: effects(({ context, event, enqueue }) => {
      const at = outputOf<SleepOutput>(event).at;
      for (const o of overdueAt(context, at)) enqueue.raise({ type: 'AGENT_FAILED', agentId: o.agentId, at, failureType: o.failureType, message: o.message });
      enqueue.assign(({ context: c }) => produce(c, (d) => { report.noteTime(d, at); d.checkedAt = at; d.watchUntil = null; }));
    }),
    raiseCrash: effects(({ context, event, enqueue }) => {
      const agentId = g.crashedAgent(context, event.type)!;
      const error = (event as { error?: { message?: unknown } }).error;
      const message = `agent actor crashed: ${typeof error?.message === 'string' ? error.message : String(error)}`;
      enqueue.raise({ type: 'AGENT_FAILED', agentId, at: context.clockAt, failureType: 'CLI_CRASH', message });
    }),
    // Runs the effects queued by the update before it: child actors are only touched here.
    flushEffects: effects(({ context, enqueue }) => {
      if (context.effects.length === 0) return;
      for (const effect of context.effects) {
        if (effect.op === 'spawn') enqueue.spawnChild('agent', { id: effect.childId, systemId: effect.childId, input: effect.input });
        else if (effect.op === 'stop') enqueue.stopChild(effect.childId);
        else enqueue.sendTo(effect.childId, effect.event);
      }
      enqueue.assign(({ context: c }) => produce(c, (d) => { d.effects = []; }));
    }),
  },
}).createMachine({
  id: SUPERVISOR_MACHINE_ID,
  context: ({ input }) => initialSupervisorContext(input),
  initial: 'supervising',
  output: ({ context }) => ({
    sessionId: context.sessionId,
    status: context.status,
    reason: context.reason,
    agents: Object.fromEntries(context.order.map((id) => [id, context.agents[id]!.status])),
    events: context.events,
  }),
  states: {
    supervising: {
      type: 'parallel',
      entry: ['startReadyAgents', 'flushEffects'],
      always: { guard: 'isSessionCompleted', target: 'completed' },
      on: {
        HEARTBEAT: { guard: 'isLiveAgentEvent', actions: 'recordHeartbeat' },
        PROGRESS: { guard: 'isLiveAgentEvent', actions: 'recordProgress' },
        AGENT_DONE: { guard: 'isLiveAgentEvent', actions: ['completeAgent', 'flushEffects'] },
        // Severity routing, in priority order (seed 004; USER_ABORT and critical stop everything).
        AGENT_FAILED: [
          { guard: 'isAbortFailure', target: 'aborted', actions: ['abortFromAgent', 'flushEffects'] },
          { guard: 'isCriticalFailure', target: 'halted', actions: ['haltSession', 'flushEffects'] },
          { guard: 'isLowFailure', actions: 'logFailure' },
          { guard: 'isFailureBudgetSpent', actions: ['escalateAgent', 'flushEffects'] },
          { guard: 'isAutoRollbackDue', target: '.work.rollingBack', actions: ['beginAutoRollback', 'flushEffects'] },
          { guard: 'isHighFailure', actions: ['retryWithReset', 'flushEffects'] },
          { guard: 'isLiveAgentEvent', actions: ['retryImmediate', 'flushEffects'] },
        ],
        DECIDE: [
          { guard: 'choseRetryFresh', actions: ['applyDecision', 'flushEffects'] },
          { guard: 'choseSkip', actions: ['applyDecision', 'flushEffects'] },
          { guard: 'choseRollback', target: '.work.rollingBack', actions: ['applyDecision', 'flushEffects'] },
          { guard: 'choseAbort', target: 'aborted', actions: ['applyDecision', 'flushEffects'] },
        ],
        ROLLBACK: { guard: 'canRollbackRequest', target: '.work.rollingBack', actions: ['beginRequestedRollback', 'flushEffects'] },
        USER_ABORT: { target: 'aborted', actions: ['abortSession', 'flushEffects'] },
        'xstate.error.actor.*': { guard: 'isCurrentAgentCrash', actions: 'raiseCrash' },
      },
      states: {
        work: {
          initial: 'active',
          states: {
            active: {},
            rollingBack: {
              invoke: {
                id: 'rollback',
                src: 'rollback',
                input: ({ context }) => rb.rollbackInput(context),
                onDone: [
                  { guard: 'isRestored', target: 'active', actions: ['finishRollback', 'flushEffects'] },
                  { target: 'active', actions: ['failRollback', 'flushEffects'] },
                ],
                onError: { target: 'active', actions: ['failRollback', 'flushEffects'] },
              },
            },
          },
        },
        watch: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasDeadline', target: 'sleeping' } },
            sleeping: {
              entry: 'armWatch',
              always: { guard: 'hasNoDeadline', target: 'idle', actions: 'disarmWatch' },
              invoke: {
                id: 'watchTimer',
                src: 'sleepUntil',
                input: ({ context }) => ({ until: nextDeadline(context) ?? context.clockAt }),
                onDone: { target: 'idle', actions: 'checkWatches' },
              },
            },
          },
        },
      },
    },
    completed: { type: 'final' },
    halted: { type: 'final' },
    aborted: { type: 'final' },
  },
});

/** The supervisor machine's type, for embedding. */
export type SupervisorMachine = typeof supervisorMachine;
