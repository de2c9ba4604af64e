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
  // The line's bounds found in place (no copy of the 800 characters around it: this runs at each occurrence).
  const low = Math.max(0, start - REACH);
  let from = start;
  while (from > low && text.charCodeAt(from - 1) !== 10) from--;
  const high = Math.min(text.length, end + 1 + REACH);
  let to = end + 1;
  while (to < high && text.charCodeAt(to) !== 10) to++;
  let line = text.slice(from, to).toLowerCase();
  // Whitespace runs as one space; a line whose only whitespace is single spaces is already so.
  if (OTHER_SPACE.test(line)) line = line.replace(/\s+/g, ' ');
  return phrases.some((phrase) => occursAsWords(line, phrase));
}

/** Whitespace that is not a single plain space. */
const OTHER_SPACE = /[^\S ]| {2}/;

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
