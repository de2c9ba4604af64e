/**
 * Issue 14 items 1 and 3: when no rule explains a failure, the result shows the failure's most
 * telling line, never a placeholder; EMPTY_OUTPUT only when nothing was produced; an error line
 * anywhere in a huge output is found.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify, cleanTerminalText } from '../../src/classify/index.js';
import { CATCH_ALL_RULE } from '../../src/classify/catch-all.js';

describe('the fallback shows the error', () => {
  test('the first line that looks like an error, from stderr', () => {
    const result = classify({ stdout: '', stderr: 'starting frobnicator\nloading plugins\nstep 3 failed: the frobnicator jammed\ncleaning up', exitCode: 1 });
    expect(result).toMatchObject({ type: 'UNKNOWN', confidence: 0.5 });
    expect(result.evidence[0]).toEqual({ rule: 'fallback.error-line', source: 'stderr', match: 'step 3 failed: the frobnicator jammed' });
  });

  test('a failed process\'s own error-marked line no rule read is its refusal: the catch-all (issue 30)', () => {
    const result = classify({ stdout: '', stderr: 'starting frobnicator\nloading plugins\nFATAL the frobnicator jammed at step 3\ncleaning up', exitCode: 1 });
    expect(result).toMatchObject({ type: 'ERROR_RESPONSE', confidence: 0.6 });
    expect(result.evidence).toEqual([{ rule: CATCH_ALL_RULE, source: 'stderr', match: 'FATAL the frobnicator jammed at step 3' }]);
  });

  test('a strong marker (Error:, panic:, …Exception) is preferred to a weak one (failed) even when later', () => {
    const result = classify({ stderr: 'step 1 failed, retrying\nstep 2 ok\nWidgetException: gear ratio out of range', exitCode: 1 });
    expect(result.evidence[0]!.match).toBe('WidgetException: gear ratio out of range');
  });

  test('no line looks like an error: the last non-empty stderr line', () => {
    const result = classify({ stdout: 'partial output', stderr: 'phase one\nphase two\nthe frobnicator jammed\n\n', exitCode: 1 });
    expect(result.evidence[0]).toEqual({ rule: 'fallback.last-line', source: 'stderr', match: 'the frobnicator jammed' });
  });

  test('an exit-code verdict also shows the line that explains it', () => {
    const result = classify({ stderr: 'compiling\nerror: linker `cc` not configured for the target\n', exitCode: 124 });
    expect(result.type).toBe('TIMEOUT');
    expect(result.evidence[0]!.rule).toBe('exit-code.timeout');
    expect(result.evidence[1]).toEqual({ rule: 'fallback.error-line', source: 'stderr', match: 'error: linker `cc` not configured for the target' });
  });

  test('the evidence line is always a line of the (cleaned) input', () => {
    const line = fc.stringMatching(/^[a-z :!✗]{0,30}$/);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.array(line, { maxLength: 8 }), (err, out) => {
        const stderr = err.join('\n');
        const stdout = out.join('\n');
        const result = classify({ stderr, stdout, exitCode: 1 });
        if (result.type !== 'UNKNOWN' && result.evidence[0]!.rule !== CATCH_ALL_RULE) return;
        const match = result.evidence[0]!.match;
        if (match !== '') expect(`${cleanTerminalText(stderr)}\n${cleanTerminalText(stdout)}`).toContain(match);
      }),
    );
  });
});

describe('EMPTY_OUTPUT means nothing was produced', () => {
  test.each([
    [{ stdout: '', stderr: '', exitCode: 1 }, 'EMPTY_OUTPUT'],
    [{ stdout: '  \n', exitCode: 0 }, 'EMPTY_OUTPUT'],
    [{ stdout: '', stderr: 'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space', exitCode: 1 }, 'RESOURCE_EXHAUSTION'],
    [{ stdout: '', stderr: 'error: You must be logged in to the server (Unauthorized)', exitCode: 1 }, 'AUTH_REQUIRED'],
    // A login prompt with no one to answer it is fatal (issue 14), not "no output".
    [{ stdout: '', stderr: 'Password for user app: ', exitCode: 2 }, 'AUTH_REQUIRED'],
    [{ stdout: '', stderr: 'the widget hummed and stopped', exitCode: 2 }, 'UNKNOWN'],
    [{ stdout: '', error: { message: 'the widget refused' } }, 'UNKNOWN'],
  ] as const)('%j → %s', (observation, type) => {
    const result = classify(observation);
    expect(result.type).toBe(type);
    if (type === 'UNKNOWN') expect(result.evidence[0]!.match).not.toBe('');
  });
});

describe('error lines anywhere in the output', () => {
  test('an error in the middle of a 5 MB coloured log is found', () => {
    const filler = '\x1b[32minfo\x1b[39m compiling module src/widget.tsx (ok)\n'.repeat(50_000);
    const result = classify({ stderr: `${filler}Error: connect ECONNREFUSED 127.0.0.1:5432\n${filler}`, exitCode: 1 });
    expect(result.type).toBe('NETWORK');
    expect(result.evidence[0]!.match).toBe('Error: connect ECONNREFUSED 127.0.0.1:5432');
  });

  test('bytes are decoded whole, not only a head and a tail', () => {
    const filler = 'x'.repeat(200_000);
    const bytes = new TextEncoder().encode(`${filler}\nfatal: unable to access 'https://git.example/': Could not resolve host: git.example\n${filler}`);
    expect(classify({ stderr: bytes }).type).toBe('NETWORK');
  });
});
