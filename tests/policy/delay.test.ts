import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAILURE_TYPE_NAMES, type FailureType } from '../../src/taxonomy/index.js';
import {
  computeDelay, createRandom, DEFAULT_POLICY, JITTERS, resolvePolicy, type Jitter, type ResolvedPolicy,
} from '../../src/policy/index.js';

const RUNS = { numRuns: 500 };

/** A policy whose every type uses one exponential backoff. */
function exponential(backoff: { initialMs: number; factor: number; maxMs: number; jitter: Jitter }, maxDelayMs = 300_000): ResolvedPolicy {
  return resolvePolicy({ maxDelayMs, categories: { systematic: { backoff } }, types: { UNKNOWN: { backoff } } });
}

/** A valid backoff: within one object the cap is at least the start (validation insists). */
const backoffArb = fc
  .record({
    initialMs: fc.integer({ min: 0, max: 100_000 }),
    factor: fc.double({ min: 1, max: 10, noNaN: true }),
    extraMs: fc.integer({ min: 0, max: 10_000_000 }),
    jitter: fc.constantFrom(...JITTERS),
  })
  .map(({ extraMs, ...b }) => ({ ...b, maxMs: b.initialMs + extraMs }));
const typeArb = fc.constantFrom(...FAILURE_TYPE_NAMES);
/** Any number, the nasty ones included. */
const anyNumber = fc.oneof(
  fc.integer({ min: -10, max: 100 }),
  fc.double(),
  fc.constantFrom(NaN, Infinity, -Infinity, 0, -0, 1e308, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2),
);
/** A valid config: a random mechanism and cap for a random category, plus maxDelayMs and seed. */
const configArb = fc.record({
  maxDelayMs: fc.integer({ min: 0, max: 2_147_483_647 }),
  jitterSeed: fc.integer(),
  categories: fc.record({
    transient: fc.oneof(fc.record({ backoff: backoffArb }), fc.record({ delaysMs: fc.array(fc.double({ min: 0, max: 1e7, noNaN: true }), { minLength: 1, maxLength: 6 }) })),
  }),
  // Across layers a start above the cap is valid (the cap wins): NETWORK may get one.
  types: fc.record({ NETWORK: fc.record({ backoff: fc.record({ initialMs: fc.integer({ min: 0, max: 1e8 }) }) }) }, { requiredKeys: [] }),
});

