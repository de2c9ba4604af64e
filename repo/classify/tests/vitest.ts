/**
 * vitest's default reporter. Failures are printed to stderr after `Failed Tests N`:
 *   ` FAIL  test/math.test.js > math > adds` (several FAIL lines may share one error),
 *   then the error's first line, then ` ❯ test/math.test.js:3:36`;
 * the counts to stdout: `      Tests  2 failed | 2 passed (4)`.
 * (vitest can also write JUnit XML: `--reporter=junit --outputFile=…`; not relied on here.)
 */
import { countOf, failedTest, readLines, unique, type LineRule } from './lines.js';
import type { FailedTest, TestReader } from './types.js';

interface State {
  failures: FailedTest[];
  /** The FAIL lines whose error is still to come. */
  open: FailedTest[];
  /** Whether the error's first line was read for the open group. */
  messaged: boolean;
  passed?: number;
  failed?: number;
}

const RULES: readonly LineRule<State>[] = [
  { pattern: /^\s*FAIL\s+(\S.*?)\s*$/, on: (m, s) => {
    if (s.messaged) { s.open = []; s.messaged = false; }
    const test = failedTest(m[1]!);
    s.open.push(test);
    s.failures.push(test);
  } },
  { pattern: /^\s*❯\s+(\S+:\d+(?::\d+)?)\s*$/, on: (m, s) => {
    for (const test of s.open) test.location ??= m[1]!;
    s.open = [];
    s.messaged = false;
  } },
  { pattern: /^\s*Tests\s+(.*\d+ (?:failed|passed).*)$/, on: (m, s) => {
    s.failed = countOf(m[1]!, 'failed') ?? 0;
    s.passed = countOf(m[1]!, 'passed') ?? 0;
  } },
  // The rule between failures (`⎯⎯⎯ [1/2]⎯`) closes the group.
  { pattern: /^\s*⎯{3,}/, on: (_m, s) => { s.open = []; s.messaged = false; } },
];

export const vitestReader: TestReader = {
  runner: 'vitest',
  looksLike: (text) => /^\s*Test Files\s+\d+ (?:failed|passed)/m.test(text) || /^\s*FAIL\s+\S+.* > /m.test(text),
  read(lines) {
    const state = readLines<State>(lines, RULES, { failures: [], open: [], messaged: false }, (line, s) => {
      if (s.open.length === 0 || s.messaged || !line.trim()) return;
      for (const test of s.open) test.message ??= line.trim();
      s.messaged = true;
    });
    if (state.failed === undefined && state.failures.length === 0) return null;
    const failures = unique(state.failures);
    return { runner: 'vitest', passed: state.passed ?? 0, failed: state.failed ?? failures.length, failures };
  },
};
