import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A file in a tool's own language that does not parse or load (issue 30, the seventh capture;
 * no rule names a tool): a grammar, a scanner specification, a macro file, a configuration, each
 * diagnosed at its position (`file:line[.col]: message`, line-shape-position.ts) in the words of
 * a definition gone wrong — a token not expected, a name undefined or defined twice, a directive
 * not recognised, the file ending inside a construct. BROKEN_BUILD (DESIGN: the project does not
 * build; the label decision: a project file that does not parse or load). The words alone say
 * nothing (`unknown` is everywhere): the position in front of them is the evidence.
 */
export const FILE_DIAGNOSTIC_RULES: readonly Rule[] = [
  {
    id: 'lexicon.file-diagnostic',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    // A document checked against a schema parsed: its validity errors are a validation's (FORMAT_VALIDATION).
    // A method missing at run time (`app.cr:4: undefined method 'name' for Nil`) is a crash at that line, not a definition.
    unless: [...REPORT, 'validity error', 'fails to validate', 'failed to validate', 'undefined method'],
    shape: 'file:line[.col]: message',
    // Right after the position's colon (`*:` lifts the word boundary a digit would fail). A shaped rule's phrases skip
    // the identifier check for this rule only (compile.ts gives them their own patterns).
    phrases: [
      '*: error:', '*: unexpected', '*: undefined', '*: unrecognized', '*: unrecognised', '*: unknown', '*: expected', '*: eof',
      '*: negative range', '*: syntax error', '*: invalid', '*: end of file', '*: unterminated', 'already defined', 'referenced but not defined',
    ],
  },
  {
    // The message, then its position on a line of its own (`Error: Undefined variable: "$x".` / `on line 1:15 of
    // scss/main.scss`): a stylesheet or source of the project that does not compile — BROKEN_BUILD, whatever the message
    // says (an import not found, units that do not add, an `@error` the file raised itself).
    id: 'lexicon.position-line',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    unless: REPORT,
    shape: 'on line N[:col] of file',
    phrases: ['on line'],
  },
];
