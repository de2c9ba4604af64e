/**
 * The backoff before the next attempt, as a pure function of context: the one definition that
 * both the action scheduling a retry and the guard choosing whether the run must wait in `retry`
 * read (the guard runs before the action, so it names the iteration the retry belongs to).
 */
import { computeDelay } from '../../src/policy/index.js';
import type { RecoveryContext } from './types.js';

type Ctx = Pick<RecoveryContext, 'policy' | 'failure' | 'delayMs' | 'fixed'>;

/**
 * The delay before retrying the same approach in `iteration`: decorrelated jitter grows from the
 * previous delay, and a retry-after hint may lengthen it.
 */
export function sameRetryDelayMs(c: Ctx, iteration: number): number {
  const { type, retryAfterMs } = c.failure!.classification;
  return computeDelay(c.policy, type, iteration, {
    jitterSeed: c.fixed.jitterSeed,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(c.delayMs !== null ? { previousDelayMs: c.delayMs } : {}),
  });
}

/** The delay before trying an adapter's fix in `iteration` (the policy of the failure it fixes). */
export function fixRetryDelayMs(c: Ctx, iteration: number): number {
  return computeDelay(c.policy, c.failure?.classification.type ?? 'UNKNOWN', iteration, { jitterSeed: c.fixed.jitterSeed });
}
