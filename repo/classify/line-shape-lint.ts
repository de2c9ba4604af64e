/**
 * A linter's finding by its line shape (issue 30): whatever the linter, a finding names the
 * place and the rule it broke — `main.py:1:1: F401 'os' imported but unused` (flake8, ruff),
 * `main.py:2:0: W0611: Unused import os` (pylint), `README.md:3 MD025/single-title Multiple
 * top-level headings` (markdownlint), `src/a.js:2:3 lint/suspicious/noDebugger` (biome),
 * `Dockerfile:3 DL3008 warning: …` (hadolint), `^-- SC2086 (info): Double quote…` (shellcheck),
 * `  2:10  error  trailing spaces  (trailing-spaces)` (eslint's and yamllint's tables). The rule's
 * code or name is what tells a finding from a compiler's diagnostic (`main.c:3:5: error: …`) or a
 * test's failure: a compiler names a severity there, a test runner names a test.
 *
 * Read like the other shapes (line-shape.ts): one pass over the line, no regular expression.
 */

import { firstToken, isBlank, isColonPosition, isDigit, isLetter, isUpper, skipBlank, startsWithWord, tokenEnd } from './line-scan.js';

/** What may end a rule's code: the token's end, `:`, `/` (`MD025/single-title`) or `]`. */
const endsCode = (c: number): boolean => Number.isNaN(c) || isBlank(c) || c === 58 || c === 47 || c === 93;

/**
 * A rule's code at `i`: one to four capital letters, then two to five digits (`E501`, `W0611`,
 * `SC2086`, `MD025`, `DL3008`, `E3002`), ending the token or followed by `:` or `/`.
 */
export function ruleCodeAt(text: string, i: number, to: number): boolean {
  let j = i;
  while (j < to && j - i < 4 && isUpper(text.charCodeAt(j))) j++;
  if (j === i) return false;
  const digits = j;
  while (j < to && j - digits < 5 && isDigit(text.charCodeAt(j))) j++;
  return j - digits >= 2 && (j >= to || endsCode(text.charCodeAt(j)));
}

/**
 * A rule's name as a path at `i`: two or more segments of letters, digits, `-` and `_` joined by
 * `/`, the first of letters (`lint/suspicious/noDebugger`, `Style/FrozenStringLiteralComment:`).
 * Not a file's path: no `.` in it.
 */
function rulePathAt(text: string, i: number, to: number): boolean {
  if (!isLetter(text.charCodeAt(i))) return false;
  const end = tokenEnd(text, i, to);
  let slashes = 0;
  let segment = 0;
  for (let k = i; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === 47) {
      if (segment === 0) return false;
      slashes++;
      segment = 0;
    } else if (isLetter(c) || isDigit(c) || c === 45 || c === 95) segment++;
    else if (!(c === 58 && k === end - 1)) return false;
  }
  return slashes > 0 && segment > 0;
}

/** A rule's code or path at `i`, after a one-letter severity (`C: Style/…`, rubocop) if any. */
function ruleAt(text: string, i: number, to: number): boolean {
  if (i + 2 < to && isUpper(text.charCodeAt(i)) && text.charCodeAt(i + 1) === 58 && isBlank(text.charCodeAt(i + 2))) i = skipBlank(text, i + 2, to);
  return ruleCodeAt(text, i, to) || rulePathAt(text, i, to);
}

/** Where the line before the one starting at `from` starts (`from` itself when there is none; a long line is read back 4,000 characters at most). */
function previousLineStart(text: string, from: number): number {
  if (from === 0) return 0;
  let i = from - 1;
  const low = Math.max(0, i - 4000);
  while (i > low && text.charCodeAt(i - 1) !== 10) i--;
  return i;
}

/**
 * `path:line[:col][:] RULE message`, or a position alone under a line that starts with a rule's
 * code (cfn-lint prints `E3002 Additional properties…` and the position on the next line).
 */
export function lintFinding(text: string, from: number, to: number): boolean {
  const [start, end, rest] = firstToken(text, from, to);
  const position = text.charCodeAt(end - 1) === 58 ? end - 1 : end;
  if (end - start < 4 || !isColonPosition(text, start, position, false)) return false;
  if (rest < to) return ruleAt(text, rest, to);
  const prev = previousLineStart(text, from);
  if (prev === from) return false;
  const [codeStart, codeEnd, message] = firstToken(text, prev, from - 1);
  return codeEnd > codeStart && ruleCodeAt(text, codeStart, codeEnd) && message < from - 1;
}

/** Severities a finding's table prints after its position. */
const SEVERITIES = ['error', 'warning', 'warn', 'info', 'style', '✖', '⚠'];

/**
 * A row of a linter's table: `line:col  severity  message  rule` — the position without a file
 * (the file heads the table), a severity, a message, and the rule's name last (bare or in
 * parentheses: eslint, stylelint, yamllint). At least two blanks before the rule's name.
 */
export function lintTableRow(text: string, from: number, to: number): boolean {
  const [start, end, rest] = firstToken(text, from, to);
  let colon = start;
  while (colon < end && isDigit(text.charCodeAt(colon))) colon++;
  if (colon === start || colon >= end - 1 || text.charCodeAt(colon) !== 58) return false;
  for (let k = colon + 1; k < end; k++) if (!isDigit(text.charCodeAt(k))) return false;
  if (!SEVERITIES.some((word) => startsWithWord(text, rest, to, word))) return false;
  let last = to;
  while (last > rest && isBlank(text.charCodeAt(last - 1))) last--;
  let nameStart = last;
  while (nameStart > rest && !isBlank(text.charCodeAt(nameStart - 1))) nameStart--;
  const name = text.charCodeAt(nameStart) === 40 && text.charCodeAt(last - 1) === 41 ? [nameStart + 1, last - 1] : [nameStart, last];
  if (name[1]! - name[0]! < 2 || nameStart - rest < 3 || !isBlank(text.charCodeAt(nameStart - 2))) return false;
  for (let k = name[0]!; k < name[1]!; k++) {
    const c = text.charCodeAt(k);
    if (!(isLetter(c) || isDigit(c) || c === 45 || c === 47 || c === 64 || c === 95)) return false;
  }
  return true;
}

/** shellcheck's marker line: carets under the code, then `SC2086 (info):` — a code, then its severity in parentheses. */
export function lintCaret(text: string, from: number, to: number): boolean {
  const [start, end, rest] = firstToken(text, from, to);
  if (text.charCodeAt(start) !== 94) return false;
  for (let k = start + 1; k < end; k++) if (text.charCodeAt(k) !== 45 && text.charCodeAt(k) !== 94) return false;
  return ruleCodeAt(text, rest, to) && text.charCodeAt(skipBlank(text, tokenEnd(text, rest, to), to)) === 40;
}
