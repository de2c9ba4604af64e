/**
 * The tests of a run, attempt by attempt (issue 29, Build 2): which tests each execution of the
 * command ran and how each ended, read from the reports it wrote. What it answers:
 *
 * - a **regression** (UC-AP-004 Alt-4): a test failing after a fix that passed in an earlier
 *   attempt (a test found flaky is never one);
 * - **flaky by name** (AC-007): a test that failed and then passed unchanged on the flake probe;
 * - which tests to re-run (the last execution's failures), and how many attempts each failed.
 *
 * Stored compactly in the run's record as `meta.testLedger` (`TestLedgerData`, defined with its
 * decoder in src/store/test-ledger-data.ts, where the flaky memory can read it too): every test id
 * once, then per execution one character per id. 2,000 tests cost their ids once and 2 kB per
 * execution; messages are redacted and bounded before they are kept.
 */
import type { FailedTest, TestCase } from '../classify/tests/types.js';
import { redactSecrets, type RedactPatterns } from '../redact/index.js';
import type { TestRow } from '../report/types.js';
import type { StatusChar, TestExecution, TestLedgerData } from '../store/test-ledger-data.js';

/** Most characters kept of a failed test's message or location. */
export const MAX_LEDGER_TEXT = 300;

/** What recording one execution found, compared with the executions before it. */
export interface ExecutionFindings {
  /** Tests failing now that passed in an earlier execution (and are not flaky): only after a fix. */
  broken: string[];
  /** Tests that failed in an earlier execution and pass now. */
  fixed: string[];
  /** Tests found flaky by this execution (a probe): they failed before and pass now, unchanged. */
  flaky: string[];
}

const bounded = (text: string | undefined, redact: RedactPatterns): string | undefined => {
  if (!text) return undefined;
  const clean = redactSecrets(text, redact);
  return clean.length > MAX_LEDGER_TEXT ? `${clean.slice(0, MAX_LEDGER_TEXT - 1)}…` : clean;
};

/** The tests of one run, attempt by attempt. */
export class TestLedger {
  readonly #data: TestLedgerData;
  readonly #index = new Map<string, number>();

  /** @param data - a stored ledger to continue (a resumed run); default: a new one. */
  constructor(data?: TestLedgerData | null, private readonly redact: RedactPatterns = []) {
    this.#data = data && data.version === 1 && Array.isArray(data.ids) && Array.isArray(data.executions)
      ? { version: 1, ids: [...data.ids], executions: [...data.executions], flaky: [...(data.flaky ?? [])] }
      : { version: 1, ids: [], executions: [], flaky: [] };
    this.#data.ids.forEach((id, i) => this.#index.set(id, i));
  }

  /** The record as stored (a copy of the lists is not made: treat it as read-only). */
  data(): TestLedgerData {
    return this.#data;
  }

  /**
   * Record one execution from its report's cases (and failures, for their messages). In a
   * `failed`-scope execution a skipped case is one the name filter left out: not run.
   */
  record(attempt: number, probe: boolean, scope: 'all' | 'failed', cases: readonly TestCase[], failures: readonly FailedTest[], fixApplied: boolean): ExecutionFindings {
    const before = this.#data.executions;
    const chars: StatusChar[] = new Array<StatusChar>(this.#data.ids.length).fill('-');
    const failed: TestExecution['failures'] = [];
    const details = new Map(failures.map((f) => [f.name, f]));
    for (const test of cases) {
      const i = this.#indexOf(test.id);
      chars[i] = test.status === 'passed' ? 'p' : test.status === 'failed' ? 'f' : scope === 'failed' ? '-' : 's';
      if (test.status !== 'failed') continue;
      const detail = details.get(test.id);
      const message = bounded(detail?.message, this.redact);
      const location = bounded(detail?.location, this.redact);
      failed.push({ i, ...(message ? { message } : {}), ...(location ? { location } : {}), ...(test.titles ? { titles: test.titles } : {}) });
    }
    const execution: TestExecution = { attempt, probe, scope, statuses: chars.join(''), failures: failed };
    const findings = this.#compare(execution, before, probe, fixApplied);
    this.#data.executions.push(execution);
    return findings;
  }

