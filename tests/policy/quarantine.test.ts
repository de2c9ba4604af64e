/** The quarantine's config check and verdict (src/policy/quarantine.ts). */
import { describe, expect, it } from 'vitest';
import { PolicyError } from '../../src/policy/errors.js';
import { quarantineList, quarantineVerdict } from '../../src/policy/quarantine.js';

const quarantine = new Map([['a', 'listed in the config'], ['b', 'flipped 3 times']]);

describe('quarantineList', () => {
  it('takes an array of test ids; none when absent', () => {
    expect(quarantineList(undefined)).toEqual([]);
    expect(quarantineList(['x > y', 'z'])).toEqual(['x > y', 'z']);
  });

  it('names every bad field', () => {
    expect(() => quarantineList('a')).toThrow('quarantine must be an array of test ids');
    const error = (() => {
      try {
        quarantineList(['ok', '', 3]);
      } catch (e) {
        return e as PolicyError;
      }
    })()!;
    expect(error).toBeInstanceOf(PolicyError);
    expect(error.issues.map((i) => i.path)).toEqual(['quarantine[1]', 'quarantine[2]']);
  });
});

describe('quarantineVerdict', () => {
  it('passes when every failure is named and quarantined, saying why', () => {
    expect(quarantineVerdict({ failed: 2, failing: ['a', 'b'] }, quarantine)).toEqual({
      pass: true, quarantined: [{ test: 'a', why: 'listed in the config' }, { test: 'b', why: 'flipped 3 times' }], others: [],
    });
  });

  it('fails with any other failure, named or not, and with no test named', () => {
    expect(quarantineVerdict({ failed: 2, failing: ['a', 'c'] }, quarantine)).toMatchObject({ pass: false, others: ['c'] });
    // The runner counted two failures and named one: the other may be any test.
    expect(quarantineVerdict({ failed: 2, failing: ['a'] }, quarantine)).toMatchObject({ pass: false, others: [] });
    expect(quarantineVerdict({ failed: 0, failing: [] }, quarantine).pass).toBe(false);
  });
});
