/** The machine input `recover()` builds: a run given no rules shares one frozen empty list (held by its actor all run). */
import { describe, expect, it } from 'vitest';
import { recover } from '../../src/runtime/index.js';
import { recoveryInput } from '../../src/runtime/recovery.js';

describe('recoveryInput rules', () => {
  it.each<[string, unknown[] | undefined, unknown[]]>([
    ['no rules', undefined, []],
    ['an empty list of their own', [], []],
    ['rules of their own', [{ id: 'mine', match: 'boom', type: 'NETWORK' }], [{ id: 'mine', match: 'boom', type: 'NETWORK' }]],
  ])('a run given %s keeps them as given', (_what, rules, expected) => {
    const input = recoveryInput({ runId: 'r1', ...(rules ? { rules } : {}) });
    expect(input.rules).toEqual(expected);
    if (rules) expect(input.rules).toBe(rules);
  });

  it('runs given no rules share one frozen list, which no run can push to', () => {
    const first = recoveryInput({ runId: 'r1' }).rules!;
    expect(recoveryInput({ runId: 'r2' }).rules).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => first.push({})).toThrow(TypeError);
  });

  it('a run without rules still classifies and recovers (the shared list is read, never changed)', async () => {
    let calls = 0;
    const task = () => { if (++calls === 1) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }); };
    const outcome = await recover(task, { policy: { flakeProbe: false, categories: { transient: { delaysMs: [0] } } } });
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 2, classification: { type: 'NETWORK' } });
    expect(recoveryInput({ runId: 'r3' }).rules).toEqual([]);
  });
});
