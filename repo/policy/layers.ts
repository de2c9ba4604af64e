/**
 * The built-in policy table of DESIGN.md ("Policy defaults"), kept as three layers of the same
 * shape users write (global → category → type) so that built-in and user settings merge by one
 * rule: the more specific layer wins, and at equal specificity the user's wins (see merge.ts).
 */
import type { Category, FailureType } from '../taxonomy/index.js';
import type { BackoffConfig, ConfidenceConfig, DecisionChoice, TypePolicyConfig } from './types.js';

/** Default budget (iterations before ESCALATE) for every type without a more specific one: 3. */
export const DEFAULT_BUDGET = 3;

/**
 * Default exponential backoff: 5 s × 2 per iteration, capped at 20 s, no jitter, which gives the
 * 5 s, 10 s, 20 s of seed 000 for a budget of 3.
 */
export const DEFAULT_BACKOFF: Readonly<Required<BackoffConfig>> = Object.freeze({
  initialMs: 5_000,
  factor: 2,
  maxMs: 20_000,
  jitter: 'none',
});

/** Diagnosis confidence thresholds (UC-AP-004 BR-003): proceed 0.85, caution 0.70, escalate 0.50. */
export const DEFAULT_CONFIDENCE: Readonly<Required<ConfidenceConfig>> = Object.freeze({
  proceed: 0.85,
  caution: 0.7,
  escalate: 0.5,
});

/** The longest delay a Node timer can wait (2^31 − 1 ms, about 24.8 days); longer ones fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Global scalar defaults (everything of `ResolvedPolicy` except budgets, types and confidence). */
export const DEFAULT_GLOBALS = Object.freeze({
  /** Re-run unchanged on the first verification failure. */
  flakeProbe: true,
  /** A passing flake probe escalates with `non_deterministic_failure`. */
  onFlaky: 'escalate' as 'escalate' | 'pass',
  /** Cap on any single delay, retry-after hints included: 5 min. */
  maxDelayMs: 300_000,
  /** No total time budget. */
  totalBudgetMs: 0,
  /** Jitter seed. */
  jitterSeed: 0,
  /** Never roll back on a count of consecutive failures alone. */
  rollbackAfterFailures: 0,
  /** Two re-diagnosis rounds when confidence is below `caution`. */
  diagnoseRounds: 2,
  /** Heartbeat timeout (seed 004): 30 s. */
  heartbeatTimeoutMs: 30_000,
  /** Progress-stall timeout (seed 004): 5 min. */
  stallTimeoutMs: 300_000,
  /** Wait for a decision forever. */
  decisionTimeoutMs: 0,
  /** The choice taken when a decision timeout passes. */
  defaultDecision: 'abort' as DecisionChoice,
  /** A quality gate is not critical unless the config says so. */
  criticalGate: false,
});

/** What every field falls back to when no layer sets it. Budget follows the top-level budget. */
export const BASE_TYPE_POLICY: Readonly<Omit<Required<TypePolicyConfig>, 'budget' | 'delaysMs' | 'backoff'>> =
  Object.freeze({ timeoutFactor: 1, contextRefreshFrom: 0 });

/**
 * Built-in settings per category. A category without `budget` follows the top-level budget
 * (default 3); fatal, circular and nondeterministic are pinned to 0 because no retry can help:
 * they escalate at once (the flake outcome is configured with `onFlaky`, not a budget).
 */
export const CATEGORY_DEFAULTS: Readonly<Record<Category, Readonly<TypePolicyConfig>>> = Object.freeze({
  // Exponential 5 s, 10 s, 20 s (DEFAULT_BACKOFF).
  transient: Object.freeze({ backoff: DEFAULT_BACKOFF }),
  // Adapting is the fix; waiting would not help.
  systematic: Object.freeze({ delaysMs: Object.freeze([0]) as number[] }),
  // Handoffs continue in a fresh context at once.
  resource: Object.freeze({ delaysMs: Object.freeze([0]) as number[] }),
  fatal: Object.freeze({ budget: 0, delaysMs: Object.freeze([0]) as number[] }),
  circular: Object.freeze({ budget: 0, delaysMs: Object.freeze([0]) as number[] }),
  nondeterministic: Object.freeze({ budget: 0, delaysMs: Object.freeze([0]) as number[] }),
});

/**
 * Built-in settings for single types, more specific than their category's.
 * - TIMEOUT: the next attempt's timeout × 1.5 (seed 002).
 * - HEARTBEAT_TIMEOUT: restart at once (seed 004); its budget 3 is the default's, so it follows
 *   a top-level `budget`.
 * - PROGRESS_STALL: budget 2, no wait, a fresh context from the first retry (seed 004).
 * - DEPENDENCY_FAILURE: budget 5, "wait for dependency" (seed 004). The seed gives no duration;
 *   we wait like the other transient types but cap at 60 s instead of 20 s: 5 s, 10 s, 20 s,
 *   40 s, 60 s, because a dependency usually takes longer than a rate limit to come back, and
 *   five waits then span about 2¼ minutes.
 * - RESOURCE_BUSY (issue 30): budget 5, 1 s, 2 s, 4 s, 8 s, 10 s (×2 from 1 s, cap 10 s). A held
 *   lock or a server loading its data frees itself in seconds, so the first waits are short;
 *   five of them span 25 s, enough for an install or a dataset load to finish, and a lock still
 *   held after that is stuck and needs a person.
 * - QUALITY_GATE_FAIL: budget 2 (seed 004). UNKNOWN: one iteration, then escalate (DESIGN.md).
 * - EMPTY_OUTPUT: budget 2 (seed 002's strategy: two retries asking for output, each with a
 *   smaller size target); MISSING_SECTIONS keeps the systematic 3, as the seed gives it.
 */
export const TYPE_DEFAULTS: Readonly<Partial<Record<FailureType, Readonly<TypePolicyConfig>>>> = Object.freeze({
  TIMEOUT: Object.freeze({ timeoutFactor: 1.5 }),
  HEARTBEAT_TIMEOUT: Object.freeze({ delaysMs: Object.freeze([0]) as number[] }),
  PROGRESS_STALL: Object.freeze({ budget: 2, delaysMs: Object.freeze([0]) as number[], contextRefreshFrom: 1 }),
  // Only the cap is specific: start, factor and jitter follow the transient category's backoff.
  DEPENDENCY_FAILURE: Object.freeze({ budget: 5, backoff: Object.freeze({ maxMs: 60_000 }) }),
  RESOURCE_BUSY: Object.freeze({ budget: 5, backoff: Object.freeze({ initialMs: 1_000, maxMs: 10_000 }) }),
  QUALITY_GATE_FAIL: Object.freeze({ budget: 2 }),
  EMPTY_OUTPUT: Object.freeze({ budget: 2 }),
  UNKNOWN: Object.freeze({ budget: 1 }),
});
