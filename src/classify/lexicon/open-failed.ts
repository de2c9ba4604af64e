import { TEST_REPORT_MARKERS } from '../packs/markers.js';
import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A file the tool could not open or read, said with no cause (issue 30, the eighteenth capture;
 * FIRST-SIGHT.md, session 17's step 1): `Error opening local file`, `Read Exception (cut.png)`.
 * The request's file was refused: ERROR_RESPONSE at the usage refusals' tier (usage.ts), so any
 * cause printed beside it (no such file, permission, a read-only or full disk) wins, and a subject
 * that is the project's source or configuration is read as a broken build by project-file.ts.
 * Not in a test report's lines, where the same words name a case.
 */
export const OPEN_FAILED_RULES: readonly Rule[] = [
  {
    id: 'lexicon.file-open-failed',
    type: 'ERROR_RESPONSE',
    priority: RULE_PRIORITY.crash - 5,
    sources: FAILURE_SOURCES,
    // On stdout too when that is where a failing tool printed it (`Error opening local file` after its progress lines).
    failingStdout: true,
    unless: [...TEST_REPORT_MARKERS, '✗', '✕', 'not ok'],
    phrases: ['error opening', 'read exception'],
  },
];
