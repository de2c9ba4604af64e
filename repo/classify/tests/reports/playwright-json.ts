/**
 * Playwright's JSON report (`--reporter=json`, file via `PLAYWRIGHT_JSON_OUTPUT_NAME`): suites
 * (files, then `describe` blocks) of specs, each spec one test per project with its results.
 *
 *   { "suites": [{ "title": "a.spec.ts", "file": "a.spec.ts", "suites": [], "specs": [{
 *       "title": "has title", "tests": [{ "projectName": "chromium", "status": "unexpected",
 *         "results": [{ "status": "failed", "error": { "message": "…", "location": { "file", "line", "column" } } }] }] }] }],
 *     "stats": { "expected": 3, "unexpected": 1, "flaky": 0, "skipped": 0 } }
 *
 * A test's status is Playwright's own verdict: `expected` passed, `unexpected` failed, `flaky`
 * passed on a retry (counted passed, and named in `flaky`), `skipped`. Its id is
 * `[project] file > describe > title` (the project only when the config names one), as
 * Playwright's list reporter prints it with ` › `.
 */
import { failedTest, firstLineOf } from '../lines.js';
import type { FailedTest, TestCase, TestRun } from '../types.js';

interface Found {
  passed: number;
  failed: number;
  skipped: number;
  failures: FailedTest[];
  flaky: string[];
  /** Every case, when asked for; null otherwise. */
  cases: TestCase[] | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** Whether `json` (parsed) is a Playwright JSON report. */
export function isPlaywrightJson(json: unknown): json is Record<string, unknown> {
  return isObject(json) && Array.isArray(json.suites) && isObject(json.stats) && 'expected' in json.stats;
}

/** The run a Playwright JSON report describes; `flaky` names the tests that passed only on a retry; `cases`: list every case too. */
export function readPlaywrightJson(json: Record<string, unknown>, cases = false): TestRun & { skipped: number; flaky: string[]; cases?: TestCase[] } {
  const found: Found = { passed: 0, failed: 0, skipped: 0, failures: [], flaky: [], cases: cases ? [] : null };
  for (const suite of list(json.suites)) readSuite(suite, [], found);
  const { cases: listed, ...rest } = found;
  return { runner: 'playwright-json', ...rest, ...(listed ? { cases: listed } : {}) };
}

function readSuite(suite: Record<string, unknown>, path: string[], found: Found): void {
  const here = [...path, text(suite.title) ?? text(suite.file) ?? '(suite)'];
  for (const spec of list(suite.specs)) {
    for (const test of list(spec.tests)) {
      const project = text(test.projectName);
      const id = `${project ? `[${project}] ` : ''}${[...here, text(spec.title) ?? '(unnamed)'].join(' > ')}`;
      switch (test.status) {
        case 'expected': found.passed += 1; break;
        case 'flaky': found.passed += 1; found.flaky.push(id); break;
        case 'unexpected': found.failed += 1; found.failures.push(failureOf(id, test)); break;
        default: found.skipped += 1;
      }
      const status = test.status === 'expected' || test.status === 'flaky' ? 'passed' : test.status === 'unexpected' ? 'failed' : 'skipped';
      found.cases?.push(status === 'failed' ? { id, status, titles: [...here.slice(1), text(spec.title) ?? '(unnamed)'] } : { id, status });
    }
  }
  for (const child of list(suite.suites)) readSuite(child, here, found);
}

/** The last result's error: its message's first line and where it was thrown. */
function failureOf(id: string, test: Record<string, unknown>): FailedTest {
  const error = list(test.results).map((result) => result.error).filter(isObject).at(-1);
  const message = firstLineOf(text(error?.message) ?? '');
  const at = isObject(error?.location) ? error.location : undefined;
  const location = at && text(at.file) && typeof at.line === 'number' ? `${at.file as string}:${at.line}${typeof at.column === 'number' ? `:${at.column}` : ''}` : undefined;
  return failedTest(id, message, location);
}
