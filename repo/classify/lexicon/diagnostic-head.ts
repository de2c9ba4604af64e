import { REPORT_WORDS } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A compiler's diagnostic head that places the error by a file's line and character range,
 * `File "bin/main.ml", line 2, characters 20-24:`, above its `Error:` line (issue 30, the
 * sixteenth capture): a project file that does not compile, BROKEN_BUILD, whatever the error's
 * words (`Unbound value totl`, `This expression has type string…`, `Unknown field`). Not a
 * traceback's frame (`File "x.py", line 3, in f`: no character range) — a position by characters
 * is what a compiler or a config reader gives about the file it read, never a frame of code that ran.
 */
export const DIAGNOSTIC_HEAD_RULES: readonly Rule[] = [
  {
    id: 'lexicon.diagnostic-characters-head',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    unless: [...REPORT_WORDS],
    phrases: ['*, characters'],
    requires: ['error:'],
  },
];
