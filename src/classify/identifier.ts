/**
 * Look-alikes (issue 30): a failure word inside an identifier is not evidence of that failure.
 * `git push` of the branch `fix/timeout-retry`, a script `./scripts/check-rate-limit.sh`, the
 * file `logs/out of memory.txt`, the C function `'getaddrinfo'` a compiler cannot find, the Rust
 * value `` `ECONNREFUSED` `` — each names something, none says the failure happened. (Test names
 * such as `test_handles_rate_limit` or `TestTimeoutIsRetried` are already kept out by word
 * boundaries: `_` and letters join words.)
 *
 * Checked only when a phrase has matched on word boundaries (rare), over at most
 * {@link IDENTIFIER_REACH} characters each side, so the scan stays one lookup per character.
 */

/** How far either side of a match an identifier is followed. Default 100 characters. */
export const IDENTIFIER_REACH = 100;

/** Characters of a path segment or branch name besides letters, digits and `_`. */
const SEGMENT = new Set(['.', '-', '%', '@', '~', '+']);
/** What separates path segments: a match joined to one through segment characters is inside a path. */
const SEPARATORS = new Set(['/', '\\']);
/** Opening quote → its closing quote. */
const QUOTES: Readonly<Record<string, string>> = { "'": "'", '`': "`", '"': '"', '\u2018': '\u2019', '\u201c': '\u201d' };
/**
 * What may come before a quoted value that is a value, not a name: `code: 'ECONNRESET'`,
 * `{"type":"rate_limit_error"}`, `errno=ENOSPC`, `[ 'EAI_AGAIN' ]`, `Error('ETIMEDOUT')`.
 */
const VALUE_CONTEXT = new Set([':', '=', ',', '(', '[', '{']);

/**
 * True when the backslash at `text[i]` starts an escape of a quoted string's repr, not a Windows
 * path's separator: `\r`, `\n`, `\t`, `\0` or `\xHH` followed by no letter or digit (`issuer.\r\n"`,
 * a child's output a wrapper prints as `b"…doesn't have a known issuer.\r\n"`). `C:\temp\new` keeps
 * its separators: a letter follows the escape's letter there.
 */
function escapeAt(text: string, i: number): boolean {
  if (text[i] !== '\\') return false;
  const letter = text[i + 1];
  let next = i + 2;
  if (letter === 'x') {
    if (!isHex(text[i + 2]) || !isHex(text[i + 3])) return false;
    next = i + 4;
  } else if (letter !== 'r' && letter !== 'n' && letter !== 't' && letter !== '0') return false;
  const c = text.charCodeAt(next);
  return Number.isNaN(c) || !((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122));
}

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9a-fA-F]$/.test(c);
}

function isSegmentChar(c: string): boolean {
  const n = c.charCodeAt(0);
  return (n >= 97 && n <= 122) || (n >= 65 && n <= 90) || (n >= 48 && n <= 57) || n === 95 || SEGMENT.has(c);
}

/**
 * True when `text[start, end]` (a phrase match) sits inside an identifier: a path segment or
 * branch name (joined to a `/` or `\` through path characters), or a single quoted name that
 * is not a field's value (`function 'getaddrinfo'`, ``value `ECONNREFUSED` ``, but not
 * `code: 'ECONNREFUSED'`), or the function a Python stack frame names
 * (`File "socket.py", line 955, in getaddrinfo`), or a line of source code a runtime or compiler
 * quotes above a caret (see {@link inQuotedSource}).
 */
export function insideIdentifier(text: string, start: number, end: number): boolean {
  if (inPythonFrame(text, start) || inQuotedSource(text, end) || inOptionHelp(text, start) || inStatusTable(text, start)) return true;
  const low = Math.max(0, start - IDENTIFIER_REACH);
  const high = Math.min(text.length, end + 1 + IDENTIFIER_REACH);
  let before = start - 1;
  while (before >= low && isSegmentChar(text[before]!)) before--;
  let after = end + 1;
  while (after < high && isSegmentChar(text[after]!)) after++;
  const open = before >= low ? text[before]! : '';
  const close = after < high ? text[after]! : '';
  // After the match only: a backslash before it is followed by the match itself, never by an escape's letter alone.
  if (SEPARATORS.has(open) || (SEPARATORS.has(close) && !escapeAt(text, after))) return true;
  // A placeholder a tool prints for a name it lacks: `<unknown>`, `<anonymous>`, `<module>`.
  if (open === '<' && close === '>') return true;
  // The last label of a dotted name, a host's or a file's (`for api.example.test failed`: the domain `.test`, not a
  // test that failed): a phrase of several words whose first is a lower-case label after `word.`. Not a qualified
  // name's own part (`socket.timeout`: one word; `redis.exceptions.BusyLoadingError`: the class, capitalised).
  if (dottedLabel(text, start, end)) return true;
  // A setting's name given its value, one token: `-o ConnectTimeout=3` in a command a wrapper quotes, `timeout=30` (the
  // value after `=` is still read: `errno=ENOSPC`, `reason=ReadTimeout`).
  if (close === '=' && after === end + 1 && text[after + 1] !== '=' && !/\s/.test(text.slice(start, end + 1))) return true;
  // A part of a hyphenated name, joined to word characters on both sides: `x86_64-unknown-linux-gnu`.
  if (joinedByHyphen(text, start - 1, -1) && joinedByHyphen(text, end + 1, 1)) return true;
  // A quoted name: the quotes enclose one token (the match and segment characters only).
  if (open === '' || QUOTES[open] !== close || /\s/.test(text.slice(start, end + 1))) return false;
  let context = before - 1;
  while (context >= low && (text[context] === ' ' || text[context] === '\t')) context--;
  return context < low || !VALUE_CONTEXT.has(text[context]!);
}

