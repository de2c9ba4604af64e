/** The machine's output (output.ts): each final state's summary, and the check the machine's own output makes of it. */
import { describe, expect, it } from 'vitest';
import { initialContext } from '../../../machines/recovery/context.js';
import { finalOutput, isRecoveryOutput } from '../../../machines/recovery/output.js';
import { resolvePolicy } from '../../../src/policy/index.js';

describe('isRecoveryOutput', () => {
  it.each([
    ['null', null, false],
    ['a string', 'succeeded', false],
    ['an empty object', {}, false],
    ['a summary without its counts', { runId: 'r', status: 'succeeded' }, false],
    ['a summary', { runId: 'r', status: 'recovered', attempts: 2, iterations: 1, level: 'same', reason: null, type: null }, true],
  ])('%s: %s', (_name, value, expected) => {
    expect(isRecoveryOutput(value)).toBe(expected);
  });

  it('holds for what every final state outputs', () => {
    const context = initialContext({ runId: 'r1', task: 't', policy: resolvePolicy({}), now: 1_000, hasRollback: false, lastKnownGood: null });
    for (const status of ['succeeded', 'recovered', 'flaky', 'skipped', 'aborted', 'manual', 'handedOff'] as const) {
      expect(isRecoveryOutput(finalOutput(status, context))).toBe(true);
    }
  });
});
