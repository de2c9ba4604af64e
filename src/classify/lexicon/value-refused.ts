import { TEST_REPORT_MARKERS } from '../packs/markers.js';
import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A value given to an option refused, with no file or peer named (issue 30, the eighteenth
 * capture; FIRST-SIGHT.md, session 17's step 2: a refusal of a value, name, option or input is
 * ERROR_RESPONSE whatever carries it). The request was refused as given — adapt it. At the tier of
 * the other usage refusals (usage.ts), below a crash's own reading, so any more exact reading wins;
 * not in a test report's lines, where the same words name a case.
 */
export const VALUE_REFUSED_RULES: readonly Rule[] = [
  {
    // An option whose argument is missing or not of its form (`Option '-resize' requires an argument or argument is
    // malformed.`), a number outside the range the option takes (`Speed should be between 1 (slow) and 11 (fast).`).
    id: 'lexicon.option-value-refused',
    type: 'ERROR_RESPONSE',
    priority: RULE_PRIORITY.crash - 5,
    sources: FAILURE_SOURCES,
    unless: [...TEST_REPORT_MARKERS, '✗', '✕', 'not ok'],
    phrases: ['requires an argument', 'argument is malformed', 'should be between', 'must be between'],
  },
  {
    // A value the tool could not read as its option's kind (`error parsing quality value [12]`): the words of a parse
    // error beside `value` on one line — a source parser names a file and a position instead, which its own rules read.
    id: 'lexicon.option-value-unparsed',
    type: 'ERROR_RESPONSE',
    priority: RULE_PRIORITY.crash - 5,
    sources: FAILURE_SOURCES,
    unless: [...TEST_REPORT_MARKERS, '✗', '✕', 'not ok'],
    phrases: ['error parsing'],
    requires: ['value'],
    sameLine: true,
  },
];
