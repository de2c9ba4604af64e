import { isWordCode, type PhraseKey } from './automaton.js';
import type { CompiledRule } from './compile.js';
import type { LineSpan } from './line-shape.js';

/** How far either side of a match the line is looked at: lines of logs, not whole files. */
const REACH = 400;

/**
 * True when the line holding `text[start, end]` also holds one of `phrases` (whole words,
 * case-insensitive, whitespace runs as one space). For rules whose co-occurring words only mean
 * something together on one line: "permission denied" and "/root" in the same message is an
 * intrusion; "permission denied" in one line of an npm log and "/root/.npm/_logs" in another
 * is not. Bounded: at most `2 × REACH` characters are read.
 */
export function lineHasAny(text: string, start: number, end: number, phrases: readonly PhraseKey[]): boolean {
  const offset = Math.max(0, start - REACH);
  const near = text.slice(offset, Math.min(text.length, end + 1 + REACH));
  const s = start - offset;
  const from = s === 0 ? 0 : near.lastIndexOf('\n', s - 1) + 1;
  let to = near.indexOf('\n', end + 1 - offset);
  if (to === -1) to = near.length;
  const line = near.slice(from, to).toLowerCase().replace(/\s+/g, ' ');
  return phrases.some((phrase) => occursAsWords(line, phrase));
}

function occursAsWords(line: string, phrase: PhraseKey): boolean {
  for (let at = line.indexOf(phrase.text); at !== -1; at = line.indexOf(phrase.text, at + 1)) {
    const after = at + phrase.text.length;
    const startOk = !phrase.checkStart || at === 0 || !isWordCode(line.charCodeAt(at - 1));
    const endOk = !phrase.checkEnd || after >= line.length || !isWordCode(line.charCodeAt(after));
    if (startOk && endOk) return true;
  }
  return false;
}

/**
 * True when a phrase occurrence at `text[start, end]` fits the line rules of `rule`: a required
 * word on its line (`sameLine`) and the line shape (`shape`, read through `span`, which finds the
 * occurrence's line once for all its rules), whichever the rule has.
 */
export function lineFits(text: string, start: number, end: number, rule: CompiledRule, span: LineSpan): boolean {
  if (rule.sameLine && !lineHasAny(text, start, end, rule.requireKeys)) return false;
  return rule.shape === null || span.has(text, start, rule.shape);
}
