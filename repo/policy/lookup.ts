/** Reading one failure type's settings from a resolved policy. */
import { isFailureType, type FailureType } from '../taxonomy/index.js';
import { DEFAULT_POLICY } from './defaults.js';
import type { ResolvedPolicy, ResolvedTypePolicy } from './types.js';

/**
 * An iteration number made safe: 1-based integer; NaN, -Infinity, 0 and negatives become 1,
 * fractions are floored, +Infinity becomes the largest safe integer (so it reads as "very late").
 * @internal
 */
export function sanitizeIteration(iteration: number): number {
  if (iteration === Number.POSITIVE_INFINITY) return Number.MAX_SAFE_INTEGER;
  if (!Number.isFinite(iteration) || iteration < 1) return 1;
  return Math.min(Math.floor(iteration), Number.MAX_SAFE_INTEGER);
}

/**
 * The resolved settings of one failure type.
 *
 * A policy restored from an older checkpoint may lack a type added to the taxonomy since; that
 * type then gets its default settings rather than crashing a guard.
 * @throws RangeError when `type` is not a failure type at all (a caller bug, not a config problem).
 */
export function policyFor(policy: ResolvedPolicy, type: FailureType): ResolvedTypePolicy {
  if (!isFailureType(type)) throw new RangeError(`${String(type)} is not a failure type`);
  const own = Object.prototype.hasOwnProperty.call(policy.types, type) ? policy.types[type] : undefined;
  return own ?? DEFAULT_POLICY.types[type];
}

/**
 * How many iterations `type` allows before ESCALATE (default 3; PROGRESS_STALL 2,
 * DEPENDENCY_FAILURE 5, QUALITY_GATE_FAIL 2, EMPTY_OUTPUT 2, UNKNOWN 1, fatal/circular/nondeterministic 0).
 */
export function budgetFor(policy: ResolvedPolicy, type: FailureType): number {
  return policyFor(policy, type).budget;
}

/**
 * Whether the retry of `iteration` (1-based) should start from a fresh context: true from the
 * type's `contextRefreshFrom` on (seed 004's list gives 3; PROGRESS_STALL defaults to 1); never
 * when it is 0 (the default for every other type).
 */
export function refreshContextAt(policy: ResolvedPolicy, type: FailureType, iteration: number): boolean {
  const from = policyFor(policy, type).contextRefreshFrom;
  return Number.isFinite(from) && from > 0 && sanitizeIteration(iteration) >= from;
}
