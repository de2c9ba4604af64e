import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAILURE_TYPE_NAMES } from '../../src/taxonomy/index.js';
import { DEFAULT_POLICY, MAX_TIMER_MS, resolvePolicy, timeoutFor } from '../../src/policy/index.js';

describe('timeoutFor', () => {
  it('multiplies by 1.5 after a TIMEOUT, rounding (seed 002: 1200 s → 1800 s)', () => {
    expect(timeoutFor(DEFAULT_POLICY, 'TIMEOUT', 1_200_000)).toBe(1_800_000);
    expect(timeoutFor(DEFAULT_POLICY, 'TIMEOUT', 1001)).toBe(1502); // 1501.5 rounds up
    expect(timeoutFor(DEFAULT_POLICY, 'TIMEOUT', 1800)).toBe(2700);
  });

  it('keeps the timeout for every other default type', () => {
    for (const type of FAILURE_TYPE_NAMES.filter((t) => t !== 'TIMEOUT')) expect(timeoutFor(DEFAULT_POLICY, type, 60_000)).toBe(60_000);
  });

  it('uses a configured factor', () => {
    const policy = resolvePolicy({ types: { TIMEOUT: { timeoutFactor: 2 }, EMPTY_OUTPUT: { timeoutFactor: 1.2 } } });
    expect(timeoutFor(policy, 'TIMEOUT', 1000)).toBe(2000);
    expect(timeoutFor(policy, 'EMPTY_OUTPUT', 1000)).toBe(1200);
  });

  it('reads 0, negative and non-finite timeouts as "no timeout" and keeps it so', () => {
    for (const t of [0, -5, NaN, Infinity, -Infinity]) expect(timeoutFor(DEFAULT_POLICY, 'TIMEOUT', t)).toBe(0);
  });

  it('never rounds a positive timeout down to "none" and never exceeds the Node timer limit', () => {
    expect(timeoutFor(DEFAULT_POLICY, 'NETWORK', 0.2)).toBe(1);
    expect(timeoutFor(DEFAULT_POLICY, 'TIMEOUT', MAX_TIMER_MS)).toBe(MAX_TIMER_MS);
  });

  it('is an integer ≥ the previous (rounded) timeout, within the timer limit', () => {
    fc.assert(fc.property(fc.constantFrom(...FAILURE_TYPE_NAMES), fc.integer({ min: 1, max: MAX_TIMER_MS }), (type, t) => {
      const next = timeoutFor(DEFAULT_POLICY, type, t);
      return Number.isInteger(next) && next >= t && next <= MAX_TIMER_MS;
    }));
  });
});
