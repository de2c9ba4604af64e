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

/** `text[from, end)` is `path:line`, `path:line:col` or `path:line.col`; a path without an extension needs the column. */
function filePosition(text: string, from: number, end: number): boolean {
  let i = digitsBefore(text, end, from);
  if (i === end) return false;
  let column = false;
  const sep = text.charCodeAt(i - 1);
  if ((sep === 58 || sep === 46) && isDigit(text.charCodeAt(i - 2))) {
    const line = digitsBefore(text, i - 1, from);
    if (line < i - 1 && text.charCodeAt(line - 1) === 58) {
      i = line;
      column = true;
    }
  }
  if (text.charCodeAt(i - 1) !== 58) return false;
  if (isSourcePath(text, from, i - 1)) return true;
  return column && bareName(text, from, i - 1);
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
