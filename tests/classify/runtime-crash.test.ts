/**
 * An interpreter's own report of an exception nothing caught (src/classify/lexicon/runtime-crash.ts):
 * CLI_CRASH, unless the report carries an input's refusal (a standard's file-not-found or
 * no-permission error term, an end-of-input exception: ERROR_RESPONSE) or a more exact cause (the
 * network). Look-alikes: a JVM class name inside a tool's own error line, a downloader's own
 * `Exception:` line on stdout, a test report that names the words. Made-up programs in each runtime's
 * real report shape, with the generic classifier.
 */
import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

const generic = createClassifier({ packs: GENERIC_PACKS });
const lisp = (condition: string): string =>
  `Unhandled ${condition} in thread #<THREAD "main thread" RUNNING {1001878103}>:\n  arithmetic error signalled\n\nBacktrace for: #<THREAD "main thread" RUNNING {1001878103}>\n0: (REPORT 10 0)\n1: (MAIN)\n\nunhandled condition in --disable-debugger mode, quitting\n`;
const goal = (term: string): string => `compiling /srv/app/report.pl for byte code...\n/srv/app/report.pl compiled, 9 lines read - 1203 bytes written, 6 ms\nwarning: command-line goal main caused exception: ${term}\n`;

const ROWS: [what: string, observation: Observation, type: FailureType, rule?: string][] = [
  ['a Lisp condition nothing handled', { stderr: lisp('DIVISION-BY-ZERO'), exitCode: 1 }, 'CLI_CRASH', 'lexicon.runtime-uncaught-report'],
  ['a Lisp debugger banner', { stderr: 'debugger invoked on a UNBOUND-VARIABLE in thread #<THREAD "main thread" RUNNING>:\n  The variable *LIMIT* is unbound.\n', exitCode: 1 }, 'CLI_CRASH'],
  ['a native program\'s fatal exception', { stderr: 'Fatal error: exception Match_failure("bin/main.ml", 4, 2)\n', exitCode: 2 }, 'CLI_CRASH', 'lexicon.runtime-uncaught-report'],
  ['a bare exception line of a toplevel script', { stderr: 'Exception: Division_by_zero.\n', exitCode: 2 }, 'CLI_CRASH', 'lexicon.runtime-uncaught-report'],
  ['a script\'s exception error', { stderr: 'escript: exception error: bad argument\n  in function  list_to_integer/1\n     called as list_to_integer("x")\n', exitCode: 1 }, 'CLI_CRASH', 'lexicon.runtime-uncaught-report'],
  ['a goal\'s uncaught error term, on stdout', { stdout: goal('error(instantiation_error,(is)/2)'), exitCode: 1 }, 'CLI_CRASH', 'lexicon.runtime-uncaught-report-stdout'],
  // The refusal the report carries.
  ['a goal\'s file that does not exist', { stdout: goal("error(existence_error(source_sink,'data/rates.pl'),open/3)"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.runtime-input-refused'],
  ['a goal\'s file it may not open', { stdout: goal("error(permission_error(open,source_sink,'rates.pl'),open/3)"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.runtime-input-refused'],
  ['input that ended, reported bare', { stderr: 'Exception: End_of_file.\n', exitCode: 2 }, 'ERROR_RESPONSE', 'lexicon.runtime-input-refused'],
  ['a more exact cause inside the report', { stderr: 'Exception: Unix.Unix_error(Unix.ECONNREFUSED, "connect", "")\n', exitCode: 2 }, 'NETWORK'],
  // Look-alikes.
  ['a JVM class inside a tool\'s own refusal', { stderr: 'keystore-tool error: java.lang.Exception: Input not an X.509 certificate\n', exitCode: 1 }, 'ERROR_RESPONSE'],
];

describe('an interpreter\'s own uncaught-exception report', () => {
  test.each(ROWS)('%s', (_, observation, type, rule) => {
    const result = generic(observation);
    expect(result.type).toBe(type);
    if (rule !== undefined) expect(result.evidence[0]!.rule).toBe(rule);
  });

  test('a downloader\'s own `Exception:` line on stdout is not read as a runtime\'s report', () => {
    const result = generic({ stdout: '11/28 00:30:01 [ERROR] CUID#7 - Download aborted. URI=http://mirror.example/a.iso\nException: [AbstractCommand.cc:351] errorCode=2 Timeout.\n', exitCode: 2 });
    expect(result.evidence.map((e) => e.rule)).not.toContain('lexicon.runtime-uncaught-report');
    expect(result.evidence.map((e) => e.rule)).not.toContain('lexicon.runtime-uncaught-report-stdout');
  });

  test('a test report that names the words is a failed test, not a crash', () => {
    expect(generic({ stdout: 'FAIL  runtime.test.js\n  ✕ reports "Fatal error: exception" lines\nTests: 1 failed, 3 passed\n', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
  });
});
