/**
 * Seed 002's output validator (output-check.ts) as a table: what each expectation finds wrong,
 * the type it gives (the seed's order: empty, missing sections, other validation, no diff), and
 * that the classifier reads the observation as that type; and the hints the machine builds from
 * its messages (machines/recovery/strategy.ts, failure.ts).
 */
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/classify/index.js';
import { checkOutput, hasDiff, missingSections, outputObservation, type OutputExpectations } from '../../src/runtime/output-check.js';
import { maxCharsOf, reducedMaxChars, strategyFix, validationHint } from '../../machines/recovery/strategy.js';
import { hintFor } from '../../machines/recovery/failure.js';
import type { FailureRecord } from '../../machines/recovery/types.js';

const DIFF = 'diff --git a/x.ts b/x.ts\n--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b\n';

describe('checkOutput', () => {
  const rows: Array<[string, string, OutputExpectations, string | null, string[]]> = [
    ['nothing expected: anything passes, even nothing', '', {}, null, []],
    ['all sections present', '# Review\n- Findings: none\n', { sections: ['# Review', '- Findings:'] }, null, []],
    ['empty output where sections are expected', '  \n', { sections: ['# Review'] }, 'EMPTY_OUTPUT', ['No output']],
    ['empty output under a size limit carries the target', '', { maxChars: 100 }, 'EMPTY_OUTPUT', ['No output (RECOVERY_MAX_CHARS=100)']],
    ['two sections missing, whole headings only', '# Tests\n# Test plan\n', { sections: ['# Review', '# Test', '# Summary'] }, 'MISSING_SECTIONS', ['Missing section: # Review', 'Missing section: # Summary']],
    ['too long', 'y'.repeat(11), { maxChars: 10 }, 'FORMAT_VALIDATION', ['Output too long: 11 characters, over the limit of 10 (RECOVERY_MAX_CHARS=10)']],
    ['characters, not UTF-16 units: 10 emoji fit in 10', '😀'.repeat(10), { maxChars: 10 }, null, []],
    ['a diff expected, prose given', 'nothing to change\n', { diff: true }, 'DIFF_PARSE_ERROR', ['No diff found: expected a unified diff (diff --git …) in the output']],
    ['a git diff', DIFF, { diff: true }, null, []],
    ['a plain unified diff', '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n', { diff: true }, null, []],
    ['missing sections outrank too long and no diff; every message is kept', 'z'.repeat(20), { sections: ['# A'], maxChars: 5, diff: true }, 'MISSING_SECTIONS',
      ['Missing section: # A', 'Output too long: 20 characters, over the limit of 5 (RECOVERY_MAX_CHARS=5)', 'No diff found: expected a unified diff (diff --git …) in the output']],
  ];
  it.each(rows)('%s', (_name, stdout, expectations, type, errors) => {
    const problem = checkOutput(stdout, expectations);
    expect(problem?.type ?? null).toBe(type);
    expect(problem?.validationErrors ?? []).toEqual(errors);
    if (problem) expect(classify(outputObservation(problem, { exitCode: 0, stdout, stderr: 'warning: request timed out, retried' })).type).toBe(type);
  });

  it('counts the characters it is told (a tail kept of a longer output) and names the target it was given', () => {
    expect(checkOutput('short', { maxChars: 100 }, 250, 56)?.validationErrors).toEqual(['Output too long: 250 characters, over the limit of 100 (RECOVERY_MAX_CHARS=56)']);
  });

  it('hasDiff and missingSections read lines, not substrings', () => {
    expect(hasDiff(`see below:\n${DIFF}`)).toBe(true);
    expect(hasDiff('the text mentions diff --git in a sentence')).toBe(false);
    expect(missingSections('  # Review\r\n', ['# Review', '# Rev'])).toEqual(['# Rev']);
  });
});

describe('the hints built from the validator’s messages', () => {
  const failure = (type: FailureRecord['classification']['type'], validationErrors: string[]): FailureRecord => ({
    attempt: 1, at: 0, observation: { validationErrors },
    classification: { type, category: 'systematic', severity: 'medium', action: 'adapt', confidence: 0.99, evidence: [] },
  });

  it('MISSING_SECTIONS names exactly the sections still missing', () => {
    expect(hintFor(failure('MISSING_SECTIONS', ['Missing section: # B', 'Output too long: 9 characters, over the limit of 5']), null)).toBe('Your output MUST include these exact sections: # B');
  });

  it('EMPTY_OUTPUT asks for output, within three quarters of the size the attempt was given', () => {
    const hint = hintFor(failure('EMPTY_OUTPUT', ['No output (RECOVERY_MAX_CHARS=100)']), null);
    expect(hint).toBe('Previous attempt produced no output. Write the complete output explicitly. Keep it within 75 characters (RECOVERY_MAX_CHARS=75).');
    expect(maxCharsOf(hint)).toBe(75);
    expect(hintFor(failure('EMPTY_OUTPUT', []), null)).toBe('Previous attempt produced no output. Write the complete output explicitly.');
  });

  it('FORMAT_VALIDATION quotes what failed, without the marker, and reduces the size target', () => {
    expect(validationHint(['Output too long: 150 characters, over the limit of 100 (RECOVERY_MAX_CHARS=100)']))
      .toBe('Your output failed validation: Output too long: 150 characters, over the limit of 100. Fix exactly that. Keep it within 75 characters (RECOVERY_MAX_CHARS=75).');
    expect(validationHint([])).toBe('Your output failed validation. Fix exactly that.');
  });

  it('the size target shrinks by a quarter and never below 1; a strategy fix is its hint', () => {
    expect([100, 75, 56, 42, 1].map(reducedMaxChars)).toEqual([75, 56, 42, 31, 1]);
    expect(strategyFix('Your output MUST include these exact sections: # B')).toBe('retry with hint: Your output MUST include these exact sections: # B');
  });
});
