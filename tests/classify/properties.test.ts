import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify, detectCircularFix, detectRepeatedFix, jaccard, keywords, normaliseFix, type Classification } from '../../src/classify/index.js';
import { FAILURE_TYPES, isFailureType } from '../../src/taxonomy/index.js';

function wellFormed(result: Classification): void {
  expect(isFailureType(result.type)).toBe(true);
  const info = FAILURE_TYPES[result.type];
  expect(result).toMatchObject({ category: info.category, severity: info.severity, action: info.action });
  expect(result.confidence).toBeGreaterThanOrEqual(0);
  expect(result.confidence).toBeLessThanOrEqual(1);
  if (result.retryAfterMs !== undefined) expect(Number.isSafeInteger(result.retryAfterMs) && result.retryAfterMs >= 0).toBe(true);
  expect(result.evidence.length).toBeGreaterThan(0);
  for (const e of result.evidence) expect(e.match.length).toBeLessThanOrEqual(200);
}

/** Observations with the right field names and anything in them. */
const observation = fc.record(
  {
    error: fc.anything(), message: fc.anything(), exitCode: fc.anything(), signal: fc.anything(), stdout: fc.anything(),
    stderr: fc.anything(), validationErrors: fc.anything(), tests: fc.anything(), status: fc.anything(), headers: fc.anything(),
  },
  { requiredKeys: [] },
);
/** Text made of words the rules know, so properties also cover the matching paths. */
const words = fc.constantFrom('rate', 'limit', 'ECONNREFUSED', 'retry', 'after', 'try', 'again', 'in', '6s', '/etc/shadow', 'EACCES', 'expected', 'SyntaxError', 'quota', '\n', '  ', 'error[E0425]', 'Tests:', 'failed', '*', 'é', '\u0000');
const wordy = fc.array(words, { maxLength: 40 }).map((w) => w.join(' '));

describe('classify is total, deterministic and never throws', () => {
  test('any value at all', () => {
    fc.assert(fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true }), (value) => {
      wellFormed(classify(value));
    }), { numRuns: 500 });
  });

  test('observation-shaped values with anything in their fields', () => {
    fc.assert(fc.property(observation, (value) => wellFormed(classify(value, { now: 0 }))), { numRuns: 500 });
  });

  test('deterministic: the same observation, the same answer', () => {
    fc.assert(fc.property(fc.record({ stderr: wordy, stdout: wordy, message: wordy, exitCode: fc.integer({ min: -1, max: 300 }), status: fc.integer({ min: 100, max: 600 }) }), (value) => {
      const a = classify(value, { now: 0 });
      wellFormed(a);
      expect(classify(structuredClone(value), { now: 0 })).toEqual(a);
    }), { numRuns: 500 });
  });

  test('cyclic objects anywhere', () => {
    fc.assert(fc.property(fc.letrec((tie) => ({ node: fc.record({ message: wordy, cause: fc.option(tie('node'), { maxDepth: 3 }) }) })).node, (node) => {
      const root = node as { cause?: unknown };
      let last: { cause?: unknown } = root;
      while (last.cause) last = last.cause as { cause?: unknown };
      last.cause = root;
      const obs: Record<string, unknown> = { error: root, tests: {} };
      obs.self = obs;
      (obs.tests as Record<string, unknown>).failing = [obs];
      wellFormed(classify(obs));
    }), { numRuns: 200 });
  });

  test('huge strings: 5 MB of text, of one repeated character, of binary', () => {
    const huge = 'a'.repeat(5 * 1024 * 1024);
    wellFormed(classify({ stderr: huge, stdout: huge, message: huge, error: new Error(huge) }));
    wellFormed(classify({ stderr: ' '.repeat(5 * 1024 * 1024) }));
    const binary = String.fromCharCode(...Array.from({ length: 65_536 }, (_, i) => i)).repeat(40);
    wellFormed(classify({ stderr: binary, stdout: binary }));
    expect(classify({ stderr: `${huge}\nError: connect ECONNREFUSED 127.0.0.1:5432` }).type).toBe('NETWORK');
  });
});

describe('similarity', () => {
  const wordSets = fc.array(fc.string({ maxLength: 6 }), { maxLength: 12 });
  test('jaccard is symmetric and in [0, 1]', () => {
    fc.assert(fc.property(wordSets, wordSets, (a, b) => {
      const ab = jaccard(a, b);
      expect(ab).toBe(jaccard(b, a));
      expect(ab).toBeGreaterThanOrEqual(0);
      expect(ab).toBeLessThanOrEqual(1);
      if (a.length > 0) expect(jaccard(a, a)).toBe(1);
    }));
  });

  test('approach similarities are symmetric and in [0, 1]', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => {
      const s = jaccard(keywords(a), keywords(b));
      expect(s).toBe(jaccard(keywords(b), keywords(a)));
      expect(s >= 0 && s <= 1).toBe(true);
    }));
  });

  test('detectCircularFix compares at most the last 3 and is total', () => {
    fc.assert(fc.property(fc.array(fc.string()), fc.string(), (previous, current) => {
      const result = detectCircularFix(previous, current);
      expect(result.similarities).toHaveLength(Math.min(3, previous.length));
      if (previous.length < 2) expect(result.circular).toBe(false);
    }));
  });
});

describe('repeated fix', () => {
  /** The same fix as a person would retype it: other case, other spacing, a trailing full stop. */
  const retyped = (fix: string): string => `  ${fix.toUpperCase().replace(/ /g, '   ')}.`;
  test('A, B, A: any earlier equal fix is caught, and the first one is named', () => {
    const fix = fc.stringMatching(/^[a-z][a-z ]{0,20}[a-z]$/);
    fc.assert(fc.property(fc.array(fix, { minLength: 1, maxLength: 6 }), fc.nat(), (fixes, n) => {
      const i = n % fixes.length;
      const result = detectRepeatedFix(fixes, retyped(fixes[i]!));
      expect(result.repeated).toBe(true);
      expect(result.matchIndex).toBe(fixes.findIndex((f) => normaliseFix(f) === normaliseFix(fixes[i]!)));
      expect(result.matchIndex!).toBeLessThanOrEqual(i);
    }));
  });
});
