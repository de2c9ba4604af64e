/**
 * The one reader of a stored run's per-attempt test statuses (runTestsOf), on records shaped as
 * the store keeps them; the end-to-end tests (tests/cli/flaky.test.ts) read real runs.
 */
import { describe, expect, it } from 'vitest';
import { applyRunTests, flakyTests } from '../../../src/memory/flaky/apply.js';
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

/** An execution as the ledger stores it: [attempt, probe, scope, statuses], failures left out (the reader does not use them). */
type Exec = [number, boolean, 'all' | 'failed', string];
const ledger = (ids: string[], executions: Exec[]) => ({
  version: 1, ids, flaky: [], executions: executions.map(([attempt, probe, scope, statuses]) => ({ attempt, probe, scope, statuses, failures: [] })),
});
const ledgerRecord = (ids: string[], executions: Exec[], history: HistoryEvent[], context: Record<string, unknown> = {}) =>
  record({ status: 'recovered', context, history, meta: { command: ['npx', 'vitest', 'run'], options: { tests: ['auto'] }, testLedger: ledger(ids, executions) } });
const tests = (statuses: Record<string, string>) => Object.entries(statuses).map(([id, status]) => ({ id, status }));
// History shapes: the probe after a failure, then a fix before each later attempt.
const PROBED = [event(1, 'PAUSE', 'failure', 1), event(2, 'RETRY', 'failure', 2), event(3, 'PAUSE', 'failure', 2)];
const adapted = (attempt: number, ok: boolean, seq: number) => [event(seq, 'ADAPT', 'adapted', attempt - 1), event(seq + 1, 'RETRY', ok ? 'success' : 'failure', attempt), ...(ok ? [] : [event(seq + 2, 'PAUSE', 'failure', attempt)])];

describe('runTestsOf reads the test ledger when the run has one', () => {
  it.each([
    {
      name: 'a probe flip: failed in the whole command, passed unchanged on the probe (which ran only it)',
      ids: ['a', 'b'], executions: [[1, false, 'all', 'fp'], [2, true, 'failed', 'p-']] as Exec[],
      history: [event(1, 'PAUSE', 'failure', 1), event(2, 'RETRY', 'flaky', 2)],
      attempts: [
        { attempt: 1, unchanged: true, tests: tests({ a: 'failed', b: 'passed' }), othersPassed: true },
        { attempt: 2, unchanged: true, tests: tests({ a: 'passed' }), othersPassed: false },
      ],
    },
    {
      name: "a re-run of the failures, then the whole command: the confirmation is the attempt's verdict for what it ran",
      ids: ['a', 'b', 'c'], executions: [[1, false, 'all', 'ffp'], [2, true, 'failed', 'ff-'], [3, false, 'failed', 'pp-'], [3, false, 'all', 'pfp']] as Exec[],
      history: [...PROBED, ...adapted(3, false, 4)],
      attempts: [
        { attempt: 1, unchanged: true, tests: tests({ a: 'failed', b: 'failed', c: 'passed' }), othersPassed: true },
        { attempt: 2, unchanged: true, tests: tests({ a: 'failed', b: 'failed' }), othersPassed: false },
        { attempt: 3, unchanged: false, tests: tests({ a: 'passed', b: 'failed', c: 'passed' }), othersPassed: true },
      ],
    },
    {
      name: 'a regression after an adaptation, named in a middle attempt; a test first seen later is not run before',
      ids: ['a', 'b', 'c'], executions: [[1, false, 'all', 'fp'], [2, true, 'failed', 'f-'], [3, false, 'failed', 'p--'], [3, false, 'all', 'pfp'], [4, false, 'failed', '-p-'], [4, false, 'all', 'ppp']] as Exec[],
      history: [...PROBED, ...adapted(3, false, 4), ...adapted(4, true, 7)],
      attempts: [
        { attempt: 1, unchanged: true, tests: tests({ a: 'failed', b: 'passed' }), othersPassed: true },
        { attempt: 2, unchanged: true, tests: tests({ a: 'failed' }), othersPassed: false },
        { attempt: 3, unchanged: false, tests: tests({ a: 'passed', b: 'failed', c: 'passed' }), othersPassed: true },
        { attempt: 4, unchanged: false, tests: tests({ a: 'passed', b: 'passed', c: 'passed' }), othersPassed: true },
      ],
    },
    {
      name: "skipped tests keep their status; a flaky test's own probe after the confirmation is an unchanged observation of its own",
      ids: ['a', 'b', 'c'], executions: [[1, false, 'all', 'fsf'], [2, true, 'failed', 'p-f'], [3, false, 'failed', '--p'], [3, false, 'all', 'fsp'], [3, true, 'failed', 'p--']] as Exec[],
      history: [...PROBED, ...adapted(3, true, 4)],
      attempts: [
        { attempt: 1, unchanged: true, tests: tests({ a: 'failed', b: 'skipped', c: 'failed' }), othersPassed: true },
        { attempt: 2, unchanged: true, tests: tests({ a: 'passed', c: 'failed' }), othersPassed: false },
        { attempt: 3, unchanged: false, tests: tests({ a: 'failed', b: 'skipped', c: 'passed' }), othersPassed: true },
        { attempt: 3, unchanged: true, tests: tests({ a: 'passed' }), othersPassed: false },
      ],
    },
  ])('$name', ({ ids, executions, history, attempts }) => {
    expect(runTestsOf(ledgerRecord(ids, executions, history))).toEqual({ runId: 'r1', command: 'npx vitest run', at: 500, attempts });
  });

  it('a run without a ledger keeps the old reading: its middle failed attempt names no test', () => {
    const run = runTestsOf(record({
      status: 'recovered', meta: { command: ['npx', 'vitest', 'run'], options: { tests: ['auto'] } },
      context: { originalFailure: failure(1, 1, ['a']), failure: failure(4, 1, ['c']) },
      history: [...PROBED, ...adapted(3, false, 4), ...adapted(4, false, 7), ...adapted(5, true, 10)],
    }));
    expect(run!.attempts.map((a) => [a.attempt, a.tests.map((t) => t.id)])).toEqual([[1, ['a']], [2, []], [3, []], [4, ['c']], [5, []]]);
  });

  it("the memory does not count a skipped test as passed, even in an attempt whose others passed", () => {
    const run = runTestsOf(ledgerRecord(['a', 'b'], [[1, false, 'all', 'ff'], [2, true, 'failed', 'pf'], [3, false, 'all', 'ps']], [...PROBED, ...adapted(3, true, 4)]))!;
    const [a, b] = flakyTests(applyRunTests([], run, 10));
    expect([a, b].map((t) => [t!.test, t!.passed, t!.failed, t!.flips])).toEqual([['a', 2, 1, 1], ['b', 0, 2, 0]]);
  });
});
