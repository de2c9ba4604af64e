/**
 * UC-AP-004 Alt-4 in the machine's own terms: `detectRegression` takes the task's test-by-test
 * finding (`tests.broken`, from `recover run --tests`'s ledger) when there is one, and otherwise
 * compares the failing names with the first failure's; the hint names what broke.
 */
import { describe, expect, it } from 'vitest';
import { detectRegression, hintFor } from '../../../machines/recovery/failure.js';
import type { FailureRecord } from '../../../machines/recovery/types.js';
import type { Observation } from '../../../src/classify/types.js';

const failure = (attempt: number, tests: Observation['tests']): FailureRecord => ({
  attempt, at: attempt, observation: { exitCode: 1, tests },
  classification: { type: 'VERIFICATION_FAILED', category: 'systematic', severity: 'medium', action: 'adapt', confidence: 0.9, evidence: [] },
});

describe('detectRegression', () => {
  const original = failure(1, { passed: 3, failed: 1, failing: ['adds'] });

  it('takes the ledger\'s finding: a test that passed before broke, though the original still fails', () => {
    const current = failure(3, { passed: 2, failed: 2, failing: ['adds', 'multiplies'], broken: ['multiplies'], fixed: [] });
    expect(detectRegression(original, current)).toEqual({ fixed: [], broken: ['multiplies'] });
    expect(hintFor(current, detectRegression(original, current))).toBe('The last fix broke tests that passed before: multiplies.');
  });

  it('without one, compares the failing names with the first failure\'s', () => {
    expect(detectRegression(original, failure(3, { passed: 2, failed: 1, failing: ['multiplies'] }))).toEqual({ fixed: ['adds'], broken: ['multiplies'] });
    expect(detectRegression(original, failure(3, { passed: 2, failed: 2, failing: ['adds', 'multiplies'] }))).toBeNull();
  });

  it('an empty finding is no regression', () => {
    expect(detectRegression(original, failure(3, { passed: 3, failed: 1, failing: ['adds'], broken: [] }))).toBeNull();
  });
});