describe('computeDelay: examples', () => {
  it('counts iterations from 1 and repeats the last list value', () => {
    const policy = resolvePolicy({ types: { NETWORK: { delaysMs: [0, 5000, 15000, 30000] } } });
    expect([1, 2, 3, 4, 5, 100].map((n) => computeDelay(policy, 'NETWORK', n))).toEqual([0, 5000, 15000, 30000, 30000, 30000]);
  });

  it('gives the cap for huge iterations and never overflows', () => {
    for (const n of [60, 1100, 1e9, 1e308, Number.MAX_SAFE_INTEGER, Infinity]) {
      expect(computeDelay(DEFAULT_POLICY, 'RATE_LIMIT', n)).toBe(20_000);
      expect(computeDelay(DEFAULT_POLICY, 'DEPENDENCY_FAILURE', n)).toBe(60_000);
    }
  });

  it('reaches the cap even with a factor barely above 1', () => {
    const policy = exponential({ initialMs: 1000, factor: 1.000001, maxMs: 20000, jitter: 'none' });
    expect(computeDelay(policy, 'UNKNOWN', 1e9)).toBe(20000);
    expect(computeDelay(policy, 'UNKNOWN', 2)).toBe(1000);
  });

  it('reads a bad iteration as 1 (NaN, 0, negative, -Infinity) and floors fractions', () => {
    for (const n of [NaN, 0, -3, -Infinity, 0.5]) expect(computeDelay(DEFAULT_POLICY, 'NETWORK', n)).toBe(5000);
    expect(computeDelay(DEFAULT_POLICY, 'NETWORK', 2.9)).toBe(10_000);
  });

  it('waits for a retry-after hint when it is larger, rounding it up', () => {
    expect(computeDelay(DEFAULT_POLICY, 'RATE_LIMIT_TIMED', 1, { retryAfterMs: 6000 })).toBe(6000);
    expect(computeDelay(DEFAULT_POLICY, 'RATE_LIMIT_TIMED', 1, { retryAfterMs: 6000.2 })).toBe(6001);
    expect(computeDelay(DEFAULT_POLICY, 'RATE_LIMIT_TIMED', 3, { retryAfterMs: 6000 })).toBe(20_000);
    // Even where the policy does not wait at all.
    expect(computeDelay(DEFAULT_POLICY, 'HEARTBEAT_TIMEOUT', 1, { retryAfterMs: 2500 })).toBe(2500);
  });

  it('caps a retry-after hint at maxDelayMs', () => {
    expect(computeDelay(DEFAULT_POLICY, 'RATE_LIMIT_TIMED', 1, { retryAfterMs: 3_600_000 })).toBe(300_000);
    expect(computeDelay(DEFAULT_POLICY, 'RATE_LIMIT_TIMED', 1, { retryAfterMs: Infinity })).toBe(300_000);
    const tight = resolvePolicy({ maxDelayMs: 7000 });
    expect(computeDelay(tight, 'RATE_LIMIT', 3)).toBe(7000);
    expect(computeDelay(tight, 'RATE_LIMIT', 1, { retryAfterMs: 60_000 })).toBe(7000);
  });

  it('ignores a NaN or negative retry-after', () => {
    expect(computeDelay(DEFAULT_POLICY, 'RATE_LIMIT', 1, { retryAfterMs: NaN })).toBe(5000);
    expect(computeDelay(DEFAULT_POLICY, 'RATE_LIMIT', 1, { retryAfterMs: -1 })).toBe(5000);
  });

  it('applies jitter with an injected random source', () => {
    const at = (jitter: Jitter, r: number, n = 2, previousDelayMs?: number) =>
      computeDelay(exponential({ initialMs: 1000, factor: 2, maxMs: 10000, jitter }), 'UNKNOWN', n, { random: () => r, previousDelayMs });
    expect(at('none', 0.5)).toBe(2000);
    expect(at('full', 0)).toBe(0);
    expect(at('full', 0.5)).toBe(1000);
    expect(at('equal', 0)).toBe(1000);
    expect(at('equal', 0.999)).toBe(1999);
    // decorrelated: between initialMs and previous × 3 (previous defaults to the un-jittered delay of iteration n−1).
    expect(at('decorrelated', 0, 2)).toBe(1000);
    expect(at('decorrelated', 1, 2)).toBe(3000);
    expect(at('decorrelated', 1, 1)).toBe(3000);
    expect(at('decorrelated', 1, 2, 2500)).toBe(7500);
    expect(at('decorrelated', 1, 2, 9000)).toBe(10000);
  });

  it('clamps a random source that leaves [0, 1]', () => {
    const policy = exponential({ initialMs: 1000, factor: 2, maxMs: 10000, jitter: 'full' });
    expect(computeDelay(policy, 'UNKNOWN', 1, { random: () => 7 })).toBe(1000);
    expect(computeDelay(policy, 'UNKNOWN', 1, { random: () => -1 })).toBe(0);
    expect(computeDelay(policy, 'UNKNOWN', 1, { random: () => NaN })).toBe(0);
  });

  it('does not draw a random number when there is no jitter', () => {
    let calls = 0;
    computeDelay(DEFAULT_POLICY, 'RATE_LIMIT', 2, { random: () => (calls++, 0.5) });
    expect(calls).toBe(0);
  });

  it('survives a corrupt hand-built policy (e.g. an edited checkpoint) without NaN', () => {
    const corrupt = JSON.parse(JSON.stringify(DEFAULT_POLICY)) as ResolvedPolicy;
    corrupt.maxDelayMs = NaN;
    corrupt.types.RATE_LIMIT.backoff = { initialMs: NaN, factor: Infinity, maxMs: -5, jitter: 'equal' };
    corrupt.types.NETWORK.backoff = { initialMs: 100, factor: NaN, maxMs: 1000, jitter: 'decorrelated' };
    corrupt.types.BROKEN_BUILD.delaysMs = [NaN, Infinity, -1];
    for (const type of ['RATE_LIMIT', 'NETWORK', 'BROKEN_BUILD'] as const) {
      for (const n of [1, 2, 3, 4]) {
        const d = computeDelay(corrupt, type, n);
        expect(Number.isInteger(d) && d >= 0 && d <= 300_000, `${type} ${n}: ${d}`).toBe(true);
      }
    }
    expect(computeDelay(corrupt, 'BROKEN_BUILD', 2)).toBe(300_000);
  });

  it('falls back to the defaults for a type missing from an older policy, and rejects a non-type', () => {
    const old = JSON.parse(JSON.stringify(DEFAULT_POLICY)) as ResolvedPolicy;
    delete (old.types as Partial<ResolvedPolicy['types']>).NETWORK;
    expect(computeDelay(old, 'NETWORK', 1)).toBe(5000);
    expect(() => computeDelay(DEFAULT_POLICY, 'NOPE' as FailureType, 1)).toThrow(RangeError);
  });
});

