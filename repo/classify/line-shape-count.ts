import { isBlank, isDigit, skipBlank, startsWithWord } from './line-scan.js';

/**
 * A linter's count of its findings on a line of its own (issue 30, the fifteenth capture): the
 * count the run ends with when its findings were printed in a shape nothing else reads (a file's
 * name over caret frames, `file: line N, col M, error - message (rule)`): `3 problems` (after an
 * optional `✖`), `Scanned 4 files, found 3 errors in 2 files`. The count is one or more: `0
 * problems`, `found 0 errors` is a clean run. Not eslint's `✖ 3 problems (2 errors, 1 warning)`
 * (`lexicon.lint-summary` reads it) nor a type checker's `Found 3 errors in 1 file` (no `Scanned`
 * first: the README keeps a type checker's errors BROKEN_BUILD).
 *
 * Read like the other shapes (line-shape.ts): one pass over the line, no regular expression.
 */
export function findingCount(text: string, from: number, to: number): boolean {
  let i = skipBlank(text, from, to);
  if (text.charCodeAt(i) === 0x2716) i = skipBlank(text, i + 1, to); // ✖
  if (startsWithWord(text, i, to, 'scanned ')) return scannedFound(text, i + 8, to);
  const n = count(text, i, to);
  if (n === null || !isBlank(text.charCodeAt(n))) return false;
  const w = skipBlank(text, n, to);
  if (!startsWithWord(text, w, to, 'problem')) return false;
  let e = w + 7;
  if (text.charCodeAt(e) === 115 || text.charCodeAt(e) === 83) e++; // s
  return skipBlank(text, e, to) >= to;
}

/** `N file(s), found M error(s)|warning(s)` after `Scanned `, M at least 1. */
function scannedFound(text: string, i: number, to: number): boolean {
  const files = digitsEnd(text, i, to);
  if (files === i) return false;
  let j = skipBlank(text, files, to);
  if (!startsWithWord(text, j, to, 'file')) return false;
  j += 4;
  if (text.charCodeAt(j) === 115) j++;
  if (text.charCodeAt(j) !== 44) return false; // ,
  j = skipBlank(text, j + 1, to);
  if (!startsWithWord(text, j, to, 'found ')) return false;
  const n = count(text, j + 6, to);
  if (n === null) return false;
  const w = skipBlank(text, n, to);
  return startsWithWord(text, w, to, 'error') || startsWithWord(text, w, to, 'warning');
}

/** The end of a count of one or more at `i` (digits, not all zeros), or null. */
function count(text: string, i: number, to: number): number | null {
  const end = digitsEnd(text, i, to);
  if (end === i) return null;
  for (let k = i; k < end; k++) if (text.charCodeAt(k) !== 48) return end;
  return null;
}

function digitsEnd(text: string, i: number, to: number): number {
  let j = i;
  while (j < to && isDigit(text.charCodeAt(j))) j++;
  return j;
}
