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

import {
  digitsBefore, endsWithWord, firstToken, isAlnum, isBlank, isColonPosition, isDigit, isProgramName, isSourcePath, NOT_ERRORS, pathStart,
  reportLine, severityAt, skipBlank, startsWithWord, tokenEnd,
} from './line-scan.js';
import { lintCaret, lintFinding, lintTableRow } from './line-shape-lint.js';
import { fileDiagnostic, positionLine, severityPosition } from './line-shape-position.js';
import { addressFirst } from './line-shape-address.js';
import { bracketedPosition, thrownFramePosition } from './line-shape-frame.js';
import { findingCount } from './line-shape-count.js';

/** What may follow a count that is a field's value: `,` `;` `.` `)` `|` and the line's end. */
const FIELD_ENDS = [44, 59, 46, 41, 124, 10, 13];

/** A parser of one shape: does `text[from, to)` (one line) have it? */
type ShapeTest = (text: string, from: number, to: number) => boolean;

/**
 * A quick look around the match at `at` before the line is read: false when the shape cannot be
 * there. For shapes whose trigger is a common word ("failed"): most occurrences are not in one.
 */
type NearTest = (text: string, at: number) => boolean;

/** How far either side of a match its line is read. */
export const SHAPE_REACH = 400;

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
   * (after the program's name, if any: `vet: ./main.go:5:26: …`), then the message; not a
   * warning or a note, nor a sanitizer's `runtime error:` (the program ran: it did not fail to build).
   */
  /**
   * A message that ends where the program died: `Not a HASH reference at app.pl line 3.`, a die
   * whose message leaves the place to the runtime (`… at /usr/lib/perl/Storable.pm line 421, at
   * app.pl line 2.`, `…, <$fh> line 5.`). The message comes first and is not empty; the line ends
   * with the place and a full stop.
   */
  'message at file line N.': {
    example: 'Not an ARRAY reference at app.pl line 3.',
    test: ((text, from, to) => {
      let end = to;
      while (end > from && isBlank(text.charCodeAt(end - 1))) end--;
      if (end - from < 12 || text.charCodeAt(end - 1) !== 46) return false;
      const first = skipBlank(text, from, end);
      // The first ` at FILE line N` after some words of a message: the place where it died.
      for (let at = text.indexOf(' at ', first + 1); at !== -1 && at < end; at = text.indexOf(' at ', at + 1)) {
        const path = at + 4;
        const pathEnd = tokenEnd(text, path, end);
        if (pathEnd === path || !startsWithWord(text, pathEnd, end, ' line ')) continue;
        const digits = pathEnd + 6;
        let i = digits;
        while (i < end && isDigit(text.charCodeAt(i))) i++;
        if (i === digits) continue;
        const c = text.charCodeAt(i);
        // The line's end, or a second place (`, at app.pl line 2.`, `, <STDIN> line 1.`).
        if ((i === end - 1 && c === 46) || c === 44) return isSourcePath(text, path, pathEnd) || startsWithWord(text, path, pathEnd, '-e');
      }
      return false;
    }) as ShapeTest,
  },
  'file:line:col: message': {
    example: './main.go:5:2: undefined: total',
    test: ((text, from, to) => {
      let [start, end, rest] = firstToken(text, from, to);
      if (isProgramName(text, start, end)) [start, end, rest] = firstToken(text, rest, to);
      if (NOT_ERRORS.some((word) => startsWithWord(text, rest, to, word))) return false;
      return end > start + 1 && text.charCodeAt(end - 1) === 58 && rest > end && rest < to && isColonPosition(text, start, end - 1, true);
    }) as ShapeTest,
  },
  /**
   * A test report's count of failures, whatever the runner: `Tests: 1 failed`, `1 failed, 2
   * passed`, `3 failing` (mocha), `FAILED (failures=1)` (unittest), `Failures: 2` (surefire),
   * `# fail 1` (TAP). Zero failures is a pass.
   */
  'N failed': {
    example: 'Tests:       1 failed, 4 passed, 5 total',
    // The count is next to the word: "1 failed", "failures=1", "Failures: 1", "# fail 1".
    near: ((text, at) => {
      for (let i = Math.max(0, at - 3); i < Math.min(text.length, at + 14); i++) if (isDigit(text.charCodeAt(i))) return true;
      return false;
    }) as NearTest,
    test: ((text, from, to) => {
      for (let i = from; i < to; i++) {
        if (!isDigit(text.charCodeAt(i)) || (i > from && isAlnum(text.charCodeAt(i - 1)))) continue;
        let j = i;
        while (j < to && isDigit(text.charCodeAt(j))) j++;
        // "0 failed" is a pass.
        const some = j - i > 1 || text.charCodeAt(i) !== 48;
        const k = skipBlank(text, j, to);
        // A count stands alone ("1 failed", "(1 failed)"), not inside a version or a path ("v1.2 failed").
        const prev = i === from ? 32 : text.charCodeAt(i - 1);
        const alone = isBlank(prev) || prev === 40 || prev === 44 || prev === 124 || prev === 91;
        const after = alone && k > j && (startsWithWord(text, k, to, 'failed') || startsWithWord(text, k, to, 'failing') || startsWithWord(text, k, to, 'failure'));
        // unittest's and TAP's own labels; surefire's and vstest's ("Failures: 1", "Failed: 1") sit among the report's other counts.
        const label = endsWithWord(text, from, i, 'failures=') || endsWithWord(text, from, i, '# fail ');
        // …as a field's value ("Failures: 1, Errors: 0", "Failed: 1. Skipped: 0."), not a quantity of
        // something ("gate failed: 2 checks"): the count ends the line or a field (, ; . ) |).
        const field = k >= to || FIELD_ENDS.includes(text.charCodeAt(k));
        const counted = field && (endsWithWord(text, from, i, 'failures: ') || endsWithWord(text, from, i, 'failed: '));
        if (some && (label || ((after || counted) && reportLine(text, from, to, i)))) return true;
        i = j;
      }
      return false;
    }) as ShapeTest,
  },
  /**
   * A stack frame, as V8, the JVM and .NET print one under an uncaught error: `at f (src/a.js:3:5)`,
   * `at file:///x.mjs:1:16`, `at Main.main(Main.java:2)`, `at App.Run() in /src/App.cs:line 12`.
   */
  'at fn (file:line)': {
    example: '    at useAuth (src/auth.tsx:12:11)',
    test: ((text, from, to) => {
      const i = skipBlank(text, from, to);
      if (!startsWithWord(text, i, to, 'at ')) return false;
      let end = to;
      while (end > i && isBlank(text.charCodeAt(end - 1))) end--;
      if (text.charCodeAt(end - 1) === 41) end--;
      const digits = digitsBefore(text, end, i);
      if (digits === end) return false;
      // .NET: `in /src/App.cs:line 12`.
      if (endsWithWord(text, i, digits, ':line ')) return isSourcePath(text, pathStart(text, i, digits - 6), digits - 6);
      // V8, the JVM: the position after a `(` or a blank, with a file's extension (`src/a.js:3:5`, `Main.java:2`).
      return isColonPosition(text, pathStart(text, i, end), end, false);
    }) as ShapeTest,
  },
  /**
   * A tool's numbered error, the tool's name first: `svn: E155007: None of the targets are working
   * copies`. The code says only that the tool refused; its message says what (lexicon/usage.ts).
   */
  'tool: Ecode: message': {
    example: 'svn: E160028: File \'/trunk/VERSION\' is out of date',
    test: ((text, from, to) => {
      const [start, end, rest] = firstToken(text, from, to);
      if (!isProgramName(text, start, end) || text.charCodeAt(rest) !== 69) return false;
      let i = rest + 1;
      while (i < to && isDigit(text.charCodeAt(i))) i++;
      // Four to eight digits, a colon, then the message.
      return i - rest - 1 >= 4 && i - rest - 1 <= 8 && text.charCodeAt(i) === 58 && skipBlank(text, i + 1, to) < to;
    }) as ShapeTest,
  },
  /** A line of one word and an exclamation, a CLI's last word (`Aborted!`), not a sentence (`rake aborted!`). */
  'Word!': {
    example: 'Aborted!',
    test: ((text, from, to) => {
      const [start, end, rest] = firstToken(text, from, to);
      return end - start > 1 && text.charCodeAt(end - 1) === 33 && rest >= to;
    }) as ShapeTest,
  },
  /** A program's message of one word (`snmpget: Timeout`, `rsync: Timeout.`): `name:` then that word, alone on the line. */
  'tool: Word': {
    example: 'snmpget: Timeout',
    test: ((text, from, to) => {
      const [start, end, rest] = firstToken(text, from, to);
      if (end - start < 2 || text.charCodeAt(end - 1) !== 58 || rest >= to) return false;
      const [wStart, wEnd, after] = firstToken(text, rest, to);
      if (after < to) return false;
      let last = wEnd;
      if (text.charCodeAt(last - 1) === 46) last--;
      for (let k = wStart; k < last; k++) if (((text.charCodeAt(k) | 0x20) < 97 || (text.charCodeAt(k) | 0x20) > 122)) return false;
      return last > wStart;
    }) as ShapeTest,
  },
  /** A usage text's first line: `Usage:` first on its line (`Usage: x [options]`), not `memory usage: 120 MiB`. */
  'Usage: …': {
    example: 'Usage: xxd [options] [infile [outfile]]',
    test: ((text, from, to) => {
      const [start, end] = firstToken(text, from, to);
      return end - start === 6 && text.slice(start, end).toLowerCase() === 'usage:';
    }) as ShapeTest,
  },
  /** The Test Anything Protocol's failed test point (testanything.org, TAP 13/14): `not ok 3 - adds`. */
  'not ok N': {
    example: 'not ok 1 - rejects an expired token',
    test: ((text, from, to) => {
      const i = skipBlank(text, from, to);
      if (!startsWithWord(text, i, to, 'not ok ')) return false;
      return isDigit(text.charCodeAt(skipBlank(text, i + 7, to)));
    }) as ShapeTest,
  },
  /**
   * A linter's finding (line-shape-lint.ts): a position, then the code or name of the rule it
   * broke — `main.py:1:1: F401 'os' imported but unused`, `README.md:3 MD025/single-title …`, a
   * position alone under `E3002 …`; a row of a linter's table (`2:10  error  trailing spaces
   * (trailing-spaces)`); shellcheck's `^-- SC2086 (info): …`. Not a compiler's diagnostic, which
   * names a severity where a finding names its rule.
   */
  'file:line[:col] RULE message': {
    example: "main.py:1:1: F401 'os' imported but unused",
    // The line's first token is a position (a `:` then a digit in it) or shellcheck's carets: stack frames
    // (`    at f (src/a.js:3:5)`) are turned away here, before their line is read.
    near: ((text, at) => {
      let i = at;
      while (i > 0 && at - i < SHAPE_REACH && text.charCodeAt(i - 1) !== 10) i--;
      while (i < at && isBlank(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) === 94) return true;
      for (; i < at + 2 && i + 1 < text.length && !isBlank(text.charCodeAt(i)); i++) if (text.charCodeAt(i) === 58 && isDigit(text.charCodeAt(i + 1))) return true;
      // The match itself may be the position's start (`.py:` of `main.py:3`): read on to the token's end.
      for (; i + 1 < text.length && i - at < 40 && !isBlank(text.charCodeAt(i)) && text.charCodeAt(i) !== 10; i++) if (text.charCodeAt(i) === 58 && isDigit(text.charCodeAt(i + 1))) return true;
      return false;
    }) as NearTest,
    test: ((text, from, to) => lintFinding(text, from, to) || lintCaret(text, from, to)) as ShapeTest,
  },
  /** A row of a linter's table: `line:col  severity  message  rule` (eslint, stylelint, yamllint; the file heads the table). */
  'line:col severity message rule': {
    example: '  2:10  error  trailing spaces  (trailing-spaces)',
    // The severity, where the rule's phrase matched, comes after blanks after a digit.
    near: ((text, at) => {
      let i = at;
      while (i > 0 && at - i < 12 && (text.charCodeAt(i - 1) === 32 || text.charCodeAt(i - 1) === 9)) i--;
      return i < at && isDigit(text.charCodeAt(i - 1));
    }) as NearTest,
    test: lintTableRow as ShapeTest,
  },
  /** A diagnostic at a position in a grammar, macro or configuration file (line-shape-position.ts): `grammar.y:10.7: …`, `m4:config.m4:2: …`, `sudoers:3:36: …`. */
  'file:line[.col]: message': {
    example: 'grammar.y:10.7: error: unexpected :',
    test: fileDiagnostic as ShapeTest,
  },
  /** A position on a line of its own under the message (line-shape-position.ts): libsass's `  on line 3:3 of scss/main.scss`. */
  'on line N[:col] of file': {
    example: '        on line 3:3 of scss/main.scss',
    test: positionLine as ShapeTest,
  },
  /** A position after a severity head, without its own colon (line-shape-position.ts): `error: logrotate.conf:3 bad rotation count`. */
  'error: file:line message': {
    example: "error: logrotate.conf:3 bad rotation count 'five'",
    test: severityPosition as ShapeTest,
  },
  /** A probe's verdict on one host, the address first on the line (line-shape-address.ts): `192.0.2.10 is unreachable`. */
  'address …': {
    example: '192.0.2.10 is unreachable',
    test: addressFirst as ShapeTest,
  },
  /** A thrown error's message that is a project file's position, its code frame on the next line (line-shape-frame.ts). */
  'Error: file:line + code frame': {
    example: 'Error: styles/main.styl:1:9\n   1| @import x',
    // The phrase is the line's first word (after blanks or Node's `[`): any other `error:` is
    // turned away here, before its line is read.
    near: ((text, at) => {
      let i = at;
      if (i > 0 && text.charCodeAt(i - 1) === 91) i--;
      while (i > 0 && isBlank(text.charCodeAt(i - 1))) i--;
      return i === 0 || text.charCodeAt(i - 1) === 10;
    }) as NearTest,
    test: thrownFramePosition as ShapeTest,
  },
  /** A template compiler's error naming the project file it could not compile, in brackets with the place (line-shape-frame.ts). */
  'error: (file) [Line N, Column M]': {
    example: 'Template render error: (templates/page.njk) [Line 1, Column 4]',
    // The phrase is followed by the bracketed file: any other `error:` is turned away before its line is read.
    near: ((text, at) => text.charCodeAt(at + 6) === 32 && text.charCodeAt(at + 7) === 40) as NearTest,
    test: bracketedPosition as ShapeTest,
  },
  /** A linter's count of its findings on a line of its own, one or more (line-shape-count.ts): `3 problems`, `Scanned 1 files, found 3 errors in 1 files`. */
  'N problems': {
    example: '3 problems',
    test: findingCount as ShapeTest,
  },
} as const satisfies Record<string, { example: string; test: ShapeTest; near?: NearTest }>;

