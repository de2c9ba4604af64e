import { REPORT_WORDS } from '../packs/markers.js';
import type { Rule } from '../rule.js';

/**
 * A read that waited for a peer and ended without its answer (issue 30, the eleventh capture):
 * a runtime's own words for the two ways it ends. A deadline set around the wait ran out
 * (Ruby's `Timeout::Error`: `execution expired`): TIMEOUT, retried with a longer timeout. The
 * stream ended (`end of file reached (EOFError)`) on a read made under such a deadline or on a
 * socket or connection: the peer closed the connection before answering — NETWORK, as a
 * connection closed unexpectedly (retried, never adapted). An end of file with no wait or
 * connection beside it is a file read past its end (the catch-all's refusal), and a parser's
 * `End of file reached.` in a project file is the build's.
 */
export const WAIT_ENDED_RULES: readonly Rule[] = [
  {
    id: 'lexicon.wait-expired',
    type: 'TIMEOUT',
    unless: REPORT_WORDS,
    phrases: ['execution expired'],
  },
  {
    id: 'lexicon.peer-ended-stream',
    type: 'NETWORK',
    unless: REPORT_WORDS,
    phrases: ['end of file reached (eoferror)'],
    requires: ['timeout', 'socket', 'connection', 'tcp'],
    inIdentifiers: true,
  },
];
