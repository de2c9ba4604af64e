/**
 * What the supervisor does with an agent's failure. Severity decides (seed 004, via the
 * taxonomy's SEVERITY_ACTIONS): immediate ABORT, critical IMMEDIATE_HALT, high RETRY_WITH_RESET, medium
 * RETRY_IMMEDIATE, low LOG_AND_CONTINUE; a spent budget escalates and repeated failures roll back.
 * Guards read these predicates; actions apply the updates to an immer draft.
 */
import { budgetFor, refreshContextAt } from '../../src/policy/index.js';
import { FAILURE_TYPES, SEVERITY_ACTIONS, type Severity } from '../../src/taxonomy/index.js';
import { audit } from './audit.js';
import { endSession, LIVE, settle, startAgent, stopAgent } from './lifecycle.js';
import type { AgentRecord, SupervisorContext, SupervisorEvent } from './types.js';

/** An `AGENT_FAILED` event (the watch raises the same event). */
export type FailedEvent = Extract<SupervisorEvent, { type: 'AGENT_FAILED' }>;
type Draft = SupervisorContext;

/** The failure's severity: the sender's, else the taxonomy's. */
export const severityOf = (e: FailedEvent): Severity => e.severity ?? FAILURE_TYPES[e.failureType].severity;

/** The agent an event is about, when it has a live child actor (events from others are ignored). */
export function liveAgent(c: SupervisorContext, agentId: string): AgentRecord | undefined {
  const agent = Object.prototype.hasOwnProperty.call(c.agents, agentId) ? c.agents[agentId] : undefined;
  return agent && LIVE.includes(agent.status) && c.status === 'running' ? agent : undefined;
}

/** The agent has used the failure type's whole budget of automatic retries. */
export function isBudgetSpent(c: SupervisorContext, e: FailedEvent): boolean {
  const agent = c.agents[e.agentId];
  return agent !== undefined && agent.retries >= budgetFor(c.policy, e.failureType);
}

/** This failure makes `rollbackAfterFailures` in a row, and no other rollback is running. */
export function isRollbackDue(c: SupervisorContext, e: FailedEvent): boolean {
  const agent = c.agents[e.agentId];
  return c.rollbackAfterFailures > 0 && c.rollback === null && agent !== undefined &&
    agent.consecutiveFailures + 1 >= c.rollbackAfterFailures;
}

/** Keep the failure on the agent's record. */
function note(a: AgentRecord, e: FailedEvent): void {
  a.lastFailure = { type: e.failureType, severity: severityOf(e), message: e.message ?? null, at: e.at };
  a.consecutiveFailures += 1;
}

/** critical: stop every agent, end the session. */
export function halt(d: Draft, e: FailedEvent): void {
  const a = d.agents[e.agentId]!;
  note(a, e);
  a.lastAction = SEVERITY_ACTIONS.critical;
  audit(d, { agentId: a.id, at: e.at, failureType: e.failureType, severity: 'critical', action: 'IMMEDIATE_HALT', outcome: 'halted', notes: e.message ?? null });
  endSession(d, 'halted', `${e.failureType} in agent ${a.id}${e.message ? `: ${e.message}` : ''}`);
}

/** USER_ABORT from an agent, a person or a decision: graceful shutdown of the whole session. */
export function abort(d: Draft, at: number, agentId: string | null, reason: string | null, decision = false): void {
  audit(d, { agentId: agentId ?? 'session', at, failureType: 'USER_ABORT', action: SEVERITY_ACTIONS.immediate, outcome: 'aborted', userDecision: decision ? 'ABORT' : null, notes: reason });
  endSession(d, 'aborted', reason ?? 'user_abort');
}

/**
 * immediate (USER_ABORT, or a failure its sender marks immediate): ABORT, the graceful shutdown
 * of the whole session; the audit row names the failure as reported.
 */
export function abortOnFailure(d: Draft, e: FailedEvent): void {
  const reason = e.message ?? `the agent reported ${e.failureType}`;
  audit(d, { agentId: e.agentId, at: e.at, failureType: e.failureType, severity: severityOf(e), action: SEVERITY_ACTIONS.immediate, outcome: 'aborted', notes: reason });
  endSession(d, 'aborted', reason);
}

/** low: record it; the agent goes on. */
export function logAndContinue(d: Draft, e: FailedEvent): void {
  const a = d.agents[e.agentId]!;
  a.lastFailure = { type: e.failureType, severity: severityOf(e), message: e.message ?? null, at: e.at };
  audit(d, { agentId: a.id, at: e.at, failureType: e.failureType, severity: severityOf(e), action: 'LOG_AND_CONTINUE', outcome: 'logged', notes: e.message ?? null });
}

/**
 * high (reset) or medium (immediate): restart the agent from its checkpoint. A type whose
 * policy refreshes the context from this retry on (seed 004: PROGRESS_STALL from the first)
 * restarts it in a fresh context even when the action is immediate.
 */
export function retry(d: Draft, e: FailedEvent, reset: boolean): void {
  const a = d.agents[e.agentId]!;
  note(a, e);
  stopAgent(d, a);
  a.retries += 1;
  a.lastAction = reset ? 'RETRY_WITH_RESET' : 'RETRY_IMMEDIATE';
  startAgent(d, a, e.at, reset || refreshContextAt(d.policy, e.failureType, a.retries));
  audit(d, { agentId: a.id, at: e.at, failureType: e.failureType, severity: severityOf(e), action: a.lastAction, outcome: 'retrying', notes: e.message ?? null });
  settle(d, e.at);
}

/** The budget is spent: stop the agent and wait for a human (its dependents pause). */
export function escalate(d: Draft, e: FailedEvent): void {
  const a = d.agents[e.agentId]!;
  note(a, e);
  stopAgent(d, a);
  a.status = 'escalated';
  a.lastAction = 'ESCALATE';
  audit(d, { agentId: a.id, at: e.at, failureType: e.failureType, severity: severityOf(e), action: 'ESCALATE', outcome: 'escalated', notes: `budget of ${budgetFor(d.policy, e.failureType)} retries spent${e.message ? `: ${e.message}` : ''}` });
  settle(d, e.at);
}

/** Record the failure that triggers an automatic rollback (the rollback itself is planned next). */
export function noteForRollback(d: Draft, e: FailedEvent): void {
  note(d.agents[e.agentId]!, e);
}
