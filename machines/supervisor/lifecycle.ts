/**
 * Starting, stopping, pausing and resuming agents, as updates of an immer draft. Child actors
 * are never touched here: each change queues an `Effect` that the machine's `flushEffects` runs.
 */
import { upstreamOf } from '../pipeline/graph.js';
import { audit } from './audit.js';
import { childIdOf } from './context.js';
import type { AgentRecord, AgentStatus, SupervisorContext } from './types.js';

type Draft = SupervisorContext;

/** Statuses in which the agent has a live child actor. */
export const LIVE: readonly AgentStatus[] = ['running', 'paused'];
/** Statuses an agent does not leave without a decision or a new session. */
export const DONE: readonly AgentStatus[] = ['completed', 'skipped', 'halted', 'aborted'];
/** Upstream statuses that pause a dependent: its inputs are being reverted or are in doubt. */
const BLOCKING: readonly AgentStatus[] = ['rollingBack', 'escalated'];

const nodes = (d: Draft) => d.order.map((id) => d.agents[id]!);

/** Start the agent's next attempt from its checkpoint (a fresh child actor with a new systemId). */
export function startAgent(d: Draft, a: AgentRecord, at: number, reset: boolean): void {
  a.attempt += 1;
  a.status = 'running';
  a.reset = reset;
  a.lastHeartbeatAt = at;
  a.lastProgressAt = at;
  a.pausedFor = [];
  const childId = childIdOf(a.id, a.attempt);
  d.effects.push({
    op: 'spawn', agentId: a.id, childId,
    input: { sessionId: d.sessionId, agentId: a.id, systemId: childId, attempt: a.attempt, reset, checkpoint: a.checkpoint },
  });
}

/** Stop the agent's child actor, if it has one. */
export function stopAgent(d: Draft, a: AgentRecord): void {
  if (LIVE.includes(a.status)) d.effects.push({ op: 'stop', childId: childIdOf(a.id, a.attempt) });
}

/** Stop every live agent and end the session with `status` (halted or aborted). */
export function endSession(d: Draft, status: 'halted' | 'aborted', reason: string): void {
  for (const a of nodes(d)) {
    stopAgent(d, a);
    if (!DONE.includes(a.status)) a.status = status;
  }
  d.rollback = null;
  d.status = status;
  d.reason = reason;
}

/**
 * Bring agents in line with their dependencies after any change: start waiting agents whose needs
 * completed, escalate waiting agents whose needs were skipped (DEPENDENCY_FAILURE: a required
 * input is missing and no retry can create it), pause running dependents of an upstream that is
 * rolling back or escalated, resume them when it no longer is, and notice completion.
 */
export function settle(d: Draft, at: number): void {
  if (d.status !== 'running') return;
  for (const a of nodes(d)) {
    if (a.status !== 'waiting') continue;
    const missing = a.needs.filter((id) => d.agents[id]?.status === 'skipped');
    if (missing.length) {
      a.status = 'escalated';
      a.lastFailure = { type: 'DEPENDENCY_FAILURE', severity: 'high', message: `required input from ${missing.join(', ')} is missing (skipped)`, at };
      a.lastAction = 'ESCALATE';
      audit(d, { agentId: a.id, at, failureType: 'DEPENDENCY_FAILURE', action: 'ESCALATE', outcome: 'escalated', notes: a.lastFailure.message });
    } else if (a.needs.every((id) => d.agents[id]?.status === 'completed')) {
      startAgent(d, a, at, false);
    }
  }
  for (const a of nodes(d)) {
    if (!LIVE.includes(a.status)) continue;
    const blockers = upstreamOf(nodes(d), a.id).filter((id) => BLOCKING.includes(d.agents[id]!.status));
    if (a.status === 'running' && blockers.length) {
      a.status = 'paused';
      d.effects.push({ op: 'send', childId: childIdOf(a.id, a.attempt), event: { type: 'PAUSE', reason: pauseReason(d, blockers) } });
    } else if (a.status === 'paused' && !blockers.length) {
      a.status = 'running';
      // Watches restart: the pause was the supervisor's doing, not the agent's silence.
      a.lastHeartbeatAt = at;
      a.lastProgressAt = at;
      d.effects.push({ op: 'send', childId: childIdOf(a.id, a.attempt), event: { type: 'RESUME' } });
    }
    a.pausedFor = blockers;
  }
  if (nodes(d).every((a) => a.status === 'completed' || a.status === 'skipped')) d.status = 'completed';
}

function pauseReason(d: Draft, blockers: string[]): string {
  return blockers.some((id) => d.agents[id]!.status === 'rollingBack') ? 'upstream_rollback' : 'upstream_escalated';
}
