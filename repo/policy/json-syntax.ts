/**
 * Where a JSON text breaks, in a person's terms: the line, the column, the line itself with a
 * caret under the spot, and what was expected — as the YAML parser already reports. `JSON.parse`
 * gives only a character offset (and on Node 20 not even that for "Unexpected token"), so after
 * it throws, this scanner walks the text once more to find the spot. It accepts exactly what
 * `JSON.parse` accepts (a property test holds the two together) and is iterative, so no nesting
 * depth can overflow the stack.
 */

/** Where and why a JSON text is not valid. Lines and columns count from 1, columns in UTF-16 units. */
export interface JsonSyntaxProblem {
  message: string;
  /** Offset of the offending character in the text (the text's length at the end of the file). */
  offset: number;
  line: number;
  column: number;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX = /^[0-9a-fA-F]{4}$/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'] as const;

/** 1-based line and column of `offset`; `\r\n`, `\n` and a lone `\r` each end a line. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text[i];
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** What sits at `offset`, quoted for a message: a word whole (`'True'`), else one character. */
function found(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the file';
  const word = /[A-Za-z_$][\w$]{0,19}/y;
  word.lastIndex = offset;
  const match = word.exec(text);
  if (match) return `'${match[0]}'`;
  const c = text[offset]!;
  if (c === '"') {
    const close = text.indexOf('"', offset + 1);
    if (close !== -1 && close - offset <= 20 && !/[\r\n]/.test(text.slice(offset, close))) return `'${text.slice(offset, close + 1)}'`;
  }
  if (c === '\n' || c === '\r') return 'the end of the line';
  return c < ' ' ? `a control character (U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})` : `'${c}'`;
}

/** Frames of the explicit stack: inside an object or an array, and what comes next there. */
type Frame = { kind: 'object' | 'array'; open: number; next: 'first' | 'value' | 'comma' | 'key' | 'colon' };

/**
 * The first syntax error of `text` as JSON, or null when `JSON.parse(text)` would succeed.
 * Pure and total: linear in the text, never throws.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  let i = 0;
  const problem = (message: string, at = i): JsonSyntaxProblem => ({ message, offset: at, ...lineColumn(text, at) });
  const skip = (): void => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
  };
  /** A string starting at `i` (a `"`); null when whole, else its problem. */
  const string = (): JsonSyntaxProblem | null => {
    const open = i++;
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return null;
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          if (!HEX.test(text.slice(i + 2, i + 6))) return problem('\\u must be followed by four hex digits');
          i += 6;
        } else if (e !== undefined && ESCAPES.has(e)) i += 2;
        else return problem(e === undefined ? 'the file ends inside a string' : `'\\${e}' is not an escape JSON knows`);
      } else if (c < ' ') {
        return problem(c === '\n' || c === '\r' ? `the string opened at column ${lineColumn(text, open).column} is not closed on its line` : `${found(text, i)} must be escaped inside a string`);
      } else i++;
    }
    return problem('the file ends inside a string (a closing " is missing)');
  };
  /** A scalar or an opening bracket at `i`; pushes a frame for the latter. */
  const value = (stack: Frame[]): JsonSyntaxProblem | null => {
    const c = text[i];
    if (c === '{' || c === '[') {
      stack.push({ kind: c === '{' ? 'object' : 'array', open: i, next: 'first' });
      i++;
      return null;
    }
    if (c === '"') return string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      const end = i + (match?.[0].length ?? 0);
      if (!match || /[\d.eE+-]/.test(text[end] ?? '')) return problem(`not a JSON number: '${/[-+.\w]{1,20}/y.exec(text.slice(i))?.[0] ?? c}'`);
      i = end;
      return null;
    }
    const literal = LITERALS.find((word) => text.startsWith(word, i));
    if (literal !== undefined) {
      i += literal.length;
      return null;
    }
    if (c === "'") return problem('strings need double quotes in JSON');
    if (c === '/') return problem('comments are not allowed in JSON');
    return problem(`expected a value, found ${found(text, i)}`);
  };

  const stack: Frame[] = [];
  skip();
  const first = value(stack);
  if (first) return first;
  for (;;) {
    const end = i;
    skip();
    const frame = stack[stack.length - 1];
    if (frame === undefined) break;
    const c = text[i];
    if (c === undefined) {
      const { line, column } = lineColumn(text, frame.open);
      return problem(`the file ends inside the ${frame.kind} opened at line ${line}, column ${column} (a closing ${frame.kind === 'object' ? '}' : ']'} is missing)`);
    }
    const close = frame.kind === 'object' ? '}' : ']';
    if (frame.next === 'comma') {
      if (c === ',') {
        const comma = i++;
        skip();
        if (text[i] === close) return problem(`a trailing comma is not allowed in JSON (before the ${close})`, comma);
        frame.next = frame.kind === 'object' ? 'key' : 'value';
      } else if (c === close) {
        stack.pop();
        i++;
        const parent = stack[stack.length - 1];
        if (parent) parent.next = 'comma';
      } else if (c === '/') return problem('comments are not allowed in JSON');
      else {
        // The usual cause: a comma forgotten at the end of the previous line.
        const forgotten = /[\r\n]/.test(text.slice(end, i)) ? ` (is a ',' missing at the end of line ${lineColumn(text, end).line}?)` : '';
        return problem(`expected ',' or '${close}', found ${found(text, i)}${forgotten}`);
      }
      continue;
    }
    if (frame.next === 'first' && c === close) {
      stack.pop();
      i++;
      const parent = stack[stack.length - 1];
      if (parent) parent.next = 'comma';
      continue;
    }
    if (frame.kind === 'object' && (frame.next === 'first' || frame.next === 'key')) {
      if (c !== '"') {
        if (c === "'") return problem('property names need double quotes in JSON');
        if (c === '/') return problem('comments are not allowed in JSON');
        return problem(`expected a property name in double quotes, found ${found(text, i)}`);
      }
      const bad = string();
      if (bad) return bad;
      frame.next = 'colon';
      continue;
    }
    if (frame.next === 'colon') {
      if (c !== ':') return problem(`expected ':' after the property name, found ${found(text, i)}`);
      i++;
      skip();
      frame.next = 'value';
    }
    // A value in an array or after a ':'; then this frame expects a comma (a nested object or
    // array is pushed above it and resets it to the same when it closes).
    const bad = value(stack);
    if (bad) return bad;
    frame.next = 'comma';
  }
  if (i < text.length) return problem(`unexpected ${found(text, i)} after the end of the JSON value`);
  return null;
}

