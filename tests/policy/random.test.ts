import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, mixSeed } from '../../src/policy/index.js';

const take = (random: () => number, n: number) => Array.from({ length: n }, () => random());

describe('createRandom', () => {
  it('gives the same sequence for the same seed', () => {
    fc.assert(fc.property(fc.integer(), (seed) => take(createRandom(seed), 20).join() === take(createRandom(seed), 20).join()));
  });

  it('stays in [0, 1) for any seed, the nasty ones included', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, -0, 2 ** 40)), (seed) =>
        take(createRandom(seed), 50).every((r) => Number.isFinite(r) && r >= 0 && r < 1)),
    );
  });

  it('differs between neighbouring seeds', () => {
    expect(take(createRandom(1), 5)).not.toEqual(take(createRandom(2), 5));
  });

  it('treats NaN and ±Infinity as seed 0 and truncates fractions', () => {
    const zero = take(createRandom(0), 5);
    expect(take(createRandom(NaN), 5)).toEqual(zero);
    expect(take(createRandom(Infinity), 5)).toEqual(zero);
    expect(take(createRandom(3.7), 5)).toEqual(take(createRandom(3), 5));
  });

  it('is roughly uniform (a smoke check, not a statistical test)', () => {
    const values = take(createRandom(42), 10_000);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    const buckets = new Array(10).fill(0);
    for (const v of values) buckets[Math.floor(v * 10)]++;
    for (const count of buckets) expect(count).toBeGreaterThan(800);
  });
});

describe('mixSeed', () => {
  it('is a deterministic unsigned 32-bit integer', () => {
    fc.assert(fc.property(fc.integer(), fc.integer({ min: 1, max: 1e6 }), (seed, n) => {
      const h = mixSeed(seed, n);
      return h === mixSeed(seed, n) && Number.isInteger(h) && h >= 0 && h < 2 ** 32;
    }));
  });

  it('does not confuse seed + iteration pairs that add up to the same number', () => {
    expect(mixSeed(0, 2)).not.toBe(mixSeed(1, 1));
    expect(mixSeed(5, 1)).not.toBe(mixSeed(1, 5));
  });
});