/**
 * True when `text[start]` is code a Python traceback quotes: a frame's function name or the
 * source line under it. A joined name there (`ctx.load_cert_chain(…)`) is a call, not an error's
 * name: the scanner asks this of joined word forms too, which skip the identifier walk. (Not
 * Node's caret excerpt: its `triggerUncaughtException(` is how an uncaught error shows.)
 */
export function inPythonCode(text: string, start: number): boolean {
  return inPythonFrame(text, start);
}

/**
 * Questions asked once per text, not once per phrase occurrence (where each answer would cost a
 * walk of the occurrence's line): one native search over the whole text, the last text's answer
 * kept until the next text or {@link forgetScannedText}.
 */
let framesText: string | undefined;
let framesFound = false;
let caretText: string | undefined;
let caretFound = false;

/** Forgets the text the once-per-text questions last asked about, so that a 5 MB log is not kept alive after its scan. */
export function forgetScannedText(): void {
  framesText = caretText = undefined;
}

/** True when `text[start, end]` spans words and starts with a lower-case last label of a dotted name (`example.test failed`). */
function dottedLabel(text: string, start: number, end: number): boolean {
  if (start < 2 || text[start - 1] !== '.' || !isWordCode(text.charCodeAt(start - 2))) return false;
  const first = text.charCodeAt(start);
  if (first < 97 || first > 122) return false;
  for (let i = start + 1; i <= end; i++) if (text[i] === ' ' || text[i] === '\t') return true;
  return false;
}

/** True for the code of a letter, a digit or `_`. */
function isWordCode(n: number): boolean {
  return (n >= 97 && n <= 122) || (n >= 65 && n <= 90) || (n >= 48 && n <= 57) || n === 95;
}

/** True when `text[at]` is a `-` with a word character beyond it (in direction `step`). */
function joinedByHyphen(text: string, at: number, step: 1 | -1): boolean {
  const beyond = text.charCodeAt(at + step);
  return text[at] === '-' && ((beyond >= 97 && beyond <= 122) || (beyond >= 65 && beyond <= 90) || (beyond >= 48 && beyond <= 57) || beyond === 95);
}

/** A Python traceback frame's line: `  File "…", line N, in <name>`. */
const PYTHON_FRAME = /^[ \t]*File "[^"\n]*", line \d+, in \S*$/;
/** Longest frame line looked at. */
const MAX_FRAME_LINE = 4 * IDENTIFIER_REACH;
/** Whether a text has a frame line's `File "` anywhere (see {@link inPythonFrame}). */
function hasFrames(text: string): boolean {
  if (text !== framesText) {
    framesText = text;
    framesFound = text.includes('File "');
  }
  return framesFound;
}

/**
 * True when `text[start]` is in a Python traceback frame's function name or in the line of
 * source code the traceback quotes under it (`for res in _socket.getaddrinfo(host, port…)`):
 * code, not the error.
 */
function inPythonFrame(text: string, start: number): boolean {
  // Every frame line has `File "`: a text without one (most texts: a Node stack, a CLI's lines) has no frame, whatever
  // the match. Asked once per text, not once per match, where each answer would cost a line's walk and a copy of it.
  if (!hasFrames(text)) return false;
  const from = text.lastIndexOf('\n', start - 1) + 1;
  if (start - from > MAX_FRAME_LINE) return false;
  // The function's name, or a part of it (a joined form matches `cert_chain` inside `in verify_cert_chain`).
  // Bounded walks only: a huge single line must not cost its length on every match in it.
  const limit = Math.min(text.length, start + MAX_FRAME_LINE);
  let eol = start;
  while (eol < limit && text.charCodeAt(eol) !== 10) eol++;
  if (eol < limit || limit === text.length) {
    const line = text.slice(from, eol);
    const name = line.lastIndexOf(', in ');
    if (name >= 0 && from + name + 5 <= start) return PYTHON_FRAME.test(line);
  }
  // CPython indents the quoted source line; the exception line under a frame without source is not.
  if (from < 2 || (text[from] !== ' ' && text[from] !== '\t')) return false;
  const previous = text.lastIndexOf('\n', from - 2) + 1;
  return from - 1 - previous <= MAX_FRAME_LINE && PYTHON_FRAME.test(text.slice(previous, from - 1));
}

