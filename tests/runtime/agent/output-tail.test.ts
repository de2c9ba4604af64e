import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapseRepeats, outputTail, TAIL_MAX_CHARS, TAIL_MAX_LINES } from '../../../src/runtime/agent/output-tail.js';

describe('outputTail', () => {
  it.each([
    ['blank output', '\n  \n', ''],
    ['short output as is, trailing blanks dropped', 'a\nb\n\n', 'a\nb'],
    ['repeated lines collapsed', 'start\nretrying\nretrying\nretrying\nfailed\n', 'start\nretrying (×3)\nfailed'],
    ['colour codes removed', '\u001b[31merror\u001b[39m TS2307\n', 'error TS2307'],
    ['carriage-return progress keeps its final state', 'progress 10%\rprogress 50%\rprogress 100%\r\nDone\r\n', 'progress 100%\nDone'],
  ])('%s', (_name, text, expected) => {
    expect(outputTail(text)).toBe(expected);
  });

  it('keeps the last lines and says how many were left out', () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const lines = outputTail(text).split('\n');
    expect(lines[0]).toBe(`(… ${100 - TAIL_MAX_LINES} earlier lines not shown)`);
    expect(lines.slice(1)).toEqual(Array.from({ length: TAIL_MAX_LINES }, (_, i) => `line ${i + 100 - TAIL_MAX_LINES}`));
  });

  it('counts repeats as one line before bounding', () => {
    expect(outputTail(`first\n${'same\n'.repeat(10_000)}last`, { maxLines: 2 })).toBe('(… 1 earlier line not shown)\nsame (×10000)\nlast');
  });

  it('reads only the end of a huge output', () => {
    const text = `first\n${'same\n'.repeat(1_000_000)}last`;
    const started = performance.now();
    expect(outputTail(text, { maxLines: 2 })).toMatch(/^\(… more earlier lines not shown\)\nsame \(×\d+\)\nlast$/);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('shows the end of a single huge line', () => {
    const tail = outputTail(`${'x'.repeat(10_000)}END`, { maxChars: 100 });
    expect(tail.endsWith('END')).toBe(true);
    expect(tail.length).toBeLessThanOrEqual(100 + '(… more earlier lines not shown)\n'.length);
  });

  it('stays within its bounds, ending with the last non-blank line, for any output', () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.constantFrom('', 'a', 'error: x'), fc.string({ maxLength: 300 })), { maxLength: 300 }), (lines) => {
      const text = lines.join('\n');
      const tail = outputTail(text);
      const [first = '', ...rest] = tail.split('\n');
      const body = first.startsWith('(… ') ? rest : [first, ...rest];
      expect(body.length).toBeLessThanOrEqual(TAIL_MAX_LINES);
      expect(body.join('\n').length).toBeLessThanOrEqual(TAIL_MAX_CHARS);
      const lastLine = text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '').split('\n').map((l) => l.replace(/\r+$/, '').split('\r').at(-1)?.trimEnd() ?? '').filter(Boolean).at(-1);
      if (lastLine !== undefined && lastLine.length < TAIL_MAX_CHARS) expect(body.at(-1)?.startsWith(lastLine)).toBe(true);
    }));
  });
});

describe('collapseRepeats', () => {
  it('never leaves two equal non-blank lines next to each other, and loses no distinct line', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('a', 'b', ''), { maxLength: 50 }), (lines) => {
      const out = collapseRepeats(lines);
      for (let i = 1; i < out.length; i++) expect(out[i] === out[i - 1] && out[i] !== '').toBe(false);
      const base = (line: string) => line.replace(/ \(×\d+\)$/, '');
      expect(out.map(base).filter((l, i, all) => l !== all[i - 1])).toEqual(lines.filter((l, i) => l !== lines[i - 1]));
      const counted = out.reduce((sum, line) => sum + Number(/ \(×(\d+)\)$/.exec(line)?.[1] ?? 1), 0);
      expect(counted).toBe(lines.filter((l, i) => l !== '' || lines[i - 1] !== '').length);
    }));
  });
});
