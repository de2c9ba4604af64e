/**
 * The JSON report of jest (`--json --outputFile=…`) and vitest (`--reporter=json
 * --outputFile=…`, the same shape): one entry per file, one assertion result per test.
 *
 *   { "numPassedTests": 3, "numFailedTests": 1, "numPendingTests": 0,
 *     "testResults": [{ "name": "/abs/test/math.test.js",
 *       "assertionResults": [{ "ancestorTitles": ["math"], "title": "adds", "status": "failed",
 *         "failureMessages": ["AssertionError: expected 2 to be 3\n    at …/math.test.js:3:36"],
 *         "location": { "line": 3, "column": 36 } }] }] }
 *
 * A test's id is `file > suites > title` with the file relative to the report's `rootDir` when
 * the runner wrote one (vitest does not: its ids keep the path as written), as the terminal
 * readers name it.
 */
import { failedTest, firstLineOf, frameLocation } from '../lines.js';
import type { FailedTest, TestCase, TestRun } from '../types.js';

interface AssertionResult {
  ancestorTitles?: unknown;
  title?: unknown;
  fullName?: unknown;
  status?: unknown;
  failureMessages?: unknown;
  location?: { line?: unknown; column?: unknown } | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Whether `json` (parsed) is a jest/vitest JSON report. */
export function isJestJson(json: unknown): json is Record<string, unknown> {
  return isObject(json) && Array.isArray(json.testResults) && typeof json.numTotalTests === 'number';
}

/** The run a jest/vitest JSON report describes; `cwd` makes absolute file paths relative (as printed); `cases`: list every case too. */
export function readJestJson(json: Record<string, unknown>, cwd = '', cases = false): TestRun & { skipped: number; cases?: TestCase[] } {
  const failures: FailedTest[] = [];
  const listed: TestCase[] | null = cases ? [] : null;
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const root = typeof json.rootDir === 'string' ? json.rootDir : cwd;
  for (const file of json.testResults as unknown[]) {
    if (!isObject(file)) continue;
    const name = typeof file.name === 'string' ? relative(file.name, root) : '(unknown file)';
    const results = Array.isArray(file.assertionResults) ? (file.assertionResults as AssertionResult[]) : [];
    for (const result of results) {
      if (!isObject(result)) continue;
      if (result.status === 'passed') passed += 1;
      else if (result.status === 'failed') {
        failed += 1;
        failures.push(failureOf(name, result));
      } else skipped += 1;
      if (listed) {
        const titles = [...strings(result.ancestorTitles), titleOf(result)];
        const status = result.status === 'passed' ? 'passed' : result.status === 'failed' ? 'failed' : 'skipped';
        listed.push(status === 'failed' ? { id: [name, ...titles].join(' > '), status, titles } : { id: [name, ...titles].join(' > '), status });
      }
    }
    // A file that failed to load has no assertion results, only its message.
    if (results.length === 0 && file.status === 'failed' && typeof file.message === 'string') {
      failed += 1;
      failures.push(failedTest(name, firstLineOf(file.message)));
    }
  }
  return { runner: 'jest-json', passed, failed, skipped, failures, ...(listed ? { cases: listed } : {}) };
}

const titleOf = (result: AssertionResult): string =>
  typeof result.title === 'string' ? result.title : typeof result.fullName === 'string' ? result.fullName : '(unnamed)';

function failureOf(file: string, result: AssertionResult): FailedTest {
  const id = [file, ...strings(result.ancestorTitles), titleOf(result)].join(' > ');
  const messages = strings(result.failureMessages);
  const text = messages[0] ?? '';
  const line = result.location && typeof result.location.line === 'number' ? result.location.line : undefined;
  const location = line !== undefined ? `${file}:${line}${typeof result.location!.column === 'number' ? `:${result.location!.column}` : ''}` : text.split('\n').map(frameLocation).find(Boolean);
  return failedTest(id, firstLineOf(text), location);
}

function relative(file: string, root: string): string {
  if (!root) return file;
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return file.startsWith(prefix) ? file.slice(prefix.length) : file;
}