describe('computeDelay: properties', () => {
  it('is a finite integer in [0, maxDelayMs] for any valid config and any inputs', () => {
    fc.assert(
      fc.property(configArb, typeArb, anyNumber, fc.option(anyNumber, { nil: undefined }), fc.option(anyNumber, { nil: undefined }), anyNumber,
        (config, type, iteration, retryAfterMs, previousDelayMs, r) => {
          const policy = resolvePolicy(config);
          const d = computeDelay(policy, type, iteration, { retryAfterMs, previousDelayMs, random: () => r });
          return Number.isInteger(d) && d >= 0 && d <= policy.maxDelayMs;
        }),
      RUNS,
    );
  });

  it('is non-decreasing in the iteration for exponential backoff without jitter', () => {
    fc.assert(
      fc.property(backoffArb, fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 }), (backoff, a, b) => {
        const policy = exponential({ ...backoff, jitter: 'none' }, 2_147_483_647);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return computeDelay(policy, 'UNKNOWN', lo) <= computeDelay(policy, 'UNKNOWN', hi);
      }),
      RUNS,
    );
  });

  it('keeps jitter within its bounds', () => {
    fc.assert(
      fc.property(backoffArb, fc.integer({ min: 1, max: 200 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: undefined }),
        (backoff, n, r, previousDelayMs) => {
          const plain = computeDelay(exponential({ ...backoff, jitter: 'none' }, 2_147_483_647), 'UNKNOWN', n);
          const d = computeDelay(exponential(backoff, 2_147_483_647), 'UNKNOWN', n, { random: () => r, previousDelayMs });
          switch (backoff.jitter) {
            case 'none': return d === plain;
            case 'full': return d >= 0 && d <= plain;
            case 'equal': return d >= Math.floor(plain / 2) && d <= plain;
            case 'decorrelated': return d >= Math.floor(Math.min(backoff.initialMs, backoff.maxMs)) && d <= backoff.maxMs;
          }
        }),
      RUNS,
    );
  });

  it('is reproducible: the same jitterSeed gives the same delays without an explicit random', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom<Jitter>('full', 'equal', 'decorrelated'), (seed, jitter) => {
        const make = () => resolvePolicy({ jitterSeed: seed, categories: { transient: { backoff: { jitter } } } });
        const a = [1, 2, 3, 4, 5].map((n) => computeDelay(make(), 'NETWORK', n));
        const b = [1, 2, 3, 4, 5].map((n) => computeDelay(make(), 'NETWORK', n));
        return a.join() === b.join();
      }),
      { numRuns: 200 },
    );
  });

  it('property: a jitterSeed option jitters as a policy with that seed does (the recovery machine keeps a run\'s seed beside its shared policy)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.constantFrom<Jitter>('full', 'equal', 'decorrelated'), fc.integer({ min: 1, max: 8 }), (seed, other, jitter, n) => {
        const categories = { transient: { backoff: { jitter } } };
        const seeded = resolvePolicy({ jitterSeed: seed, categories });
        const shared = resolvePolicy({ jitterSeed: other, categories });
        expect(computeDelay(shared, 'NETWORK', n, { jitterSeed: seed, previousDelayMs: 700 })).toBe(computeDelay(seeded, 'NETWORK', n, { previousDelayMs: 700 }));
      }),
      { numRuns: 200 },
    );
  });

  it('gives different jitter for different seeds', () => {
    const delays = (seed: number) => {
      const policy = resolvePolicy({ jitterSeed: seed, categories: { transient: { backoff: { jitter: 'full' } } } });
      return [1, 2, 3].map((n) => computeDelay(policy, 'NETWORK', n)).join();
    };
    expect(new Set([0, 1, 2, 3, 4, 5, 6, 7].map(delays)).size).toBe(8);
  });

  it('waits at least the retry-after hint, up to the cap, and otherwise the policy delay', () => {
    fc.assert(
      fc.property(configArb, typeArb, fc.integer({ min: 1, max: 10 }), fc.double({ min: 0, max: 1e10, noNaN: true }), (config, type, n, retryAfterMs) => {
        const policy = resolvePolicy(config);
        const random = createRandom(7);
        const without = computeDelay(policy, type, n, { random });
        const withHint = computeDelay(policy, type, n, { random: createRandom(7), retryAfterMs });
        return withHint === Math.min(Math.max(without, Math.ceil(retryAfterMs)), policy.maxDelayMs);
      }),
      RUNS,
    );
  });
});
