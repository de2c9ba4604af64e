import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A checker's warnings at positions written in words (issue 30, the twelfth capture; no rule names
 * a tool): `line 5 column 4 - Warning: <img> lacks "alt" attribute`. A process that failed and
 * printed only findings of this shape failed on its findings about a document that parses —
 * QUALITY_GATE_FAIL by the README's decision on analysers — where nothing else reads a warning.
 * Not when the same output says there are errors (`This document has errors that must be fixed`,
 * `Error:`): a document that does not parse is not a finding about one that does.
 */
export const POSITION_WARNING_RULES: readonly Rule[] = [
  {
    id: 'lexicon.position-warning',
    type: 'QUALITY_GATE_FAIL',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: [...REPORT, 'has errors', 'error:', 'errors were found'],
    phrases: ['- warning:'],
    requires: ['column'],
    sameLine: true,
  },
];
