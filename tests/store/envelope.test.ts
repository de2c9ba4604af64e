/** Snapshot envelopes: what a restore refuses, how migrations apply, and a real XState round trip. */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup, type StateValue } from 'xstate';
import { checkEnvelope, wrapSnapshot, type EnvelopeExpectation } from '../../src/store/envelope.js';
import { SnapshotMismatchError } from '../../src/store/errors.js';

const STATES = new Set(['idle', 'running', 'done']);
const expected: EnvelopeExpectation = {
  machineId: 'recovery',
  version: 3,
  stateExists: (value) => typeof value === 'string' && STATES.has(value),
  providedActors: new Set(['runTask', 'sleepUntil']),
};
const snapshot = (extra: Record<string, unknown> = {}) => ({
  status: 'active', value: 'running', context: { attempt: 2 },
  children: { task: { src: 'runTask', snapshot: {} } }, ...extra,
});

function mismatchOf(fn: () => unknown): SnapshotMismatchError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SnapshotMismatchError);
    return error as SnapshotMismatchError;
  }
  throw new Error('expected a SnapshotMismatchError');
}

describe('wrapSnapshot', () => {
  it('labels a snapshot with machine, version and time', () => {
    expect(wrapSnapshot('recovery', 3, { value: 'x' }, 123)).toEqual({ machine: 'recovery', version: 3, savedAt: 123, snapshot: { value: 'x' } });
  });
});

