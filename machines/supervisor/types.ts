/**
 * Types of the supervisor statechart (seed 004's coordinator). Everything here is JSON: the
 * context survives a round trip and a restore.
 */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { ResolvedPolicy } from '../../src/policy/types.js';
import type { FailureType, Severity, SeverityAction } from '../../src/taxonomy/index.js';
import type { SleepOutput } from '../recovery/types.js';
import type { AgentCheckpoint, AgentCommand, AgentInput, RollbackScope, SupervisorEvent, SupervisorRollbackOutput } from './io.js';

/** The boundary types live in io.ts (which imports nothing from here); importing them from here keeps one entry point. */
export type * from './io.js';

/** One agent the supervisor runs. */
export interface AgentSpec {
  /** Unique id, e.g. `frontend`. */
  id: string;
  /** Rollback group (a `group` rollback reverts every agent of the group). Default: none. */
  group?: string | null;
  /** Agents whose outputs this one requires; it starts once they all completed. Default `[]`. */
  needs?: string[];
  /** The tasks it starts with (its first checkpoint's `pending_tasks`). Default `[]`. */
  tasks?: string[];
}

/** The supervisor's input. */
export interface SupervisorInput {
  /** Seed 004's `session_id`, e.g. `leonardo-2026-01-02-001`. */
  sessionId: string;
  agents: AgentSpec[];
  /** Budgets per failure type (seed 004: HEARTBEAT_TIMEOUT 3, PROGRESS_STALL 2, DEPENDENCY_FAILURE 5 …). Default: `DEFAULT_POLICY`. */
  policy?: ResolvedPolicy;
  /** Silence after which a running agent fails with HEARTBEAT_TIMEOUT. Default: the policy's (30 000 ms). */
  heartbeatTimeoutMs?: number;
  /** No progress for this long fails a running agent with PROGRESS_STALL. Default: the policy's (300 000 ms). */
  stallTimeoutMs?: number;
  /** Consecutive failures of one agent that trigger an agent-scope rollback (seed 004: 3); 0 = never. Default 3. */
  rollbackAfterFailures?: number;
  /** Epoch ms at start: the machine reads no clock. */
  now: number;
}

/**
 * Where an agent stands. `rollingBack`: its files are being reverted; `paused`: an upstream agent
 * is rolling back or escalated; `escalated`: waiting for a `DECIDE`.
 */
export type AgentStatus =
  | 'waiting' | 'running' | 'paused' | 'rollingBack' | 'escalated' | 'completed' | 'skipped' | 'halted' | 'aborted';

/** The last failure of an agent. */
export interface AgentFailure {
  type: FailureType;
  severity: Severity;
  message: string | null;
  /** Epoch ms. */
  at: number;
}

/** One agent as the supervisor keeps it. */
export interface AgentRecord {
  id: string;
  group: string | null;
  needs: string[];
  status: AgentStatus;
  /** Executions started (attempt 1 is the first run). */
  attempt: number;
  /** Automatic retries since the agent last started fresh (compared with the type's budget). */
  retries: number;
  consecutiveFailures: number;
  /** Watch anchors (epoch ms): the deadlines are these plus the timeouts. */
  lastHeartbeatAt: number;
  lastProgressAt: number;
  /** The next attempt starts from a cleared context (RETRY_WITH_RESET, retry-fresh, rollback). */
  reset: boolean;
  /** The latest checkpoint (at completion: the final one). */
  checkpoint: AgentCheckpoint;
  /**
   * Where a rollback returns the agent to: the latest checkpoint taken while it worked. It differs
   * from `checkpoint` only once the agent completed, so a completed agent can be rolled back too.
   */
  restorePoint: AgentCheckpoint;
  /** Checkpoints recorded so far (numbers `checkpoint_id`). */
  checkpoints: number;
  lastFailure: AgentFailure | null;
  /** The last recovery action taken for it (reported again when it recovers). */
  lastAction: SupervisorAction | null;
  /** Upstream agents this one is paused for. */
  pausedFor: string[];
}

