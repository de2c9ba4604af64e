/**
 * The catch-all (issue 30, the ninth capture's decision): a process that failed and printed its
 * own error-marked line, which no concept read, is the tool refusing the request in its own words —
 * ERROR_RESPONSE, whose ADAPT iterations get those words to work with. UNKNOWN (one iteration,
 * then escalate) stays for failures with nothing of the kind to read: silence, only normal output,
 * a crash with no message, noise, or a line that is not the program's diagnostic.
 *
 * "Error-marked" is a line shape, read left to right on character codes (no regular expression):
 * - a severity head: the line starts (after a program's `name:` prefix, and after up to two short
 *   `head:` fields such as `file 2:`) with a field that ends in the word *error* — `error:`,
 *   `Error!`, `ERROR:`, `fatal error:`, `FATAL ERROR:`, `Command Line Error:`, `read error:`,
 *   `TypeError:`, `pkg.SomeError:` — or with `fatal:`, `E:`, `Error code 2:`, `Error (2):`;
 * - an upper-case level word as a token of its own followed by a message: `sox FAIL formats: …`,
 *   `photo.jpg … ERROR   Not a JPEG file`, `[ERROR] …`;
 * - a program's own prefix, `tool: message` (lower-case name, then a message of two words or more;
 *   not `usage:`, `warning:`, `note:` and other non-diagnostic heads, not a progress line), read in
 *   stderr and a thrown error's text only: stdout is where normal output (`name: value`) goes.
 * Not error-marked: `0 errors`, `error_handling`, `/src/error.c`, `'error'`, `ERROR_RESPONSE`,
 * `test_error ... ok`, an `error` word inside a sentence.
 */
import { errorDoingHead } from './catch-all-doing.js';
import { isAlnum, isBlank, isDigit, isLower, isUpper, skipBlank, startsWithWord } from './line-scan.js';

/** The evidence's rule id: the catch-all read this line, no concept did. */
export const CATCH_ALL_RULE = 'catch-all.error-marked-line';

/** How strongly a line is marked: a severity head or level word (1), a program's own prefix (2), not marked (0). */
export type Mark = 0 | 1 | 2;

/** Upper-case level words that mark a line as the program's error when they stand alone before a message. */
const LEVEL_WORDS = ['ERROR', 'FATAL', 'FAIL'];

/** Heads of a `name:` line that are not the program's diagnostic (also read by catch-all-refusal.ts). */
export const NOT_DIAGNOSTIC = new Set(['usage', 'warning', 'warn', 'note', 'hint', 'info', 'debug', 'trace', 'notice', 'help', 'tip', 'see', 'example', 'progress', 'status', 'verbose']);

/** Fields of at most this many characters count as a head (`file 2:`); a longer one is prose. */
const MAX_HEAD = 40;


/** Where the field that starts at `from` ends: the next `:` followed by a blank or the line's end, or -1. */
function fieldEnd(line: string, from: number): number {
  for (let i = from; i < line.length && i - from <= MAX_HEAD; i++) {
    if (line.charCodeAt(i) === 58 && (i + 1 === line.length || isBlank(line.charCodeAt(i + 1)))) return i;
  }
  return -1;
}

/**
 * True when `line[from, end)` is a severity head: it ends in the word *error* (any case; a
 * CamelCase `…Error` joins it, an identifier's `_error` does not), is `fatal`/`E`, or is
 * `error code N`/`error (N)`.
 */
export function severityHead(line: string, from: number, end: number): boolean {
  let e = end;
  while (e > from && isBlank(line.charCodeAt(e - 1))) e--;
  if (e - from === 1 && line.charCodeAt(from) === 69) return true; // apt's `E:`
  if (e - from === 5 && startsWithWord(line, from, e, 'fatal')) return true;
  if (line.charCodeAt(e - 1) === 41) { // `Error (2)`
    let i = e - 2;
    while (i > from && line.charCodeAt(i) >= 48 && line.charCodeAt(i) <= 57) i--;
    if (i === e - 2 || line.charCodeAt(i) !== 40) return false;
    e = i;
    while (e > from && isBlank(line.charCodeAt(e - 1))) e--;
  } else {
    let i = e;
    while (i > from && line.charCodeAt(i - 1) >= 48 && line.charCodeAt(i - 1) <= 57) i--;
    if (i < e && i - 5 >= from && startsWithWord(line, i - 5, i, 'code ')) e = i - 5; // `Error code 2`
    while (e > from && isBlank(line.charCodeAt(e - 1))) e--;
  }
  if (e - from < 5 || !startsWithWord(line, e - 5, e, 'error')) return false;
  const start = e - 5;
  if (start === from) return true;
  const before = line.charCodeAt(start - 1);
  // `TypeError`, `pkg.ParseError`: a CamelCase name joins *Error*; `test_error`, `stderror` do not.
  if (isLower(before) || isUpper(before) || (before >= 48 && before <= 57)) return line.charCodeAt(start) === 69 && !isUpper(before);
  // `test_error`, `x.error`, `/src/error`, `-Werror`, `'error'` are names, not a severity.
  return before !== 95 && before !== 46 && before !== 47 && before !== 45 && before !== 39 && before !== 34 && before !== 96;
}

