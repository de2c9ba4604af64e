/**
 * A compiler's diagnostic head that places the error by a file's line and character range
 * (src/classify/lexicon/diagnostic-head.ts): BROKEN_BUILD whatever the error's words. Look-alikes:
 * a traceback's `File "x.py", line 3, in f` frame (no character range), a character range with no
 * error, a test report. Made-up projects in the real shape, with the generic classifier.
 */
import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

const generic = createClassifier({ packs: GENERIC_PACKS });
const head = (file: string, source: string, error: string): string => `File "${file}", line 4, characters 12-19:\n4 | ${source}\n                ^^^^^^^\n${error}\n`;

const ROWS: [what: string, observation: Observation, type: FailureType, rule?: string][] = [
  ['a name the source never bound', { stderr: head('src/ledger.ml', 'let t = sum_al rows', 'Error: Unbound value sum_al\nHint: Did you mean sum_all?'), exitCode: 2 }, 'BROKEN_BUILD', 'lexicon.diagnostic-characters-head'],
  ['a type the expression does not have', { stderr: head('src/ledger.ml', 'let n = total + "1"', 'Error: This expression has type string but an expression was expected of type\n         int'), exitCode: 2 }, 'BROKEN_BUILD', 'lexicon.diagnostic-characters-head'],
  ['a build file\'s field it does not know', { stderr: 'File "src/dune", line 2, characters 1-9:\n2 |  (librarie str))\n      ^^^^^^^^\nError: Unknown field librarie\n', exitCode: 1 }, 'BROKEN_BUILD', 'lexicon.diagnostic-characters-head'],
  // Look-alikes.
  ['a traceback frame (no character range)', { stderr: 'Traceback (most recent call last):\n  File "/srv/app/run.py", line 3, in main\n    total(rows)\nTypeError: unsupported operand type(s) for +: \'int\' and \'str\'\n', exitCode: 1 }, 'CLI_CRASH'],
];

describe('a diagnostic head by line and character range', () => {
  test.each(ROWS)('%s', (_, observation, type, rule) => {
    const result = generic(observation);
    expect(result.type).toBe(type);
    if (rule !== undefined) expect(result.evidence[0]!.rule).toBe(rule);
  });

  test('a character range with no error line is not read as a build failure', () => {
    const result = generic({ stderr: 'File "src/ledger.ml", line 4, characters 12-19:\nWarning 26 [unused-var]: unused variable t.\n', exitCode: 1 });
    expect(result.evidence.map((e) => e.rule)).not.toContain('lexicon.diagnostic-characters-head');
  });

  test('a test report that names the words is a failed test, not a build', () => {
    expect(generic({ stdout: 'FAIL  head.test.js\n  ✕ parses "File \\"a.ml\\", line 1, characters 0-1:" then "Error: x"\nTests: 1 failed, 3 passed\n', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
  });
});
