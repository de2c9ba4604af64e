/**
 * A checker's finding tagged with its severity at a place in the file
 * (src/classify/lexicon/finding-severity.ts): QUALITY_GATE_FAIL. Look-alikes: a severity with no
 * place (an advisory), a run that passed. Made-up checkers in the real shape, generic classifier.
 */
import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS } from '../../src/classify/index.js';

const generic = createClassifier({ packs: GENERIC_PACKS });

describe('a finding tagged with its severity at a place', () => {
  test('findings on stdout of a failed run are a gate\'s findings', () => {
    const stdout = 'Loop variable not declared at line 12, column 5.  See rule L-14.  (Severity: 4)\nMagic number used at line 20, column 9.  (Severity: 2)\n';
    const result = generic({ stdout, exitCode: 2 });
    expect(result.type).toBe('QUALITY_GATE_FAIL');
    expect(result.evidence[0]!.rule).toBe('lexicon.finding-severity');
  });

  test('one finding with its policy name first', () => {
    const result = generic({ stdout: '[Style::NoGlobals] Global variable assigned at line 3, column 1.  (Severity: 5)\n', exitCode: 2 });
    expect(result.type).toBe('QUALITY_GATE_FAIL');
  });

  test('a severity with no place (an advisory) is not read as a finding', () => {
    const result = generic({ stderr: 'advisory GHSA-xxxx: prototype pollution in left-pad (severity: high)\n', exitCode: 1 });
    expect(result.evidence.map((e) => e.rule)).not.toContain('lexicon.finding-severity');
  });

  test('findings printed by a run that passed are not a failure', () => {
    const result = generic({ stdout: 'Magic number used at line 20, column 9.  (Severity: 2)\n', exitCode: 0 });
    expect(result.evidence.map((e) => e.rule)).not.toContain('lexicon.finding-severity');
  });
});