// Most failure texts quote no source: a text with no caret spares every occurrence the walk to its line's end.
function hasCaret(text: string): boolean {
  if (text !== caretText) {
    caretText = text;
    caretFound = text.includes('^');
  }
  return caretFound;
}

/** Longest quoted source line, and caret line, looked at. */
const EXCERPT_REACH = 400;

/**
 * True when `text[end]` is on a line of source code quoted above a caret line, as Node prints
 * the line that threw (`throw new AbortError(…)` over `      ^`), Python 3.11 the failing
 * expression (over `^^^^`) and gcc and clang the offending code (over `  |   ^~~~`): what the code
 * says there is code, not what happened (`new AbortError(…)` aborts nothing; the error's own line
 * follows).
 */
export function inQuotedSource(text: string, end: number): boolean {
  if (!hasCaret(text)) return false;
  let eol = end + 1;
  const limit = Math.min(text.length, end + 1 + EXCERPT_REACH);
  while (eol < limit && text.charCodeAt(eol) !== 10) eol++;
  if (eol >= limit) return false;
  let i = eol + 1;
  const stop = Math.min(text.length, i + EXCERPT_REACH);
  let carets = 0;
  for (; i < stop; i++) {
    const c = text[i]!;
    if (c === '\n' || c === '\r') break;
    if (c === '^') carets++;
    else if (c !== ' ' && c !== '\t' && c !== '~' && c !== '|') return false;
  }
  return carets > 0 && (i < stop || i === text.length);
}

/**
 * True when `text[start]` is in an option's description in a help listing (`  -t TIMEOUT\t\tset the
 * request timeout (in seconds)`, `  --retry N    retry the request N times`): a line whose first
 * token is an option (`-x`, `--name`), its description after a tab or two blanks. The words say
 * what the option does, not what happened (issue 30, the ninth capture: a usage text printed after
 * a bad argument read as a timeout). Not `-bash: …` (one blank) nor `--2026-11-27 …--` (a digit).
 */
export function inOptionHelp(text: string, start: number): boolean {
  const low = Math.max(0, start - IDENTIFIER_REACH);
  let from = start;
  while (from > low && text.charCodeAt(from - 1) !== 10) from--;
  if (from === low && low > 0) return false;
  while (from < start && (text.charCodeAt(from) === 32 || text.charCodeAt(from) === 9)) from++;
  if (text.charCodeAt(from) !== 45) return false;
  let i = from + 1;
  if (text.charCodeAt(i) === 45) i++;
  const c = text.charCodeAt(i) | 0x20;
  if (c < 97 || c > 122) return false;
  // The description column: a tab, or two blanks, between the option and the match.
  for (let k = i; k < start - 1; k++) {
    const a = text.charCodeAt(k);
    if (a === 9 || (a === 32 && text.charCodeAt(k + 1) === 32)) return true;
  }
  return false;
}

/**
 * True when `text[start]` is inside the reason of an entry of a status table a program dumped: a line
 * `'402': 'Payment Required',` (Node's `http.STATUS_CODES` inside an inspected request object, a
 * JSON map `"503": "Service Unavailable"`). The table lists every status; it names none that
 * happened (issue 30, the fifteenth capture: three axios failures read as QUOTA_EXCEEDED from it).
 */
export function inStatusTable(text: string, start: number): boolean {
  // Back over the reason's words to its opening quote: a reason phrase is letters, blanks and hyphens, at most
  // STATUS_REASON_REACH characters (the longest, "Request Header Fields Too Large", has 31), so most matches stop at once.
  const low = Math.max(0, start - STATUS_REASON_REACH);
  let i = start - 1;
  while (i >= low && isReasonChar(text.charCodeAt(i))) i--;
  const open = text[i];
  if (i < low || (open !== "'" && open !== '"')) return false;
  // `: ` before it, and the status in quotes or bare before that, at the line's start (after its indentation).
  i--;
  while (i >= 0 && text.charCodeAt(i) === 32) i--;
  if (text[i] !== ':') return false;
  i--;
  const quote = text[i];
  if (quote === "'" || quote === '"') i--;
  for (let d = 0; d < 3; d++, i--) {
    const n = text.charCodeAt(i);
    if (!(n >= 48 && n <= 57)) return false;
  }
  if (quote === "'" || quote === '"') {
    if (text[i] !== quote) return false;
    i--;
  }
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  return i < 0 || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13;
}

/** How far back from a match the opening quote of a status table's reason is looked for. */
const STATUS_REASON_REACH = 40;

/** A letter, a blank or a hyphen: what a reason phrase is made of. */
function isReasonChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 32 || c === 45;
}
