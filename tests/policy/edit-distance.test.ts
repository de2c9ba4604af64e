/**
 * The "did you mean" distance (issue #32 item 7): optimal string alignment, so a swap of two
 * adjacent letters is one edit. A table of the typos people make against the CLI's own verbs
 * and options, and properties of the distance for any strings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/policy/edit-distance.js';
import { closest } from '../../src/policy/paths.js';

const VERBS = ['run', 'list', 'prune', 'status', 'history', 'report', 'repair', 'restore', 'resume', 'decide', 'submit', 'worker', 'wait', 'stats', 'fixes', 'ui'];
const OPTIONS = ['config', 'json', 'store', 'limit', 'status', 'timeout', 'on-flaky', 'reuse-fixes', 'dry-run', 'format'];

describe('editDistance: each edit costs one, a swap of neighbours included', () => {
  it.each([
    ['', '', 0],
    ['list', 'list', 0],
    ['lsit', 'list', 1], // swap
    ['prnue', 'prune', 1], // swap
    ['ab', 'ba', 1], // swap
    ['lst', 'list', 1], // deletion
    ['lisst', 'list', 1], // insertion
    ['lisk', 'list', 1], // substitution
    ['abc', 'ca', 3], // OSA, not unrestricted Damerau (2): a swapped pair is not edited again
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['List', 'list', 1], // case-sensitive; callers fold case
  ])('%j → %j is %i', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
    expect(editDistance(b, a)).toBe(expected);
  });

  it('stops at the limit, returning limit + 1', () => {
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 1)).toBe(2);
    expect(editDistance('lsit', 'list', 1)).toBe(1);
  });
});

describe('closest: verbs and options misspelt as people misspell them', () => {
  it.each([
    ['lsit', VERBS, 'list'],
    ['prnue', VERBS, 'prune'],
    ['sattus', VERBS, 'status'],
    ['hsitory', VERBS, 'history'],
    ['rn', VERBS, 'run'],
    ['lst', VERBS, 'list'],
    ['wiat', VERBS, 'wait'],
    ['LIST', VERBS, 'list'],
    ['xyzzy', VERBS, undefined],
    ['cofnig', OPTIONS, 'config'],
    ['jsno', OPTIONS, 'json'],
    ['lmiit', OPTIONS, 'limit'],
    ['dyr-run', OPTIONS, 'dry-run'],
    ['on-falky', OPTIONS, 'on-flaky'],
    ['timeuot', OPTIONS, 'timeout'],
    ['colour', OPTIONS, undefined],
  ] as const)('%s → %s', (typo, known, expected) => {
    expect(closest(typo, known)).toBe(expected);
  });
});

describe('editDistance properties', () => {
  const word = fc.string({ maxLength: 12 });
  const RUNS = { numRuns: 500 };

  it('is symmetric', () => {
    fc.assert(fc.property(word, word, (a, b) => editDistance(a, b) === editDistance(b, a)), RUNS);
  });

  it('is 0 exactly when the strings are equal', () => {
    fc.assert(fc.property(word, word, (a, b) => (editDistance(a, b) === 0) === (a === b)), RUNS);
  });

  it('costs 1 for swapping two different adjacent characters', () => {
    const swapped = fc
      .tuple(fc.string({ minLength: 2, maxLength: 12 }), fc.nat())
      .map(([s, n]) => {
        const i = n % (s.length - 1);
        return { s, t: s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2) };
      })
      .filter(({ s, t }) => s !== t);
    fc.assert(fc.property(swapped, ({ s, t }) => editDistance(s, t) === 1), RUNS);
  });

  it('is at most plain Levenshtein and at least the difference in length', () => {
    const levenshtein = (a: string, b: string): number => {
      let row = Array.from({ length: b.length + 1 }, (_, j) => j);
      for (let i = 1; i <= a.length; i++) {
        const next = [i];
        for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
        row = next;
      }
      return row[b.length]!;
    };
    fc.assert(fc.property(word, word, (a, b) => {
      const d = editDistance(a, b);
      return d <= levenshtein(a, b) && d >= Math.abs(a.length - b.length);
    }), RUNS);
  });

  it('with a limit, agrees with the full distance capped at limit + 1', () => {
    fc.assert(fc.property(word, word, fc.nat({ max: 6 }), (a, b, limit) => editDistance(a, b, limit) === Math.min(editDistance(a, b), limit + 1)), RUNS);
  });
});
