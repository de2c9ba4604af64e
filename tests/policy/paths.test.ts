import { describe, expect, it } from 'vitest';
import { closest, hint, joinIndex, joinKey } from '../../src/policy/paths.js';

describe('paths', () => {
  it('joins identifiers with dots and anything else with brackets', () => {
    expect(joinKey('', 'budget')).toBe('budget');
    expect(joinKey('categories', 'transient')).toBe('categories.transient');
    expect(joinKey('types', 'my type')).toBe('types["my type"]');
    expect(joinKey('', '')).toBe('[""]');
    expect(joinKey('a', 'b.c')).toBe('a["b.c"]');
    expect(joinIndex('delaysMs', 2)).toBe('delaysMs[2]');
  });

  it('suggests a close name, ignoring case, and nothing for a far one', () => {
    expect(closest('delayMs', ['budget', 'delaysMs'])).toBe('delaysMs');
    expect(closest('rate_limit', ['RATE_LIMIT', 'TIMEOUT'])).toBe('RATE_LIMIT');
    expect(closest('xyz', ['budget', 'delaysMs'])).toBeUndefined();
    expect(closest('x'.repeat(100), ['x'.repeat(99)])).toBeUndefined();
  });

  it('hints with a guess, a list, or nothing', () => {
    expect(hint('budgte', ['budget'])).toBe(' (did you mean budget?)');
    expect(hint('zzz', ['a', 'b'])).toBe(' (one of a, b)');
    expect(hint('zzz', ['a', 'b'], false)).toBe('');
  });
});
