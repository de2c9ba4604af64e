/**
 * context.ts's record copies (`withPass`, `withNext`): the same record a spread gives — every
 * field, in the record's own key order, the changed ones replaced — as a new object, the old one
 * untouched (snapshots share it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialContext, withNext, withPass } from '../../../machines/recovery/context.js';
import type { NextAttempt, PassRecord } from '../../../machines/recovery/types.js';
import { resolvePolicy } from '../../../src/policy/index.js';

const start = initialContext({ runId: 'r', task: 't', policy: resolvePolicy(), now: 0 });
const orNull = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const pass: fc.Arbitrary<PassRecord> = fc.record({
  diagnosis: orNull(fc.record({ hypotheses: fc.array(fc.record({ text: fc.string(), confidence: fc.double({ min: 0, max: 1, noNaN: true }) })), confidence: fc.double({ min: 0, max: 1, noNaN: true }), source: fc.constant('built-in' as const) })),
  diagnoseRound: fc.nat(),
  regression: orNull(fc.record({ fixed: fc.array(fc.string()), broken: fc.array(fc.string()) })),
  fixes: fc.array(fc.string()),
  consecutiveFailures: fc.nat(),
  flakeProbed: fc.boolean(),
  afterRollback: fc.constantFrom('adapt' as const, 'retry' as const, 'halt' as const),
  decisionDeadline: orNull(fc.nat()),
});
const next: fc.Arbitrary<NextAttempt> = fc.record({
  approach: orNull(fc.string()), hint: orNull(fc.string()), guidance: orNull(fc.string()), refreshContext: fc.boolean(), timeoutMs: orNull(fc.nat()),
});

/** What a spread of `record` with `changes` gives, with the key order of the record a run starts with. */
const spread = <T extends object>(record: T, changes: Partial<T>, order: T): string => {
  const merged: Record<string, unknown> = { ...record, ...changes };
  return JSON.stringify(Object.fromEntries(Object.keys(order).map((key) => [key, merged[key]])));
};

/** Some of `record`'s fields, with their values: the changes a step could make. */
const someOf = <T extends object>(arb: fc.Arbitrary<T>) =>
  arb.chain((r) => fc.subarray(Object.keys(r)).map((keys) => Object.fromEntries(keys.map((k) => [k, r[k as keyof T]])) as Partial<T>));

/** Each copy, the records it copies, and the record a run starts with (whose key order it keeps). */
const copies = [
  ['withPass', withPass as (r: object, c: object) => object, pass as fc.Arbitrary<object>, start.pass as object],
  ['withNext', withNext as (r: object, c: object) => object, next as fc.Arbitrary<object>, start.next as object],
] as const;

describe('withPass / withNext', () => {
  it.each(copies)('%s gives the spread of the record with the changes: every field, in order, a new object', (_name, copy, records, order) => {
    fc.assert(fc.property(records, someOf(records), (before, changes) => {
      const frozen = Object.freeze({ ...before });
      const after = copy(frozen, changes);
      expect(after).not.toBe(frozen);
      expect(Object.keys(after)).toEqual(Object.keys(order));
      expect(JSON.stringify(after)).toBe(spread(frozen, changes, order));
    }));
  });

  it('a change to null replaces the field; a change left out keeps it', () => {
    const p = withPass(start.pass, { decisionDeadline: 5, regression: { fixed: [], broken: ['a'] } });
    expect(withPass(p, { decisionDeadline: null })).toMatchObject({ decisionDeadline: null, regression: { broken: ['a'] } });
    const n = withNext(start.next, { hint: 'h', timeoutMs: 9 });
    expect(withNext(n, { hint: null })).toEqual({ ...start.next, hint: null, timeoutMs: 9 });
  });
});
