/**
 * A command's own diagnostic inside a failed test's output (issue 30, Build 1, root cause first):
 * a test that runs a command prints that command's error as the command printed it —
 * `curl: (7) Failed to connect to 127.0.0.1 port 1`, `psql: error: connection to server … refused`,
 * `cp: error writing 'out': No space left on device` — a program's lower-case `name:` prefix, then
 * its message. Such a line is what the test's command ran into: when it names a network, disk or
 * credential cause, the environment failed, not the code, and the cause outranks the runner's
 * summary (`0% tests passed, 1 tests failed`), as a TAP `not ok`'s `#` diagnostic does.
 *
 * An assertion that merely mentions a connection is not such a line: `Error: connect ECONNREFUSED`
 * (an exception's name), `AssertionError: …`, `E   ConnectionError`, `>   raise …` (a listing),
 * a frame (`at …`, `File "…"`), a test's name (`test_db:` joins words with `_`), or a report's
 * field (`expected: …`, `received: …`): the test compared or raised, and stays a failed test.
 */
import { programPrefix } from './catch-all.js';

/** Heads of a test report's comparison, not a command's name. */
const REPORT_FIELDS = new Set(['expected', 'actual', 'received', 'got', 'want', 'wanted', 'value', 'values', 'message', 'reason', 'assert', 'assertion', 'diff', 'output', 'stdout', 'stderr', 'error', 'errors', 'cause', 'test', 'tests', 'case', 'failure', 'failures', 'failed']);

/**
 * True when `line` (a candidate's match, trimmed) is a command's own diagnostic: it starts with a
 * program's `name:` prefix (lower-case letters, digits, dashes; see catch-all.ts) that is no report
 * field, and a message follows.
 */
export function commandDiagnostic(line: string): boolean {
  const end = programPrefix(line, 0);
  if (end === -1) return false;
  const colon = line.indexOf(':');
  if (REPORT_FIELDS.has(line.slice(0, colon))) return false;
  return line.slice(end + 1).trim().length > 0;
}
