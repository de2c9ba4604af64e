import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * Two things compared and found different, or a condition tested and false (issue 30, the seventh
 * capture; no rule names a tool): a byte-wise comparison's first difference (`a b differ: byte 22,
 * line 2`, the older `differ: char 22`), one file ending before the other (`EOF on a after byte
 * 12`), an artifact that does not match its reference, files that failed a condition. The run
 * checked its output and the check said no: VERIFICATION_FAILED (DESIGN: seed 001's failed
 * verification; adapt the work, not the check).
 */
export const COMPARISON_RULES: readonly Rule[] = [
  {
    id: 'lexicon.compared-different',
    type: 'VERIFICATION_FAILED',
    sources: FAILURE_SOURCES,
    // A comparison tool prints its verdict on stdout and says it by its exit code.
    failingStdout: true,
    unless: REPORT,
    phrases: [
      'differ: byte', 'differ: char', 'files failed condition', 'file failed condition',
    ],
  },
  {
    // An artifact unlike its reference: `release manifest does not match the reproducible-build reference`.
    id: 'lexicon.unlike-reference',
    type: 'VERIFICATION_FAILED',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: REPORT,
    phrases: ['does not match the', 'does not match its', "doesn't match the", 'differs from the', 'differs from its'],
    requires: ['reference', 'golden file', 'golden copy', 'golden output'],
    sameLine: true,
  },
  {
    // The shorter of two compared files: `EOF on dist/app.manifest after byte 12, line 1`.
    id: 'lexicon.compared-shorter',
    type: 'VERIFICATION_FAILED',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: REPORT,
    phrases: ['eof on'],
    requires: ['after byte', 'after char'],
    sameLine: true,
  },
];