/** A rollback in progress. */
export interface RollbackPlan {
  /** `rb-<n>`. */
  id: string;
  scope: RollbackScope;
  /** The agent or group it was asked for (`null` for a session). */
  anchor: string | null;
  /**
   * What asked for it: `consecutive_failures` (automatic: the restart counts as a retry),
   * `decision` (a human: the budget starts afresh) or `request` (an orchestrator: retries unchanged).
   */
  cause: 'consecutive_failures' | 'decision' | 'request';
  /** The failure recorded against the targets in the audit trail. */
  failureType: FailureType;
  /** A requester's note. */
  note: string | null;
  /** Agents whose files are reverted. */
  targets: string[];
}

/** Seed 004's supervisor actions, plus what else the audit trail records. */
export type SupervisorAction = SeverityAction | 'ROLLBACK' | 'ESCALATE' | 'SKIP' | 'ABORT' | 'RETRY_FRESH' | 'RESUME';

/** What became of a recovery action. */
export type SupervisorOutcome =
  | 'retrying' | 'recovered' | 'logged' | 'escalated' | 'halted' | 'aborted' | 'rolled_back'
  | 'rollback_failed' | 'skipped' | 'decided' | 'paused' | 'resumed';

/** One row of seed 004's `recovery_events` table (snake_case as in the seed's SQL). */
export interface SupervisorRecoveryEvent {
  /** `${session_id}:${seq}`: deterministic. */
  id: string;
  session_id: string;
  agent_id: string;
  /** ISO-8601. */
  event_timestamp: string;
  failure_type: FailureType;
  /** The taxonomy's severity, lower-case. */
  severity: Severity;
  recovery_action: SupervisorAction;
  attempt_number: number;
  outcome: SupervisorOutcome;
  checkpoint_id: string | null;
  user_escalated: boolean;
  user_decision: string | null;
  notes: string | null;
}

/** How the session ended (or `running`). */
export type SessionStatus = 'running' | 'completed' | 'halted' | 'aborted';

/** A side effect on child actors, queued by a context update and run by `flushEffects`. */
export type Effect =
  | { op: 'spawn'; agentId: string; childId: string; input: AgentInput }
  | { op: 'stop'; childId: string }
  | { op: 'send'; childId: string; event: AgentCommand };

/** The supervisor's context. JSON only. */
export interface SupervisorContext {
  sessionId: string;
  policy: ResolvedPolicy;
  heartbeatTimeoutMs: number;
  stallTimeoutMs: number;
  rollbackAfterFailures: number;
  /** In declaration order. */
  order: string[];
  agents: Record<string, AgentRecord>;
  rollback: RollbackPlan | null;
  rollbacks: number;
  /** The deadline the watch sleeps until; the time of the last watch check. */
  watchUntil: number | null;
  checkedAt: number;
  /** Outbox of child-actor effects; empty between events. */
  effects: Effect[];
  status: SessionStatus;
  reason: string | null;
  startedAt: number;
  /** The latest time the machine has heard of (epoch ms). */
  clockAt: number;
  events: SupervisorRecoveryEvent[];
}

/**
 * Every event the supervisor's guards and actions read: the events sent to it, plus what its
 * children answer — the rollback's done or error event (a provided slot may resolve nothing), the
 * watch timer's done event, and a crashed agent's error event (`xstate.error.actor.<childId>`).
 * XState types named guards and actions by the sent events only; the implementations accept this
 * wider union and narrow by `type`, so none of them casts.
 */
export type SupervisorHandledEvent =
  | SupervisorEvent
  | DoneActorEvent<SupervisorRollbackOutput | undefined, 'rollback'>
  | DoneActorEvent<SleepOutput, 'watchTimer'>
  | ErrorActorEvent<unknown>;
