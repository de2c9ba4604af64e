/**
 * mocha's spec reporter: `  2 passing (5ms)`, `  1 failing`, then per failure its title path
 * over several lines, the last ending in `:` (`  1) math` / `       adds:`), the error's first
 * line, and a stack (`at Context.<anonymous> (test/math.test.js:4:12)`).
 * (mocha-junit-reporter writes JUnit XML, `MOCHA_FILE`; not relied on.)
 */
import { failedTest, frameLocation, readLines, unique, type LineRule } from './lines.js';
import type { FailedTest, TestReader } from './types.js';

interface State {
  /** After `N failing`: numbered lines are failures, not the tree's marks. */
  inFailures: boolean;
  /** The title parts of a failure whose last part (ending in `:`) is still to come. */
  title: string[] | null;
  failures: FailedTest[];
  current: FailedTest | null;
  passed?: number;
  failed?: number;
}

function addTitle(part: string, s: State): void {
  const done = part.endsWith(':');
  s.title!.push(done ? part.slice(0, -1) : part);
  if (!done) return;
  s.current = failedTest(s.title!.join(' > '));
  s.failures.push(s.current);
  s.title = null;
}

const RULES: readonly LineRule<State>[] = [
  { pattern: /^\s*(\d+) passing\b/, on: (m, s) => { s.passed = Number(m[1]); } },
  { pattern: /^\s*(\d+) failing\s*$/, on: (m, s) => { s.failed = Number(m[1]); s.inFailures = true; } },
  { pattern: /^\s*\d+\) (.+?)\s*$/, on: (m, s) => {
    if (!s.inFailures) return;
    s.current = null;
    s.title = [];
    addTitle(m[1]!, s);
  } },
  { pattern: /^\s*at /, on: (_m, s, line) => { if (s.current) s.current.location ??= frameLocation(line); } },
];

export const mochaReader: TestReader = {
  runner: 'mocha',
  looksLike: (text) => /^\s*\d+ passing \(\d/m.test(text) || /^\s*\d+ failing\s*$/m.test(text),
  read(lines) {
    const state = readLines<State>(lines, RULES, { inFailures: false, title: null, failures: [], current: null }, (line, s) => {
      if (!line.trim()) return;
      if (s.title) addTitle(line.trim(), s);
      else if (s.current && !s.current.message) s.current.message = line.trim();
    });
    if (state.failed === undefined && state.passed === undefined) return null;
    const failures = unique(state.failures);
    return { runner: 'mocha', passed: state.passed ?? 0, failed: state.failed ?? failures.length, failures };
  },
};
