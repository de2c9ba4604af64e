/**
 * node's test runner, spec reporter (the default on a terminal). Read from its closing
 * `✖ failing tests:` section, where each failure is `test at math.test.mjs:4:3`, then
 * `✖ adds (1.8ms)`, then the error's first line; the counts are `ℹ pass 2` and `ℹ fail 2`.
 * (`--test-reporter=junit --test-reporter-destination=FILE` writes JUnit XML; not relied on.)
 */
import { failedTest, readLines, unique, type LineRule } from './lines.js';
import type { FailedTest, TestReader } from './types.js';

interface State {
  inSummary: boolean;
  location: string | undefined;
  failures: FailedTest[];
  current: FailedTest | null;
  passed?: number;
  failed?: number;
}

const RULES: readonly LineRule<State>[] = [
  { pattern: /^✖ failing tests:\s*$/, on: (_m, s) => { s.inSummary = true; } },
  { pattern: /^ℹ (pass|fail) (\d+)\s*$/, on: (m, s) => { s[m[1] === 'pass' ? 'passed' : 'failed'] = Number(m[2]); } },
  { pattern: /^test at (\S+:\d+(?::\d+)?)\s*$/, on: (m, s) => { if (s.inSummary) s.location = m[1]!; } },
  { pattern: /^✖ (.+?)(?: \([\d.]+m?s\))?\s*$/, on: (m, s) => {
    if (!s.inSummary) return;
    // The file (not the line: a fix moves lines) keeps two tests of one name in two files apart.
    const file = s.location?.replace(/:\d+(?::\d+)?$/, '');
    s.current = failedTest(file ? `${file} > ${m[1]!}` : m[1]!, undefined, s.location);
    s.location = undefined;
    s.failures.push(s.current);
  } },
];

export const nodeSpecReader: TestReader = {
  runner: 'node-spec',
  looksLike: (text) => /^ℹ (?:tests|fail) \d+\s*$/m.test(text),
  read(lines) {
    const state = readLines<State>(lines, RULES, { inSummary: false, location: undefined, failures: [], current: null }, (line, s) => {
      if (s.current && !s.current.message && line.trim()) s.current.message = line.trim();
    });
    if (state.failed === undefined && state.failures.length === 0) return null;
    const failures = unique(state.failures);
    return { runner: 'node-spec', passed: state.passed ?? 0, failed: state.failed ?? failures.length, failures };
  },
};
