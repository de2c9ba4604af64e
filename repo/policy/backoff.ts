/**
 * Pure backoff pieces: the exponential curve and the jitter strategies. All are total: any
 * number in gives a finite number ≥ 0 out, so a corrupt checkpoint cannot make a NaN delay.
 */
import type { BackoffConfig } from './types.js';

/** `value` if finite and ≥ 0, else `fallback` (which the callers keep finite). */
export function nonNegative(value: number, fallback: number): number {
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/**
 * `initialMs × factor^(iteration−1)`, capped at `maxMs`. The exponent is never evaluated past
 * the point where the cap is reached, so huge iterations give exactly the cap, never Infinity or
 * NaN (not even `0 × Infinity`). Non-decreasing in `iteration` since `factor ≥ 1`.
 */
export function exponentialMs(backoff: Required<BackoffConfig>, iteration: number): number {
  const initial = nonNegative(backoff.initialMs, 0);
  const cap = nonNegative(backoff.maxMs, 0);
  const factor = Number.isFinite(backoff.factor) && backoff.factor > 1 ? backoff.factor : 1;
  if (initial === 0) return 0;
  if (initial >= cap) return cap;
  if (factor === 1) return initial;
  const steps = Math.max(0, iteration - 1);
  // Number of steps after which initial × factor^steps ≥ cap: finite because cap > initial > 0.
  if (steps >= Math.log(cap / initial) / Math.log(factor)) return cap;
  return Math.min(cap, initial * factor ** steps);
}

/** A random draw forced into [0, 1]: a misbehaving source must not push a delay out of bounds. */
export function unit(random: () => number): number {
  const r = random();
  if (!Number.isFinite(r) || r <= 0) return 0;
  return r >= 1 ? 1 : r;
}

/**
 * Apply a jitter strategy to the exponential delay `delayMs` of `iteration`:
 * - `none`: `delayMs`
 * - `full`: uniform in [0, delayMs]
 * - `equal`: uniform in [delayMs/2, delayMs]
 * - `decorrelated` (AWS): uniform in [initialMs, previous × 3], capped at `maxMs`. `previousMs`
 *   should be the delay actually used before; without it we use the un-jittered delay of the
 *   previous iteration (initialMs for iteration 1), which keeps calls stateless and reproducible.
 * `random` is called at most once, and only when there is jitter.
 */
export function jitterMs(
  backoff: Required<BackoffConfig>,
  iteration: number,
  delayMs: number,
  random: () => number,
  previousMs?: number,
): number {
  switch (backoff.jitter) {
    case 'full':
      return unit(random) * delayMs;
    case 'equal':
      return delayMs / 2 + (unit(random) * delayMs) / 2;
    case 'decorrelated': {
      const cap = nonNegative(backoff.maxMs, 0);
      const lower = Math.min(nonNegative(backoff.initialMs, 0), cap);
      const fallback = iteration <= 1 ? lower : exponentialMs(backoff, iteration - 1);
      const previous = previousMs === undefined ? fallback : nonNegative(previousMs, fallback);
      // previous × 3 may overflow to Infinity for a huge finite previous; min with the cap absorbs it.
      const upper = Math.min(cap, Math.max(lower, previous * 3));
      return lower + unit(random) * (upper - lower);
    }
    default:
      return delayMs;
  }
}
