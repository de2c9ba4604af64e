import { digitsBefore, firstToken, isDigit, isProgramName, isSourcePath, NOT_ERRORS, startsWithWord } from './line-scan.js';

/**
 * A diagnostic at a position in a file a tool reads as its own language (issue 30, the seventh
 * capture): a grammar, a scanner specification, a macro file, a configuration —
 * `grammar.y:10.7: error: unexpected :` (a column after a dot, as GNU's `file:line.col` convention
 * prints it), `scanner.l:7: undefined definition {NUMBER}`, `m4:config.m4:2: ERROR: end of file in
 * string` (the program's name joined in front), `sudoers:3:36: Alias "X" referenced but not
 * defined` (a file without an extension, with line and column). Not a Ruby frame (`app.rb:3:in
 * 'fetch': …`, the position of a crash), nor a warning or a note.
 */
export function fileDiagnostic(text: string, from: number, to: number): boolean {
  let [start, end, rest] = firstToken(text, from, to);
  if (isProgramName(text, start, end)) [start, end, rest] = firstToken(text, rest, to);
  if (rest >= to || end - start < 4 || text.charCodeAt(end - 1) !== 58) return false;
  if (NOT_ERRORS.some((word) => startsWithWord(text, rest, to, word)) || startsWithWord(text, rest, to, 'in ')) return false;
  return filePosition(text, start, end - 1);
}

/**
 * `text[from, end)` is `path:line`, `path:line:col` or `path:line.col`; a path without an extension needs the column.
 * Also (the tenth capture) a column range, `firewall.nft:5:16-24`, and a quoted path, `"deploy.cron":2`. Line 0 is no
 * position in the file (`internal:0:0-0:`: the tool's own input, before any line).
 */
function filePosition(text: string, from: number, end: number): boolean {
  let i = digitsBefore(text, end, from);
  if (i === end) return false;
  // A column range: step over `-28` to the column it starts at.
  if (text.charCodeAt(i - 1) === 45 && isDigit(text.charCodeAt(i - 2))) {
    end = i - 1;
    i = digitsBefore(text, end, from);
    if (text.charCodeAt(i - 1) !== 58) return false;
  }
  let column = false;
  let lineEnd = end;
  const sep = text.charCodeAt(i - 1);
  if ((sep === 58 || sep === 46) && isDigit(text.charCodeAt(i - 2))) {
    const line = digitsBefore(text, i - 1, from);
    if (line < i - 1 && text.charCodeAt(line - 1) === 58) {
      lineEnd = i - 1;
      i = line;
      column = true;
    }
  }
  if (text.charCodeAt(i - 1) !== 58 || zeros(text, i, lineEnd)) return false;
  let pathEnd = i - 1;
  if (text.charCodeAt(from) === 34 && text.charCodeAt(pathEnd - 1) === 34 && pathEnd - from > 2) {
    from++;
    pathEnd--;
  }
  if (isSourcePath(text, from, pathEnd)) return true;
  return column && bareName(text, from, pathEnd);
}

/** `text[from, to)` is digits that are all `0`. */
function zeros(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (text.charCodeAt(k) !== 48) return false;
  return true;
}

/**
 * A position after a severity head, without a colon of its own (the tenth capture):
 * `error: logrotate.conf:3 bad rotation count 'five'` — `error:` or `fatal:`, then `path:line[:col]`,
 * then the message. The same positions as {@link fileDiagnostic}'s; a path with a colon after it is
 * that shape's, not this one's.
 */
export function severityPosition(text: string, from: number, to: number): boolean {
  const [start, end, rest] = firstToken(text, from, to);
  if (end - start !== 6 || !(startsWithWord(text, start, end, 'error:') || startsWithWord(text, start, end, 'fatal:'))) return false;
  const [pos, posEnd, message] = firstToken(text, rest, to);
  if (message >= to || posEnd - pos < 4 || text.charCodeAt(posEnd - 1) === 58) return false;
  return filePosition(text, pos, posEnd);
}

/** `text[from, end)` is a file name of letters, digits, `_`, `-`, `/`, at least 3 long, starting with a letter. */
function bareName(text: string, from: number, end: number): boolean {
  if (end - from < 3) return false;
  const first = text.charCodeAt(from) | 0x20;
  if (first < 97 || first > 122) return false;
  for (let k = from; k < end; k++) {
    const c = text.charCodeAt(k);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 95 || c === 45 || c === 47)) return false;
  }
  return true;
}

/**
 * A position on a line of its own under the message, as libsass and its kin print it (issue 30,
 * the ninth capture): `        on line 3:3 of scss/main.scss` — blanks, `on line N[:col] of`, a
 * path with an extension, the line's end. The position names a file of the project the tool
 * compiles. Not a sentence that mentions a line (`Invalid CSV on line 3 of data.csv`: the words
 * come first), nor a line without a file.
 */
export function positionLine(text: string, from: number, to: number): boolean {
  let i = from;
  while (i < to && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  if (!startsWithWord(text, i, to, 'on line ')) return false;
  i += 'on line '.length;
  const line = i;
  while (i < to && isDigit(text.charCodeAt(i))) i++;
  if (i === line) return false;
  if (text.charCodeAt(i) === 58) {
    const col = ++i;
    while (i < to && isDigit(text.charCodeAt(i))) i++;
    if (i === col) return false;
  }
  if (!startsWithWord(text, i, to, ' of ')) return false;
  i += ' of '.length;
  let end = to;
  while (end > i && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  for (let k = i; k < end; k++) if (text.charCodeAt(k) === 32) return false;
  return end > i && isSourcePath(text, i, end);
}
