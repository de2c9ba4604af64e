import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildAutomaton, normalisePhrase, scan, type PhraseKey } from '../../src/classify/automaton.js';

/** Every raw match `scan` reports, as `pattern@end`, sorted. */
function scanned(phrases: readonly PhraseKey[], automaton: ReturnType<typeof buildAutomaton>, text: string): string[] {
  const hits: string[] = [];
  scan(automaton, text, 0, text.length, { hit: (pattern, end) => hits.push(`${phrases[pattern]!.text}@${end}`) });
  return hits.sort();
}

const isSpace = (c: string) => /\s/.test(c);

/**
 * The reference: phrase p ends at `end` when, walking back from there, each character of p
 * matches case-insensitively and each space of p matches a whole run of whitespace.
 */
function endsAt(text: string, phrase: string, end: number): boolean {
  let j = end;
  for (let i = phrase.length - 1; i >= 0; i--) {
    if (j < 0) return false;
    if (phrase[i] === ' ') {
      if (!isSpace(text[j]!)) return false;
      while (j >= 0 && isSpace(text[j]!)) j--;
    } else {
      if (text[j]!.toLowerCase() !== phrase[i]) return false;
      j--;
    }
  }
  return true;
}

function reference(phrases: readonly PhraseKey[], text: string): string[] {
  const hits: string[] = [];
  for (let end = 0; end < text.length; end++) for (const p of phrases) if (endsAt(text, p.text, end)) hits.push(`${p.text}@${end}`);
  return hits.sort();
}

/** Distinct normalised phrases from raw words over a small alphabet, so phrases overlap and share prefixes. */
const phrasesArb = fc
  .array(fc.stringMatching(/^[abcAB1_-]{1,5}( [abcAB1_-]{1,4}){0,2}$/), { minLength: 1, maxLength: 12 })
  .map((raws) => [...new Map(raws.map((raw) => normalisePhrase(raw)!).map((k) => [k.text, k])).values()]);
const textArb = fc.stringMatching(/^[abcAB1_\- \t\nx]{0,60}$/);

describe('the phrase automaton', () => {
  test('reports exactly the matches of every phrase, whatever rows earlier scans filled', () => {
    fc.assert(
      fc.property(phrasesArb, fc.array(textArb, { minLength: 1, maxLength: 6 }), (phrases, texts) => {
        // One automaton for all texts: its rows are filled as scans enter them, so later texts
        // run on rows earlier ones filled (and on entries those scans made plain).
        const automaton = buildAutomaton(phrases);
        for (const text of texts) expect(scanned(phrases, automaton, text)).toEqual(reference(phrases, text));
      }),
      { numRuns: 300 },
    );
  });

  test('a run of whitespace matches one space; case does not matter', () => {
    const phrases = ['socket hang up', 'hang'].map((raw) => normalisePhrase(raw)!);
    const automaton = buildAutomaton(phrases);
    expect(scanned(phrases, automaton, 'SOCKET \n\t Hang   UP')).toEqual(['hang@13', 'socket hang up@18']);
    expect(scanned(phrases, automaton, 'socket hangup')).toEqual(['hang@10']);
  });

  test('phrases that are suffixes of one another are all reported where they end', () => {
    const phrases = ['refused', 'econnrefused', 'used'].map((raw) => normalisePhrase(raw)!);
    const automaton = buildAutomaton(phrases);
    expect(scanned(phrases, automaton, 'ECONNREFUSED')).toEqual(['econnrefused@11', 'refused@11', 'used@11']);
  });
});
