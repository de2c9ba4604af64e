/** Seed 004's audit trail: every recovery action of the supervisor becomes one `recovery_events` row. */
import { FAILURE_TYPES, type FailureType, type Severity } from '../../src/taxonomy/index.js';
import { iso } from './context.js';
import type { SupervisorAction, SupervisorContext, SupervisorOutcome, SupervisorRecoveryEvent } from './types.js';

/** What a caller says about one row; the rest is derived. */
export interface AuditFields {
  agentId: string;
  at: number;
  failureType: FailureType;
  /** Default: the taxonomy's severity of `failureType`. */
  severity?: Severity;
  action: SupervisorAction;
  outcome: SupervisorOutcome;
  /** Default: the agent's current attempt (0 for session-wide rows). */
  attempt?: number;
  userDecision?: string | null;
  notes?: string | null;
}

/** Decisions and escalations involve a person; the seed's `user_escalated` column says so. */
const INVOLVES_USER = new Set<SupervisorOutcome>(['escalated', 'decided', 'rollback_failed']);

/** Append one row; ids are `${session_id}:${seq}` so the trail is reproducible. */
export function audit(d: SupervisorContext, f: AuditFields): void {
  const agent = d.agents[f.agentId];
  const row: SupervisorRecoveryEvent = {
    id: `${d.sessionId}:${d.events.length + 1}`,
    session_id: d.sessionId,
    agent_id: f.agentId,
    event_timestamp: iso(f.at),
    failure_type: f.failureType,
    severity: f.severity ?? FAILURE_TYPES[f.failureType].severity,
    recovery_action: f.action,
    attempt_number: f.attempt ?? agent?.attempt ?? 0,
    outcome: f.outcome,
    checkpoint_id: agent?.checkpoint.checkpoint_id ?? null,
    user_escalated: INVOLVES_USER.has(f.outcome) || (f.userDecision ?? null) !== null,
    user_decision: f.userDecision ?? null,
    notes: f.notes ?? null,
  };
  d.events.push(row);
}
