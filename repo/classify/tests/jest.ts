/**
 * jest's default reporter:
 *   ` FAIL  src/sum.test.js`, then per failing test `  ● math › adds`, a blank line, the
 *   message, a code frame and `at Object.<anonymous> (src/sum.test.js:3:15)`;
 *   `Tests:       1 failed, 1 passed, 2 total`. The `Summary of all failing tests` repeats blocks
 *   (read once). `● Test suite failed to run` names the file instead of a test.
 * (jest can write JUnit XML through the jest-junit reporter, `JEST_JUNIT_OUTPUT_FILE`; not relied on.)
 */
import { countOf, failedTest, frameLocation, readLines, unique, type LineRule } from './lines.js';
import type { FailedTest, TestReader } from './types.js';

interface State {
  file: string;
  failures: FailedTest[];
  current: FailedTest | null;
  passed?: number;
  failed?: number;
}

const RULES: readonly LineRule<State>[] = [
  { pattern: /^\s*FAIL\s+(\S+)/, on: (m, s) => { s.file = m[1]!; s.current = null; } },
  { pattern: /^\s*PASS\s+(\S+)/, on: (_m, s) => { s.current = null; } },
  { pattern: /^\s*● (.+?)\s*$/, on: (m, s) => {
    const title = m[1]!;
    s.current = failedTest(title === 'Test suite failed to run' ? s.file : `${s.file} > ${title}`);
    s.failures.push(s.current);
  } },
  { pattern: /^Tests:\s+(.*)$/, on: (m, s) => {
    s.failed = countOf(m[1]!, 'failed') ?? 0;
    s.passed = countOf(m[1]!, 'passed') ?? 0;
    s.current = null;
  } },
  { pattern: /^\s*at /, on: (_m, s, line) => { if (s.current) s.current.location ??= frameLocation(line); } },
];

export const jestReader: TestReader = {
  runner: 'jest',
  looksLike: (text) => /^Tests:\s+.*\d+ total/m.test(text) || /^\s*● .+›/m.test(text),
  read(lines) {
    const state = readLines<State>(lines, RULES, { file: '', failures: [], current: null }, (line, s) => {
      // The first text after the ● line (code frames start with `>` or a line number) is the message.
      if (s.current && !s.current.message && line.trim() && !/^\s*(?:>|\d+ \|)/.test(line)) s.current.message = line.trim();
    });
    if (state.failed === undefined && state.failures.length === 0) return null;
    const failures = unique(state.failures);
    return { runner: 'jest', passed: state.passed ?? 0, failed: state.failed ?? failures.length, failures };
  },
};
