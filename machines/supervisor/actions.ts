/**
 * The supervisor's named actions: context updates through immer drafts (`updater` with nested
 * drafts: the recipes, in the sibling modules, edit agents in place), plus the few actions that
 * touch child actors or raise events.
 */
import { enqueueActions } from 'xstate';
import type { SleepOutput } from '../recovery/types.js';
import { outputOf, updater } from '../shared.js';
import * as fail from './failures.js';
import * as g from './guards.js';
import { settle } from './lifecycle.js';
import * as report from './reports.js';
import * as rb from './rollback.js';
import type { SupervisorContext, SupervisorEvent, SupervisorRollbackOutput } from './types.js';
import { nextDeadline, overdueAt } from './watch.js';

type E = SupervisorEvent;
type Ctx = SupervisorContext;
const draft = updater<Ctx, E>({ nested: true });
/** An update whose recipe reads the event as the one its transition handles. */
const update = <Ev>(recipe: (d: Ctx, e: Ev) => void) => draft((d, e) => recipe(d, e as Ev));
/**
 * `enqueueActions` for the few actions that touch child actors or raise events. Typed as a plain
 * action: its spawns name the `agent` slot, which `setup()` cannot type before it exists.
 */
const effects = (collect: Parameters<typeof enqueueActions<Ctx, E, undefined, E>>[0]) =>
  enqueueActions<Ctx, E, undefined, E>(collect) as unknown as ReturnType<typeof update<unknown>>;
const rollbackAt = (d: Ctx, e: unknown) => outputOf<SupervisorRollbackOutput | undefined>(e)?.at ?? d.clockAt;

/** Every action of the supervisor machine, by the name the chart uses. */
export const supervisorActions = {
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
    enqueue.assign(({ context: c }) => draft.edit(c, (d) => { report.noteTime(d, at); d.checkedAt = at; d.watchUntil = null; }));
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
    enqueue.assign(({ context: c }) => draft.edit(c, (d) => { d.effects = []; }));
  }),
};
