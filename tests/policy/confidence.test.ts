import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_BANDS, confidenceBand, DEFAULT_POLICY, resolvePolicy } from '../../src/policy/index.js';

describe('confidenceBand', () => {
  it.each([
    [1, 'proceed'],
    [0.85, 'proceed'],
    [0.8499999, 'caution'],
    [0.7, 'caution'],
    [0.6999999, 'gather'],
    [0.5, 'gather'],
    [0.49999, 'escalate'],
    [0, 'escalate'],
    [-1, 'escalate'],
    [2, 'proceed'],
    [NaN, 'escalate'],
  ] as const)('%s → %s', (confidence, band) => {
    expect(confidenceBand(DEFAULT_POLICY, confidence)).toBe(band);
  });

  it('follows configured thresholds', () => {
    const policy = resolvePolicy({ confidence: { proceed: 0.9, caution: 0.6, escalate: 0.3 } });
    expect(confidenceBand(policy, 0.89)).toBe('caution');
    expect(confidenceBand(policy, 0.6)).toBe('caution');
    expect(confidenceBand(policy, 0.3)).toBe('gather');
    expect(confidenceBand(policy, 0.29)).toBe('escalate');
  });

  it('reads a non-number as no confidence', () => {
    expect(confidenceBand(DEFAULT_POLICY, '0.9' as unknown as number)).toBe('escalate');
  });

  it('is monotone: more confidence never gives a worse band', () => {
    const rank = (c: number) => CONFIDENCE_BANDS.indexOf(confidenceBand(DEFAULT_POLICY, c));
    fc.assert(fc.property(fc.double({ noNaN: true }), fc.double({ noNaN: true }), (a, b) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      return rank(hi) <= rank(lo);
    }));
  });
});
