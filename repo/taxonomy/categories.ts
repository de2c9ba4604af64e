/**
 * Failure categories, severities, recovery actions and levels: the vocabulary every other
 * module speaks. Data only; the types are derived from the const objects.
 */

/** The six categories of DESIGN.md's taxonomy table. */
export const CATEGORIES = ['transient', 'systematic', 'resource', 'fatal', 'circular', 'nondeterministic'] as const;
/** A failure category. */
export type Category = (typeof CATEGORIES)[number];

/**
 * Severities, most urgent first (seed 004's levels). `immediate` is a person's cancellation
 * (USER_ABORT): the run stops at once, gracefully, keeping partial work; `critical` (a security
 * problem) halts everything and escalates.
 */
export const SEVERITIES = ['immediate', 'critical', 'high', 'medium', 'low'] as const;
/** A failure severity. */
export type Severity = (typeof SEVERITIES)[number];

/**
 * What the protocol does with a failure by default.
 * - `retry`: the same approach after backoff (level `same`)
 * - `adapt`: a different approach (level `alternative`)
 * - `rollback`: restore the last known good state, then adapt
 * - `handoff`: checkpoint progress and continue in a fresh context
 * - `escalate`: stop and ask a human
 * - `abort`: the user asked to stop
 * - `halt`: stop all execution at once (security, data corruption), roll back what the run
 *   changed when a rollback is configured, then escalate
 */
export const ACTIONS = ['retry', 'adapt', 'rollback', 'handoff', 'escalate', 'abort', 'halt'] as const;
/** A default recovery action. */
export type Action = (typeof ACTIONS)[number];

/** Recovery levels of seed 000: `same` → `alternative` → `clarify` (human) → `escalate`. */
export const LEVELS = ['same', 'alternative', 'clarify', 'escalate'] as const;
/** A recovery level. */
export type Level = (typeof LEVELS)[number];

/** Phases recorded in history events (DESIGN.md vocabulary). */
export const PHASES = ['PAUSE', 'DIAGNOSE', 'ADAPT', 'RETRY', 'ESCALATE', 'ROLLBACK', 'HANDOFF', 'DECISION', 'RESUME'] as const;
/** A phase of the recovery cycle as recorded in history. */
export type Phase = (typeof PHASES)[number];

/** Seed 004's action for a severity, used by the supervisor. */
export const SEVERITY_ACTIONS = {
  // The seed's ABORT response: graceful shutdown, save partial work, no retry.
  immediate: 'ABORT',
  critical: 'IMMEDIATE_HALT',
  high: 'RETRY_WITH_RESET',
  medium: 'RETRY_IMMEDIATE',
  low: 'LOG_AND_CONTINUE',
} as const satisfies Record<Severity, string>;
/** Seed 004's supervisor action. */
export type SeverityAction = (typeof SEVERITY_ACTIONS)[Severity];
