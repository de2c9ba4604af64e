/**
 * The supervisor's named actions: `supervisorActions`, every action in XState's shape by the name
 * the chart uses, passed to `setup({ actions })` as it is. Context updates go through immer drafts
 * (`updater` with nested drafts: the recipes, in the sibling modules, edit agents in place); the
 * few actions that touch child actors or raise events enqueue them. Each reads the event it
 * handles by narrowing its `type` (see `SupervisorHandledEvent`), so none casts.
 */
import { enqueueActions } from 'xstate';
import { updater } from '../shared.js';
import * as fail from './failures.js';
import { crashedAgent } from './guards.js';
import { settle } from './lifecycle.js';
import * as report from './reports.js';
import * as rb from './rollback.js';
import type { AgentLogic, SupervisorContext, SupervisorEvent, SupervisorHandledEvent } from './types.js';
import { nextDeadline, overdueAt } from './watch.js';

type Ctx = SupervisorContext;
type Handled = SupervisorHandledEvent;
type SentOf<T extends SupervisorEvent['type']> = Extract<SupervisorEvent, { type: T }>;
/** The `agent` slot as `setup()` provides it: what `flushEffects` spawns. */
interface AgentSlot { src: 'agent'; logic: AgentLogic; id: string | undefined }

/** Updates whose recipes read any handled event (the children's done and error events included). */
const update = updater<Ctx, SupervisorEvent, Handled>({ nested: true });
/** The event is the sent event of `type` (narrows the handled union). */
const isSent = <T extends SupervisorEvent['type']>(e: Handled, type: T): e is SentOf<T> => e.type === type;
/** An update for the transitions on a sent event's `type`, noting its time first; the recipe reads that event. */
const on = <T extends SupervisorEvent['type']>(type: T, recipe: (d: Ctx, e: SentOf<T>) => void) =>
  update((d, e) => {
    if (!isSent(e, type)) return;
    report.noteTime(d, e.at);
    recipe(d, e);
  });
/** `enqueueActions` for the actions that touch child actors or raise events (spawns name the `agent` slot). */
const effects = enqueueActions<Ctx, Handled, undefined, SupervisorEvent, AgentSlot, never, never, never, never>;
/** When the rollback's answer came: its done event says; an error event (or no answer) is now. */
const rollbackAt = (d: Ctx, e: Handled) => (e.type === 'xstate.done.actor.rollback' ? e.output?.at : undefined) ?? d.clockAt;

/** Every action of the supervisor machine, in XState's shape, by the name the chart uses. */
export const supervisorActions = {
  startReadyAgents: update((d) => settle(d, d.clockAt)),
  recordHeartbeat: on('HEARTBEAT', (d, e) => report.heartbeat(d.agents[e.agentId]!, e.at)),
  recordProgress: on('PROGRESS', (d, e) => report.progress(d.agents[e.agentId]!, e.at, e)),
  completeAgent: on('AGENT_DONE', (d, e) => report.complete(d, d.agents[e.agentId]!, e.at, e.files_committed)),
  abortFromAgent: on('AGENT_FAILED', (d, e) => fail.abortOnFailure(d, e)),
  haltSession: on('AGENT_FAILED', (d, e) => fail.halt(d, e)),
  logFailure: on('AGENT_FAILED', (d, e) => fail.logAndContinue(d, e)),
  escalateAgent: on('AGENT_FAILED', (d, e) => fail.escalate(d, e)),
  beginAutoRollback: on('AGENT_FAILED', (d, e) => {
    fail.noteForRollback(d, e);
    rb.beginRollback(d, { scope: 'agent', anchor: e.agentId, cause: 'consecutive_failures', failureType: e.failureType, note: e.message ?? null, at: e.at });
  }),
  retryWithReset: on('AGENT_FAILED', (d, e) => fail.retry(d, e, true)),
  retryImmediate: on('AGENT_FAILED', (d, e) => fail.retry(d, e, false)),
  applyDecision: on('DECIDE', (d, e) => report.decide(d, e)),
  beginRequestedRollback: on('ROLLBACK', (d, e) => {
    const anchor = e.scope === 'session' ? null : e.target ?? null;
    rb.beginRollback(d, { scope: e.scope, anchor, cause: 'request', failureType: e.failureType ?? 'QUALITY_GATE_FAIL', note: e.note ?? null, at: e.at });
  }),
  abortSession: on('USER_ABORT', (d, e) => fail.abort(d, e.at, null, e.reason ?? 'user_abort')),
  finishRollback: update((d, e) => { const at = rollbackAt(d, e); report.noteTime(d, at); rb.finishRollback(d, at); }),
  failRollback: update((d, e) => { const at = rollbackAt(d, e); report.noteTime(d, at); rb.failRollback(d, at); }),
  armWatch: update((d) => { d.watchUntil = nextDeadline(d); }),
  disarmWatch: update((d) => { d.watchUntil = null; }),
  // The check raises the same AGENT_FAILED an agent would send, so one routing table serves both.
  checkWatches: effects(({ context, event, enqueue }) => {
    if (event.type !== 'xstate.done.actor.watchTimer') return;
    const at = event.output.at;
    for (const o of overdueAt(context, at)) enqueue.raise({ type: 'AGENT_FAILED', agentId: o.agentId, at, failureType: o.failureType, message: o.message });
    enqueue.assign(({ context: c }) => update.edit(c, (d) => { report.noteTime(d, at); d.checkedAt = at; d.watchUntil = null; }));
  }),
  raiseCrash: effects(({ context, event, enqueue }) => {
    const agentId = crashedAgent(context, event.type);
    if (agentId === undefined || !('error' in event)) return;
    const { error } = event;
    const said = typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : String(error);
    const message = `agent actor crashed: ${said}`;
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
    enqueue.assign(({ context: c }) => update.edit(c, (d) => { d.effects = []; }));
  }),
};