  /** The failing tests of the latest execution, with their titles; empty when it passed or none was recorded. */
  lastFailures(): { id: string; titles: string[] | undefined }[] {
    const last = this.#data.executions.at(-1);
    return (last?.failures ?? []).map((f) => ({ id: this.#data.ids[f.i]!, titles: f.titles }));
  }

  /** In how many attempts `id` failed (an attempt whose two executions both failed counts once). */
  failedAttempts(id: string): number {
    const i = this.#index.get(id);
    if (i === undefined) return 0;
    return new Set(this.#data.executions.filter((e) => e.statuses[i] === 'f').map((e) => e.attempt)).size;
  }

  /** The ids of the tests found flaky in this run. */
  flakyTests(): string[] {
    return this.#data.flaky.map((i) => this.#data.ids[i]!);
  }

  /** Whether `id` was found flaky in this run. */
  isFlaky(id: string): boolean {
    const i = this.#index.get(id);
    return i !== undefined && this.#data.flaky.includes(i);
  }

  #indexOf(id: string): number {
    let i = this.#index.get(id);
    if (i === undefined) {
      i = this.#data.ids.length;
      this.#data.ids.push(redactSecrets(id, this.redact));
      this.#index.set(id, i);
    }
    return i;
  }

  /** What `execution` says against the executions before it (see {@link ExecutionFindings}). */
  #compare(execution: TestExecution, before: readonly TestExecution[], probe: boolean, fixApplied: boolean): ExecutionFindings {
    const ids = this.#data.ids;
    const now = execution.statuses;
    const flaky: string[] = [];
    const previous = before.at(-1);
    // AC-007: failed in the execution probed, passed now, nothing changed in between.
    if (probe && previous) {
      for (const { i } of previous.failures) {
        if (now[i] !== 'p') continue;
        flaky.push(ids[i]!);
        if (!this.#data.flaky.includes(i)) this.#data.flaky.push(i);
      }
    }
    const fixed = previous ? previous.failures.filter(({ i }) => now[i] === 'p').map(({ i }) => ids[i]!) : [];
    // Alt-4: only a fix can break a test; a test known to flip is not broken by one.
    const broken = !fixApplied || probe ? [] : execution.failures
      .filter(({ i }) => !this.#data.flaky.includes(i) && before.some((e) => e.statuses[i] === 'p'))
      .map(({ i }) => ids[i]!);
    return { broken, fixed: probe ? [] : fixed, flaky };
  }
}

/**
 * Every test that failed in some execution of the run, for the reports' `### Tests`: where and
 * why it last failed, in how many attempts it failed (of those that ran it), whether it is
 * flaky. Most failures first; the order of first failure among equals.
 */
export function testRows(data: TestLedgerData): TestRow[] {
  const rows = new Map<number, TestRow & { failedIn: Set<number>; ranIn: Set<number> }>();
  for (const execution of data.executions) {
    for (const failure of execution.failures) {
      const row = rows.get(failure.i) ?? { name: data.ids[failure.i] ?? '(unknown)', failedAttempts: 0, ranAttempts: 0, flaky: data.flaky.includes(failure.i), passesNow: false, failedIn: new Set(), ranIn: new Set() };
      if (failure.message) row.message = failure.message;
      if (failure.location) row.location = failure.location;
      rows.set(failure.i, row);
    }
  }
  for (const execution of data.executions) {
    for (const [i, row] of rows) {
      const status = execution.statuses[i];
      if (status !== 'p' && status !== 'f') continue;
      row.ranIn.add(execution.attempt);
      if (status === 'f') row.failedIn.add(execution.attempt);
      row.passesNow = status === 'p';
    }
  }
  return [...rows.values()]
    .map(({ failedIn, ranIn, ...row }) => ({ ...row, failedAttempts: failedIn.size, ranAttempts: ranIn.size }))
    .sort((a, b) => b.failedAttempts - a.failedAttempts);
}

const listeners = new Map<string, (data: TestLedgerData) => void>();

/**
 * Listen to the test ledger of `runId` (a persisted drive keeps it as `meta.testLedger`, written
 * with the checkpoint that follows the attempt); returns the unsubscribe function.
 */
export function watchTestLedger(runId: string, listener: (data: TestLedgerData) => void): () => void {
  listeners.set(runId, listener);
  return () => {
    if (listeners.get(runId) === listener) listeners.delete(runId);
  };
}

/** Report that `runId`'s test ledger changed (an execution was recorded). */
export function reportTestLedger(runId: string, data: TestLedgerData): void {
  listeners.get(runId)?.(data);
}
