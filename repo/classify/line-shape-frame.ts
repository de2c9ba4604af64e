import { fileRole } from './file-roles/roles.js';
import { installedPath } from './file-roles/subject.js';
import { isColonPosition, isDigit, skipBlank, startsWithWord, tokenEnd } from './line-scan.js';

/**
 * A thrown error whose message is a position in a project file followed by that file's lines
 * (issue 30, the thirteenth capture: a template or stylesheet compiler's error, uncaught and printed
 * by the runtime): the line is `Error: styles/main.styl:1:9` (or `[Error: …`, as Node prints an
 * error object with fields) and nothing else, and the next line is a code frame's first line, a
 * line number and a bar (`   1| @import 'variables'`, ` >> 1| <%- include(…) %>`). The compiler
 * points into the file it could not build; the exception only carried it. Only a plain `Error`: a
 * `ReferenceError` or `TypeError` at a template's line is the program's defect (README: what an
 * uncaught exception carries).
 *
 * With no frame under it (the fifteenth capture: a compiler that prints the message after a blank
 * line), the position over a blank line is enough when its file is by name the project's source or
 * configuration (file-roles: `views/page.pug:3:5`, not `data/rows.csv:3:5` nor an installed path)
 * and no stack frame runs in it (`at main (src/app.js:12:5)`: the program's own script).
 */
export function thrownFramePosition(text: string, from: number, to: number): boolean {
  let start = skipBlank(text, from, to);
  if (text.charCodeAt(start) === 91) start++; // `[Error: …`
  const head = tokenEnd(text, start, to);
  if (head - start !== 6 || text.slice(start, head) !== 'Error:') return false;
  const pos = skipBlank(text, head, to);
  const posEnd = tokenEnd(text, pos, to);
  if (posEnd === pos || skipBlank(text, posEnd, to) < to || !isColonPosition(text, pos, posEnd, false)) return false;
  return frameLine(text, to) || (blankLineAfter(text, to) && projectPosition(text, pos, posEnd));
}

/**
 * The position `text[pos, posEnd)` (`FILE:LINE[:COL]`) points into a project source or config file, not an installed
 * one, and no stack frame runs in that file: a frame `(FILE:` or `at FILE:` is the program's own script failing at its
 * line (its defect or its refusal, not a file it compiled).
 */
function projectPosition(text: string, pos: number, posEnd: number): boolean {
  const colon = text.indexOf(':', pos);
  if (colon < 0 || colon >= posEnd) return false;
  const path = text.slice(pos, colon);
  if (installedPath(path) || text.includes(`(${path}:`) || text.includes(`at ${path}:`)) return false;
  const role = fileRole(path);
  return role === 'source' || role === 'config';
}

/** The line after the one ending at `end` is blank: a compiler's message set apart below its position. */
function blankLineAfter(text: string, end: number): boolean {
  let i = end;
  if (text.charCodeAt(i) === 13) i++;
  if (text.charCodeAt(i) !== 10) return false;
  i++;
  if (text.charCodeAt(i) === 13) i++;
  return text.charCodeAt(i) === 10;
}

/** The line after the one ending at `end` is a code frame's: blanks, an optional `>>` or `>` (the line pointed at), digits, `|`. */
function frameLine(text: string, end: number): boolean {
  let i = end;
  if (text.charCodeAt(i) === 13) i++;
  if (text.charCodeAt(i) !== 10) return false;
  i++;
  const limit = Math.min(text.length, i + 40);
  while (i < limit && text.charCodeAt(i) === 32) i++;
  if (text.charCodeAt(i) === 62) i += text.charCodeAt(i + 1) === 62 ? 2 : 1;
  while (i < limit && text.charCodeAt(i) === 32) i++;
  const digits = i;
  while (i < limit && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  return i > digits && text.charCodeAt(i) === 124;
}

/**
 * A template compiler's error that names the project file it could not compile in brackets with the
 * place (issue 30, the fifteenth capture): `Template render error: (/srv/site/templates/page.njk)
 * [Line 1, Column 4]`, its message on the next line. The file must be by name the project's source
 * or configuration (file roles), not an installed one: `(unknown path)` — a string the program
 * rendered, its own value — is not this.
 */
export function bracketedPosition(text: string, from: number, to: number): boolean {
  const at = text.toLowerCase().indexOf('error: (', from);
  if (at < 0 || at >= to) return false;
  const start = at + 8;
  const close = text.indexOf(')', start);
  if (close < 0 || close >= to || !startsWithWord(text, close + 1, to, ' [line ')) return false;
  if (!isDigit(text.charCodeAt(close + 8))) return false;
  const path = text.slice(start, close);
  if (path.includes(' ') || installedPath(path)) return false;
  const role = fileRole(path);
  return role === 'source' || role === 'config';
}
