/**
 * Line shapes (issue 30): a compiler diagnostic is recognised by where its words sit on the
 * line, not by a file name and the word "error" somewhere on it. OpenSSL's error queue prints
 * `40F7E5B6EA7F0000:error:8000006F:system library:BIO_connect:Connection refused:../crypto/bio/bio_sock2.c:114:`
 * — a `.c:` and an `error:` on one line, and no compiler involved. A rule that reads
 * diagnostics names the shape it expects (`shape: 'file:line[:col]: error:'`); its phrases count
 * only on a line of that shape.
 *
 * Each shape is read by a small parser over the line, left to right, in one pass: no regular
 * expression, so no input can make it backtrack. Lines are looked at up to {@link SHAPE_REACH}
 * characters either side of the match.
 */

/** A parser of one shape: does `text[from, to)` (one line) have it? */
type ShapeTest = (text: string, from: number, to: number) => boolean;

/** How far either side of a match its line is read. */
export const SHAPE_REACH = 400;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isAlnum = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isBlank = (c: number): boolean => c === 32 || c === 9;

/** Index of the first non-blank character at or after `i` (at most `to`). */
function skipBlank(text: string, i: number, to: number): number {
  while (i < to && isBlank(text.charCodeAt(i))) i++;
  return i;
}

/** End of the run of non-blank characters starting at `i`. */
function tokenEnd(text: string, i: number, to: number): number {
  while (i < to && !isBlank(text.charCodeAt(i))) i++;
  return i;
}

/** Start of the digits that end just before `end` (== `end` when there are none). */
function digitsBefore(text: string, end: number, limit: number): number {
  let i = end;
  while (i > limit && isDigit(text.charCodeAt(i - 1))) i--;
  return i;
}

/** True when `text[from, end)` is a path that ends in a file extension (`main.c`, `src/App.java`, `C:\x\a.cs`). */
function isSourcePath(text: string, from: number, end: number): boolean {
  let i = end;
  while (i > from && end - i <= 10 && (isAlnum(text.charCodeAt(i - 1)) || text.charCodeAt(i - 1) === 43)) i--;
  return i < end && i - 1 > from && text.charCodeAt(i - 1) === 46;
}

/**
 * `text[from, end)` is `path:line:col`, or `path:line` unless `column` (what gcc, clang, javac,
 * ghc, zig, swift and go print before a diagnostic). The path must have a file extension.
 */
function isColonPosition(text: string, from: number, end: number, column: boolean): boolean {
  let i = digitsBefore(text, end, from);
  if (i === end || text.charCodeAt(i - 1) !== 58) return false;
  const line = digitsBefore(text, i - 1, from);
  const hasColumn = line < i - 1 && text.charCodeAt(line - 1) === 58;
  if (hasColumn) i = line;
  else if (column) return false;
  return isSourcePath(text, from, i - 1);
}