/**
 * The offending line with a caret under `column`, as YAML's errors show it. A long line (a
 * minified file) is cut to a window around the column; tabs before the caret are kept, so the
 * caret lines up in a terminal.
 * @param width the most characters of the line shown; default 80.
 */
export function caretExcerpt(text: string, line: number, column: number, width = 80): string {
  const source = text.split(/\r\n|\n|\r/)[line - 1] ?? '';
  let start = 0;
  if (source.length > width) start = Math.max(0, Math.min(column - 1 - Math.floor(width / 2), source.length - width));
  const end = Math.min(source.length, start + width);
  const shown = `${start > 0 ? '…' : ''}${source.slice(start, end)}${end < source.length ? '…' : ''}`;
  const pad = source.slice(start, column - 1).replace(/[^\t]/g, ' ');
  return `${shown}\n${start > 0 ? ' ' : ''}${pad}^`;
}

/**
 * `JSON.parse`, with a thrown error that says where: `expected ',' or '}', found '"retries"' at
 * line 4, column 5:` followed by the line and a caret. The error is a `SyntaxError` with
 * `line` and `column` set.
 */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const where = findJsonSyntaxError(text);
    // Only if the scanner and V8 ever disagree: keep V8's own words rather than say nothing.
    if (where === null) throw error;
    const located = new SyntaxError(`${where.message} at line ${where.line}, column ${where.column}:\n\n${caretExcerpt(text, where.line, where.column)}\n`);
    throw Object.assign(located, { line: where.line, column: where.column });
  }
}
