/** The quarantine's config check and verdict (src/policy/quarantine.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PolicyError } from '../../src/policy/errors.js';
import { quarantineList, quarantineOf, quarantineVerdict } from '../../src/policy/quarantine.js';

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

describe('quarantineOf', () => {
  const flaky = [{ test: 'a', flips: 5, runs: 9 }, { test: 'c', flips: 2, runs: 4 }, { test: 'd', flips: 3, runs: 3 }];
  it.each([
    { name: 'no list, no flips: empty', listed: [], configFile: null, flips: null, want: [] },
    { name: 'listed, with its file', listed: ['b'], configFile: '/x/recovery.config.json', flips: null, want: [['b', "listed in the config's quarantine (/x/recovery.config.json)"]] },
    { name: 'listed, defaults (no file)', listed: ['b'], configFile: null, flips: null, want: [['b', "listed in the config's quarantine"]] },
    { name: 'flips: the memory is not read without --quarantine-flaky', listed: [], configFile: null, flips: null, want: [] },
    {
      name: 'flipped N times or more, in the memory\'s order', listed: [], configFile: null, flips: 3,
      want: [['a', 'flipped 5 times in the last 9 runs of this command (--quarantine-flaky 3)'], ['d', 'flipped 3 times in the last 3 runs of this command (--quarantine-flaky 3)']],
    },
    {
      name: 'listed and flipped: the config\'s why, listed first', listed: ['d'], configFile: null, flips: 2,
      want: [['d', "listed in the config's quarantine"], ['a', 'flipped 5 times in the last 9 runs of this command (--quarantine-flaky 2)'], ['c', 'flipped 2 times in the last 4 runs of this command (--quarantine-flaky 2)']],
    },
  ] as const)('$name', ({ listed, configFile, flips, want }) => {
    expect([...quarantineOf({ listed, configFile, flips }, flaky)]).toEqual(want);
  });

  it('holds every listed test, and a flaky test exactly when it is listed or flipped enough', () => {
    const ids: string[] = ['a', 'b', 'c', 'd', 'e'];
    const id = fc.constantFrom(...ids);
    fc.assert(fc.property(
      fc.array(id), fc.option(fc.nat(6), { nil: null }), fc.array(fc.record({ test: id, flips: fc.nat(8), runs: fc.nat(10) })),
      (listed, flips, seen) => {
        const quarantine = quarantineOf({ listed, configFile: null, flips }, seen);
        for (const test of listed) expect(quarantine.get(test)).toBe("listed in the config's quarantine");
        for (const test of ids) {
          const flipped = flips !== null && seen.some((s) => s.test === test && s.flips >= flips);
          expect(quarantine.has(test)).toBe(listed.includes(test) || flipped);
        }
      },
    ));
  });
});
