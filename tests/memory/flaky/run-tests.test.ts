/**
 * The one reader of a stored run's per-attempt test statuses (runTestsOf), on records shaped as
 * the store keeps them; the end-to-end tests (tests/cli/flaky.test.ts) read real runs.
 */
import { describe, expect, it } from 'vitest';
import { commandIdentity, lastFailingTests, runTestsOf } from '../../../src/memory/flaky/run-tests.js';
import type { RunRecord } from '../../../src/store/types.js';
import type { HistoryEvent } from '../../../src/taxonomy/history.js';

const event = (seq: number, phase: HistoryEvent['phase'], result: HistoryEvent['result'], attempt: number): HistoryEvent => ({
  seq, phase, iteration: 1, attempt, timestamp: '2026-11-27T08:00:00.000Z', result, type: null, category: null, message: null,
  hypotheses: [], confidence: null, fix: null, delayMs: null, durationMs: null, level: 'same', reason: null,
});
const failure = (attempt: number, failed: number, failing: string[]) => ({
  attempt, at: 1, observation: { exitCode: 1, tests: { passed: 3, failed, failing } },
  classification: { type: 'VERIFICATION_FAILED', category: 'systematic' },
});
const record = (over: Partial<RunRecord> & { context?: Record<string, unknown> }): RunRecord => ({
  runId: 'r1', task: 'npm test', status: 'escalated', createdAt: 1, updatedAt: 500,
  checkpoint: { machine: 'recovery', version: 1, savedAt: 1, snapshot: { context: over.context ?? {} } },
  report: null, decisionOptions: null, meta: { command: ['npx', 'vitest', 'run'], options: {} }, history: [], fence: 1, ...over,
});

describe('runTestsOf', () => {
  it('is null for a run that is not a test run, or still running', () => {
    expect(runTestsOf(record({ status: 'succeeded' }))).toBeNull();
    expect(runTestsOf(record({ status: 'running', context: { failure: failure(1, 1, ['a']) } }))).toBeNull();
  });

  it('a run with --tests that succeeded at once passed every test', () => {
    expect(runTestsOf(record({ status: 'succeeded', meta: { command: ['npx', 'vitest', 'run'], options: { tests: ['auto'] } } }))).toEqual({
      runId: 'r1', command: 'npx vitest run', at: 500, attempts: [{ attempt: 1, unchanged: true, tests: [], othersPassed: true }],
    });
  });

  it('reads the failing tests of the first and last failures, a probe as unchanged, and an attempt after an adaptation as changed', () => {
    const run = runTestsOf(record({
      status: 'recovered',
      context: { originalFailure: failure(1, 2, ['a', 'b']), failure: failure(3, 2, ['b']) },
      history: [
        event(1, 'PAUSE', 'failure', 1), event(2, 'DIAGNOSE', 'diagnosed', 1), event(3, 'RETRY', 'failure', 2), event(4, 'PAUSE', 'failure', 2),
        event(5, 'ADAPT', 'adapted', 2), event(6, 'RETRY', 'failure', 3), event(7, 'PAUSE', 'failure', 3),
        event(8, 'ADAPT', 'adapted', 3), event(9, 'RETRY', 'success', 4),
      ],
    }));
    expect(run!.attempts).toEqual([
      { attempt: 1, unchanged: true, tests: [{ id: 'a', status: 'failed' }, { id: 'b', status: 'failed' }], othersPassed: true },
      // The probe failed, but by which tests the run did not keep: it names none and sees no other.
      { attempt: 2, unchanged: true, tests: [], othersPassed: false },
      // The runner counted two failures and named one: the tests not named are not known to have passed.
      { attempt: 3, unchanged: false, tests: [{ id: 'b', status: 'failed' }], othersPassed: false },
      { attempt: 4, unchanged: false, tests: [], othersPassed: true },
    ]);
  });

  it('a decision or a rollback is a change too', () => {
    const run = runTestsOf(record({
      status: 'recovered', context: { failure: failure(1, 1, ['a']) },
      history: [event(1, 'PAUSE', 'failure', 1), event(2, 'DECISION', 'decided', 1), event(3, 'RETRY', 'success', 2)],
    }));
    expect(run!.attempts.map((a) => a.unchanged)).toEqual([true, false]);
  });
});

describe('commandIdentity and lastFailingTests', () => {
  it('a command line is its words, else the task', () => {
    expect(commandIdentity({ task: 't', meta: { command: ['npm', 'test'] } })).toBe('npm test');
    expect(commandIdentity({ task: 'a hook run', meta: {} })).toBe('a hook run');
  });

  it('gives the last failure as the runner counted and named it', () => {
    expect(lastFailingTests(record({ context: { failure: failure(3, 2, ['b']) } }))).toEqual({ attempt: 3, failed: 2, failing: ['b'], category: 'systematic' });
    expect(lastFailingTests(record({}))).toBeNull();
  });
});
