/**
 * Seed 001's CIRCULAR_FIX as a run sees it: an adapter whose next approach is similar to 2 of
 * the last 3 it tried (keywords, Jaccard > 0.3) is not tried; the run ends escalated with the
 * reason `circular_fix`. `recover()` runs the real recovery machine and its guard.
 */
import { describe, expect, it } from 'vitest';
import { recover, TaskFailure, type TaskContext } from '../../src/runtime/index.js';

const failingTest = () =>
  new TaskFailure('tests failed', { exitCode: 1, stderr: 'AssertionError: expected 200 but got 404\n  ✗ fetches the user', tests: { passed: 0, failed: 1, failing: ['fetches the user'] } });

/** A task that always fails the same test, run with an adapter that answers `fixes` in turn. */
async function runWith(fixes: string[]) {
  const tried: Array<string | null> = [];
  let asked = 0;
  const outcome = await recover(
    (ctx: TaskContext) => {
      tried.push(ctx.approach);
      throw failingTest();
    },
    { adapt: () => ({ fix: fixes[asked++]! }), policy: { flakeProbe: false } },
  );
  return { outcome, tried, asked };
}

describe('a circular fix ends the run (seed 001)', () => {
  it('the third async/await approach is circular: not tried, the run escalates as circular_fix', async () => {
    // Seed 001's own example: the third is similar to both earlier ones, equal to neither.
    const { outcome, tried, asked } = await runWith(['Using async await for fetch', 'Using async/await with try-catch', 'Using async await pattern']);
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'circular_fix', attempts: 3 });
    expect(asked).toBe(3);
    // The original attempt and the two earlier fixes ran; the circular one never reached the task.
    expect(tried).toEqual([null, 'Using async await for fetch', 'Using async/await with try-catch']);
    expect(outcome.history.filter((e) => e.phase === 'ADAPT').map((e) => [e.result, e.fix])).toEqual([
      ['adapted', 'Using async await for fetch'],
      ['adapted', 'Using async/await with try-catch'],
      ['failure', 'Using async await pattern'],
    ]);
    expect(outcome.history.at(-2)).toMatchObject({ phase: 'ADAPT', result: 'failure', reason: 'circular_fix' });
    expect(outcome.history.at(-1)).toMatchObject({ phase: 'ESCALATE', result: 'escalated', reason: 'circular_fix' });
  });

  it('a third approach unlike the earlier ones is tried, not escalated as circular', async () => {
    const { outcome, tried } = await runWith(['Using async await for fetch', 'Using async/await with try-catch', 'Pin the mock server port']);
    expect(tried).toEqual([null, 'Using async await for fetch', 'Using async/await with try-catch', 'Pin the mock server port']);
    expect(outcome.reason).not.toBe('circular_fix');
  });
});
