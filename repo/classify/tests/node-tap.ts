/**
 * TAP as node's test runner prints it (its default when the output is not a terminal; tape and
 * others write the same lines). Nesting is by indentation, four spaces a level:
 *   `# Subtest: math` / `    not ok 1 - adds` / a YAML block (`location: '…:4:3'`,
 *   `error: 'boom'` or `error: |-` and indented lines, `type: 'suite'`) ending in `...`.
 * Suites failing because a subtest failed are not tests; `# pass 2` / `# fail 2` are the counts.
 */
import { failedTest, readLines, unique, type LineRule } from './lines.js';
import type { FailedTest, TestReader } from './types.js';

interface State {
  /** Subtest names by depth. */
  path: string[];
  failures: FailedTest[];
  /** The `not ok` whose YAML block is being read. */
  current: { test: FailedTest; suite: boolean; blockError: boolean } | null;
  passed?: number;
  failed?: number;
}

const depth = (indent: string) => Math.floor(indent.length / 4);
const unquote = (value: string) => value.trim().replace(/^'(.*)'$/, '$1').replace(/''/g, "'");

const RULES: readonly LineRule<State>[] = [
  { pattern: /^# (pass|fail) (\d+)\s*$/, on: (m, s) => { s[m[1] === 'pass' ? 'passed' : 'failed'] = Number(m[2]); } },
  { pattern: /^(\s*)# Subtest: (.*)$/, on: (m, s) => { s.path.length = depth(m[1]!); s.path.push(m[2]!.trim()); } },
  { pattern: /^(\s*)not ok \d+(?: - (.*?))?(?: # .*)?\s*$/, on: (m, s) => {
    const level = depth(m[1]!);
    const name = [...s.path.slice(0, level), m[2]?.trim() || s.path[level] || '(unnamed)'].join(' > ');
    s.current = { test: failedTest(name), suite: false, blockError: false };
    s.failures.push(s.current.test);
  } },
  { pattern: /^\s*\.\.\.\s*$/, on: (_m, s) => {
    if (s.current?.suite) s.failures.splice(s.failures.indexOf(s.current.test), 1);
    s.current = null;
  } },
  { pattern: /^\s*type: 'suite'\s*$/, on: (_m, s) => { if (s.current) s.current.suite = true; } },
  { pattern: /^\s*failureType: 'subtestsFailed'\s*$/, on: (_m, s) => { if (s.current) s.current.suite = true; } },
  { pattern: /^\s*location: (.*)$/, on: (m, s) => { if (s.current) s.current.test.location = unquote(m[1]!).replace(/^file:\/\//, ''); } },
  { pattern: /^\s*error: (.*)$/, on: (m, s) => {
    if (!s.current) return;
    const value = m[1]!.trim();
    if (value === '|-' || value === '|' || value === '>-') s.current.blockError = true;
    else if (value) s.current.test.message = unquote(value);
  } },
];

export const nodeTapReader: TestReader = {
  runner: 'node-tap',
  looksLike: (text) => /^TAP version \d+/m.test(text) || (/^\s*(?:not )?ok \d+ - /m.test(text) && /^# (?:pass|fail) \d+/m.test(text)),
  read(lines) {
    const state = readLines<State>(lines, RULES, { path: [], failures: [], current: null }, (line, s) => {
      // A block `error: |-`: its first non-empty line is the message.
      if (s.current?.blockError && line.trim()) {
        s.current.test.message ??= line.trim();
        s.current.blockError = false;
      }
    });
    if (state.failed === undefined && state.failures.length === 0) return null;
    const failures = unique(state.failures);
    return { runner: 'node-tap', passed: state.passed ?? 0, failed: state.failed ?? failures.length, failures };
  },
};
