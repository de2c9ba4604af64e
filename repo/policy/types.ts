import type { Category, FailureType } from '../taxonomy/index.js';
import type { ApprovalConfig, ResolvedApproval } from './approval.js';

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
  /**
   * Explicit delays before each retry (iteration n uses index n-1, the last repeats), used
   * exactly (no jitter). Wins over a `backoff` of the same layer. `null` says "no list, use
   * `backoff`", which also makes a ResolvedPolicy a valid config of itself.
   */
  delaysMs?: number[] | null;
  /** Exponential backoff, when no `delaysMs`; fields merge one by one across layers. */
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
  /**
   * Budget for every type whose built-in budget is the default 3 and that the config does not set
   * more specifically. Does not touch PROGRESS_STALL (2), DEPENDENCY_FAILURE (5),
   * QUALITY_GATE_FAIL (2), EMPTY_OUTPUT (2), UNKNOWN (1) nor fatal/circular/nondeterministic (0). Default 3.
   */
  budget?: number;
  /** Settings for every type of a category; beat the top-level budget and built-in category settings. */
  categories?: Partial<Record<Category, TypePolicyConfig>>;
  /** Settings for one type: the most specific layer, beating everything else. */
  types?: Partial<Record<FailureType, TypePolicyConfig>>;
  /** Diagnosis confidence thresholds; must satisfy escalate ≤ caution ≤ proceed. */
  confidence?: ConfidenceConfig;
  /** Re-run unchanged on the first verification failure to detect flakiness. Default true. */
  flakeProbe?: boolean;
  /** What a passing flake probe means: escalate (`non_deterministic_failure`) or pass as `flaky`. Default `escalate`. */
  onFlaky?: 'escalate' | 'pass';
  /** Cap on any single delay, retry-after hints included; at most 2^31 − 1. Default 300000 (5 min). */
  maxDelayMs?: number;
  /** Total wall-time budget for the whole run; 0 = none. Default 0. */
  totalBudgetMs?: number;
  /** Seed for jitter, so delays are reproducible. Default 0. */
  jitterSeed?: number;
  /** Roll back after this many consecutive failures (seed 004: 3); 0 = never. Default 0. */
  rollbackAfterFailures?: number;
  /** Re-diagnosis rounds when confidence is below `caution`. Default 2. */
  diagnoseRounds?: number;
  /** Heartbeat timeout when the task sends heartbeats; at most 2^31 − 1. Default 30000. */
  heartbeatTimeoutMs?: number;
  /** Progress-stall timeout when the task reports progress; at most 2^31 − 1. Default 300000. */
  stallTimeoutMs?: number;
  /** Escalation decision timeout; 0 = wait forever. Default 0. */
  decisionTimeoutMs?: number;
  /** The decision taken when the decision timeout passes. Default `abort`. */
  defaultDecision?: DecisionChoice;
  /**
   * The task is a critical quality gate (seed 004: "Critical quality gate: 1 failure → rollback
   * changes, re-attempt"): with a rollback configured, each of its failures (QUALITY_GATE_FAIL or
   * VERIFICATION_FAILED) first restores the last known good state, then the next fix is tried
   * (or, without an adapter, the gate runs again), within the type's budget. Default false.
   */
  criticalGate?: boolean;
  /**
   * Seed 004's ASK_APPROVE thresholds: a fix beyond them escalates with `approval_required`
   * before its retry runs. Absent or null: no fix asks approval. Default null; the defaults of
   * its fields (once set) are {@link ApprovalConfig}'s.
   */
  approval?: ApprovalConfig | null;
}

/** A human's answer to an escalation. */
export const DECISION_CHOICES = ['retry-fresh', 'retry-with-modifications', 'skip', 'rollback', 'abort', 'manual'] as const;
/** A human's answer to an escalation. */
export type DecisionChoice = (typeof DECISION_CHOICES)[number];

/**
 * How people type each choice (`recover decide --choice`, reports, hints): the same words but
 * `retry-with` for `retry-with-modifications`. The one translation between the two spellings.
 */
export const DECISION_NAMES = {
  'retry-fresh': 'retry-fresh',
  'retry-with-modifications': 'retry-with',
  skip: 'skip',
  rollback: 'rollback',
  abort: 'abort',
  manual: 'manual',
} as const satisfies Record<DecisionChoice, string>;

/** A choice as people type it (`retry-with`, …), in {@link DECISION_CHOICES} order. */
export type DecisionName = (typeof DECISION_NAMES)[DecisionChoice];

/** Every {@link DecisionName}, in {@link DECISION_CHOICES} order. */
export const DECISION_NAME_LIST: readonly DecisionName[] = DECISION_CHOICES.map((choice) => DECISION_NAMES[choice]);

/** The choice `text` names, in either spelling (`retry-with` or `retry-with-modifications`); null if none. */
export function decisionChoiceOf(text: string): DecisionChoice | null {
  if ((DECISION_CHOICES as readonly string[]).includes(text)) return text as DecisionChoice;
  const found = DECISION_CHOICES.find((choice) => DECISION_NAMES[choice] === text);
  return found ?? null;
}

/** A type's policy with every field resolved. */
export interface ResolvedTypePolicy {
  /** Most iterations before ESCALATE. */
  budget: number;
  /** Explicit delays, or null when exponential backoff applies. */
  delaysMs: number[] | null;
  /** Exponential backoff, used when `delaysMs` is null (always filled, so switching is a one-field change). */
  backoff: Required<BackoffConfig>;
  /** Next attempt's timeout multiplier after this failure (1 = unchanged). */
  timeoutFactor: number;
  /** First iteration that retries with a fresh context; 0 = never. */
  contextRefreshFrom: number;
}

/**
 * A validated policy: JSON only, so it can live in machine context and in checkpoints. The
 * scalar fields mean what their namesakes in {@link PolicyConfig} say, with defaults applied.
 */
export interface ResolvedPolicy {
  /** The top-level budget in force (each type's own budget is in `types`). */
  budget: number;
  /** Every failure type's resolved settings. */
  types: Record<FailureType, ResolvedTypePolicy>;
  /** Thresholds, escalate ≤ caution ≤ proceed. */
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
  criticalGate: boolean;
  /** The approval thresholds, or null (no fix asks approval). */
  approval: ResolvedApproval | null;
}
