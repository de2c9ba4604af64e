/**
 * What crosses the supervisor's boundary: the events agents, people and orchestrators send, what
 * a spawned agent is given and told, and the rollback slot's input and output. JSON only.
 */
import type { CallbackActorLogic, EventObject } from 'xstate';
import type { DecisionChoice } from '../../src/policy/types.js';
import type { FailureType, Severity } from '../../src/taxonomy/index.js';

/** Seed 004's checkpoint of one agent, field names as in the seed. */
export interface AgentCheckpoint {
  agent_id: string;
  /** `chk-<agent>-<n>`: deterministic, n counts the agent's checkpoints from 0. */
  checkpoint_id: string;
  /** ISO-8601. */
  timestamp: string;
  /** 0..1. */
  progress: number;
  completed_tasks: string[];
  pending_tasks: string[];
  files_committed: string[];
  files_in_progress: string[];
}

/** Rollback scopes of seed 004. */
export type RollbackScope = 'agent' | 'group' | 'session';

/** What a spawned agent actor is given. */
export interface AgentInput {
  sessionId: string;
  agentId: string;
  /** `agent:<id>#<attempt>`: its child id and systemId. */
  systemId: string;
  attempt: number;
  /** Start from a cleared context (reload the spec) rather than the previous context. */
  reset: boolean;
  /** Resume from here: pending tasks, committed files to verify, in-progress files to clean. */
  checkpoint: AgentCheckpoint;
}

/**
 * The `agent` slot's logic as `setup()` declares it: an actor given an {@link AgentInput}. A runtime
 * fills it with any actor logic that reports to its parent (see the machine's TSDoc).
 */
export type AgentLogic = CallbackActorLogic<EventObject, AgentInput>;

/** Commands the supervisor sends to an agent actor. */
export type AgentCommand = { type: 'PAUSE'; reason: string } | { type: 'RESUME' };

/** What the `rollback` actor receives: per agent, the checkpoint to revert to. */
export interface SupervisorRollbackInput {
  sessionId: string;
  rollbackId: string;
  scope: RollbackScope;
  agents: Array<{ agentId: string; checkpoint: AgentCheckpoint }>;
}

/** What the `rollback` actor resolves with. */
export interface SupervisorRollbackOutput {
  restored: boolean;
  at?: number;
}

/** Progress fields of a `PROGRESS` event; any task/file list given records a new checkpoint. */
export interface ProgressFields {
  progress?: number;
  completed_tasks?: string[];
  pending_tasks?: string[];
  files_committed?: string[];
  files_in_progress?: string[];
}

/** A human's answer for one escalated agent (seed 004's four options). */
export type SupervisorChoice = Extract<DecisionChoice, 'retry-fresh' | 'skip' | 'rollback' | 'abort'>;

/** Events agents, people and orchestrators send to the supervisor. `at` is epoch ms. */
export type SupervisorEvent =
  | { type: 'HEARTBEAT'; agentId: string; at: number }
  | ({ type: 'PROGRESS'; agentId: string; at: number } & ProgressFields)
  | { type: 'AGENT_DONE'; agentId: string; at: number; files_committed?: string[] }
  | { type: 'AGENT_FAILED'; agentId: string; at: number; failureType: FailureType; severity?: Severity; message?: string }
  | { type: 'DECIDE'; agentId: string; choice: SupervisorChoice; at: number }
  | { type: 'ROLLBACK'; scope: RollbackScope; target?: string; failureType?: FailureType; note?: string; at: number }
  | { type: 'USER_ABORT'; at: number; reason?: string };
