import { describe, expect, test } from 'vitest';
import { detectCircularFix, detectRepeatedFix, jaccard, keywords, normaliseFix } from '../../src/classify/index.js';

describe('detectCircularFix (seed 001)', () => {
  test("seed 001's example is circular", () => {
    const result = detectCircularFix(['Using async await for fetch', 'Using async/await with try-catch'], 'Using async await pattern');
    expect(result.circular).toBe(true);
    expect(result.similarities).toEqual([0.5, 0.4]);
  });

  test('keywords: lower-cased words minus the stop words', () => {
    expect([...keywords('Trying to use the Async/Await pattern, with a retry')]).toEqual(['use', 'async', 'await', 'pattern', 'retry']);
  });

  test('only the last 3 approaches are compared', () => {
    const result = detectCircularFix(['cache the token', 'cache the token', 'switch library', 'rewrite parser', 'add logging'], 'cache the token');
    expect(result.similarities).toHaveLength(3);
    expect(result.circular).toBe(false);
  });

  test('similar means strictly above 0.3', () => {
    // {a b c} vs {a d e}: 1/5 = 0.2; {a b} vs {a c d}: 1/4 = 0.25 — never similar.
    expect(detectCircularFix(['alpha delta echo', 'alpha charlie delta'], 'alpha bravo charlie').circular).toBe(false);
    // exactly 0.3 is not above it
    expect(detectCircularFix(['a1 a2 a3 x1 x2 x3 x4', 'a1 a2 a3 y1 y2 y3 y4'], 'a1 a2 a3 z1 z2 z3 z4 z5 z6 z7').similarities.every((s) => s <= 0.3)).toBe(true);
  });

  test('needs at least 2 previous approaches and 2 similar ones', () => {
    expect(detectCircularFix([], 'anything').circular).toBe(false);
    expect(detectCircularFix(['add null check'], 'add null check').circular).toBe(false);
    expect(detectCircularFix(['add null check', 'add a null check'], 'add the null check').circular).toBe(true);
  });

  test('options change window, threshold and count', () => {
    expect(detectCircularFix(['x b', 'x c', 'x d'], 'x e', { threshold: 0.1, minSimilar: 3 }).circular).toBe(true);
    expect(detectCircularFix(['x b', 'x c', 'x d'], 'x e', { window: 1, threshold: 0.1, minSimilar: 1 }).similarities).toHaveLength(1);
  });
});

describe('jaccard', () => {
  test('basic values', () => {
    expect(jaccard(['a', 'b'], ['a', 'b'])).toBe(1);
    expect(jaccard(['a'], ['b'])).toBe(0);
    expect(jaccard(new Set(['a', 'b', 'c']), new Set(['b', 'c', 'd']))).toBe(0.5);
    expect(jaccard([], [])).toBe(0);
  });
});

describe('detectRepeatedFix (UC-AP-004 Exc-4)', () => {
  test('the same fix again, after normalisation', () => {
    expect(detectRepeatedFix(['Add null check before accessing payload.exp'], 'add  null check before accessing payload.exp.')).toEqual({ repeated: true, matchIndex: 0 });
  });

  test('A, B, A is caught (ANY earlier fix, not only the last)', () => {
    expect(detectRepeatedFix(['Add null check', 'Change time comparison'], 'Add null check')).toEqual({ repeated: true, matchIndex: 0 });
  });

  test('different fixes are not repeats; a blank fix never repeats', () => {
    expect(detectRepeatedFix(['Add null check'], 'Use jwt.verify()')).toEqual({ repeated: false, matchIndex: null });
    expect(detectRepeatedFix(['', '  '], ' ')).toEqual({ repeated: false, matchIndex: null });
  });

  test('normaliseFix', () => {
    expect(normaliseFix('  Add NULL\tcheck!?  ')).toBe('add null check');
    expect(normaliseFix('.'.repeat(100_000))).toBe('');
  });
});
