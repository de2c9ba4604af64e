/** The next attempt's timeout after a failure (seed 002: a timeout earns 1.5× more time). */
import type { FailureType } from '../taxonomy/index.js';
import { MAX_TIMER_MS } from './layers.js';
import { policyFor } from './lookup.js';
import type { ResolvedPolicy } from './types.js';

/**
 * The timeout for the next attempt after a `type` failure: `previousTimeoutMs × timeoutFactor`,
 * rounded (TIMEOUT's factor is 1.5, every other type's 1, so 1200 s becomes 1800 s as in seed 002).
 *
 * `previousTimeoutMs` of 0, a negative number, NaN or ±Infinity means "no timeout" and gives 0
 * (no timeout) again. A positive timeout stays ≥ 1 ms, so rounding never turns it into "none",
 * and never exceeds 2^31 − 1 ms (the longest Node timer).
 * @throws RangeError when `type` is not a failure type.
 */
export function timeoutFor(policy: ResolvedPolicy, type: FailureType, previousTimeoutMs: number): number {
  if (!Number.isFinite(previousTimeoutMs) || previousTimeoutMs <= 0) return 0;
  const factor = policyFor(policy, type).timeoutFactor;
  const safeFactor = Number.isFinite(factor) && factor > 0 ? factor : 1;
  return Math.min(MAX_TIMER_MS, Math.max(1, Math.round(previousTimeoutMs * safeFactor)));
}