/** The name of a line shape, e.g. `file:line:col: error:`. */
export type LineShape = keyof typeof LINE_SHAPES;

/** Every line shape's name. */
export const LINE_SHAPE_NAMES = Object.keys(LINE_SHAPES) as LineShape[];

/** True when `name` is a line shape's name. */
export function isLineShape(name: unknown): name is LineShape {
  return typeof name === 'string' && Object.hasOwn(LINE_SHAPES, name);
}

/**
 * The line around one phrase occurrence, found once however many shaped rules look at it (a
 * scan reuses one span: `reset` before each occurrence). Reads at most `2 × SHAPE_REACH`
 * characters, allocates nothing.
 */
export class LineSpan {
  private text = '';
  private at = -1;
  private from = 0;
  private to = 0;

  /** Forgets the line: the next `has` finds it again. */
  reset(): void {
    this.at = -1;
  }

  /**
   * True when the line holding `text[at]` has `shape`. With `fromMatch` (default true), `at` is
   * where the rule's phrase matched, and the shape's quick look near it comes first.
   */
  has(text: string, at: number, shape: LineShape, fromMatch = true): boolean {
    const { near, test } = LINE_SHAPES[shape] as { near?: NearTest; test: ShapeTest };
    if (fromMatch && near !== undefined && !near(text, at)) return false;
    if (this.at !== at || this.text !== text) {
      this.text = text;
      this.at = at;
      const low = Math.max(0, at - SHAPE_REACH);
      let from = at;
      while (from > low && text.charCodeAt(from - 1) !== 10) from--;
      const high = Math.min(text.length, at + SHAPE_REACH);
      let to = at;
      while (to < high && text.charCodeAt(to) !== 10) to++;
      if (to > from && text.charCodeAt(to - 1) === 13) to--;
      this.from = from;
      this.to = to;
    }
    return test(text, this.from, this.to);
  }
}

/** True when the line holding `text[at]` (anywhere on it) has `shape` (one question: see {@link LineSpan} for many). */
export function lineHasShape(text: string, at: number, shape: LineShape): boolean {
  return new LineSpan().has(text, at, shape, false);
}
