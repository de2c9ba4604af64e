/**
 * What agents report: heartbeats, progress (with seed 004 checkpoints at safe points) and
 * completion; and what people decide for an escalated agent.
 */
import { audit } from './audit.js';
import { iso } from './context.js';
import { abort } from './failures.js';
import { settle, startAgent, stopAgent } from './lifecycle.js';
import { beginRollback } from './rollback.js';
import type { AgentRecord, ProgressFields, SupervisorContext, SupervisorEvent } from './types.js';

type Draft = SupervisorContext;
type Decide = Extract<SupervisorEvent, { type: 'DECIDE' }>;
const CHECKPOINT_FIELDS = ['completed_tasks', 'pending_tasks', 'files_committed', 'files_in_progress'] as const;

/** Times only move forward: an out-of-order event does not rewind a watch. */
export function noteTime(d: Draft, at: number): void {
  if (at > d.clockAt) d.clockAt = at;
}

/** The agent is alive. */
export function heartbeat(a: AgentRecord, at: number): void {
  if (at > a.lastHeartbeatAt) a.lastHeartbeatAt = at;
}

/** The agent progressed (which also proves it alive); any task or file list makes a new checkpoint. */
export function progress(a: AgentRecord, at: number, fields: ProgressFields): void {
  heartbeat(a, at);
  if (at > a.lastProgressAt) a.lastProgressAt = at;
  const next = { ...a.checkpoint };
  if (typeof fields.progress === 'number' && fields.progress >= 0 && fields.progress <= 1) next.progress = fields.progress;
  if (!CHECKPOINT_FIELDS.some((key) => Array.isArray(fields[key]))) {
    a.checkpoint.progress = next.progress;
    return;
  }
  for (const key of CHECKPOINT_FIELDS) {
    const list = fields[key];
    if (Array.isArray(list)) next[key] = list.filter((item): item is string => typeof item === 'string');
  }
  a.checkpoint = { ...next, checkpoint_id: `chk-${a.id}-${a.checkpoints}`, timestamp: iso(at) };
  a.restorePoint = a.checkpoint;
  a.checkpoints += 1;
}

/** The agent finished: its checkpoint is final; a recovery that led here is recorded as such. */
export function complete(d: Draft, a: AgentRecord, at: number, filesCommitted: string[] | undefined): void {
  const committed = [...a.checkpoint.files_committed, ...a.checkpoint.files_in_progress, ...(filesCommitted ?? [])];
  a.checkpoint = {
    ...a.checkpoint,
    checkpoint_id: `chk-${a.id}-${a.checkpoints}`,
    timestamp: iso(at),
    progress: 1,
    completed_tasks: [...a.checkpoint.completed_tasks, ...a.checkpoint.pending_tasks],
    pending_tasks: [],
    files_committed: [...new Set(committed)],
    files_in_progress: [],
  };
  a.checkpoints += 1;
  stopAgent(d, a);
  a.status = 'completed';
  if (a.lastFailure && a.lastAction) {
    audit(d, { agentId: a.id, at, failureType: a.lastFailure.type, severity: a.lastFailure.severity, action: a.lastAction, outcome: 'recovered' });
  }
  a.retries = 0;
  a.consecutiveFailures = 0;
  settle(d, at);
}

/** A human answered for an escalated agent (seed 004: RETRY_FRESH, SKIP, ROLLBACK, ABORT). */
export function decide(d: Draft, e: Decide): void {
  const a = d.agents[e.agentId]!;
  const failureType = a.lastFailure?.type ?? 'ERROR_RESPONSE';
  const severity = a.lastFailure?.severity;
  const row = { agentId: a.id, at: e.at, failureType, ...(severity ? { severity } : {}) };
  switch (e.choice) {
    case 'retry-fresh':
      audit(d, { ...row, action: 'RETRY_FRESH', outcome: 'decided', userDecision: 'RETRY_FRESH' });
      a.retries = 0;
      a.consecutiveFailures = 0;
      a.lastAction = 'RETRY_FRESH';
      startAgent(d, a, e.at, true);
      settle(d, e.at);
      return;
    case 'skip':
      // Seed 004: "continue without; some outputs may be incomplete". Dependents learn it in `settle`.
      audit(d, { ...row, action: 'SKIP', outcome: 'skipped', userDecision: 'SKIP', notes: 'some outputs may be incomplete' });
      a.status = 'skipped';
      settle(d, e.at);
      return;
    case 'rollback':
      audit(d, { ...row, action: 'ROLLBACK', outcome: 'decided', userDecision: 'ROLLBACK' });
      beginRollback(d, { scope: 'agent', anchor: a.id, cause: 'decision', failureType, note: null, at: e.at });
      return;
    case 'abort':
      abort(d, e.at, a.id, `abort decided for agent ${a.id}`, true);
  }
}
