/**
 * Seed 004's PROGRESS_STALL as `recover()` runs it, on a simulated clock: a task that reported
 * progress and then goes quiet for the stall timeout (5 min by default) fails with PROGRESS_STALL
 * (severity medium), is retried at once with a fresh context, and escalates once its budget of 2
 * retries is spent.
 */
import { describe, expect, it } from 'vitest';
import { recover, type TaskContext } from '../../src/runtime/index.js';
import { advanceUntilSettled, simulatedClock } from './clock-helpers.js';

/** A task that reports progress once and then hangs (until its attempt is aborted), `stalls` times; then it passes. */
function stallingTask(stalls: number) {
  const seen: Array<{ attempt: number; refreshContext: boolean; startedAt: number }> = [];
  const clock = simulatedClock();
  const task = (ctx: TaskContext) => {
    seen.push({ attempt: ctx.attempt, refreshContext: ctx.refreshContext, startedAt: clock.now() });
    if (seen.length > stalls) return undefined;
    ctx.progress(0.1);
    return new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))));
  };
  return { clock, task, seen };
}

describe('a stalled task (seed 004 PROGRESS_STALL)', () => {
  it('no progress for 5 min: PROGRESS_STALL, medium, retried at once with a fresh context', async () => {
    const { clock, task, seen } = stallingTask(1);
    const { value: outcome } = await advanceUntilSettled(clock, recover(task, { clock }), 10_000);
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 2 });
    expect(outcome.classification).toMatchObject({ type: 'PROGRESS_STALL', severity: 'medium' });
    // The stall was found 5 min (the default stall timeout) after the last progress, not before.
    expect(seen[1]!.startedAt - seen[0]!.startedAt).toBeGreaterThanOrEqual(300_000);
    expect(seen[1]!.startedAt - seen[0]!.startedAt).toBeLessThan(310_000);
    expect(outcome.history.find((e) => e.phase === 'PAUSE')).toMatchObject({ type: 'PROGRESS_STALL', message: 'No progress reported for 300000 ms' });
    // The first attempt ran in its context; the retry is told to start from a fresh one.
    expect(seen.map((s) => s.refreshContext)).toEqual([false, true]);
  });

  it('2 retries, then it escalates: the third stall is not retried', async () => {
    const { clock, task, seen } = stallingTask(Infinity);
    const { value: outcome } = await advanceUntilSettled(clock, recover(task, { clock }), 10_000);
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'max_attempts', attempts: 3, iterations: 2 });
    expect(outcome.classification?.type).toBe('PROGRESS_STALL');
    expect(seen.map((s) => s.refreshContext)).toEqual([false, true, true]);
  });
});