describe('checkEnvelope', () => {
  it('accepts a matching envelope and returns it unchanged', () => {
    const env = wrapSnapshot('recovery', 3, snapshot(), 1);
    expect(checkEnvelope(env, expected, 'r1')).toEqual(env);
    expect(checkEnvelope(env, { ...expected, providedActors: ['runTask'] }, 'r1')).toEqual(env);
  });

  it.each([
    [null, /checkpoint is not a snapshot envelope \(envelope: expected an object/],
    [{ machine: 'recovery', version: 3, savedAt: 1 }, /envelope\.snapshot: expected an object/],
    [{ machine: 'recovery', version: '3', savedAt: 1, snapshot: {} }, /envelope\.version/],
  ])('refuses a malformed envelope %j', (env, message) => {
    const error = mismatchOf(() => checkEnvelope(env, expected, 'r1'));
    expect(error.mismatch.kind).toBe('envelope');
    expect(error.message).toMatch(/^Run "r1" cannot be restored: /);
    expect(error.message).toMatch(message);
  });

  it('refuses another machine, naming both ids', () => {
    const error = mismatchOf(() => checkEnvelope(wrapSnapshot('supervisor', 3, snapshot(), 1), expected, 'run-7'));
    expect(error).toMatchObject({ runId: 'run-7', code: 'ERR_SNAPSHOT_MISMATCH', mismatch: { kind: 'machine', expected: 'recovery', actual: 'supervisor' } });
    expect(error.message).toBe('Run "run-7" cannot be restored: the snapshot is of machine "supervisor", not "recovery".');
  });

  it('refuses a newer version, and an older one without a migration path', () => {
    expect(mismatchOf(() => checkEnvelope(wrapSnapshot('recovery', 4, snapshot(), 1), expected, 'r1')).message)
      .toContain('the snapshot is version 4, newer than the machine\'s version 3');
    const old = mismatchOf(() => checkEnvelope(wrapSnapshot('recovery', 1, snapshot(), 1), { ...expected, migrations: { 1: (s) => s } }, 'r1'));
    expect(old.mismatch).toMatchObject({ kind: 'version', expected: '3', actual: '1' });
    expect(old.message).toContain('there is no migration from version 2 to 3');
  });

  it('applies migrations in order from the envelope version, without touching the input', () => {
    const steps: number[] = [];
    const migrations = {
      1: (s: unknown) => { steps.push(1); return { ...(s as object), value: 'idle', v2: true }; },
      2: (s: unknown) => { steps.push(2); (s as Record<string, unknown>).value = 'running'; return s; },
    };
    const env = wrapSnapshot('recovery', 1, snapshot({ value: 'legacy' }), 5);
    const migrated = checkEnvelope(env, { ...expected, migrations }, 'r1');
    expect(steps).toEqual([1, 2]);
    expect(migrated).toMatchObject({ machine: 'recovery', version: 3, savedAt: 5, snapshot: { value: 'running', v2: true } });
    expect(env).toMatchObject({ version: 1, snapshot: { value: 'legacy' } });
  });

  it('reports a migration that throws or returns nothing', () => {
    const throwing = mismatchOf(() => checkEnvelope(wrapSnapshot('recovery', 2, snapshot(), 1), { ...expected, migrations: { 2: () => { throw new Error('no field x'); } } }, 'r1'));
    expect(throwing.mismatch).toMatchObject({ kind: 'migration', message: 'the migration from version 2 to 3 failed: no field x' });
    const empty = mismatchOf(() => checkEnvelope(wrapSnapshot('recovery', 2, snapshot(), 1), { ...expected, migrations: { 2: () => null } }, 'r1'));
    expect(empty.mismatch.kind).toBe('migration');
  });

  it('refuses a state the machine does not have (also when stateExists throws)', () => {
    const error = mismatchOf(() => checkEnvelope(wrapSnapshot('recovery', 3, snapshot({ value: { recovery: 'gone' } }), 1), expected, 'r1'));
    expect(error.mismatch).toMatchObject({ kind: 'state', actual: '{"recovery":"gone"}' });
    expect(error.message).toContain('the state {"recovery":"gone"} does not exist in machine "recovery"');
    const throwing = { ...expected, stateExists: () => { throw new Error('boom'); } };
    expect(mismatchOf(() => checkEnvelope(wrapSnapshot('recovery', 3, snapshot(), 1), throwing, 'r1')).mismatch.kind).toBe('state');
    const valueless = wrapSnapshot('recovery', 3, { children: {} }, 1);
    expect(mismatchOf(() => checkEnvelope(valueless, expected, 'r1')).message).toContain('the snapshot has no state value');
  });

  it('refuses invoked children whose source is not provided, naming each', () => {
    const children = {
      task: { src: 'runTask', snapshot: {} },
      adapt: { src: 'adaptFix', snapshot: {} },
      inline: { src: 'xstate.invoke.0.recovery.pause', snapshot: {} },
      broken: { snapshot: {} },
    };
    const error = mismatchOf(() => checkEnvelope(wrapSnapshot('recovery', 3, snapshot({ value: 'nowhere', children }), 1), expected, 'r1'));
    expect(error.mismatches.map((m) => [m.kind, m.actual])).toEqual([
      ['state', '"nowhere"'], ['actor', 'adaptFix'], ['actor', 'xstate.invoke.0.recovery.pause'], ['actor', 'undefined'],
    ]);
    expect(error.message).toContain('the invoked child "adapt" needs the actor source "adaptFix", which the machine does not provide');
    expect(error.message).toContain('(an inline source: give the invoke a named src)');
  });
});

describe('with a real XState machine', () => {
  const machine = setup({
    actors: { runTask: fromPromise(async () => new Promise<never>(() => undefined)) },
  }).createMachine({
    id: 'demo', initial: 'idle',
    states: {
      idle: { on: { GO: 'working' } },
      working: { invoke: { id: 'task', src: 'runTask' }, initial: 'first', states: { first: {} } },
    },
  });
  const expectation = (m: typeof machine): EnvelopeExpectation => ({
    machineId: m.id, version: 1, providedActors: Object.keys(m.implementations.actors),
    stateExists: (value) => {
      try {
        m.resolveState({ value: value as StateValue, context: undefined as never });
        return true;
      } catch {
        return false;
      }
    },
  });

  it('round-trips a persisted snapshot through JSON and restores it', () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'GO' });
    const env = JSON.parse(JSON.stringify(wrapSnapshot('demo', 1, actor.getPersistedSnapshot(), 1))) as unknown;
    actor.stop();
    const checked = checkEnvelope(env, expectation(machine), 'r1');
    const restored = createActor(machine, { snapshot: checked.snapshot as never }).start();
    expect(restored.getSnapshot().value).toEqual({ working: 'first' });
    restored.stop();
  });

  it('refuses the same snapshot for a machine that lost the state and the actor', () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'GO' });
    const env = wrapSnapshot('demo', 1, JSON.parse(JSON.stringify(actor.getPersistedSnapshot())), 1);
    actor.stop();
    const shrunk = createMachine({ id: 'demo', initial: 'idle', states: { idle: {} } });
    const error = mismatchOf(() => checkEnvelope(env, expectation(shrunk as never), 'r1'));
    expect(error.mismatches.map((m) => m.kind)).toEqual(['state', 'actor']);
    expect(error.message).toContain('the invoked child "task" needs the actor source "runTask"');
  });
});
