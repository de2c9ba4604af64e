import { REPORT_WORDS } from '../packs/markers.js';
import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/** Extensions of the files a script runtime names where it died (`at app.pl line 3.`), and `-e` for a one-liner. */
const DIED_IN = ['pl', 'pm', 't', 'cgi', 'psgi'];

/**
 * A program that died with a message and the place it died (issue 30, the eighth first-sight
 * capture): `Not a HASH reference at app.pl line 3.`, `encountered CODE(0x…), but JSON can only
 * represent … at app.pl line 2.` — the uncaught exception of a script runtime whose die appends
 * the place instead of printing a stack. It is the carrier, as a traceback is: CLI_CRASH at the
 * crash tier, so every more exact reading of the message (a refused input, the network, a
 * credential, a parse error) wins over it — and, below a traceback's marker, so do the refusal words
 * of an input (`File is not a perl storable at … line 421`): with no stack printed, the message is
 * all there is, and its refusal is the input's answer. Only on a line of that shape, in the failure's own
 * words, outside test reports (a test's diagnostics print the same places).
 */
export const DIED_RULES: readonly Rule[] = [
  {
    id: 'lexicon.died-at-line',
    type: 'CLI_CRASH',
    priority: RULE_PRIORITY.crash - 10,
    sources: FAILURE_SOURCES,
    unless: REPORT_WORDS,
    phrases: [...DIED_IN.map((ext) => `*.${ext} line`), '-e line'],
    shape: 'message at file line N.',
  },
];
