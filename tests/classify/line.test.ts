import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isWordCode, normalisePhrase, type PhraseKey } from '../../src/classify/automaton.js';
import { lineHasAny } from '../../src/classify/line.js';

/** What lineHasAny means, written plainly: the match's line (at most 400 characters each side), lower-cased, whitespace runs as one space, holds a phrase on word boundaries. */
function reference(text: string, start: number, end: number, phrases: readonly PhraseKey[]): boolean {
  const from = Math.max(text.lastIndexOf('\n', start - 1) + 1, start - 400, 0);
  const next = text.indexOf('\n', end + 1);
  const to = Math.min(next === -1 ? text.length : next, end + 1 + 400);
  const line = text.slice(from, to).toLowerCase().replace(/\s+/g, ' ');
  return phrases.some((p) => {
    for (let at = line.indexOf(p.text); at !== -1; at = line.indexOf(p.text, at + 1)) {
      const after = at + p.text.length;
      if ((!p.checkStart || at === 0 || !isWordCode(line.charCodeAt(at - 1))) && (!p.checkEnd || after >= line.length || !isWordCode(line.charCodeAt(after)))) return true;
    }
    return false;
  });
}

describe('lineHasAny (a required word on the line of a match)', () => {
  const piece = fc.constantFrom('api', 'KEY', ' ', '  ', '\t', '\n', 'must be set', 'x', '_', 'Api Key', '\r\n', 'é');
  const text = fc.array(piece, { minLength: 1, maxLength: 60 }).map((parts) => parts.join(''));
  const phrases = ['api key', '*_key', 'must be set'].map((p) => normalisePhrase(p)!);

  test('is what the plain definition says, wherever the match and whatever the whitespace', () => {
    fc.assert(fc.property(text, fc.nat(), fc.nat(3), (t, at, length) => {
      const start = at % t.length;
      const end = Math.min(t.length - 1, start + length);
      expect(lineHasAny(t, start, end, phrases)).toBe(reference(t, start, end, phrases));
    }), { numRuns: 2000 });
  });

  test('reads only the match\'s line', () => {
    const t = 'OPENAI_API_KEY must be set\nnothing here';
    expect(lineHasAny(t, 0, 5, phrases)).toBe(true);
    expect(lineHasAny(t, 28, 30, phrases)).toBe(false);
    expect(lineHasAny('api\t  key is missing', 15, 18, phrases)).toBe(true);
  });
});
