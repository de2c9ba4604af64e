/**
 * What the recovery machine and its I/O actors exchange: a failed attempt as the machine keeps
 * it, the diagnosis, and each actor slot's input and output (`runTask`, `diagnose`, `adapt`,
 * `rollback`, `sleepUntil`). The context and the events are in `types.ts`.
 */
import type { Classification, Observation } from '../../src/classify/types.js';
import type { FixChange } from '../../src/policy/approval.js';
import type { HistoryEvent, Hypothesis, Level, Reason } from '../../src/taxonomy/index.js';

/** A failed attempt as the machine keeps it: JSON only, bounded by the runtime. */
export interface FailureRecord {
  attempt: number;
  /** Epoch ms when the attempt ended. */
  at: number;
  observation: Observation;
  classification: Classification;
}

/** The current diagnosis: the built-in one, or a diagnoser's answer. */
export interface Diagnosis {
  hypotheses: Hypothesis[];
  /** The best hypothesis's confidence, 0..1. */
  confidence: number;
  source: 'built-in' | 'diagnoser';
  /** Why the diagnoser's answer is missing (its error), when this built-in diagnosis stands in for it. */
  diagnoserFailure?: string;
}

/** Original tests that a fix made pass while it broke others (UC-AP-004 Alt-4). */
export interface Regression {
  fixed: string[];
  broken: string[];
}

/** What the machine hands to the `runTask` actor for one attempt. */
export interface AttemptInput {
  runId: string;
  attempt: number;
  iteration: number;
  approach: string | null;
  hint: string | null;
  guidance: string | null;
  refreshContext: boolean;
  /** Per-attempt timeout; null = none. */
  timeoutMs: number | null;
  /** True for the flake probe: an unchanged re-run. */
  probe: boolean;
}

/**
 * What `runTask` resolves with. It should not reject: a failure is `{ ok: false, observation }`.
 * (A rejection is still handled: the rejected value becomes the observation's `error`.)
 */
export type AttemptOutcome =
  | { ok: true; at: number; durationMs: number }
  | {
    ok: false; at: number; durationMs: number; observation: Observation;
    /**
     * The classification of the observation as the task saw it, when the runtime classified it
     * before redacting `observation` (a redacted text can hide what identifies the failure, e.g.
     * a path like `/etc/passwd`). Absent: the machine classifies `observation` itself.
     */
    classification?: Classification;
  };

/** What the `diagnose` actor receives. */
export interface DiagnoseInput {
  runId: string;
  iteration: number;
  round: number;
  failure: FailureRecord;
  builtIn: Diagnosis;
  history: HistoryEvent[];
}

/** What the `diagnose` actor resolves with. */
export interface DiagnoseOutput {
  hypotheses: Hypothesis[];
  at?: number;
}

/** What the `adapt` actor receives: everything an adapter (a person, a program, an AI agent) needs. */
export interface AdaptInput {
  runId: string;
  iteration: number;
  level: Level;
  failure: FailureRecord;
  originalFailure: FailureRecord | null;
  diagnosis: Diagnosis | null;
  fixesTried: string[];
  guidance: string | null;
  hint: string | null;
  regression: Regression | null;
  history: HistoryEvent[];
}

/** A fix the adapter proposes (or applied: an agent that edited the tree says what it changed). */
export interface AdaptFix {
  fix: string;
  /** 0..1; default: the diagnosis's confidence. */
  confidence?: number;
  at?: number;
  /** How long the adapter took, ms (recorded on the ADAPT event). */
  durationMs?: number;
  /**
   * What the work tree holds changed against the last known good state after this fix, measured
   * by the runtime when the policy sets `approval` (seed 004 ASK_APPROVE). Default: not measured.
   */
  change?: FixChange | null;
  /** What this fix cost in USD, as the agent reported it (Claude Code's `total_cost_usd`). Default: not reported. */
  costUsd?: number;
}

/** "No alternative", saying why (e.g. the agent's own words); recorded in the ADAPT event. */
export interface AdaptNone {
  fix: null;
  message?: string;
  at?: number;
  /** How long the adapter took, ms. */
  durationMs?: number;
}

/** What the `adapt` actor resolves with; `null` (or {@link AdaptNone}) means "no alternative". */
export type AdaptOutput = AdaptFix | AdaptNone | null;

/** What the `rollback` actor receives. */
export interface RollbackInput {
  runId: string;
  lastKnownGood: string | null;
  /** Why: a halt's reason (`critical_security_violation`, `data_corruption`), or what asked for it. */
  reason: Reason | 'broken_build' | 'consecutive_failures' | 'critical_gate' | 'decision';
}

/** What the `rollback` actor resolves with. */
export interface RollbackOutput {
  restored: boolean;
  at?: number;
  /** What the rollback has to say (where the replaced state is kept); the ROLLBACK event's message. */
  message?: string;
}

/** What the `sleepUntil` actor receives and resolves with. */
export interface SleepInput { until: number }
/** Resolved when the deadline has passed. */
export interface SleepOutput { at: number }