/** True when `line` from `from` on holds a message: at least one letter (not a bare count, not nothing). */
function messageAt(line: string, from: number): boolean {
  for (let i = from; i < line.length; i++) if (isLower(line.charCodeAt(i) | 0x20)) return true;
  return false;
}

/** True when `line` from `from` on starts as a sentence does: a letter, a quote or a dash first. */
function sentenceAt(line: string, from: number): boolean {
  const c = line.charCodeAt(from);
  return isAlnum(c) || c === 39 || c === 34 || c === 96 || c === 0x2018 || c === 0x201c || c === 45;
}

/** End of a program's `name:` prefix at the line's start (`flex:`, `gifsicle:spinner.gif:`), or -1. */
export function programPrefix(line: string, from: number): number {
  if (!isLower(line.charCodeAt(from))) return -1;
  let i = from;
  // Lower-case letters, digits and dashes (`re2c`, `ssh-keygen`); an underscore is a function's or a test's name.
  while (i < line.length && (isLower(line.charCodeAt(i)) || isDigit(line.charCodeAt(i)) || line.charCodeAt(i) === 45)) i++;
  if (i - from < 2 || line.charCodeAt(i) !== 58 || NOT_DIAGNOSTIC.has(line.slice(from, i)) || severityHead(line, from, i)) return -1;
  // `gifsicle:spinner.gif:` — the file it was reading, joined to the name.
  let end = i;
  for (let j = i + 1; j < line.length && !isBlank(line.charCodeAt(j)); j++) if (line.charCodeAt(j) === 58) end = j;
  return end + 1 < line.length && !isBlank(line.charCodeAt(end + 1)) ? -1 : end;
}

/** True when a level word of {@link LEVEL_WORDS} stands alone on the line with a message after it. */
function levelWord(line: string): boolean {
  for (const word of LEVEL_WORDS) {
    let at = line.indexOf(word);
    while (at !== -1) {
      const before = at === 0 ? 32 : line.charCodeAt(at - 1);
      const after = at + word.length;
      const next = after === line.length ? 10 : line.charCodeAt(after);
      // `ERROR`, `[ERROR]`, `ERROR:`; not `ERRORS`, `ERROR_RESPONSE`, `(ERR)`.
      if ((isBlank(before) || before === 91) && (isBlank(next) || next === 58 || next === 93)) {
        let rest = skipBlank(line, after + (isBlank(next) ? 0 : 1), line.length);
        if (line.charCodeAt(rest) === 58) rest = skipBlank(line, rest + 1, line.length);
        if (rest < line.length && sentenceAt(line, rest) && messageAt(line, rest)) return true;
      }
      at = line.indexOf(word, at + 1);
    }
  }
  return false;
}

/** True for a progress line (`45%`, `[=====>   ]`): what a tool prints on the way, not its answer. */
function progressLine(line: string): boolean {
  for (let i = 1; i < line.length; i++) if (line.charCodeAt(i) === 37 && line.charCodeAt(i - 1) >= 48 && line.charCodeAt(i - 1) <= 57) return true;
  return line.includes('[==') || line.includes('==>');
}

/** True when `line` from `from` on holds two words or more: a one-word "message" is a label's value (`snmpget: Timeout`). */
function twoWords(line: string, from: number): boolean {
  const end = line.length;
  let i = from;
  while (i < end && !isBlank(line.charCodeAt(i))) i++;
  return skipBlank(line, i, end) < end;
}

/**
 * How `line` is marked as a program's own error (see the file's comment): 1 for a severity head or
 * a level word, 2 for a `tool: message` prefix (only when `prefixes`), 0 when it is not marked.
 */
