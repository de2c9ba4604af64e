/**
 * The guards that let a retry skip `retry` read the delay before the action computes it, for the
 * iteration the action is about to begin: for any policy, failure and point in the run, a guard
 * says "no backoff" exactly when the action then schedules a delay of 0.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { initialContext } from '../../../machines/recovery/context.js';
import { isFixWithoutBackoff } from '../../../machines/recovery/answers.js';
import { applyFix, beginIteration, scheduleSameRetry } from '../../../machines/recovery/pass-steps.js';
import { isTransientWithoutBackoff } from '../../../machines/recovery/routing.js';
import type { FailureRecord, RecoveryContext } from '../../../machines/recovery/types.js';
import { resolvePolicy } from '../../../src/policy/index.js';
import { FAILURE_TYPES, type FailureType } from '../../../src/taxonomy/index.js';

// The categories that retry at all (fatal, circular and non-deterministic failures escalate at once).
const TYPES = (Object.keys(FAILURE_TYPES) as FailureType[]).filter((type) => ['transient', 'systematic', 'resource'].includes(FAILURE_TYPES[type].category));

function failureOf(type: FailureType, retryAfterMs: number | undefined): FailureRecord {
  const info = FAILURE_TYPES[type];
  return {
    attempt: 1, at: 0, observation: { message: type },
    classification: { type, category: info.category, severity: info.severity, action: info.action, confidence: 0.9, evidence: [], ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) },
  };
}

const arbitraryContext = fc.record({
  type: fc.constantFrom(...TYPES),
  // Delay lists with zeros and non-zeros (none: the exponential backoff with its jitter).
  delaysMs: fc.option(fc.array(fc.constantFrom(0, 0, 1, 250, 5_000), { minLength: 1, maxLength: 4 }), { nil: undefined }),
  jitter: fc.constantFrom('none', 'full', 'equal', 'decorrelated'),
  jitterSeed: fc.nat(),
  iteration: fc.nat({ max: 6 }),
  previousDelayMs: fc.option(fc.constantFrom(0, 3, 1_000), { nil: null }),
  retryAfterMs: fc.option(fc.constantFrom(0, 1, 30_000), { nil: undefined }),
}).map(({ type, delaysMs, jitter, jitterSeed, iteration, previousDelayMs, retryAfterMs }): RecoveryContext => {
  const category = FAILURE_TYPES[type].category;
  const backoff = delaysMs ? { delaysMs } : { backoff: { jitter } };
  const policy = resolvePolicy({ jitterSeed, budget: 10, categories: { [category]: { budget: 10, ...backoff } } });
  const context = initialContext({ runId: 'r', task: 't', policy, now: 1_000 });
  return { ...context, failure: failureOf(type, retryAfterMs), iteration, delayMs: previousDelayMs };
});

describe('backoff guards agree with the actions they route', () => {
  test('isTransientWithoutBackoff: transient, and the retry it schedules waits 0 ms', () => {
    fc.assert(fc.property(arbitraryContext, (context) => {
      const draft = { ...context };
      beginIteration(draft);
      scheduleSameRetry(draft);
      const transient = context.failure!.classification.category === 'transient';
      expect(isTransientWithoutBackoff(context)).toBe(transient && draft.delayMs === 0);
      // With no wait, the deadline is now: `executing` may start at once.
      if (draft.delayMs === 0) expect(draft.nextAttemptAt).toBe(context.clockAt);
    }), { numRuns: 500 });
  });

  test('isFixWithoutBackoff: the adapted retry it schedules waits 0 ms', () => {
    fc.assert(fc.property(arbitraryContext, (context) => {
      const draft = { ...context };
      applyFix(draft, { fix: 'try another way' });
      expect(isFixWithoutBackoff(context)).toBe(draft.delayMs === 0);
    }), { numRuns: 500 });
  });

  test('both answers occur (the generator reaches waits and no waits)', () => {
    const seen = new Set<string>();
    fc.assert(fc.property(arbitraryContext, (context) => {
      seen.add(`same:${isTransientWithoutBackoff(context)}`);
      seen.add(`fix:${isFixWithoutBackoff(context)}`);
    }), { numRuns: 500 });
    expect([...seen].sort()).toEqual(['fix:false', 'fix:true', 'same:false', 'same:true']);
  });
});
