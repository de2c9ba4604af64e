/**
 * The top of a failure's stack (src/report/stack.ts): what it keeps, that it is redacted, and
 * that answering a repeated stack from the last one cut changes no answer.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { STACK_TOP_CHARS, STACK_TOP_FRAMES, stackTop } from '../../src/report/stack.js';

const frames = (n: number) => Array.from({ length: n }, (_, i) => `    at f${i} (/app/src/f${i}.js:${i + 1}:7)`);
const TOKEN = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
/** A user pattern that matches nothing: the same redaction as the built-in patterns, and never answered from the last stack. */
const NOTHING = [/(?!)/g];

describe('stackTop', () => {
  test.each([
    ['not a string', 42, null],
    ['blank', '  \n ', null],
    ['short, kept whole', ['Error: x', ...frames(2)].join('\n'), ['Error: x', ...frames(2)].join('\n')],
    ['trailing blank lines dropped', `Error: x\n${frames(1)[0]}\n\n`, `Error: x\n${frames(1)[0]}`],
    ['cut after the first frames', ['Error: x', ...frames(9)].join('\n'), `${['Error: x', ...frames(STACK_TOP_FRAMES)].join('\n')}\n    …`],
  ])('%s', (_, stack, expected) => {
    expect(stackTop(stack)).toBe(expected);
  });

  test('bounded in characters', () => {
    const top = stackTop(`Error: ${'x'.repeat(5_000)}\n${frames(1)[0]}`)!;
    expect(top.length).toBe(STACK_TOP_CHARS);
    expect(top.endsWith('…')).toBe(true);
  });

  test('a token in a frame is redacted, the same the second time (answered from the last stack)', () => {
    const stack = `Error: x\n    at /home/u/${TOKEN}/app.js:1:1`;
    const first = stackTop(stack);
    expect(first).not.toContain(TOKEN);
    expect(stackTop(`${stack}`)).toBe(first);
  });

  test("a caller's patterns are applied every time, also to the stack cut just before", () => {
    const stack = 'Error: x\n    at /srv/internal-hostname/app.js:1:1';
    expect(stackTop(stack)).toContain('internal-hostname');
    expect(stackTop(stack, [/internal-hostname/g])).not.toContain('internal-hostname');
    const patterns: RegExp[] = [];
    expect(stackTop(stack, patterns)).toContain('internal-hostname');
    patterns.push(/internal-hostname/g); // the same array, changed: not answered from before
    expect(stackTop(stack, patterns)).not.toContain('internal-hostname');
  });

  test('any sequence of stacks: each answer is what a fresh cut gives', () => {
    const line = fc.oneof(fc.constantFrom(...frames(8), `    at /x/${TOKEN}/y.js:1:1`, 'Error: boom', ''), fc.string({ maxLength: 30 }));
    const stack = fc.array(line, { minLength: 1, maxLength: 10 }).map((lines) => lines.join('\n'));
    fc.assert(fc.property(fc.array(stack, { minLength: 1, maxLength: 8 }), (stacks) => {
      for (const s of [...stacks, ...stacks.reverse()]) expect(stackTop(s)).toBe(stackTop(s, NOTHING));
    }));
  });
});
