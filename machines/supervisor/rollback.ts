/**
 * Rollback scopes of seed 004: `agent` reverts one agent to its last checkpoint, `group` every
 * agent of its group, `session` every agent. Targets stop while their files are reverted; their
 * running dependents pause (see `settle`) and resume once the targets restart.
 */
import type { FailureType } from '../../src/taxonomy/index.js';
import { audit } from './audit.js';
import { settle, startAgent, stopAgent } from './lifecycle.js';
import type { AgentStatus, RollbackPlan, RollbackScope, SupervisorContext, SupervisorRollbackInput } from './types.js';

type Draft = SupervisorContext;

/** Statuses whose work a rollback reverts (a waiting agent has done nothing yet; a skipped one never will). */
const REVERTIBLE: readonly AgentStatus[] = ['running', 'paused', 'escalated', 'completed'];

/** The agents a rollback of `scope` around `anchor` reverts (empty when the anchor is unknown). */
export function rollbackTargets(c: SupervisorContext, scope: RollbackScope, anchor: string | null): string[] {
  const inScope = c.order.filter((id) => {
    const agent = c.agents[id]!;
    if (scope === 'session') return true;
    if (scope === 'group') return anchor !== null && agent.group === anchor;
    return id === anchor;
  });
  return inScope.filter((id) => REVERTIBLE.includes(c.agents[id]!.status));
}

/** No rollback is running and this one would revert something. */
export function canRollback(c: SupervisorContext, scope: RollbackScope, anchor: string | null): boolean {
  return c.status === 'running' && c.rollback === null && rollbackTargets(c, scope, anchor).length > 0;
}

/** What starts a rollback. */
export interface RollbackRequest {
  scope: RollbackScope;
  anchor: string | null;
  cause: RollbackPlan['cause'];
  failureType: FailureType;
  note: string | null;
  at: number;
}

/** Stop the targets, mark them rolling back, pause their dependents. */
export function beginRollback(d: Draft, r: RollbackRequest): void {
  const targets = rollbackTargets(d, r.scope, r.anchor);
  d.rollbacks += 1;
  d.rollback = { id: `rb-${d.rollbacks}`, scope: r.scope, anchor: r.anchor, cause: r.cause, failureType: r.failureType, note: r.note, targets };
  for (const id of targets) {
    const a = d.agents[id]!;
    stopAgent(d, a);
    a.status = 'rollingBack';
    a.lastAction = 'ROLLBACK';
  }
  settle(d, r.at);
}

/** What the `rollback` actor is asked to revert. */
export function rollbackInput(c: SupervisorContext): SupervisorRollbackInput {
  const plan = c.rollback!;
  return {
    sessionId: c.sessionId,
    rollbackId: plan.id,
    scope: plan.scope,
    agents: plan.targets.map((id) => ({ agentId: id, checkpoint: c.agents[id]!.restorePoint })),
  };
}

/** Files were reverted: restart every target from its checkpoint with a cleared context. */
export function finishRollback(d: Draft, at: number): void {
  const plan = d.rollback!;
  for (const id of plan.targets) {
    const a = d.agents[id]!;
    a.checkpoint = a.restorePoint;
    a.consecutiveFailures = 0;
    if (plan.cause === 'consecutive_failures') a.retries += 1;
    if (plan.cause === 'decision') a.retries = 0;
    audit(d, { agentId: id, at, failureType: a.lastFailure?.type ?? plan.failureType, action: 'ROLLBACK', outcome: 'rolled_back', notes: rollbackNote(plan) });
    startAgent(d, a, at, true);
  }
  d.rollback = null;
  settle(d, at);
}

/** The rollback could not restore the checkpoint: the targets wait for a human. */
export function failRollback(d: Draft, at: number): void {
  const plan = d.rollback!;
  for (const id of plan.targets) {
    const a = d.agents[id]!;
    a.status = 'escalated';
    audit(d, { agentId: id, at, failureType: a.lastFailure?.type ?? plan.failureType, action: 'ROLLBACK', outcome: 'rollback_failed', notes: rollbackNote(plan) });
  }
  d.rollback = null;
  settle(d, at);
}

function rollbackNote(plan: RollbackPlan): string {
  const around = plan.scope === 'session' ? 'session' : `${plan.scope} ${plan.anchor}`;
  return `${plan.id}: ${around} rolled back (${plan.cause})${plan.note ? `: ${plan.note}` : ''}`;
}
