/** A run's policy: resolved once per config, served again by comparing the same object, re-resolved when it changed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PolicyError, resolvePolicy } from '../../src/policy/index.js';
import type { PolicyConfig } from '../../src/policy/types.js';
import { jsonKey, runPolicy, sameJson } from '../../src/runtime/run-policy.js';
import { recoveryInput } from '../../src/runtime/recovery.js';

/** Order-free JSON text: the oracle for "reads as the same value". */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** JSON values jsonKey accepts (no -0, which it refuses), shallow enough for its depth bound. */
const json = fc.jsonValue({ maxDepth: 4 }).filter((v) => jsonKey(v) !== undefined);

describe('sameJson', () => {
  it('property: a value reads as the copy of another exactly when they are equal, key order aside', () => {
    fc.assert(fc.property(json, json, (a, b) => {
      const snapshot = JSON.parse(jsonKey(b)!) as unknown;
      expect(sameJson(a, snapshot)).toBe(canonical(a) === canonical(b));
      expect(sameJson(a, JSON.parse(jsonKey(a)!))).toBe(true);
    }));
  });

  it('property: any one changed leaf, added or removed key is seen', () => {
    fc.assert(fc.property(fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { minKeys: 1 }), fc.nat(), (record, pick) => {
      const snapshot = JSON.parse(jsonKey(record)!) as Record<string, number>;
      const key = Object.keys(record)[pick % Object.keys(record).length]!;
      expect(sameJson({ ...record, [key]: record[key]! + 1 }, snapshot)).toBe(false);
      const { [key]: _gone, ...fewer } = record;
      expect(sameJson(fewer, snapshot)).toBe(false);
      // Setting `${key}+` to 0 adds a key, or changes that key's value unless it already held 0.
      expect(sameJson({ ...record, [`${key}+`]: 0 }, snapshot)).toBe(record[`${key}+`] === 0);
    }));
  });

  it('tells -0 from 0, a hole from a value, a class instance from a plain object', () => {
    expect(sameJson({ a: -0 }, { a: 0 })).toBe(false);
    // eslint-disable-next-line no-sparse-arrays
    expect(sameJson([1, , 3], [1, null, 3])).toBe(false);
    expect(sameJson(new (class { a = 1 })(), { a: 1 })).toBe(false);
    expect(sameJson(Object.defineProperty({ a: 1 }, 'b', { value: 2, enumerable: false }), { a: 1, b: 2 })).toBe(false);
  });

  it('skips a root jitterSeed of undefined or null when asked (filled in per run), and only at the root', () => {
    expect(sameJson({ budget: 2, jitterSeed: undefined }, { budget: 2 }, 0, true)).toBe(true);
    expect(sameJson({ budget: 2, jitterSeed: null }, { budget: 2 }, 0, true)).toBe(true);
    expect(sameJson({ budget: 2, jitterSeed: undefined }, { budget: 2 })).toBe(false);
    expect(sameJson({ a: { jitterSeed: null } }, { a: {} }, 0, true)).toBe(false);
  });
});

describe('runPolicy', () => {
  it('property: equals resolvePolicy of the config (a seed of undefined or null left out), however the same config object is changed between runs', () => {
    const delays = fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 3 });
    const edit = fc.oneof(
      delays.map((d) => (c: Record<string, any>) => { c.categories.transient.delaysMs = d; }),
      delays.map((d) => (c: Record<string, any>) => { c.categories.transient.delaysMs.push(d[0]); }),
      fc.integer({ min: 0, max: 9 }).map((n) => (c: Record<string, any>) => { c.budget = n; }),
      fc.constant((c: Record<string, any>) => { delete c.budget; }),
      fc.boolean().map((b) => (c: Record<string, any>) => { c.flakeProbe = b; }),
      fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer()).map((s) => (c: Record<string, any>) => { c.jitterSeed = s; }),
      fc.constant(() => undefined),
    );
    fc.assert(fc.property(fc.array(edit), (steps) => {
      const config: Record<string, any> = { flakeProbe: false, categories: { transient: { delaysMs: [0] } } };
      for (const change of steps) {
        change(config);
        const { jitterSeed, ...rest } = structuredClone(config);
        const expected = resolvePolicy(jitterSeed === undefined || jitterSeed === null ? rest : { ...rest, jitterSeed });
        // Twice: the second is served from the comparison with the first one's copy.
        for (let i = 0; i < 2; i++) expect(runPolicy(config as PolicyConfig)).toEqual(expected);
      }
    }));
  });

  it('a config made invalid after it was cached throws, naming the field', () => {
    const config: Record<string, any> = { categories: { transient: { delaysMs: [0] } } };
    runPolicy(config as PolicyConfig);
    runPolicy(config as PolicyConfig);
    config.categories.transient.delaysMs[0] = -5;
    expect(() => runPolicy(config as PolicyConfig)).toThrow(PolicyError);
    expect(() => runPolicy(config as PolicyConfig)).toThrow(/categories\.transient\.delaysMs/);
  });

  it('a getter is read as it reads now, never served from an older copy', () => {
    let budget = 2;
    const config = { get budget() { return budget; } } as unknown as PolicyConfig;
    expect(runPolicy(config).budget).toBe(2);
    budget = 4;
    expect(runPolicy(config).budget).toBe(4);
  });

  it('runs of equal configs share one policy object; each run has its own jitter seed beside it', () => {
    const config = { budget: 3, categories: { transient: { backoff: { jitter: 'full' as const } } } };
    const a = recoveryInput({ runId: 'run-a', policy: config });
    const b = recoveryInput({ runId: 'run-b', policy: structuredClone(config) });
    expect(b.policy).toBe(a.policy);
    expect(Object.isFrozen(a.policy)).toBe(true);
    // Seeded from the run id, so two runs of one policy do not retry in lockstep.
    expect(a.jitterSeed).not.toBe(b.jitterSeed);
    expect(recoveryInput({ runId: 'run-a', policy: config }).jitterSeed).toBe(a.jitterSeed);
    // A seed the config sets is every run's seed, and the policy's.
    const seeded = [recoveryInput({ runId: 'run-a', policy: { ...config, jitterSeed: 7 } }), recoveryInput({ runId: 'run-b', policy: { ...config, jitterSeed: 7 } })];
    expect(seeded.map((input) => [input.jitterSeed, input.policy.jitterSeed])).toEqual([[7, 7], [7, 7]]);
    expect(seeded[1]!.policy).toBe(seeded[0]!.policy);
  });
});