/** `text[from, to)` starts with `word` (ASCII, any case). */
function startsWithWord(text: string, from: number, to: number, word: string): boolean {
  if (to - from < word.length) return false;
  for (let k = 0; k < word.length; k++) {
    const c = text.charCodeAt(from + k);
    // Letters compare in either case; anything else exactly.
    if ((c >= 65 && c <= 90 ? c | 0x20 : c) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** After `i`: `error` or `fatal error`, then `:` (or, with `code`, a space and a code such as `TS2322:`/`C2065:`). Returns true when it is so. */
function severityAt(text: string, i: number, to: number, code: boolean): boolean {
  if (startsWithWord(text, i, to, 'fatal ')) i = skipBlank(text, i + 6, to);
  if (!startsWithWord(text, i, to, 'error')) return false;
  const c = text.charCodeAt(i + 5);
  return c === 58 || (code && isBlank(c) && isAlnum(text.charCodeAt(skipBlank(text, i + 5, to))));
}

/** `text[start, end)` is a program's name before its message: lower-case letters, then `:` (`vet:`). */
function isProgramName(text: string, start: number, end: number): boolean {
  if (end - start < 2 || text.charCodeAt(end - 1) !== 58) return false;
  for (let i = start; i < end - 1; i++) {
    const c = text.charCodeAt(i);
    if (!(c >= 97 && c <= 122) && c !== 45) return false;
  }
  return true;
}

/** The first token of the line, and where the rest begins. */
function firstToken(text: string, from: number, to: number): [start: number, end: number, rest: number] {
  const start = skipBlank(text, from, to);
  const end = tokenEnd(text, start, to);
  return [start, end, skipBlank(text, end, to)];
}

/**
 * The shapes a diagnostic rule can name, each with an example line. A rule's `shape` is one of
 * these names; the name is the shape as written.
 */
export const LINE_SHAPES = {
  /** gcc, g++, clang, javac (no column), ghc, zig, swift, dart: `main.c:3:5: error: …`, `fatal error:` too. */
  'file:line[:col]: error:': {
    example: "main.c:3:18: error: 'counter' undeclared (first use in this function)",
    test: ((text, from, to) => {
      const [start, end, rest] = firstToken(text, from, to);
      return end > start + 1 && text.charCodeAt(end - 1) === 58 && rest > end && isColonPosition(text, start, end - 1, false) && severityAt(text, rest, to, false);
    }) as ShapeTest,
  },
  /** MSVC, csc/dotnet, tsc, F#: `index.ts(2,18): error TS2554: …`, `a.cpp(12) : error C2065: …`. */
  'file(line,col): error': {
    example: 'index.ts(2,18): error TS2554: Expected 2 arguments, but got 1.',
    test: ((text, from, to) => {
      const [start, end, rest] = firstToken(text, from, to);
      let close = end;
      if (text.charCodeAt(close - 1) === 58) close--;
      if (text.charCodeAt(close - 1) !== 41) return false;
      let i = digitsBefore(text, close - 1, start);
      if (i === close - 1) return false;
      if (text.charCodeAt(i - 1) === 44) i = digitsBefore(text, i - 1, start);
      if (text.charCodeAt(i - 1) !== 40 || !isSourcePath(text, start, i - 1)) return false;
      // `a.cpp(12) : error` keeps the colon apart.
      const after = close === end && text.charCodeAt(rest) === 58 ? skipBlank(text, rest + 1, to) : rest;
      return after > end && severityAt(text, after, to, true);
    }) as ShapeTest,
  },
  /** tsc's pretty output: `src/a.ts:3:5 - error TS2322: …`. */
  'file:line:col - error': {
    example: "src/a.ts:3:5 - error TS2322: Type 'string' is not assignable to type 'number'.",
    test: ((text, from, to) => {
      const [start, end, rest] = firstToken(text, from, to);
      return isColonPosition(text, start, end, true) && text.charCodeAt(rest) === 45 && severityAt(text, skipBlank(text, rest + 1, to), to, true);
    }) as ShapeTest,
  },
  /** rustc: `error[E0308]: mismatched types`. */
  'error[CODE]:': {
    example: 'error[E0308]: mismatched types',
    test: ((text, from, to) => {
      const i = skipBlank(text, from, to);
      if (!startsWithWord(text, i, to, 'error[')) return false;
      let j = i + 6;
      while (j < to && isAlnum(text.charCodeAt(j))) j++;
      return j > i + 6 && text.charCodeAt(j) === 93 && text.charCodeAt(j + 1) === 58;
    }) as ShapeTest,
  },
  /** rustc and cargo point at the position under their `error:` line: ` --> src/main.rs:4:13`. */
  '--> file:line:col': {
    example: ' --> src/main.rs:4:13',
    test: ((text, from, to) => {
      const [start, end, rest] = firstToken(text, from, to);
      if (end - start !== 3 || !startsWithWord(text, start, to, '-->')) return false;
      return isColonPosition(text, rest, tokenEnd(text, rest, to), true);
    }) as ShapeTest,
  },
  /**
   * The go compiler and vet: `./main.go:6:1: syntax error: unexpected EOF` — a position first
   * (after the program's name, if any: `vet: ./main.go:5:26: …`), then the message.
   */
  'file:line:col: message': {
    example: './main.go:5:2: undefined: total',
    test: ((text, from, to) => {
      let [start, end, rest] = firstToken(text, from, to);
      if (isProgramName(text, start, end)) [start, end, rest] = firstToken(text, rest, to);
      return end > start + 1 && text.charCodeAt(end - 1) === 58 && rest > end && rest < to && isColonPosition(text, start, end - 1, true);
    }) as ShapeTest,
  },
} as const satisfies Record<string, { example: string; test: ShapeTest }>;

/** The name of a line shape, e.g. `file:line:col: error:`. */
export type LineShape = keyof typeof LINE_SHAPES;

/** Every line shape's name. */
export const LINE_SHAPE_NAMES = Object.keys(LINE_SHAPES) as LineShape[];

/** True when `name` is a line shape's name. */
export function isLineShape(name: unknown): name is LineShape {
  return typeof name === 'string' && Object.hasOwn(LINE_SHAPES, name);
}

/** True when the line holding `text[at]` has `shape`. Reads at most `2 × SHAPE_REACH` characters, allocates nothing. */
export function lineHasShape(text: string, at: number, shape: LineShape): boolean {
  const low = Math.max(0, at - SHAPE_REACH);
  let from = at;
  while (from > low && text.charCodeAt(from - 1) !== 10) from--;
  const high = Math.min(text.length, at + SHAPE_REACH);
  let to = at;
  while (to < high && text.charCodeAt(to) !== 10) to++;
  if (to > from && text.charCodeAt(to - 1) === 13) to--;
  return LINE_SHAPES[shape].test(text, from, to);
}
