/**
 * `go test`: `--- FAIL: TestAdd (0.00s)` (subtests indented, `TestSub/case_1`), followed by the
 * test's log lines, `    math_test.go:8: expected 3, got 2`; `-v` streams those lines under
 * `=== RUN   TestAdd` before the verdict, and adds `--- PASS:` lines, the only pass count go prints.
 * A parent failing only because a subtest failed is not listed.
 * (go-junit-report or gotestsum turn `go test -json` into JUnit XML; not relied on.)
 */
import { failedTest, readLines, unique, type LineRule } from './lines.js';
import type { FailedTest, TestReader } from './types.js';

interface State {
  failures: FailedTest[];
  current: FailedTest | null;
  /** Under `-v`: the test running now, and the first log line each test printed before its verdict. */
  running: string | null;
  logged: Map<string, { location: string; message: string }>;
  passed: number;
}

const RULES: readonly LineRule<State>[] = [
  { pattern: /^=== (?:RUN|CONT|PAUSE)\s+(\S+)/, on: (m, s) => { s.running = m[1]!; s.current = null; } },
  { pattern: /^\s*--- FAIL: (\S+)/, on: (m, s) => {
    const logged = s.logged.get(m[1]!);
    s.current = failedTest(m[1]!, logged?.message, logged?.location);
    s.running = null;
    s.failures.push(s.current);
  } },
  { pattern: /^\s*--- PASS: /, on: (_m, s) => { s.passed++; s.current = null; } },
  { pattern: /^\s*--- SKIP: /, on: (_m, s) => { s.current = null; } },
  { pattern: /^\s+(\S+\.go:\d+): (.*)$/, on: (m, s) => {
    if (s.running && !s.current && !s.logged.has(s.running)) s.logged.set(s.running, { location: m[1]!, message: m[2]!.trim() });
    if (!s.current || s.current.location) return;
    s.current.location = m[1]!;
    s.current.message = m[2]!.trim();
  } },
  { pattern: /^(?:FAIL|ok|PASS)\b/, on: (_m, s) => { s.current = null; s.running = null; } },
];

export const goReader: TestReader = {
  runner: 'go',
  looksLike: (text) => /^\s*--- (?:FAIL|PASS): \S+ \(/m.test(text),
  read(lines) {
    const state = readLines<State>(lines, RULES, { failures: [], current: null, running: null, logged: new Map(), passed: 0 });
    if (state.failures.length === 0 && state.passed === 0) return null;
    const all = unique(state.failures);
    const names = all.map((f) => f.name);
    const failures = all.filter((f) => !names.some((n) => n.startsWith(`${f.name}/`)));
    return { runner: 'go', passed: state.passed, failed: failures.length, failures };
  },
};
