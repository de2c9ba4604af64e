import { severityHead } from '../catch-all.js';
import { isBlank, isDigit, skipBlank, startsWithWord } from '../line-scan.js';
import { fileRole } from './roles.js';

/**
 * The file a diagnostic line is about (issue 30, file roles): its SUBJECT, as the line's shape
 * says, read left to right on character codes (no regular expression):
 * - location-led, at the line's start (after a program's `name:` prefix and up to two severity
 *   heads such as `error:`, `STATIC ERROR:`): `FILE:LINE[:COL][-COL]:`, `FILE(LINE[,COL]):`,
 *   `FILE LINE:`, `"FILE" line N`, `FILE: line N`, and `FILE: message`;
 * - anywhere: `in FILE on line N`;
 * - in a line the program marked as its error (`whole`): a `FILE: message` field after the head
 *   (`error: cannot format main.py: Cannot parse`).
 * Not a subject: a stack frame (`at f (x.js:1:2)`, Python's `File "x.py", line 3, in f`, Ruby's
 * `from x.rb:2:in`, Lua's `x.lua:1: in main chunk`), a URL, and a path of a program's own install
 * (`/usr/…`, `node_modules/`, `site-packages/`): the program's code, not the project's file.
 */

/** Characters of a path token: letters, digits and `._-/\~+%`; quotes, blanks and `@` (an address: `x@example.com`) end it. */
function pathChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 46 || c === 95 || c === 45 || c === 47 || c === 92 || c === 126 || c === 43 || c === 37;
}

/** Quotes a path may stand in. */
const isQuote = (c: number): boolean => c === 34 || c === 39 || c === 96 || c === 0x2018 || c === 0x2019 || c === 0x201c || c === 0x201d;

/** Parts of a path that say it is a program's own install or a fetched dependency, not the project's file. */
const INSTALLED = ['/usr/', '/lib/', '/lib64/', '/opt/homebrew/', '/nix/store/', 'node_modules/', 'site-packages/', 'dist-packages/', '/.pyenv/', '/.rbenv/', '/.rustup/', '/.cargo/registry/', '/go/pkg/mod/', '/vendor/bundle/', '/gems/'];

/** True when `path` is a program's own install or a dependency it fetched (see {@link INSTALLED}). */
export function installedPath(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  if (p.startsWith('usr/') || p.startsWith('lib/python') || p.startsWith('node:')) return true;
  for (const part of INSTALLED) if (p.includes(part)) return true;
  return false;
}

/** A path token at `from`: its start and end (without quotes) and where the line goes on after it; null when none. */
function pathAt(line: string, from: number): [start: number, end: number, after: number] | null {
  let i = from;
  const quoted = i < line.length && isQuote(line.charCodeAt(i));
  if (quoted) i++;
  const start = i;
  while (i < line.length && pathChar(line.charCodeAt(i))) i++;
  let end = i;
  // A trailing `.` or `,` ends a sentence, not the name.
  while (end > start && (line.charCodeAt(end - 1) === 46 || line.charCodeAt(end - 1) === 44)) end--;
  if (end - start < 2) return null;
  if (quoted) {
    if (i >= line.length || !isQuote(line.charCodeAt(i))) return null;
    i++;
  } else i = end;
  return [start, end, i];
}

/** True unless the token is only digits and dots (a version, a number): a name has a letter. */
function fileLike(line: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isDigit(line.charCodeAt(i)) && line.charCodeAt(i) !== 46) return true;
  return false;
}

/** Where the text after a path says it is a location or a subject: the shapes of the file's comment. */
function subjectAfter(line: string, at: number, headField: boolean): boolean {
  const c = line.charCodeAt(at);
  if (c === 58) {
    const next = line.charCodeAt(at + 1);
    if (isDigit(next)) {
      // `x.lua:1: in main chunk`, `x.rb:2:in` are frames.
      let j = at + 1;
      while (j < line.length && (isDigit(line.charCodeAt(j)) || line.charCodeAt(j) === 58 || line.charCodeAt(j) === 45 || line.charCodeAt(j) === 46)) j++;
      const rest = skipBlank(line, j, line.length);
      return !startsWithWord(line, rest, line.length, 'in ') && !(line.charCodeAt(rest) === 105 && line.charCodeAt(rest + 1) === 110 && (rest + 2 === line.length || line.charCodeAt(rest + 2) === 32 || line.charCodeAt(rest + 2) === 96));
    }
    if (!isBlank(next)) return false;
    const rest = skipBlank(line, at + 1, line.length);
    if (startsWithWord(line, rest, line.length, 'line ')) return true; // `FILE: line 2:`
    return headField && rest < line.length;
  }
  if (c === 40) return isDigit(line.charCodeAt(at + 1)); // `FILE(3,5):`
  if (c === 32) {
    const rest = skipBlank(line, at, line.length);
    if (startsWithWord(line, rest, line.length, 'line ')) return isDigit(line.charCodeAt(skipBlank(line, rest + 5, line.length)));
    let j = rest;
    while (j < line.length && isDigit(line.charCodeAt(j))) j++;
    return j > rest && line.charCodeAt(j) === 58; // `budget.bc 2: Error`
  }
  return false;
}

