import { TEST_REPORT_MARKERS } from '../packs/markers.js';
import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * What the environment refused as given (issue 30): a file, an argument, a command, a name, a
 * statement, a request — ERROR_RESPONSE, the catch-all: adapt, there is nothing to wait for.
 * Any more exact reading wins (a missing module is a build's, a missing program CLI_NOT_FOUND).
 */

/** Kinds of input a tool reads and can find are not what they should be: an archive, a key, a database. */
const INPUT_KINDS = ['file', 'archive', 'format', 'database', 'repository', 'keystore', 'certificate', 'image', 'object', 'data', 'input', 'stream', 'sequence'];

/**
 * Where single refusal words count: the failure's own words, never inside a test report (where they
 * name what a test checks: "rejects invalid input"), and below a crash (an uncaught exception's
 * message says why the program crashed: "ValueError: invalid literal for int()" is a crash, as the
 * corpus reads it).
 */
const REFUSAL_WORDS = {
  type: 'ERROR_RESPONSE',
  priority: RULE_PRIORITY.crash - 5,
  sources: FAILURE_SOURCES,
  unless: [...TEST_REPORT_MARKERS, '✗', '✕', 'not ok'],
} as const;

export const REFUSAL_RULES: readonly Rule[] = [
  {
    // What the environment refused this approach: adapt it. The catch-all tier: any more exact reading wins.
    id: 'lexicon.refused',
    type: 'ERROR_RESPONSE',
    wordForms: true,
    phrases: [
      'already exists', 'does not exist', 'no such file or directory', 'not a directory', 'invalid argument', 'invalid option', 'unknown option',
      'unrecognized option', 'unrecognized arguments', 'merge conflict', 'duplicate key', 'violates unique constraint', 'not found',
      'unknown command', 'unknown subcommand', 'non-zero exit status', 'non-zero exit code', 'undefined command', 'invalid choice',
      'has no property', 'not a terminal', 'does not support', 'unexpected argument', 'must be specified', 'missing argument',
      'missing required argument', 'required argument', 'missing option', 'missing required option', 'no such option',
      // A thing the system has no such one of (not a file, module or host: those have their own readings).
      '{cannot} find device', '{cannot} find session', '{cannot} find window', '{cannot} find pane', '{cannot} find process',
      '{cannot} find user', '{cannot} find group',
      // A statement a database refused: its answer, even inside the exception that carried it (Python's
      // "sqlite3.OperationalError: no such table"), as an HTTP 404 inside one is.
      'no such table', 'no such column', 'constraint failed', 'readonly database', 'read-only database', 'file is not a database',
      // A request an API or service refused as given.
      'refused the request', 'rejected the request', 'request was refused', 'request was rejected', 'content policy', 'safety policy',
    ],
  },
  {
    // A tool refusing a name or a value as given, in single words ("Error: Unknown device type", "duplicate session: ci",
    // "strace: invalid system call", "did you mean 'wasm32'?"), where {@link REFUSAL_WORDS} count.
    id: 'lexicon.refused-word',
    ...REFUSAL_WORDS,
    wordForms: true,
    phrases: [
      'invalid', 'unknown', 'unsupported', 'not supported', 'unrecognized', 'unrecognised', 'no such', 'duplicate', 'not allowed',
      'not recognized', 'did you mean', 'incorrect parameter', 'incorrect parameters',
    ],
  },
  {
    // Input that is not what the tool reads: "not in gzip format", "is not a bzip2 file", "This does not look like a
    // tar archive", "file is not a database", "no valid OpenPGP data found", "Compressed data is corrupt". The input
    // given is wrong: adapt (a corrupted store of the task's own is DATA_CORRUPTION, by its own rules).
    id: 'lexicon.not-that-input',
    ...REFUSAL_WORDS,
    phrases: [
      'is not a', 'not a valid', 'not an', 'not in', 'does not look like', 'does not appear to be', 'no valid', 'is corrupt', 'is corrupted',
      'corrupt input', 'premature end', 'unexpected end of archive', 'truncated', 'too short', 'failed to read',
      'could not read', 'unable to read', 'unable to load', 'could not be processed', 'cannot be processed',
      // Text not in the encoding it was read as, a stream cut short: "illegal input sequence at position 13" (a
      // character-set conversion), "incomplete character or shift sequence", "Unfinished stream" (a compressed frame).
      'illegal', 'incomplete', 'unfinished',
    ],
    requires: INPUT_KINDS,
    sameLine: true,
  },
  {
    // A thing asked for that is not there, in words no single rule lists: "the playbook: deploy.yml could not be found",
    // "cannot find or open x.zip", "no matching tables were found", "filename not matched", "Nothing to do!".
    id: 'lexicon.not-there',
    ...REFUSAL_WORDS,
    wordForms: true,
    phrases: [
      'could not be found', 'cannot be found', "couldn't find", "didn't find", 'did not find', 'could not find', 'unable to find', 'cannot find', "can't find", 'cannot find or open', '{cannot} open',
      'no matching', 'not matched', 'nothing to do', 'no value for required', 'is required', 'are required', 'must precede', 'too open',
      'must be at least', 'must be at most', 'is not set, and has no default', 'expected rather than',
    ],
  },
  {
    // A failing command's error line on stdout, when its error went there (keytool, zip): its refusal words are its own there.
    id: 'lexicon.refused-on-stdout',
    type: 'ERROR_RESPONSE',
    priority: RULE_PRIORITY.crash - 6,
    sources: ['stdout'],
    unless: [...TEST_REPORT_MARKERS, '✗', '✕', 'not ok'],
    phrases: [
      'invalid', 'unrecognized', 'unrecognised', 'unknown', 'not an', 'is not a', 'failed to parse', 'must be at least', 'nothing to do', 'not matched',
      'could not find', 'could not open', 'cannot open', 'does not exist', 'no such file',
    ],
    requires: ['error:', 'error!', 'fatal:', 'exception:'],
    sameLine: true,
  },
];
