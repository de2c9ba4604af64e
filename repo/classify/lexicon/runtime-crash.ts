import { REPORT_WORDS } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * An interpreter's own report of an exception nothing caught (issue 30, the sixteenth capture): the
 * shapes a runtime prints when a program's condition reaches its top level — a Lisp's `unhandled
 * condition … quitting` or `debugger invoked on a …`, a `Fatal error: exception …`, an `exception
 * error:` line, a goal that `caused exception: error(…)`, a bare `Exception: …` line. CLI_CRASH at
 * the crash's tier (README, label decisions: *What an uncaught exception carries*): the refusal an
 * exception carries (exception-refusal.ts, ERROR_RESPONSE) and every more exact reading (a network
 * cause, a full disk, a build) outrank it; the shape only says the program died of its own condition.
 *
 * Where: the failure's own words (`FAILURE_SOURCES`), and for the shapes no tool's own line takes, stdout
 * when the command failed (some runtimes print the report there); never inside a test report (`REPORT_WORDS`).
 */
export const RUNTIME_CRASH_RULES: readonly Rule[] = [
  {
    // On the error stream: a bare `Exception: Division_by_zero.` too. Not a JVM class's `java.lang.Exception:` inside a
    // tool's own error line (`keytool error: java.lang.Exception: Input not an X.509 certificate`: the tool's refusal).
    id: 'lexicon.runtime-uncaught-report',
    type: 'CLI_CRASH',
    sources: FAILURE_SOURCES,
    unless: [...REPORT_WORDS, '*.exception:'],
    phrases: ['unhandled condition', 'debugger invoked on a', 'fatal error: exception', 'exception error:', 'caused exception: error(*', 'exception:'],
  },
  {
    // On stdout of a failed command (a runtime that reports there): only the shapes no tool's own line takes, not a
    // bare `Exception:` (a downloader's `Exception: [AbstractCommand.cc:340] errorCode=2 Timeout.` is its own report).
    id: 'lexicon.runtime-uncaught-report-stdout',
    type: 'CLI_CRASH',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: [...REPORT_WORDS],
    phrases: ['unhandled condition', 'debugger invoked on a', 'caused exception: error(*'],
  },
];

/**
 * The refusal such a report carries, in a standard's error terms (ISO Prolog's `existence_error` and
 * `permission_error` of a `source_sink`: a file the program was given that does not exist or may not
 * be opened), and a runtime's end-of-input exception reported bare (`Exception: End_of_file.`): the
 * input's, ERROR_RESPONSE above the crash, as exception-refusal.ts.
 */
export const RUNTIME_REFUSAL_RULES: readonly Rule[] = [
  {
    id: 'lexicon.runtime-input-refused',
    type: 'ERROR_RESPONSE',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: [...REPORT_WORDS],
    inIdentifiers: true,
    phrases: ['existence_error(source_sink', 'permission_error(open,source_sink', 'exception: end_of_file'],
  },
];