/** True for a stack frame or a traceback's line: the program's code path, never a subject. */
function frameLine(line: string, from: number): boolean {
  return startsWithWord(line, from, line.length, 'at ') || startsWithWord(line, from, line.length, 'from ')
    || startsWithWord(line, from, line.length, 'File "') || (line.charCodeAt(from) === 35 && isDigit(line.charCodeAt(from + 1)));
}

/** End of a program's `name:` prefix (`m4:`, `msmtp:`, `ninja:`) at `from`, or -1: lower-case letters, digits, dashes. */
function programPrefix(line: string, from: number): number {
  let i = from;
  while (i < line.length) {
    const c = line.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || isDigit(c) || c === 45)) break;
    i++;
  }
  // Not `file:///x.mjs:13` (a URL) nor `name:12` (a position).
  const next = line.charCodeAt(i + 1);
  return i - from >= 2 && line.charCodeAt(i) === 58 && !isDigit(next) && next !== 47 ? i : -1;
}

/**
 * The subject file of `line` (see the file's comment), as written (without quotes); `null` when
 * the line has none; only a name whose role the registry knows ({@link fileRole}) is one.
 * `marked`: the line is one the program marked as its error, where a `FILE: message` field after
 * the head counts too.
 */
export function subjectFile(line: string, marked = false): string | null {
  if (line.length === 0 || line.length > 4096) return null;
  let from = skipBlank(line, 0, line.length);
  if (frameLine(line, from)) return null;
  const prefix = programPrefix(line, from);
  if (prefix !== -1) {
    // `m4:config.m4:2:` joins the file to the name; `msmtp: msmtprc: line 2:` parts them with a blank.
    const found = subjectHere(line, prefix + 1);
    if (found !== null) return found;
    from = skipBlank(line, prefix + 1, line.length);
  }
  // Up to two severity heads: `error:`, `STATIC ERROR:`, `ERROR:`.
  for (let k = 0; k < 3; k++) {
    const colon = line.indexOf(': ', from);
    const head = colon !== -1 && colon - from <= 24 && severityHead(line, from, colon);
    if (!head) {
      const found = subjectHere(line, from);
      if (found !== null) return found;
      break;
    }
    from = skipBlank(line, colon + 1, line.length);
  }
  return inFileOnLine(line) ?? (marked ? fieldSubject(line, from) : null);
}

/** A location-led path at `from`, or null. */
function subjectHere(line: string, from: number): string | null {
  const token = pathAt(line, from);
  if (token === null || !fileLike(line, token[0], token[1])) return null;
  if (!subjectAfter(line, token[2], true)) return null;
  return known(line.slice(token[0], token[1]));
}

/** `path` when the registry knows its role and it is the project's (not a URL, not an install); else null. */
function known(path: string): string | null {
  return fileRole(path) === null || path.includes('://') || installedPath(path) ? null : path;
}

/** `… in FILE on line N` anywhere in the line (a thrown error's place, the file that was being read). */
function inFileOnLine(line: string): string | null {
  const on = line.indexOf(' on line ');
  if (on === -1) return null;
  const start = line.lastIndexOf(' in ', on);
  if (start === -1) return null;
  const token = pathAt(line, start + 4);
  if (token === null || token[2] !== on) return null;
  return known(line.slice(token[0], token[1]));
}

/** In a marked line, the first `FILE: message` field after the head (`cannot format main.py: Cannot parse`). */
function fieldSubject(line: string, from: number): string | null {
  for (let i = from; i < line.length; i++) {
    if (line.charCodeAt(i) !== 58 || !isBlank(line.charCodeAt(i + 1))) continue;
    let s = i;
    if (s > from && isQuote(line.charCodeAt(s - 1))) s--;
    while (s > from && !isBlank(line.charCodeAt(s - 1))) s--;
    const token = pathAt(line, s);
    if (token !== null && token[2] === i && fileLike(line, token[0], token[1])) {
      return known(line.slice(token[0], token[1]));
    }
    return null; // only the first field counts: later ones are what the message quotes
  }
  return null;
}
