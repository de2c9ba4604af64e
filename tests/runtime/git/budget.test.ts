import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseWithinBudget, DEFAULT_MAX_IGNORED_BYTES, DEFAULT_SKIPPED_IGNORED, describeUnprotected, formatBytes, onSkipList, parseByteSize } from '../../../src/runtime/git/budget.js';
import { gitRollbackSettings } from '../../../src/runtime/git/settings.js';

describe('chooseWithinBudget', () => {
  const entries = fc.array(fc.record({ path: fc.string({ minLength: 1, maxLength: 8 }), bytes: fc.nat(10_000) }), { maxLength: 30 });

  it('keeps at most the budget, smallest first, and names every entry it leaves out', () => {
    fc.assert(fc.property(entries, fc.nat(50_000), (input, max) => {
      const { kept, left } = chooseWithinBudget(input, { maxIgnoredBytes: max });
      const used = kept.reduce((sum, e) => sum + e.bytes, 0);
      expect(used).toBeLessThanOrEqual(max);
      expect(kept.length + left.length).toBe(input.length);
      expect(left.every((e) => e.reason === 'budget' && e.bytes !== null)).toBe(true);
      if (left.length > 0) {
        const smallestLeft = Math.min(...left.map((e) => e.bytes!));
        expect(used + smallestLeft).toBeGreaterThan(max); // nothing left out would have fitted
        expect(Math.max(0, ...kept.map((e) => e.bytes))).toBeLessThanOrEqual(smallestLeft);
      }
    }));
  });

  it('records nothing ignored with a budget of 0, except empty entries', () => {
    expect(chooseWithinBudget([{ path: 'a', bytes: 1 }, { path: 'b/', bytes: 0 }], { maxIgnoredBytes: 0 })).toEqual({
      kept: [{ path: 'b/', bytes: 0 }], left: [{ path: 'a', reason: 'budget', bytes: 1 }],
    });
  });

  it('keeps up to DEFAULT_MAX_IGNORED_BYTES when the budget names no size (the settings apply the default)', () => {
    const defaults = gitRollbackSettings('/repo');
    const entries = [{ path: 'fits', bytes: DEFAULT_MAX_IGNORED_BYTES }, { path: 'one-more', bytes: 1 }];
    expect(chooseWithinBudget(entries, defaults)).toEqual({
      kept: [{ path: 'one-more', bytes: 1 }], left: [{ path: 'fits', reason: 'budget', bytes: DEFAULT_MAX_IGNORED_BYTES }],
    });
    expect(chooseWithinBudget(entries.slice(0, 1), defaults).left).toEqual([]);
  });
});

describe('the skip list and the words of the report', () => {
  it.each([
    ['node_modules/', true], ['packages/app/node_modules/', true], ['node_modules', true],
    ['node_modules.txt', false], ['build/', false], ['src/.venv/', true],
  ])('onSkipList(%s) is %s with the default names', (path, expected) => {
    expect(onSkipList(path, { skipIgnored: ['node_modules', '.venv'] })).toBe(expected);
    expect(onSkipList(path, gitRollbackSettings('/repo'))).toBe(expected);
  });

  it('skips only the names given when the budget lists its own (none with an empty list)', () => {
    expect(onSkipList('dist/', { skipIgnored: ['dist'] })).toBe(true);
    expect(onSkipList('node_modules/', { skipIgnored: ['dist'] })).toBe(false);
    expect(onSkipList('node_modules/', { skipIgnored: [] })).toBe(false);
    expect(DEFAULT_SKIPPED_IGNORED).toContain('node_modules');
  });

  it.each([[0, '0 B'], [999, '999 B'], [1000, '1.0 kB'], [2048, '2.0 kB'], [52_428_800, '52.4 MB'], [3e12, '3.0 TB']])('formatBytes(%d) is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('names each unprotected entry with its reason', () => {
    expect(describeUnprotected([{ path: 'node_modules/', reason: 'skip-list', bytes: null }, { path: 'big/', reason: 'budget', bytes: 2048 }]))
      .toBe('node_modules/ (skip list), big/ (over budget, 2.0 kB)');
  });
});

describe('parseByteSize', () => {
  it.each([
    ['0', 0], ['512', 512], ['500kB', 500_000], ['100MB', 100_000_000], ['100 MB', 100_000_000], ['1.5GB', 1_500_000_000],
    ['100MiB', 104_857_600], ['2k', 2000], ['7b', 7],
  ])('%s is %d bytes', (text, bytes) => {
    expect(parseByteSize(text)).toBe(bytes);
  });
  it.each(['', 'MB', '-1MB', '10 parsecs', '1e6'])('%s is not a size', (text) => {
    expect(parseByteSize(text)).toBeNull();
  });
});
