import { REPORT_WORDS } from '../packs/markers.js';
import { TYPE_PRIORITY } from '../priority.js';
import type { Rule } from '../rule.js';

/**
 * A data checker's findings (issue 30, the eleventh capture): a tool asked to check a table or a
 * record file against its declared shape reports the rows, records and fields that do not fit —
 * FORMAT_VALIDATION (DESIGN: data that failed format validation; checks.ts's schema findings are
 * the same kind), not the broken build a `file:line: error:` position would otherwise say (the
 * file is data, not the project's source) nor the failed condition `check failed` alone says.
 * Above both (a refinement of what the checked thing is).
 *
 * Not evidence: the same shape words from a tool that is not checking (`transpose input error:
 * line 2 has 2 fields`: the input refused, ERROR_RESPONSE), a database's `duplicate key value
 * violates unique constraint` (the statement refused), a test report.
 */
export const DATA_CHECK_RULES: readonly Rule[] = [
  {
    // A check whose subject is the data's shape: `check failed: line 3 has 2 fields (previous line had 3)`, `check failed:
    // input had 3 lines (expecting 10)`.
    id: 'lexicon.data-shape-check',
    type: 'FORMAT_VALIDATION',
    priority: TYPE_PRIORITY.BROKEN_BUILD + 5,
    wordForms: true,
    unless: REPORT_WORDS,
    phrases: ['check {fail}', 'validation {fail}'],
    requires: ['fields', 'columns', 'rows', 'records', 'lines'],
    sameLine: true,
  },
  {
    // A record that misses a field its declaration makes mandatory, or repeats a key: `mandatory field 'Email' not found in
    // record`, `duplicated key value in field 'Id' in record`.
    id: 'lexicon.record-field-check',
    type: 'FORMAT_VALIDATION',
    priority: TYPE_PRIORITY.BROKEN_BUILD + 5,
    unless: [...REPORT_WORDS, 'violates unique constraint'],
    phrases: ['in record', 'not found in record'],
    requires: ['field'],
    sameLine: true,
  },
];
