/**
 * Issue 14 item 8: a Retry-After given as an HTTP date is read against the run's clock (here a
 * simulated one set to 1 January 2026), not the machine's real time.
 */
import { describe, expect, it } from 'vitest';
import { recover } from '../../src/runtime/index.js';
import { advanceUntilSettled, simulatedClock } from './clock-helpers.js';

describe('Retry-After as an HTTP date', () => {
  it('is measured from the run clock: 30 s after the simulated now is a 30 s wait', async () => {
    const clock = simulatedClock(Date.UTC(2026, 0, 1, 0, 0, 0));
    const retryAt = new Date(Date.UTC(2026, 0, 1, 0, 0, 30)).toUTCString(); // "Thu, 01 Jan 2026 00:00:30 GMT"
    const startedAt: number[] = [];
    const task = () => {
      startedAt.push(clock.now());
      if (startedAt.length === 1) throw Object.assign(new Error('429 Too Many Requests'), { status: 429, headers: { 'retry-after': retryAt } });
    };
    const { value: outcome } = await advanceUntilSettled(clock, recover(task, { clock }), 1000);
    expect(outcome.status).toBe('recovered');
    expect(outcome.classification).toMatchObject({ type: 'RATE_LIMIT_TIMED', retryAfterMs: 30_000 });
    // The wait honoured the hint on the simulated clock (real time is months later: it would have been 0).
    expect(startedAt[1]! - startedAt[0]!).toBeGreaterThanOrEqual(30_000);
  });
});
