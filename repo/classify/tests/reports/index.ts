/**
 * A test report's text, whatever runner wrote it: JUnit XML, the jest/vitest JSON report,
 * Playwright's JSON report, or TAP. The format is told by the text itself (its first character,
 * then its shape), never by the file name. Pure: reading the file, and judging whether it is
 * stale, is the runtime's (src/runtime/test-report.ts).
 */
import { nodeTapReader } from '../node-tap.js';
import type { TestCase, TestRun } from '../types.js';
import { isJestJson, readJestJson } from './jest-json.js';
import { readJunit } from './junit.js';
import { isPlaywrightJson, readPlaywrightJson } from './playwright-json.js';

export { JunitReader, MAX_FAILURE_TEXT } from './junit.js';

/**
 * A run read from a report: the runner's counts and failures, plus skipped and flaky where the
 * report says, and every case with its status when asked (`{ cases: true }`; TAP lists none).
 */
export type ReportRun = TestRun & { skipped?: number; flaky?: string[]; cases?: TestCase[] };

/** How to read a report. */
export interface ReadReportOptions {
  /**
   * List every case with its status (`ReportRun.cases`), not only the failures: what comparing
   * attempts test by test needs. Default false: a passing case costs no id (see junit.ts).
   */
  cases?: boolean;
}

/** A report that could not be read; its message says why (the caller names the file). */
export class TestReportError extends Error {
  override name = 'TestReportError';
}

/**
 * The run `text` (a whole report) describes. `cwd` is where the command ran: absolute paths in
 * a JSON report become relative, as the runner prints them. Throws {@link TestReportError}
 * saying what is wrong: empty, cut short, malformed, or no known format.
 */
export function readTestReport(text: string, cwd = '', options: ReadReportOptions = {}): ReportRun {
  const start = text.trimStart();
  if (start === '') throw new TestReportError('the report is empty');
  const cases = options.cases === true;
  try {
    if (start.startsWith('<')) return readJunit(start, cases);
    if (start.startsWith('{')) return readJson(JSON.parse(start) as unknown, cwd, cases);
  } catch (error) {
    if (error instanceof TestReportError) throw error;
    throw new TestReportError(`the report is malformed: ${(error as Error).message}`);
  }
  const tap = /^(?:TAP version \d+|(?:not )?ok \d+|1\.\.\d+)/m.test(start) ? nodeTapReader.read(start.split(/\r?\n/)) : null;
  if (tap) return { ...tap, runner: 'tap' };
  throw new TestReportError('the report is not JUnit XML, a jest/vitest or Playwright JSON report, or TAP');
}

function readJson(json: unknown, cwd: string, cases: boolean): ReportRun {
  if (isJestJson(json)) return readJestJson(json, cwd, cases);
  if (isPlaywrightJson(json)) return readPlaywrightJson(json, cases);
  throw new TestReportError('the JSON is neither a jest/vitest report (testResults, numTotalTests) nor a Playwright report (suites, stats)');
}
