import { describe, expect, it } from 'vitest';
import type { FailureType } from '../../src/taxonomy/index.js';
import { budgetFor, DEFAULT_POLICY, policyFor, refreshContextAt, resolvePolicy, type ResolvedPolicy } from '../../src/policy/index.js';

describe('policyFor / budgetFor', () => {
  it('reads a type from the policy', () => {
    const policy = resolvePolicy({ types: { NETWORK: { budget: 7 } } });
    expect(policyFor(policy, 'NETWORK').budget).toBe(7);
    expect(budgetFor(policy, 'NETWORK')).toBe(7);
    expect(budgetFor(DEFAULT_POLICY, 'UNKNOWN')).toBe(1);
    expect(budgetFor(DEFAULT_POLICY, 'SECURITY_VIOLATION')).toBe(0);
  });

  it('gives a type missing from an older checkpoint its defaults', () => {
    const old = JSON.parse(JSON.stringify(DEFAULT_POLICY)) as ResolvedPolicy;
    delete (old.types as Partial<ResolvedPolicy['types']>).PROGRESS_STALL;
    expect(policyFor(old, 'PROGRESS_STALL')).toEqual(DEFAULT_POLICY.types.PROGRESS_STALL);
  });

  it('throws a RangeError for a name that is not a failure type', () => {
    expect(() => policyFor(DEFAULT_POLICY, 'FOO' as FailureType)).toThrow(new RangeError('FOO is not a failure type'));
    expect(() => budgetFor(DEFAULT_POLICY, '__proto__' as FailureType)).toThrow(RangeError);
  });
});

describe('refreshContextAt', () => {
  it('refreshes PROGRESS_STALL from the first retry and nothing else by default', () => {
    expect([1, 2].map((n) => refreshContextAt(DEFAULT_POLICY, 'PROGRESS_STALL', n))).toEqual([true, true]);
    expect([1, 2, 3, 10].map((n) => refreshContextAt(DEFAULT_POLICY, 'NETWORK', n))).toEqual([false, false, false, false]);
  });

  it('follows seed 004: a fresh context from the 3rd retry', () => {
    const policy = resolvePolicy({ categories: { transient: { contextRefreshFrom: 3 } } });
    expect([1, 2, 3, 4, Infinity].map((n) => refreshContextAt(policy, 'SERVER_ERROR', n))).toEqual([false, false, true, true, true]);
    // A bad iteration counts as the first.
    expect(refreshContextAt(policy, 'SERVER_ERROR', NaN)).toBe(false);
  });
});
