import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cell, code, fence, shellQuote, table } from '../../src/report/markdown.js';

describe('markdown helpers', () => {
  it('fence: three backticks, or one more than the longest run inside', () => {
    expect(fence('plain')).toBe('```\nplain\n```');
    expect(fence('a ``` b\n`````')).toBe('``````\na ``` b\n`````\n``````');
    expect(fence('x\n', 'ts')).toBe('```ts\nx\n```');
  });

  it('fence: the body can never close the block early', () => {
    fc.assert(fc.property(fc.string(), (body) => {
      const fenced = fence(body);
      const opener = /^`+/.exec(fenced)?.[0] ?? '';
      const inner = fenced.slice(opener.length + 1, fenced.length - opener.length - 1);
      return !inner.split('\n').some((line) => line.trimStart().startsWith(opener));
    }));
  });

  it('code: one line, delimiter longer than any backtick run, padded at backticks', () => {
    expect(code('a\nb')).toBe('`a b`');
    expect(code('x `y` z')).toBe('``x `y` z``');
    expect(code('`edge`')).toBe('`` `edge` ``');
  });

  it('cell and table: pipes escaped, one line', () => {
    expect(cell('a | b\nc')).toBe('a \\| b c');
    expect(cell('')).toBe(' ');
    expect(table(['A', 'B'], [['1', 'x|y']])).toEqual(['| A | B |', '|---|---|', '| 1 | x\\|y |']);
  });

  it('shellQuote: plain words as they are, anything else single-quoted', () => {
    expect(shellQuote('run-1_a.b')).toBe('run-1_a.b');
    expect(shellQuote("it's $HOME")).toBe(`'it'\\''s $HOME'`);
  });
});
