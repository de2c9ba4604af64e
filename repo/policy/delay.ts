/** The delay before a retry: the one function the machine's backoff wait asks. */
import type { FailureType } from '../taxonomy/index.js';
import { exponentialMs, jitterMs, nonNegative } from './backoff.js';
import { DEFAULT_GLOBALS, MAX_TIMER_MS } from './layers.js';
import { policyFor, sanitizeIteration } from './lookup.js';
import { createRandom, mixSeed } from './random.js';
import type { ResolvedPolicy } from './types.js';

/** Options of {@link computeDelay}. */
export interface DelayOptions {
  /** A retry-after hint from the failure (e.g. `classify(...).retryAfterMs`): waited when larger. */
  retryAfterMs?: number;
  /**
   * Random source in [0, 1) for jitter. Default: `createRandom(mixSeed(jitterSeed, iteration))`,
   * so the same seed and iteration always give the same delay.
   */
  random?: () => number;
  /**
   * The seed of the default random source. Default: `policy.jitterSeed`. A recovery run passes
   * its own (kept beside the policy, so every run of one policy shares one policy object).
   */
  jitterSeed?: number;
  /** The delay actually used before the previous retry, for `decorrelated` jitter. */
  previousDelayMs?: number;
}

/**
 * The delay in ms before the retry of `iteration` (1-based: 1 is the first retry) of a `type`
 * failure:
 *
 * 1. an explicit `delaysMs` list gives index `iteration − 1`, its last value repeating; lists
 *    are used exactly as written (no jitter: seed 004's `[0, 5, 15, 30]` s means those seconds);
 * 2. else exponential `initialMs × factor^(iteration−1)` capped at `backoff.maxMs`, then
 *    jittered (`none | full | equal | decorrelated`, see jitterMs);
 * 3. then the larger of that and `retryAfterMs` (rounded up: waiting a little less than a
 *    server asked for would earn another 429);
 * 4. then capped by `policy.maxDelayMs` (and by 2^31 − 1 ms, the longest Node timer).
 *
 * Always a finite integer ≥ 0 and ≤ maxDelayMs. Bad inputs are sanitised rather than thrown:
 * a non-finite or < 1 iteration counts as 1 (+Infinity as "very late", which gives the cap), a
 * NaN/negative retry-after is ignored (+Infinity means "as long as allowed"), and a random source
 * that leaves [0, 1] is clamped into it.
 *
 * For herd avoidance across processes give each run its own `jitterSeed` (or pass `random`):
 * with the same seed, every run jitters identically, which is what makes delays reproducible.
 * @throws RangeError when `type` is not a failure type.
 */
export function computeDelay(
  policy: ResolvedPolicy,
  type: FailureType,
  iteration: number,
  opts: DelayOptions = {},
): number {
  const typePolicy = policyFor(policy, type);
  const n = sanitizeIteration(iteration);
  const cap = Math.floor(Math.min(nonNegative(policy.maxDelayMs, DEFAULT_GLOBALS.maxDelayMs), MAX_TIMER_MS));

  let delay: number;
  const list = typePolicy.delaysMs;
  if (list !== null && list.length > 0) {
    const value = list[Math.min(n, list.length) - 1] ?? 0;
    // A non-finite list entry (only possible in a hand-built policy) is read as "as long as allowed".
    delay = value === Number.POSITIVE_INFINITY ? cap : nonNegative(value, 0);
  } else {
    const base = exponentialMs(typePolicy.backoff, n);
    const random = opts.random ?? createRandom(mixSeed(opts.jitterSeed ?? policy.jitterSeed, n));
    delay = jitterMs(typePolicy.backoff, n, base, random, opts.previousDelayMs);
  }

  const hint = opts.retryAfterMs;
  const retryAfter =
    hint === undefined || Number.isNaN(hint) || hint < 0 ? 0 : hint === Number.POSITIVE_INFINITY ? cap : Math.ceil(hint);
  return Math.min(Math.max(Math.floor(delay), retryAfter), cap);
}
