/**
 * The report of a run that did not end in escalation: an honest heading per status, no decide
 * commands, no call for intervention; escalated runs keep the Exc-1 escalation report.
 */
import { describe, expect, it } from 'vitest';
import { escalationReport } from '../../src/report/escalation.js';
import { outcomeReport, runReport } from '../../src/report/escalation-outcome.js';
import { REDACTED } from '../../src/redact/index.js';
import { RUN_STATUSES, type RunStatus } from '../../src/taxonomy/index.js';
import type { RunReportInput } from '../../src/report/types.js';
import { craftedRuns, exc1, historyBuilder } from './fixtures.js';

/** A crafted run (tests/report/fixtures.ts) as report input, with its execution count. */
function input(key: string, attempts: number): RunReportInput {
  const run = craftedRuns()[key]!;
  return {
    runId: run.runId!, task: `task ${key}`, status: run.status, classification: null, history: run.history,
    attempts, iterations: 0, level: 'same', reason: run.reason ?? null, budget: 3,
  };
}

describe('runReport: the heading says how the run ended', () => {
  const table: Array<[key: string, attempts: number, status: RunStatus, heading: string, outcome: RegExp]> = [
    ['ok', 1, 'succeeded', '## Recovery report: succeeded on the first attempt', /The command passed; nothing to do/],
    ['rate', 2, 'recovered', '## Recovery report: recovered after 2 attempts', /recovered without a human decision/],
    ['net', 2, 'recovered', '## Recovery report: recovered after 2 attempts', /recovered after a human decision \(`retry-fresh`\)/],
    ['build', 2, 'recovered', '## Recovery report: recovered after 2 attempts', /nothing to do/],
    ['flaky', 2, 'flaky', '## Recovery report: passed on an unchanged re-run (flaky) after 2 attempts', /race condition or timing/],
    ['gate', 1, 'skipped', '## Recovery report: skipped by decision after 1 attempt', /skipped; whatever depends/],
    ['abort', 1, 'aborted', '## Recovery report: aborted after 1 attempt', /stopped; partial work was kept/],
    ['ctx', 1, 'handedOff', '## Recovery report: handed off to a fresh context after 1 attempt', /fresh context took over/],
  ];

  it.each(table)('%s (%s attempts) → %s', (key, attempts, status, heading, outcome) => {
    const report = runReport(input(key, attempts));
    expect(input(key, attempts).status).toBe(status);
    expect(report.split('\n')[0]).toBe(heading);
    expect(report).toContain(`**Status**: ${status}`);
    expect(report).toContain(`**Executions**: ${attempts} (the original run`);
    expect(report).toMatch(outcome);
    for (const lie of ['Escalation Required', 'Human intervention required', '### Options', 'recover decide']) expect(report).not.toContain(lie);
  });

  it('every status but escalated gets a "Recovery report" heading, escalated the Exc-1 one', () => {
    for (const status of RUN_STATUSES) {
      const report = runReport({ ...exc1(), status });
      if (status === 'escalated') expect(report).toBe(escalationReport(exc1()));
      else expect(report.startsWith('## Recovery report: '), status).toBe(true);
    }
  });

  it('manual and running (interrupted) runs say what is left to do', () => {
    expect(runReport({ ...input('ok', 3), status: 'manual' })).toContain('## Recovery report: handed to a human after 3 attempts');
    const interrupted = runReport({ ...input('ok', 0), runId: 'r-1', status: 'running' });
    expect(interrupted.split('\n')[0]).toBe('## Recovery report: not finished (running or interrupted)');
    expect(interrupted).toContain('`recover resume r-1` continues it');
    expect(runReport({ ...input('rate', 2), status: 'running' }).split('\n')[0]).toContain('at attempt 2');
  });
});

describe('outcomeReport: sections', () => {
  it('a recovered run keeps its original error and recovery attempts, in Exc-1 order', () => {
    const report = outcomeReport(input('verify', 2));
    expect(report).toContain('**Failure**: VERIFICATION_FAILED');
    expect(report).toContain('**Executions**: 2 (the original run, 1 recovery iteration)');
    const order = ['### Original Error', '### Recovery Attempts', '### Outcome'].map((h) => report.indexOf(h));
    expect(order.every((p) => p > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(report).toContain('AssertionError: expected 200');
    expect(report).toContain('**Iteration 1**: return 200 on success\n- Result: passed');
  });

  it('a run that never failed has no error sections', () => {
    const report = outcomeReport(input('ok', 1));
    expect(report).not.toContain('### Original Error');
    expect(report).not.toContain('**Failure**');
    expect(report).toContain('**Executions**: 1 (the original run, no recovery iteration)');
  });

  it('an escalation answered by a human is told, with the reason and the choice', () => {
    expect(outcomeReport(input('gate', 1))).toContain('**Escalated**: 1 time (`no_alternative`); decided `skip`');
    expect(outcomeReport(input('rate', 2))).not.toContain('**Escalated**');
  });

  it('a failure with no iteration does not claim an escalation that never happened', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', type: 'UNKNOWN', message: 'boom' }, 0);
    const report = outcomeReport({ ...input('ok', 1), status: 'aborted', history: events });
    expect(report).toContain('None: the run ended before any recovery iteration.');
    expect(report).not.toContain('escalated before');
  });

  it('redacts secrets unless asked not to, and refuses an escalated run', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', type: 'NETWORK', message: 'GET https://x?token=abcdef1234567890abcdef failed' }, 0);
    add({ phase: 'RETRY', result: 'success', attempt: 2, message: null }, 3);
    const base = { ...input('rate', 2), history: events, task: 'curl --password hunter2secret' };
    expect(outcomeReport(base)).toContain(REDACTED);
    expect(outcomeReport(base, { redact: false })).toContain('hunter2secret');
    expect(() => outcomeReport(exc1())).toThrow(/escalationReport/);
  });
});
