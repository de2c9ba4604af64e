import type { Category, FailureType } from '../taxonomy/index.js';

/** Jitter strategies for exponential backoff. `decorrelated` follows AWS's "decorrelated jitter". */
export const JITTERS = ['none', 'full', 'equal', 'decorrelated'] as const;
/** A jitter strategy. */
export type Jitter = (typeof JITTERS)[number];

/** Exponential backoff: `initialMs × factor^(iteration-1)`, capped at `maxMs`, then jittered. */
export interface BackoffConfig {
  /** First delay. Default 5000. */
  initialMs?: number;
  /** Growth per iteration. Default 2. */
  factor?: number;
  /** Cap on one delay before jitter. Default 20000. */
  maxMs?: number;
  /** Default `none`. */
  jitter?: Jitter;
}

/** Policy for one category or one failure type (a type's fields override its category's). */
export interface TypePolicyConfig {
  /** Most iterations before ESCALATE. */
  budget?: number;
  /** Explicit delays before each retry (iteration n uses index n-1, the last repeats). Wins over `backoff`. */
  delaysMs?: number[];
  /** Exponential backoff, when no `delaysMs`. */
  backoff?: BackoffConfig;
  /** Multiply the next attempt's timeout by this after a failure of this type (TIMEOUT: 1.5). */
  timeoutFactor?: number;
  /** From this iteration on, retries get a fresh context (seed 004: 3). 0 = never. */
  contextRefreshFrom?: number;
}

/** Diagnosis confidence thresholds (UC-AP-004 BR-003). */
export interface ConfidenceConfig {
  /** At or above: proceed. Default 0.85. */
  proceed?: number;
  /** At or above (and below `proceed`): proceed and record the uncertainty. Below: gather more evidence. Default 0.70. */
  caution?: number;
  /** Strictly below: escalate (`low_confidence`). Default 0.50. */
  escalate?: number;
}

/** The user-facing policy configuration accepted by `resolvePolicy`. Every field optional. */
export interface PolicyConfig {
  /** Default budget for any type without its own. Default 3. */
  budget?: number;
  categories?: Partial<Record<Category, TypePolicyConfig>>;
  types?: Partial<Record<FailureType, TypePolicyConfig>>;
  confidence?: ConfidenceConfig;
  /** Re-run unchanged on the first verification failure to detect flakiness. Default true. */
  flakeProbe?: boolean;
  /** What a passing flake probe means: escalate (`non_deterministic_failure`) or pass as `flaky`. Default `escalate`. */
  onFlaky?: 'escalate' | 'pass';
  /** Cap on any single delay, retry-after hints included. Default 300000 (5 min). */
  maxDelayMs?: number;
  /** Total wall-time budget for the whole run; 0 = none. Default 0. */
  totalBudgetMs?: number;
  /** Seed for jitter, so delays are reproducible. Default 0. */
  jitterSeed?: number;
  /** Roll back after this many consecutive failures (seed 004: 3); 0 = never. Default 0. */
  rollbackAfterFailures?: number;
  /** Re-diagnosis rounds when confidence is below `caution`. Default 2. */
  diagnoseRounds?: number;
  /** Heartbeat timeout when the task sends heartbeats. Default 30000. */
  heartbeatTimeoutMs?: number;
  /** Progress-stall timeout when the task reports progress. Default 300000. */
  stallTimeoutMs?: number;
  /** Escalation decision timeout; 0 = wait forever. Default 0. */
  decisionTimeoutMs?: number;
  /** The decision taken when the decision timeout passes. Default `abort`. */
  defaultDecision?: DecisionChoice;
}

/** A human's answer to an escalation. */
export const DECISION_CHOICES = ['retry-fresh', 'retry-with-modifications', 'skip', 'rollback', 'abort', 'manual'] as const;
/** A human's answer to an escalation. */
export type DecisionChoice = (typeof DECISION_CHOICES)[number];

/** A type's policy with every field resolved. */
export interface ResolvedTypePolicy {
  budget: number;
  /** Explicit delays, or null when exponential backoff applies. */
  delaysMs: number[] | null;
  backoff: Required<BackoffConfig>;
  timeoutFactor: number;
  contextRefreshFrom: number;
}

/** A validated policy: JSON only, so it can live in machine context and in checkpoints. */
export interface ResolvedPolicy {
  budget: number;
  types: Record<FailureType, ResolvedTypePolicy>;
  confidence: Required<ConfidenceConfig>;
  flakeProbe: boolean;
  onFlaky: 'escalate' | 'pass';
  maxDelayMs: number;
  totalBudgetMs: number;
  jitterSeed: number;
  rollbackAfterFailures: number;
  diagnoseRounds: number;
  heartbeatTimeoutMs: number;
  stallTimeoutMs: number;
  decisionTimeoutMs: number;
  defaultDecision: DecisionChoice;
}
