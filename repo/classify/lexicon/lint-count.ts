import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A linter's findings that nothing else reads, by the count the run ends with (issue 30, the
 * fifteenth capture's QUALITY_GATE_FAIL→UNKNOWN: findings under a file's name with caret frames, or
 * `file: line N, col M, error - message (rule)`, then `1 problems` or `Scanned 1 files, found 3 errors
 * in 1 files`): a failed run that counts its problems is a gate's verdict on the files (DESIGN:
 * QUALITY_GATE_FAIL), at the type's own tier — any more exact reading (a file that does not parse, a
 * crash's cause) outranks it. The line shape (line-shape-count.ts) asks for the count on a line of
 * its own, one or more, so `0 problems`, prose about problems and a type checker's `Found 3 errors`
 * are not this. Where: the failing run's own output, stdout included (linters print findings there).
 */
export const LINT_COUNT_RULES: readonly Rule[] = [
  {
    id: 'lexicon.lint-count',
    type: 'QUALITY_GATE_FAIL',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    phrases: ['problems', 'problem', 'scanned'],
    shape: 'N problems',
  },
];
