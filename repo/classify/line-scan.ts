/**
 * The primitives line shapes are read with (line-shape.ts): one pass over a line, left to right
 * or right to left from a point, comparing character codes — no regular expression, no
 * allocation, so no input can make a shape slow.
 */

/** True for an ASCII digit's code. */
export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** True for an ASCII upper-case letter's code. */
export const isUpper = (c: number): boolean => c >= 65 && c <= 90;
/** True for an ASCII lower-case letter's code. */
export const isLower = (c: number): boolean => c >= 97 && c <= 122;
/** True for an ASCII letter's code. */
export const isLetter = (c: number): boolean => isLower(c) || isUpper(c);
/** True for an ASCII letter's or digit's code. */
export const isAlnum = (c: number): boolean => isDigit(c) || isLetter(c);
/** True for a space or a tab (a line's blanks; a newline ends the line). */
export const isBlank = (c: number): boolean => c === 32 || c === 9;

/** Index of the first non-blank character at or after `i` (at most `to`). */
export function skipBlank(text: string, i: number, to: number): number {
  while (i < to && isBlank(text.charCodeAt(i))) i++;
  return i;
}

/** End of the run of non-blank characters starting at `i`. */
export function tokenEnd(text: string, i: number, to: number): number {
  while (i < to && !isBlank(text.charCodeAt(i))) i++;
  return i;
}

/** Start of the digits that end just before `end` (== `end` when there are none). */
export function digitsBefore(text: string, end: number, limit: number): number {
  let i = end;
  while (i > limit && isDigit(text.charCodeAt(i - 1))) i--;
  return i;
}

/** True when `text[from, end)` is a path that ends in a file extension (`main.c`, `src/App.java`, `C:\x\a.cs`). */
export function isSourcePath(text: string, from: number, end: number): boolean {
  let i = end;
  while (i > from && end - i <= 10 && (isAlnum(text.charCodeAt(i - 1)) || text.charCodeAt(i - 1) === 43)) i--;
  return i < end && i - 1 > from && text.charCodeAt(i - 1) === 46;
}

/**
 * `text[from, end)` is `path:line:col`, or `path:line` unless `column` (what gcc, clang, javac,
 * ghc, zig, swift and go print before a diagnostic). The path must have a file extension.
 */
export function isColonPosition(text: string, from: number, end: number, column: boolean): boolean {
  let i = digitsBefore(text, end, from);
  if (i === end || text.charCodeAt(i - 1) !== 58) return false;
  const line = digitsBefore(text, i - 1, from);
  const hasColumn = line < i - 1 && text.charCodeAt(line - 1) === 58;
  if (hasColumn) i = line;
  else if (column) return false;
  return isSourcePath(text, from, i - 1);
}

/** `text[from, to)` starts with `word` (ASCII, any case). */
export function startsWithWord(text: string, from: number, to: number, word: string): boolean {
  if (to - from < word.length) return false;
  for (let k = 0; k < word.length; k++) {
    const c = text.charCodeAt(from + k);
    // Letters compare in either case; anything else exactly.
    if ((c >= 65 && c <= 90 ? c | 0x20 : c) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** `text[from, end)` ends with `word` (ASCII, any case). */
export function endsWithWord(text: string, from: number, end: number, word: string): boolean {
  return end - from >= word.length && startsWithWord(text, end - word.length, end, word);
}

/** `text[from, to)` holds a word that begins with `word` (ASCII, any case) after a blank, `(`, `,`, `|` or the line's start. */
function lineIncludes(text: string, from: number, to: number, word: string): boolean {
  for (let i = from; i + word.length <= to; i++) {
    const prev = i === from ? 32 : text.charCodeAt(i - 1);
    if ((isBlank(prev) || prev === 40 || prev === 44 || prev === 124) && startsWithWord(text, i, to, word)) return true;
  }
  return false;
}

/** Words of a test report's summary line, beside its count of failures ("1 failed, 2 passed", "Tests: 1 failed"). */
const REPORT_WORDS = ['pass', 'test', 'total', 'example', 'spec', 'skip', 'assert', 'suite'];

/**
 * The line with a count of failures at `count` is a test report's: it names tests or passes, or
 * it is a banner (`=== 1 failed in 0.12s ===`), or the count comes first on it (mocha's
 * `  3 failing`, pytest -q's `1 failed in 0.12s`). Not "Attempt 1 failed with status 429" nor "port 1 failed".
 */
export function reportLine(text: string, from: number, to: number, count: number): boolean {
  if (REPORT_WORDS.some((word) => lineIncludes(text, from, to, word))) return true;
  const first = skipBlank(text, from, to);
  // A banner (pytest's "=== 1 failed in 0.12s ==="), or the count first on its line (pytest -q, mocha's "  3 failing").
  return text.charCodeAt(first) === 61 || first === count;
}

/** After `i`: `error` or `fatal error`, then `:` (or, with `code`, a space and a code such as `TS2322:`/`C2065:`). Returns true when it is so. */
export function severityAt(text: string, i: number, to: number, code: boolean): boolean {
  if (startsWithWord(text, i, to, 'fatal ')) i = skipBlank(text, i + 6, to);
  if (!startsWithWord(text, i, to, 'error')) return false;
  const c = text.charCodeAt(i + 5);
  return c === 58 || (code && isBlank(c) && isAlnum(text.charCodeAt(skipBlank(text, i + 5, to))));
}

/** Messages after a position that are not a diagnostic of the build (compared in any case). */
export const NOT_ERRORS = ['warning', 'note:', 'info:', 'remark:', 'runtime error'];

/** `text[start, end)` is a program's name before its message: lower-case letters, then `:` (`vet:`). */
export function isProgramName(text: string, start: number, end: number): boolean {
  if (end - start < 2 || text.charCodeAt(end - 1) !== 58) return false;
  for (let i = start; i < end - 1; i++) {
    const c = text.charCodeAt(i);
    if (!(c >= 97 && c <= 122) && c !== 45) return false;
  }
  return true;
}

/** Where the path ending at `end` begins: after the last `(` or blank before it. */
export function pathStart(text: string, from: number, end: number): number {
  let i = end;
  while (i > from && !isBlank(text.charCodeAt(i - 1)) && text.charCodeAt(i - 1) !== 40) i--;
  return i;
}

/** The first token of the line, and where the rest begins. */
export function firstToken(text: string, from: number, to: number): [start: number, end: number, rest: number] {
  const start = skipBlank(text, from, to);
  const end = tokenEnd(text, start, to);
  return [start, end, skipBlank(text, end, to)];
}
