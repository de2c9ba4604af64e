import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify, cleanTerminalText } from '../../src/classify/index.js';

const ESC = '\x1b';

describe('cleanTerminalText', () => {
  test.each([
    ['colour', `${ESC}[31mFAIL${ESC}[39m src/a.test.ts`, 'FAIL src/a.test.ts'],
    ['bold + 256 colours + truecolour', `${ESC}[1;38;5;196mError${ESC}[0m: ${ESC}[38;2;255;0;0mboom${ESC}[m`, 'Error: boom'],
    ['cursor moves and erase line', `${ESC}[2K${ESC}[1Gdone${ESC}[?25h`, 'done'],
    ['OSC 8 hyperlink', `${ESC}]8;;https://x.test${ESC}\\link${ESC}]8;;${ESC}\\`, 'link'],
    ['OSC title ended by BEL', `${ESC}]0;title\x07text`, 'text'],
    ['charset escape', `${ESC}(Bplain`, 'plain'],
    ['8-bit CSI', '\x9b31mred\x9b0m', 'red'],
    ['progress overdraw', '  10%\r  55%\r100% done', '100% done'],
    ['shorter overdraw leaves the rest standing', 'abcdef\rXY', 'XYcdef'],
    ['CRLF line ends', 'one\r\ntwo\r\n', 'one\ntwo\n'],
    ['spinner then error', `${ESC}[33m⠋${ESC}[0m building\r${ESC}[2KError: failed`, 'Error: failed'],
  ])('%s', (_, input, expected) => {
    expect(cleanTerminalText(input)).toBe(expected);
  });

  test('text without ESC or CR is returned unchanged', () => {
    fc.assert(fc.property(fc.string().filter((s) => !/[\x1b\r\x9b]/.test(s)), (s) => cleanTerminalText(s) === s));
  });

  test('the result never holds ESC or CR, and cleaning twice changes nothing', () => {
    const piece = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(`${ESC}[31m`, `${ESC}[0m`, '\r', '\r\n', `${ESC}]8;;u${ESC}\\`, ESC, '\x9b1m', '\x9b', `${ESC}[`, '\n'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }).map((p) => p.join('')), (s) => {
        const once = cleanTerminalText(s);
        expect(once).not.toMatch(/[\x1b\r\x9b]/);
        expect(cleanTerminalText(once)).toBe(once);
        expect(once.split('\n').length).toBe(s.split('\n').length);
      }),
    );
  });

  test('linear: 200 000 overdraws of a long line cost no more than the line', () => {
    const line = 'x'.repeat(100_000) + '\ry'.repeat(200_000);
    const out = cleanTerminalText(line);
    expect(out.length).toBe(100_000);
    expect(out.startsWith('y')).toBe(true);
  });
});

describe('classification reads the text as it was shown', () => {
  const vitest = [
    `${ESC}[31m⎯⎯⎯⎯⎯⎯⎯${ESC}[39m${ESC}[1m${ESC}[41m Failed Tests 1 ${ESC}[49m${ESC}[22m${ESC}[31m⎯⎯⎯⎯⎯⎯⎯${ESC}[39m`,
    '',
    `${ESC}[41m${ESC}[1m FAIL ${ESC}[22m${ESC}[49m tests/sum.test.ts${ESC}[2m > ${ESC}[22madds`,
    `${ESC}[31m${ESC}[1mAssertionError${ESC}[22m: expected 3 to be 4 // Object.is equality${ESC}[39m`,
  ].join('\n');

  test('a coloured vitest failure is VERIFICATION_FAILED and its evidence has no escape codes', () => {
    const result = classify({ stdout: vitest, exitCode: 1 });
    expect(result.type).toBe('VERIFICATION_FAILED');
    for (const e of result.evidence) expect(e.match).not.toContain(ESC);
    expect(result.evidence.map((e) => e.match).join('\n')).toContain('AssertionError: expected 3 to be 4');
  });

  test('a phrase split by a colour code still matches', () => {
    expect(classify({ stderr: `Error: connect ${ESC}[1mECONNREFUSED${ESC}[22m 127.0.0.1:5432` }).type).toBe('NETWORK');
    expect(classify({ stderr: `rate ${ESC}[33mlimit${ESC}[0m exceeded` }).type).toBe('RATE_LIMIT');
  });
});
