import { describe, expect, expectTypeOf, it } from 'vitest';
import { AttemptValue } from '../../src/runtime/attempt-value.js';
import { outcomeOf } from '../../src/runtime/outcome.js';
import { createRecovery, recover, TaskFailure, whenResting, type Outcome } from '../../src/runtime/index.js';
import { advanceUntilSettled, simulatedClock } from './clock-helpers.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const failingTest = (name: string) =>
  new TaskFailure('tests failed', { exitCode: 1, stderr: `AssertionError: expected 200 but got 404\n  ✗ ${name}`, tests: { passed: 1, failed: 1, failing: [name] } });

describe('AttemptValue', () => {
  const outcome = (status: Outcome['status']): Outcome => ({ runId: 'r', status, attempts: 1, iterations: 0, level: 'same', reason: null, classification: null, stack: null, history: [] });

  it('adds the value only to a passing status, and only after a pass', () => {
    const kept = new AttemptValue();
    expect('value' in kept.outcomeOf(outcome('succeeded'))).toBe(false);
    kept.passed({ id: 7 });
    for (const status of ['succeeded', 'recovered', 'flaky'] as const) expect(kept.outcomeOf(outcome(status)).value).toEqual({ id: 7 });
    for (const status of ['escalated', 'skipped', 'aborted', 'manual', 'handedOff', 'running'] as const) {
      expect('value' in kept.outcomeOf(outcome(status))).toBe(false);
    }
  });

  it('forgets the value when another attempt starts', () => {
    const kept = new AttemptValue();
    kept.passed('probe');
    kept.clear();
    expect('value' in kept.outcomeOf(outcome('recovered'))).toBe(false);
  });

  it('keeps a pass that resolved with undefined as a present key', () => {
    const kept = new AttemptValue();
    kept.passed(undefined);
    const passed = kept.outcomeOf(outcome('succeeded'));
    expect('value' in passed).toBe(true);
    expect(passed.value).toBeUndefined();
  });
});

describe('AttemptValue.outcomeFrom(snapshot)', () => {
  it('is the snapshot\'s outcome with the value, field for field and in the same order; without a pass, the outcome alone', async () => {
    for (const task of [() => 'done', () => { throw new TaskFailure('quota exceeded'); }]) {
      const actor = createRecovery({ task, policy: { flakeProbe: false } });
      await whenResting(actor);
      const snapshot = actor.getSnapshot();
      const kept = new AttemptValue();
      kept.passed({ id: 7 });
      expect(Object.entries(kept.outcomeFrom(snapshot))).toEqual(Object.entries(kept.outcomeOf(outcomeOf(snapshot))));
      expect(Object.entries(new AttemptValue().outcomeFrom(snapshot))).toEqual(Object.entries(outcomeOf(snapshot)));
      actor.stop();
    }
  });
});

describe('recover(): outcome.value', () => {
  it('is what a first-time pass resolved with, typed by the task', async () => {
    const outcome = await recover(async () => ({ sha: 'abc123', files: 3 }));
    expectTypeOf(outcome).toEqualTypeOf<Outcome<{ sha: string; files: number }>>();
    expect(outcome.status).toBe('succeeded');
    expect(outcome.value).toEqual({ sha: 'abc123', files: 3 });
  });

  it('is carried through a timed attempt too (the timeout races the task)', async () => {
    const outcome = await recover(async () => 'in time', { timeoutMs: 60_000 });
    expect(outcome).toMatchObject({ status: 'succeeded', value: 'in time' });
  });

  it("is the recovering attempt's value, not an earlier one's", async () => {
    const clock = simulatedClock();
    let runs = 0;
    const task = (): number => {
      runs += 1;
      if (runs < 3) throw refused();
      return runs * 100;
    };
    const { value: outcome } = await advanceUntilSettled(clock, recover(task, { clock }), 1000);
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 3, value: 300 });
  });

  it('is the passing probe’s value for a flaky pass', async () => {
    let runs = 0;
    const outcome = await recover(() => {
      if (++runs === 1) throw failingTest('times out sometimes');
      return `run ${runs}`;
    }, { policy: { onFlaky: 'pass' } });
    expect(outcome).toMatchObject({ status: 'flaky', value: 'run 2' });
  });

  it('is absent when the run escalates, even after a passing probe', async () => {
    let runs = 0;
    const outcome = await recover(() => {
      if (++runs === 1) throw failingTest('times out sometimes');
      return 'passed unchanged';
    });
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'non_deterministic_failure' });
    expect('value' in outcome).toBe(false);
  });

  it('holds what is not JSON as it is (the same object)', async () => {
    const handle = new Map([['conn', { close: () => undefined }]]);
    const outcome = await recover(() => handle);
    expect(outcome.value).toBe(handle);
  });

  it('an untyped task (the `Task` of existing callers) still gives an Outcome', async () => {
    const task: (ctx: unknown) => unknown = () => 1;
    const outcome: Outcome = await recover(task);
    expect(outcome.value).toBe(1);
  });

  it('createRecovery + whenResting (the actor API) is unchanged: the outcome of a snapshot carries no value', async () => {
    const actor = createRecovery({ task: () => 'x' });
    const outcome = await whenResting(actor);
    actor.stop();
    expect(outcome.status).toBe('succeeded');
    expect('value' in outcome).toBe(false);
  });
});
