import type { FailureType } from '../taxonomy/index.js';
import { commandDiagnostic } from './command-diagnostic.js';
import { RULE_PRIORITY } from './priority.js';
import type { Candidate } from './rule.js';

/**
 * Root cause first (issue 30): a tool that fails because of its environment prints the cause
 * inside its own generic verdict — `npm ERR! Could not resolve dependencies` around a
 * `getaddrinfo ENOTFOUND`, `error: could not compile` after `No space left on device`, a Java
 * `RuntimeException` whose `Caused by:` is an `UnknownHostException`, a Python traceback
 * "During handling of the above exception" whose first exception is a `socket.gaierror`. The
 * wrapper's words (build, crash, a generic error answer) would route the failure to ADAPT or a
 * rollback, which cannot bring the network or the disk back; the cause routes it right.
 *
 * The cause chain's own markers (`Caused by:`, `[cause]:`, nested `"cause"` bodies) need no
 * parsing for this: a cause is recognised by its words wherever it is printed, and it outranks
 * exactly the generic readings below. Test failures, context exhaustion and how a process
 * ended (exit codes, signals) are verdicts in their own right and keep their place: a test that
 * fails with ECONNREFUSED in its report is still a failed test (tests/classify/priority.test.ts).
 */

/**
 * Types that name a root cause in the environment or the credentials: when one of them matched
 * anywhere in the output, it outranks a {@link WRAPPER_TYPES} verdict. Credential, certificate
 * and security types already outrank every wrapper by their tier; they are listed so that the
 * table states the whole rule.
 */
export const ROOT_CAUSE_TYPES: ReadonlySet<FailureType> = new Set<FailureType>([
  'RESOURCE_EXHAUSTION',
  'RESOURCE_BUSY',
  'NETWORK',
  'CERTIFICATE_ERROR',
  'AUTH_REQUIRED',
  'AUTH_EXPIRED',
  'QUOTA_EXCEEDED',
  'SECURITY_VIOLATION',
]);

/**
 * Generic verdicts a tool prints around a cause: a failed build or compile step, a parse of an
 * answer that never came, an uncaught exception, an error answer, a missing dependency.
 */
export const WRAPPER_TYPES: ReadonlySet<FailureType> = new Set<FailureType>([
  'BROKEN_BUILD',
  'JSON_PARSE_ERROR',
  'CLI_CRASH',
  'ERROR_RESPONSE',
  'DEPENDENCY_FAILURE',
]);

/**
 * A cause must be at least an ordinary rule to outrank a wrapper: rules marked weak (single
 * generic words) never do. Default {@link RULE_PRIORITY.rest}.
 */
export const MIN_CAUSE_PRIORITY = RULE_PRIORITY.rest;

/**
 * A failed test is a verdict of its own (above), with one exception where the protocol itself says
 * what failed the test: TAP (testanything.org) prints a failed test's output as `#` diagnostics
 * under its `not ok` line, so a root cause printed there (`# curl: (7) Failed to connect …`,
 * `# …: No space left on device`) is the error of the command the test ran — the network or the disk
 * failed, not the code. A cause elsewhere in the output (a report's summary) does not count.
 */
export const TAP_FAILURE_RULE = 'lexicon.tap';

/**
 * The causes a TAP failure yields to: the root causes, and a timeout (`not ok 1 … # timeout after
 * 2s`, `# … failed due to timeout`) — a test runner's timeout is the cause of the failed test it
 * reports, as `lexicon.test-timeout` says for the runners that print "test timed out".
 */
const TAP_CAUSE_TYPES: ReadonlySet<FailureType> = new Set<FailureType>([...ROOT_CAUSE_TYPES, 'TIMEOUT']);

/**
 * A runner that reports a failed test as an exception the test raised (`lexicon.test-raised`: doctest's
 * "Exception raised:" above the example's traceback), not as values compared: the exception is the
 * test's own error, as a TAP diagnostic is, so a root cause in the output (the traceback's
 * `ConnectionRefusedError`) outranks the failed test — the network failed, not the code. A test
 * that raised a `TypeError` has no root cause to yield to and stays a failed test.
 */
export const TEST_RAISED_RULE = 'lexicon.test-raised';

/**
 * A failed test whose output holds the command's own diagnostic (command-diagnostic.ts): a root
 * cause printed as `curl: (7) Failed to connect …` or `cp: … No space left on device` is what the
 * test's command ran into, and outranks the runner's summary; a cause in any other line shape (an
 * exception's name, an assertion, a listing) leaves the failed test in its place.
 */
const TEST_OUTPUT_TYPE: FailureType = 'VERIFICATION_FAILED';

/** A TAP diagnostic: a line with `#` first (after blanks), or the comment after ` # ` on the `not ok` line itself. */
function isTapDiagnostic(line: string): boolean {
  const text = line.trimStart();
  return text.startsWith('#') || (text.startsWith('not ok') && text.includes(' # '));
}

/**
 * Moves the best root cause to the front of `sorted` (candidates, best first) when the winner
 * is a wrapper (or a TAP `not ok` with the cause among its diagnostics, or a failed test with the
 * cause in a command's own diagnostic) that won on its words — not on an exit code or signal, which say how the process
 * ended (`RULE_PRIORITY.processEnd` and up keep their place). Returns true when it moved one.
 */
export function promoteRootCause(sorted: Candidate[]): boolean {
  const best = sorted[0];
  if (best === undefined || best.priority >= RULE_PRIORITY.processEnd) return false;
  const tap = best.rule === TAP_FAILURE_RULE;
  const raised = best.type === 'VERIFICATION_FAILED' && sorted.some((c) => c.rule === TEST_RAISED_RULE);
  const command = !tap && !raised && best.type === TEST_OUTPUT_TYPE;
  if (!WRAPPER_TYPES.has(best.type) && !tap && !raised && !command) return false;
  for (let i = 1; i < sorted.length; i++) {
    const c = sorted[i]!;
    if (!(tap ? TAP_CAUSE_TYPES : ROOT_CAUSE_TYPES).has(c.type) || c.priority < MIN_CAUSE_PRIORITY) continue;
    if (tap && !isTapDiagnostic(c.match)) continue;
    if (command && !commandDiagnostic(c.match)) continue;
    // The same line read by a less exact layer is not a cause inside the wrapper: it is a second,
    // vaguer reading of the wrapper's own words ("Cannot connect to the Docker daemon" is the
    // daemon the docker rule knows to wait for, not a network cause a word found).
    if (c.layer > best.layer && c.match === best.match) continue;
    sorted.splice(i, 1);
    sorted.unshift(c);
    return true;
  }
  return false;
}
