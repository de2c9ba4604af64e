/** Routing decisions of the supervisor as pure functions of context and event (named in `setup()`). */
import { childIdOf } from './context.js';
import { isBudgetSpent, isRollbackDue, liveAgent, severityOf, type FailedEvent } from './failures.js';
import { canRollback } from './rollback.js';
import type { SupervisorChoice, SupervisorContext, SupervisorEvent, SupervisorRollbackOutput } from './types.js';
import { nextDeadline } from './watch.js';

type C = SupervisorContext;
const agentIdOf = (e: unknown): string => String((e as { agentId?: unknown }).agentId);
const failed = (e: unknown) => e as FailedEvent;

/** The event is about an agent with a live child actor (anything else is stale and ignored). */
export const isLiveAgentEvent = (c: C, e: unknown): boolean => liveAgent(c, agentIdOf(e)) !== undefined;

/** An agent (or its process) reports USER_ABORT: the whole session stops gracefully. */
export const isAbortFailure = (c: C, e: unknown): boolean => isLiveAgentEvent(c, e) && failed(e).failureType === 'USER_ABORT';
/** critical: IMMEDIATE_HALT. */
export const isCriticalFailure = (c: C, e: unknown): boolean => isLiveAgentEvent(c, e) && severityOf(failed(e)) === 'critical';
/** low: LOG_AND_CONTINUE. */
export const isLowFailure = (c: C, e: unknown): boolean => isLiveAgentEvent(c, e) && severityOf(failed(e)) === 'low';
/** The failure type's retry budget is spent: ESCALATE. */
export const isFailureBudgetSpent = (c: C, e: unknown): boolean => isLiveAgentEvent(c, e) && isBudgetSpent(c, failed(e));
/** Enough failures in a row: roll the agent back to its last checkpoint. */
export const isAutoRollbackDue = (c: C, e: unknown): boolean => isLiveAgentEvent(c, e) && isRollbackDue(c, failed(e)) && canRollback(c, 'agent', agentIdOf(e));
/** high: RETRY_WITH_RESET. */
export const isHighFailure = (c: C, e: unknown): boolean => isLiveAgentEvent(c, e) && severityOf(failed(e)) === 'high';

/** A decision for an agent that is escalated. */
const decidedFor = (c: C, e: unknown, choice: SupervisorChoice): boolean => {
  const event = e as Extract<SupervisorEvent, { type: 'DECIDE' }>;
  return event.choice === choice && c.status === 'running' && Object.prototype.hasOwnProperty.call(c.agents, event.agentId) && c.agents[event.agentId]!.status === 'escalated';
};
/** RETRY_FRESH: clear the agent's context and restart it with a fresh budget. */
export const choseRetryFresh = (c: C, e: unknown) => decidedFor(c, e, 'retry-fresh');
/** SKIP: continue without the agent (its dependents learn their input is missing). */
export const choseSkip = (c: C, e: unknown) => decidedFor(c, e, 'skip');
/** ROLLBACK: revert the agent to its last checkpoint and re-attempt (when no other rollback runs). */
export const choseRollback = (c: C, e: unknown) => decidedFor(c, e, 'rollback') && canRollback(c, 'agent', agentIdOf(e));
/** ABORT: graceful shutdown of the whole session. */
export const choseAbort = (c: C, e: unknown) => decidedFor(c, e, 'abort');

/** A requested rollback with something to revert, while no other rollback runs. */
export const canRollbackRequest = (c: C, e: unknown): boolean => {
  const event = e as Extract<SupervisorEvent, { type: 'ROLLBACK' }>;
  return canRollback(c, event.scope, event.scope === 'session' ? null : event.target ?? null);
};

/** The rollback actor restored the checkpoint. */
export const isRestored = (output: SupervisorRollbackOutput | undefined): boolean => output?.restored === true;

/** An error event from the current attempt's child actor (the agent crashed). */
export const isCurrentAgentCrash = (c: C, e: unknown): boolean => crashedAgent(c, (e as { type: string }).type) !== undefined;

/** The agent whose current child an `xstate.error.actor.<childId>` event is from. */
export function crashedAgent(c: C, type: string): string | undefined {
  const childId = type.slice('xstate.error.actor.'.length);
  return c.order.find((id) => liveAgent(c, id) !== undefined && childIdOf(id, c.agents[id]!.attempt) === childId);
}

/** Some running agent has a deadline after the last check. */
export const hasDeadline = (c: C): boolean => nextDeadline(c) !== null;

/** Every agent completed or was skipped. */
export const isSessionCompleted = (c: C): boolean => c.status === 'completed';
