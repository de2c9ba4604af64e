/**
 * Routing decisions of the supervisor: `supervisorGuards`, every guard in XState's shape by the
 * name the chart uses, passed to `setup({ guards })` as it is. Each is a pure function of context
 * and event; it reads the event it routes by narrowing its `type` (see `SupervisorHandledEvent`).
 */
import type { GuardArgs } from 'xstate';
import type { Severity } from '../../src/taxonomy/index.js';
import { childIdOf } from './context.js';
import { isBudgetSpent, isRollbackDue, liveAgent, severityOf, type FailedEvent } from './failures.js';
import { canRollback } from './rollback.js';
import type { SupervisorChoice, SupervisorContext, SupervisorEvent, SupervisorHandledEvent } from './types.js';
import { nextDeadline } from './watch.js';

type Args = GuardArgs<SupervisorContext, SupervisorHandledEvent>;
type DecideEvent = Extract<SupervisorEvent, { type: 'DECIDE' }>;

/** An `AGENT_FAILED` about an agent with a live child actor (a stale agent's failure is ignored). */
const liveFailure = ({ context, event }: Args): FailedEvent | null =>
  event.type === 'AGENT_FAILED' && liveAgent(context, event.agentId) !== undefined ? event : null;

/** The severity of a live agent's failure; null when the event is not one. */
const liveSeverity = (args: Args): Severity | null => {
  const failure = liveFailure(args);
  return failure === null ? null : severityOf(failure);
};

/** A `DECIDE` choosing `choice` for an agent that is escalated. */
const decisionFor = ({ context, event }: Args, choice: SupervisorChoice): DecideEvent | null => {
  if (event.type !== 'DECIDE' || event.choice !== choice || context.status !== 'running') return null;
  const escalated = Object.prototype.hasOwnProperty.call(context.agents, event.agentId) && context.agents[event.agentId]!.status === 'escalated';
  return escalated ? event : null;
};

/** The agent whose current child an `xstate.error.actor.<childId>` event is from. */
export function crashedAgent(c: SupervisorContext, type: string): string | undefined {
  const childId = type.slice('xstate.error.actor.'.length);
  return c.order.find((id) => liveAgent(c, id) !== undefined && childIdOf(id, c.agents[id]!.attempt) === childId);
}

/** Every guard of the supervisor machine, in XState's shape, by the name the chart uses. */
export const supervisorGuards = {
  /** The event is about an agent with a live child actor (anything else is stale and ignored). */
  isLiveAgentEvent: ({ context, event }: Args): boolean => 'agentId' in event && liveAgent(context, event.agentId) !== undefined,
  /** immediate (an agent or its process reports USER_ABORT): ABORT, the whole session stops gracefully. */
  isAbortFailure: (args: Args): boolean => liveSeverity(args) === 'immediate',
  /** critical: IMMEDIATE_HALT. */
  isCriticalFailure: (args: Args): boolean => liveSeverity(args) === 'critical',
  /** low: LOG_AND_CONTINUE. */
  isLowFailure: (args: Args): boolean => liveSeverity(args) === 'low',
  /** The failure type's retry budget is spent: ESCALATE. */
  isFailureBudgetSpent: (args: Args): boolean => {
    const failure = liveFailure(args);
    return failure !== null && isBudgetSpent(args.context, failure);
  },
  /** Enough failures in a row: roll the agent back to its last checkpoint. */
  isAutoRollbackDue: (args: Args): boolean => {
    const failure = liveFailure(args);
    return failure !== null && isRollbackDue(args.context, failure) && canRollback(args.context, 'agent', failure.agentId);
  },
  /** high: RETRY_WITH_RESET. */
  isHighFailure: (args: Args): boolean => liveSeverity(args) === 'high',
  /** RETRY_FRESH: clear the agent's context and restart it with a fresh budget. */
  choseRetryFresh: (args: Args): boolean => decisionFor(args, 'retry-fresh') !== null,
  /** SKIP: continue without the agent (its dependents learn their input is missing). */
  choseSkip: (args: Args): boolean => decisionFor(args, 'skip') !== null,
  /** ROLLBACK: revert the agent to its last checkpoint and re-attempt (when no other rollback runs). */
  choseRollback: (args: Args): boolean => {
    const decision = decisionFor(args, 'rollback');
    return decision !== null && canRollback(args.context, 'agent', decision.agentId);
  },
  /** ABORT: graceful shutdown of the whole session. */
  choseAbort: (args: Args): boolean => decisionFor(args, 'abort') !== null,
  /** A requested rollback with something to revert, while no other rollback runs. */
  canRollbackRequest: ({ context, event }: Args): boolean =>
    event.type === 'ROLLBACK' && canRollback(context, event.scope, event.scope === 'session' ? null : event.target ?? null),
  /** The rollback actor restored the checkpoint. */
  isRestored: ({ event }: Args): boolean => event.type === 'xstate.done.actor.rollback' && event.output?.restored === true,
  /** An error event from the current attempt's child actor (the agent crashed). */
  isCurrentAgentCrash: ({ context, event }: Args): boolean =>
    event.type.startsWith('xstate.error.actor.') && crashedAgent(context, event.type) !== undefined,
  /** Some running agent has a deadline after the last check. */
  hasDeadline: ({ context }: Args): boolean => nextDeadline(context) !== null,
  /** No running agent has a deadline after the last check: the watch has nothing to sleep for. */
  hasNoDeadline: ({ context }: Args): boolean => nextDeadline(context) === null,
  /** Every agent completed or was skipped. */
  isSessionCompleted: ({ context }: Args): boolean => context.status === 'completed',
};
