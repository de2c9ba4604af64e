import type { Category, Level, Phase } from './categories.js';
import type { FailureType } from './types.js';

/** One diagnosis hypothesis with its confidence, 0..1 (UC-AP-004 BR-001). */
export interface Hypothesis {
  text: string;
  confidence: number;
}

/** Why a run escalated, stopped or was marked: the reasons every report and exit code speaks. */
export const REASONS = [
  'critical_security_violation', // SECURITY_VIOLATION / critical severity: halted, no retry
  'data_corruption',             // DATA_CORRUPTION (critical): halted, no retry, rolled back when a rollback is configured
  'approval_required',           // a fix beyond the policy's approval thresholds (seed 004 ASK_APPROVE): stopped before its retry
  'fatal_error',                  // other fatal types: no retry
  'user_abort',                   // USER_ABORT or an abort decision
  'circular_fix',                 // similar approach (seed 001)
  'infinite_loop',                // identical fix (UC-AP-004 Exc-4)
  'max_attempts',                 // budget spent
  'time_budget',                  // total time budget spent
  'low_confidence',               // escalation: confidence strictly below the escalate threshold; on DIAGNOSE: a round set aside to gather more evidence
  'uncertain_diagnosis',          // proceeded with confidence in [caution, proceed): recorded, not escalated
  'non_deterministic_failure',    // passed on an unchanged re-run
  'flake_probe',                  // on RETRY: the flake probe's unchanged re-run failed (part of diagnosis, not an iteration)
  'no_alternative',               // the adapter had nothing: the level-2 fall-through
  'adapter_failed',               // the adapter failed (an agent's error, a timeout) or answered malformed output
  'agent_budget',                 // the run's agent spent more than its limit (--agent-budget-usd)
  'diagnoser_failed',             // the diagnoser failed: recorded on DIAGNOSE, the built-in diagnosis stands
  'rollback_failed',              // rollback could not restore the last known good state
  'regression',                   // the fix made the original tests pass but broke others
  'interrupted',                  // the process died mid-attempt; the attempt is re-run on resume
  'decision_timeout',             // nobody decided in time; the default choice was taken
] as const;
/** A reason recorded in history and outcomes. */
export type Reason = (typeof REASONS)[number];

/** What a history event says happened. */
export const RESULTS = [
  'started', 'success', 'failure', 'diagnosed', 'adapted', 'waiting', 'rolled_back',
  'handed_off', 'escalated', 'decided', 'skipped', 'aborted', 'manual', 'flaky', 'interrupted', 'resumed',
] as const;
/** The result field of a history event. */
export type Result = (typeof RESULTS)[number];

/**
 * One history event: appended on every phase change (UC-AP-004 §13). JSON only.
 * `seq` starts at 1 and increases by one, so a gap or a duplicate is visible to any reader.
 */
export interface HistoryEvent {
  seq: number;
  phase: Phase;
  iteration: number;
  attempt: number;
  /** ISO-8601. */
  timestamp: string;
  result: Result;
  type: FailureType | null;
  category: Category | null;
  message: string | null;
  hypotheses: Hypothesis[];
  confidence: number | null;
  fix: string | null;
  delayMs: number | null;
  durationMs: number | null;
  level: Level;
  reason: Reason | null;
  /**
   * On RETRY events (an execution after the original run): whether that execution was told to
   * start from a fresh context (seed 004's `context_refreshed`; `RECOVERY_REFRESH_CONTEXT=1` for a
   * command). Absent on other phases, and on RETRY events written before it was recorded.
   */
  contextRefreshed?: boolean;
}
