/**
 * pytest: the `short test summary info` (on by default, `-rfE`) names each failure by node id
 * with its message: `FAILED test_math.py::test_adds - assert (1 + 1) == 3` (`ERROR` for errors
 * in setup or collection). Its location comes from the FAILURES section: the header
 * `____ TestNested.test_throws ____` and then `test_math.py:9: ValueError`. The counts end the
 * run: `==== 2 failed, 1 passed in 1.67s ====` (`-q`: without the rules).
 * (`--junitxml=FILE` writes JUnit XML; not relied on.)
 */
import { countOf, failedTest, readLines, unique, type LineRule } from './lines.js';
import type { FailedTest, TestReader } from './types.js';

interface State {
  /** The header of the failure whose traceback is being read, e.g. `TestNested.test_throws`. */
  section: string | null;
  /** Where each header's traceback ended (its last `file:line: Error` line wins). */
  locations: Map<string, string>;
  failures: FailedTest[];
  passed?: number;
  failed?: number;
}

const RULES: readonly LineRule<State>[] = [
  { pattern: /^_{3,} (.+?) _{3,}\s*$/, on: (m, s) => { s.section = m[1]!; } },
  { pattern: /^(\S+\.py:\d+): \w/, on: (m, s) => { if (s.section) s.locations.set(s.section, m[1]!); } },
  { pattern: /^(?:FAILED|ERROR) (\S+)(?: - (.*))?$/, on: (m, s) => { s.failures.push(failedTest(m[1]!, m[2]?.trim())); } },
  { pattern: /^=*\s*((?:\d+ \w+,? ?)+) in [\d.]+s\b/, on: (m, s) => {
    s.failed = (countOf(m[1]!, 'failed') ?? 0) + (countOf(m[1]!, 'errors?') ?? 0);
    s.passed = countOf(m[1]!, 'passed') ?? 0;
  } },
];

/** The FAILURES header of a node id: `a.py::Class::test` is headed `Class.test`. */
const header = (nodeId: string) => nodeId.split('::').slice(1).join('.');

export const pytestReader: TestReader = {
  runner: 'pytest',
  looksLike: (text) => /^=+ (?:test session starts|short test summary info) =+/m.test(text) || /^(?:FAILED|ERROR) \S+\.py(?:::\S+)?(?: - |$)/m.test(text),
  read(lines) {
    const state = readLines<State>(lines, RULES, { section: null, locations: new Map(), failures: [] });
    if (state.failed === undefined && state.failures.length === 0) return null;
    const failures = unique(state.failures).map((f) => {
      const location = state.locations.get(header(f.name));
      return location ? { ...f, location } : f;
    });
    return { runner: 'pytest', passed: state.passed ?? 0, failed: state.failed ?? failures.length, failures };
  },
};
