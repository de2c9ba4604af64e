/**
 * The level ADAPT is told (DESIGN: ADAPT is level `alternative`; a human's "retry with
 * modifications" is `clarify`). The first ADAPT of a run used to be told `same`, the level the
 * run came in with, so an agent's prompt read "Recovery level: same".
 */
import { describe, expect, it } from 'vitest';
import { adaptLevel } from '../../machines/recovery/pass-steps.js';
import { recover, TaskFailure } from '../../src/runtime/index.js';
import type { Level } from '../../src/taxonomy/index.js';

describe('adaptLevel', () => {
  it.each<[Level, Level]>([
    ['same', 'alternative'],
    ['alternative', 'alternative'],
    ['clarify', 'clarify'],
    ['escalate', 'alternative'],
  ])('a run at level %s adapts at level %s', (level, expected) => {
    expect(adaptLevel(level)).toBe(expected);
  });
});

describe('ADAPT is told its own level', () => {
  it('the first ADAPT, after a transient retry at level same, is told alternative, and so is every later one', async () => {
    const told: Level[] = [];
    let attempts = 0;
    const outcome = await recover(
      () => {
        attempts += 1;
        if (attempts === 1) throw new TaskFailure('connect ECONNRESET', { exitCode: 1, stderr: 'Error: read ECONNRESET' });
        if (attempts <= 3) throw new TaskFailure('tests failed', { exitCode: 1, stderr: 'AssertionError: expected 200 but got 404' });
        return 'ok';
      },
      { adapt: (input) => { told.push(input.level); return { fix: `fix number ${told.length}` }; }, policy: { flakeProbe: false, maxDelayMs: 1 } },
    );
    expect(outcome.status).toBe('recovered');
    expect(outcome.history.some((e) => e.phase === 'RETRY' && e.level === 'same')).toBe(true);
    expect(told).toEqual(['alternative', 'alternative']);
  });
});