export function errorMark(line: string, prefixes = true): Mark {
  const first = skipBlank(line, 0, line.length);
  if (first === line.length) return 0;
  let from = first;
  const program = programPrefix(line, first);
  if (program !== -1) from = skipBlank(line, program + 1, line.length);
  // Up to three short heads: `name: file 2: Error: …`, `Command Line Error: …`.
  for (let k = 0, at = from; k < 3 && at < line.length; k++) {
    const bang = line.indexOf('!', at);
    const end = fieldEnd(line, at);
    // `Error! Cannot read input picture file`: the bang ends a head as a colon does.
    const stop = bang !== -1 && bang - at <= MAX_HEAD && (end === -1 || bang < end) && (bang + 1 === line.length || isBlank(line.charCodeAt(bang + 1))) ? bang : end;
    if (stop === -1) break;
    if (severityHead(line, at, stop) || (stop === end && errorDoingHead(line, at, stop))) return messageAt(line, stop + 1) ? 1 : 0;
    at = skipBlank(line, stop + 1, line.length);
  }
  if (levelWord(line)) return 1;
  if (prefixes && program !== -1 && from < line.length && sentenceAt(line, from) && messageAt(line, from) && twoWords(line, from) && !progressLine(line)) {
    const head = fieldEnd(line, from);
    if (head === -1 || !NOT_DIAGNOSTIC.has(line.slice(from, head).trim().toLowerCase())) return 2;
  }
  return 0;
}

/** The error-marked line the catch-all found, and the field it is in. */
export interface MarkedLine {
  /** The field the line is in. */
  source: 'error' | 'stderr' | 'message' | 'stdout';
  /** The line, without its surrounding blanks (the evidence shows its first 200 characters). */
  line: string;
}

/**
 * Where a program's diagnostics are read, in this order; `tool: message` prefixes only in the
 * first two (a thrown error's text and stderr), where normal output does not go.
 */
const FIELDS = [['error', true], ['stderr', true], ['message', false], ['stdout', false]] as const;

/**
 * The first line a failed process marked as its own error (see {@link errorMark}): a severity head
 * or level word in any field before a `tool: message` prefix anywhere, each in the order of
 * {@link FIELDS}; `null` when no line is marked.
 */
export function errorMarkedLine(text: Readonly<Record<MarkedLine['source'], readonly string[]>>): MarkedLine | null {
  let prefixed: MarkedLine | null = null;
  for (const [source, prefixes] of FIELDS) {
    for (const segment of text[source]) {
      const marked = findLine(segment, (line) => {
        const mark = errorMark(line, prefixes && prefixed === null);
        if (mark === 2 && prefixed === null) prefixed = { source, line: line.trim() };
        return mark === 1;
      });
      if (marked !== null) return { source, line: marked.trim() };
    }
  }
  return prefixed;
}

/**
 * The first line of `segment`, read at its {@link ends}, for which `test` holds (without its `\r`),
 * or `null`: how the catch-all's shapes (here and catch-all-refusal.ts) walk a field's lines.
 */
export function findLine(segment: string, test: (line: string) => boolean): string | null {
  for (const [from, to] of catchAllEnds(segment)) {
    let start = from;
    while (start < to) {
      let end = segment.indexOf('\n', start);
      if (end === -1 || end > to) end = to;
      const line = segment.slice(start, end > start && segment.charCodeAt(end - 1) === 13 ? end - 1 : end);
      if (test(line)) return line;
      start = end + 1;
    }
  }
  return null;
}

/** Characters read at each end of a long field: a refusal is printed first or last, not in the middle of a log. */
export const CATCH_ALL_WINDOW = 64 * 1024;

/**
 * The parts of `segment` the catch-all reads: all of it, or, when it is longer than two windows,
 * its first and last {@link CATCH_ALL_WINDOW} characters (whole lines). So a long log that no rule
 * read costs a bounded time, not a second pass over megabytes.
 */
export function catchAllEnds(segment: string): [number, number][] {
  if (segment.length <= 2 * CATCH_ALL_WINDOW) return [[0, segment.length]];
  const head = segment.lastIndexOf('\n', CATCH_ALL_WINDOW);
  const tail = segment.indexOf('\n', segment.length - CATCH_ALL_WINDOW);
  return [[0, head === -1 ? CATCH_ALL_WINDOW : head], [tail === -1 ? segment.length - CATCH_ALL_WINDOW : tail + 1, segment.length]];
}
