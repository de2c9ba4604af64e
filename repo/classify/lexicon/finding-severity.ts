import { REPORT_WORDS } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A checker's finding tagged with its severity at a place in the file, `Two-argument "open" used
 * at line 4, column 3.  (Severity: 5)` (issue 30, the sixteenth capture): a failed run that prints
 * such lines reports a gate's findings, QUALITY_GATE_FAIL, as `lint-count.ts` reads a count. The
 * tag and the place on the same line; on stdout of a failed command too (checkers report there).
 * Not a severity said in prose, nor one without a place (an advisory's `Severity: high`).
 */
export const FINDING_SEVERITY_RULES: readonly Rule[] = [
  {
    id: 'lexicon.finding-severity',
    type: 'QUALITY_GATE_FAIL',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: [...REPORT_WORDS],
    phrases: ['(severity:'],
    requires: ['at line'],
    sameLine: true,
  },
];
