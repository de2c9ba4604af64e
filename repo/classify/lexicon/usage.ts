import { TEST_REPORT_MARKERS } from '../packs/markers.js';
import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A CLI refusing what it was asked, in its own words (issue 30, the seventh capture's misses by
 * mechanism; none names a tool): a usage error (options that cannot go together, operands
 * missing, an operand it will not take), an input not in its format, a value below what it
 * accepts, and a tool's numbered error (`tool: E123456: message`). DESIGN's ERROR_RESPONSE, the
 * catch-all: the request was refused as given — adapt it, there is nothing to wait for. Any more
 * exact reading wins (a credential, a network cause, a build's diagnostic).
 */

/** Where these words count: the failure's own words, not a test report's names, below a crash's own reading. */
const OWN_REFUSAL = {
  type: 'ERROR_RESPONSE',
  priority: RULE_PRIORITY.crash - 5,
  sources: FAILURE_SOURCES,
  unless: [...TEST_REPORT_MARKERS, '✗', '✕', 'not ok'],
} as const;

export const USAGE_RULES: readonly Rule[] = [
  {
    // Arguments a CLI will not take together or without more: "options '-Mn' are incompatible", "Arguments canary and
    // all-at-once are mutually exclusive", "Not enough non-option arguments: got 0, need at least 1", "ERROR: Parameter
    // problem: …" — a usage error, the corpus's ERROR_RESPONSE, whichever argument parser printed it.
    id: 'lexicon.usage-refused',
    ...OWN_REFUSAL,
    wordForms: true,
    phrases: [
      'are incompatible', 'is incompatible with', 'mutually exclusive', 'cannot be used together', 'cannot be combined with', 'cannot be used with',
      'not enough arguments', 'not enough non-option arguments', 'too few arguments', 'too many arguments', 'missing operand', 'extra operand',
      'parameter problem', 'bad parameter', 'parameter error',
    ],
  },
  {
    // An operand the tool will not act on as given: "cp: 'a' and './a' are the same file", "-r not specified; omitting
    // directory 'build'", "xxd: Sorry, cannot seek." (a pipe has no offsets), "New size smaller than minimum (1633)".
    id: 'lexicon.operand-refused',
    ...OWN_REFUSAL,
    phrases: [
      'are the same file', 'omitting directory', '{cannot} seek', 'illegal seek', 'smaller than minimum', 'smaller than the minimum',
      'below the minimum', 'less than the minimum', 'less than minimum', '{cannot} write to',
    ],
    wordForms: true,
  },
  {
    // Input not in the format the tool reads, in words the generic rule lacks: "improper image header", "Bad magic number
    // in super-block", "failed to load external entity" (an XML document a parser could not load), "File x is
    // unavailable" — on stdout too when that is where a failing tool printed it.
    id: 'lexicon.input-unreadable',
    ...OWN_REFUSAL,
    failingStdout: true,
    phrases: [
      'improper image header', 'improper header', 'bad magic number', 'bad magic', 'invalid magic number', 'wrong magic number',
      'failed to load external entity', 'premature end',
    ],
  },
  {
    // A file a failing tool says it does not have ("File lib/finance.bc is unavailable.", on stdout): not there to read.
    id: 'lexicon.file-unavailable',
    ...OWN_REFUSAL,
    failingStdout: true,
    phrases: ['is unavailable', 'are unavailable'],
    requires: ['file', 'files', 'directory'],
    sameLine: true,
  },
  {
    // A thing the system has none of at all, said in two words: "no sessions" (a terminal multiplexer with nothing to
    // attach to). The request names a thing that is not there: adapt.
    id: 'lexicon.none-there',
    ...OWN_REFUSAL,
    phrases: ['no sessions', 'no such session', 'no active sessions', 'no windows', 'no panes', 'no clients', 'no jobs', 'no public key'],
  },
  {
    // A feature asked for that the tool does not have ("There is no layout engine support for \"force\""): refused as given.
    id: 'lexicon.no-support',
    ...OWN_REFUSAL,
    phrases: ['support for'],
    requires: ['there is no', 'has no', 'no'],
    sameLine: true,
  },
  {
    // A merge that stopped on conflicts, in a VCS's other words ("conflicts while merging VERSION!", "1 files unresolved").
    id: 'lexicon.merge-conflicts',
    ...OWN_REFUSAL,
    wordForms: true,
    phrases: ['conflicts while merging', 'conflict while merging', 'unresolved conflicts', 'unresolved merge conflicts'],
  },
  {
    // A usage text printed on the failure's stream ("Usage: x [options] …" over its "Options:"): the tool refused the
    // arguments and said how to call it. The weakest reading: any word the usage error names wins.
    id: 'lexicon.usage-text',
    type: 'ERROR_RESPONSE',
    priority: RULE_PRIORITY.crash - 12,
    sources: FAILURE_SOURCES,
    unless: [...TEST_REPORT_MARKERS, '✗', '✕', 'not ok'],
    phrases: ['usage:'],
    shape: 'Usage: …',
    requires: ['options:', '[options]', '[option]', '[flags]', 'flags:'],
  },
  {
    // A tool's numbered error (`svn: E155007: None of the targets are working copies`, `E160028: … is out of date`):
    // the code says the tool refused, its message says why; with no word of the message read, the refusal is the
    // reading — the catch-all, below every word a message can carry.
    id: 'lexicon.numbered-error',
    type: 'ERROR_RESPONSE',
    priority: RULE_PRIORITY.crash - 10,
    sources: FAILURE_SOURCES,
    phrases: ['e1*', 'e0*', 'e2*', 'e3*', 'e4*', 'e5*', 'e6*', 'e7*', 'e8*', 'e9*'],
    shape: 'tool: Ecode: message',
  },
  {
    // A hook refusing a change in the words of a VCS that names which hook ("Commit blocked by pre-commit hook (exit
    // code 1) with output:"): the gate the project set, as lexicon.hook-rejected reads the other spellings.
    id: 'lexicon.hook-blocked',
    type: 'QUALITY_GATE_FAIL',
    sources: FAILURE_SOURCES,
    unless: [...TEST_REPORT_MARKERS, '✗', '✕', 'not ok'],
    phrases: ['blocked by hook', 'blocked by pre-commit hook', 'blocked by pre-receive hook', 'blocked by pre-push hook', 'blocked by start-commit hook', 'blocked by pre-lock hook', 'hook (exit code'],
  },
];
