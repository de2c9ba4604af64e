import { DEFAULT_POLICY } from '../../src/policy/index.js';
import { dependencyOrder } from '../pipeline/graph.js';
import type { AgentCheckpoint, AgentRecord, AgentSpec, SupervisorContext, SupervisorInput } from './types.js';

/** Seed 004's consecutive-failure threshold for an automatic rollback. */
export const DEFAULT_ROLLBACK_AFTER_FAILURES = 3;

/** The child id and systemId of an agent's attempt: `agent:<id>#<attempt>`. */
export function childIdOf(agentId: string, attempt: number): string {
  // The attempt is part of the id because a restart stops the old child and spawns the new one in
  // one macrostep, and XState frees a stopped actor's systemId only after that macrostep.
  return `agent:${agentId}#${attempt}`;
}

/** ISO-8601 of an epoch-ms time. */
export const iso = (at: number): string => new Date(at).toISOString();

/** An agent's first checkpoint: nothing done, its tasks pending. */
export function firstCheckpoint(spec: AgentSpec, at: number): AgentCheckpoint {
  return {
    agent_id: spec.id,
    checkpoint_id: `chk-${spec.id}-0`,
    timestamp: iso(at),
    progress: 0,
    completed_tasks: [],
    pending_tasks: [...(spec.tasks ?? [])],
    files_committed: [],
    files_in_progress: [],
  };
}

/**
 * Problems with a supervisor input, as `path: message` lines (empty when valid): ids unique and
 * non-empty, needs known, no dependency cycle, timeouts positive.
 */
export function supervisorInputIssues(input: SupervisorInput): string[] {
  const issues: string[] = [];
  const seen = new Set<string>();
  input.agents.forEach((agent, i) => {
    if (typeof agent.id !== 'string' || agent.id === '') issues.push(`agents[${i}].id: must be a non-empty string`);
    else if (seen.has(agent.id)) issues.push(`agents[${i}].id: duplicate id "${agent.id}"`);
    seen.add(agent.id);
  });
  input.agents.forEach((agent, i) =>
    (agent.needs ?? []).forEach((need, j) => {
      if (!seen.has(need)) issues.push(`agents[${i}].needs[${j}]: unknown agent "${need}"`);
    }));
  const order = dependencyOrder(input.agents.map((a) => ({ id: a.id, needs: a.needs ?? [] })));
  if (!order.ok) issues.push(`agents: dependency cycle ${order.cycle.join(' → ')}`);
  for (const key of ['heartbeatTimeoutMs', 'stallTimeoutMs'] as const) {
    const value = input[key];
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) issues.push(`${key}: must be a positive number of ms`);
  }
  return issues;
}

/** The supervisor's starting context; throws on an invalid input (naming every problem). */
export function initialSupervisorContext(input: SupervisorInput): SupervisorContext {
  const issues = supervisorInputIssues(input);
  if (issues.length) throw new Error(`supervisor input is invalid:\n  ${issues.join('\n  ')}`);
  const policy = input.policy ?? DEFAULT_POLICY;
  const agents: Record<string, AgentRecord> = {};
  for (const spec of input.agents) {
    agents[spec.id] = {
      id: spec.id,
      group: spec.group ?? null,
      needs: [...(spec.needs ?? [])],
      status: 'waiting',
      attempt: 0,
      retries: 0,
      consecutiveFailures: 0,
      lastHeartbeatAt: input.now,
      lastProgressAt: input.now,
      reset: false,
      checkpoint: firstCheckpoint(spec, input.now),
      restorePoint: firstCheckpoint(spec, input.now),
      checkpoints: 1,
      lastFailure: null,
      lastAction: null,
      pausedFor: [],
    };
  }
  return {
    sessionId: input.sessionId,
    policy,
    heartbeatTimeoutMs: input.heartbeatTimeoutMs ?? policy.heartbeatTimeoutMs,
    stallTimeoutMs: input.stallTimeoutMs ?? policy.stallTimeoutMs,
    rollbackAfterFailures: input.rollbackAfterFailures ?? DEFAULT_ROLLBACK_AFTER_FAILURES,
    order: input.agents.map((a) => a.id),
    agents,
    rollback: null,
    rollbacks: 0,
    watchUntil: null,
    checkedAt: input.now,
    effects: [],
    status: 'running',
    reason: null,
    startedAt: input.now,
    clockAt: input.now,
    events: [],
  };
}
