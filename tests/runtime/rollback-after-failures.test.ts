/**
 * Seed 004's "3 consecutive failures: roll back to the last checkpoint" as `recover()` runs it:
 * off by default (`rollbackAfterFailures: 0`), and with `rollbackAfterFailures: 3` the third
 * failure in a row rolls back to the last known good state before the next fix is tried.
 */
import { describe, expect, it } from 'vitest';
import type { RollbackInput } from '../../machines/recovery/types.js';
import { recover, TaskFailure, type TaskContext } from '../../src/runtime/index.js';

const failingTest = () =>
  new TaskFailure('tests failed', { exitCode: 1, stderr: 'AssertionError: expected 200 but got 404\n  ✗ fetches the user', tests: { passed: 0, failed: 1, failing: ['fetches the user'] } });

/** Distinct, unrelated fixes (none repeats nor resembles another); the third one works. */
const FIXES = ['add a null check on the payload', 'compare status codes as numbers', 'pin the mock server port'];

async function run(policy: { rollbackAfterFailures?: number }) {
  const events: string[] = [];
  const rollbacks: RollbackInput[] = [];
  let asked = 0;
  const outcome = await recover(
    (ctx: TaskContext) => {
      events.push(`attempt ${ctx.attempt}`);
      if (ctx.approach !== FIXES[2]) throw failingTest();
    },
    {
      adapt: () => ({ fix: FIXES[asked++]! }),
      rollback: (input) => { rollbacks.push(input); events.push('rollback'); return true; },
      policy: { flakeProbe: false, budget: 5, ...policy },
    },
  );
  return { outcome, events, rollbacks };
}

describe('rollback after consecutive failures (seed 004)', () => {
  it('rollbackAfterFailures 3: the third failure in a row rolls back to the last known good state, then the next fix is tried', async () => {
    const { outcome, events, rollbacks } = await run({ rollbackAfterFailures: 3 });
    expect(events).toEqual(['attempt 1', 'attempt 2', 'attempt 3', 'rollback', 'attempt 4']);
    expect(rollbacks).toEqual([expect.objectContaining({ reason: 'consecutive_failures', lastKnownGood: 'initial' })]);
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 4 });
    // ROLLBACK is recorded after the third failure's DIAGNOSE, before the fix that follows it.
    const phases = outcome.history.map((e) => e.phase);
    expect(phases.filter((p) => p === 'ROLLBACK')).toHaveLength(1);
    expect(phases.slice(phases.indexOf('ROLLBACK') - 2, phases.indexOf('ROLLBACK') + 2)).toEqual(['PAUSE', 'DIAGNOSE', 'ROLLBACK', 'ADAPT']);
    expect(outcome.history.find((e) => e.phase === 'ROLLBACK')).toMatchObject({ result: 'rolled_back' });
  });

  it('by default (0) nothing is rolled back however many failures come in a row', async () => {
    const { outcome, events, rollbacks } = await run({});
    expect(rollbacks).toEqual([]);
    expect(events).toEqual(['attempt 1', 'attempt 2', 'attempt 3', 'attempt 4']);
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 4 });
  });
});
