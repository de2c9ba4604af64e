/**
 * `go test`: `--- FAIL: TestAdd (0.00s)` (subtests indented, `TestSub/case_1`), followed by the
 * test's log lines, `    math_test.go:8: expected 3, got 2`; `-v` adds `--- PASS:` lines, the
 * only pass count go prints. A parent failing only because a subtest failed is not listed.
 * (go-junit-report or gotestsum turn `go test -json` into JUnit XML; not relied on.)
 */
import { failedTest, readLines, type LineRule } from './lines.js';
import type { FailedTest, TestReader } from './types.js';

interface State {
  failures: FailedTest[];
  current: FailedTest | null;
  passed: number;
}

const RULES: readonly LineRule<State>[] = [
  { pattern: /^\s*--- FAIL: (\S+)/, on: (m, s) => { s.current = failedTest(m[1]!); s.failures.push(s.current); } },
  { pattern: /^\s*--- PASS: /, on: (_m, s) => { s.passed++; s.current = null; } },
  { pattern: /^\s*--- SKIP: /, on: (_m, s) => { s.current = null; } },
  { pattern: /^\s+(\S+\.go:\d+): (.*)$/, on: (m, s) => {
    if (!s.current || s.current.location) return;
    s.current.location = m[1]!;
    s.current.message = m[2]!.trim();
  } },
  { pattern: /^(?:FAIL|ok|PASS)\b/, on: (_m, s) => { s.current = null; } },
];

export const goReader: TestReader = {
  runner: 'go',
  looksLike: (text) => /^\s*--- (?:FAIL|PASS): \S+ \(/m.test(text),
  read(lines) {
    const state = readLines<State>(lines, RULES, { failures: [], current: null, passed: 0 });
    if (state.failures.length === 0 && state.passed === 0) return null;
    const names = state.failures.map((f) => f.name);
    const failures = state.failures.filter((f) => !names.some((n) => n.startsWith(`${f.name}/`)));
    return { runner: 'go', passed: state.passed, failed: failures.length, failures };
  },
};
