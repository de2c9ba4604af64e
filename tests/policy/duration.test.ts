import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DURATION_UNITS, formatDuration, parseDuration } from '../../src/policy/duration.js';

describe('parseDuration: one rule everywhere, a bare number is seconds', () => {
  test.each([
    [2, 2_000], ['2', 2_000], [0.5, 500], ['1.5', 1_500], ['500ms', 500], ['5s', 5_000], ['2m', 120_000],
    ['1h', 3_600_000], ['90d', 7_776_000_000], [' 30s ', 30_000], ['0', 0],
  ] as const)('%j → %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  test.each([['soon'], ['-1'], [-1], ['1y'], ['2 m s'], [''], [null], [Number.NaN], [Infinity], [{}]])('%j is not a duration', (value) => {
    expect(parseDuration(value)).toBeNull();
  });

  test('every unit scales the same number', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(...Object.keys(DURATION_UNITS) as (keyof typeof DURATION_UNITS)[]), (n, unit) => {
      expect(parseDuration(`${n}${unit}`)).toBe(n * DURATION_UNITS[unit]);
    }));
  });
});

describe('formatDuration: one style for messages', () => {
  test.each([
    [0, '0.0s'], [320, '0.3s'], [5_000, '5.0s'], [15_000, '15.0s'], [59_940, '59.9s'], [59_960, '1m00s'],
    [125_000, '2m05s'], [3_900_000, '1h05m'], [273_600_000, '3d04h'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  test('what it prints parses back to within the precision it shows', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 59_000 }), (ms) => {
      const back = parseDuration(formatDuration(ms))!;
      expect(Math.abs(back - ms)).toBeLessThanOrEqual(50);
    }));
  });
});
