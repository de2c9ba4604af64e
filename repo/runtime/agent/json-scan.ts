/**
 * Finding a JSON object inside an agent's free text: a whole stdout, a ```json fence, a
 * pretty-printed object, an object after prose. One left-to-right pass over the text (no
 * backtracking regexes: answers may be 1 MB), then `JSON.parse` on the few spans that can be
 * the answer, newest first.
 */

/** What {@link lastObjectWithKey} found. */
export type ScanResult =
  | { kind: 'found'; value: Record<string, unknown> }
  /** An object names the key but is not valid JSON; `error` is the parser's message. */
  | { kind: 'invalid'; error: string; snippet: string }
  | { kind: 'absent' };

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const NEWLINE = 0x0a;
/** Longer strings are never a key we look for; not slicing them keeps the pass cheap. */
const MAX_KEY_LENGTH = 64;

/**
 * The last JSON object in `text` that has `key` as one of its own keys ("last" = the one that
 * ends last, so an object wins over the objects nested in it, and a later answer over an earlier
 * one). An object that names the key but does not parse is skipped for an earlier one that does;
 * `invalid` is returned only when none parses.
 *
 * Strings are honoured (braces inside them do not count) only inside braces: prose outside an
 * object often has unbalanced quotes (`it's`, `5"`). A raw newline ends a string, because JSON
 * strings cannot hold one: a stray quote in prose then costs one line, not the rest of the text.
 * A stray unclosed `{` in prose is harmless: the objects after it still close and are found.
 * @param parseBudget most characters handed to `JSON.parse` in total, so adversarial nesting
 *   (`{"fix":{"fix":…}}` broken at the core) stays linear. Default: 4 × the text length, at least 1 MiB.
 */
export function lastObjectWithKey(text: string, key: string, parseBudget = Math.max(1 << 20, text.length * 4)): ScanResult {
  const spans = objectSpansNaming(text, key);
  let budget = parseBudget;
  let firstError: { error: string; snippet: string } | null = null;
  for (let i = spans.length - 2; i >= 0 && budget > 0; i -= 2) {
    const start = spans[i] ?? 0;
    const end = spans[i + 1] ?? 0;
    budget -= end - start;
    const source = text.slice(start, end);
    try {
      const value: unknown = JSON.parse(source);
      if (isRecord(value) && Object.hasOwn(value, key)) return { kind: 'found', value };
    } catch (error) {
      firstError ??= { error: error instanceof Error ? error.message : String(error), snippet: source };
    }
  }
  return firstError ? { kind: 'invalid', ...firstError } : { kind: 'absent' };
}

/**
 * `[start, end, start, end, …]` of the `{…}` spans whose own keys include `key`, in the order they
 * close. A flat number array: 1 MB of `{` must not allocate a million frame objects.
 */
function objectSpansNaming(text: string, key: string): number[] {
  const spans: number[] = [];
  // Open braces; a frame that has the key is stored as ~start (negative).
  const stack: number[] = [];
  let inString = false;
  let stringStart = 0;
  // The last string closed, while only whitespace followed it: a key when a colon comes next.
  let lastString: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        inString = false;
        lastString = i - stringStart - 1 <= MAX_KEY_LENGTH ? text.slice(stringStart + 1, i) : null;
      } else if (c === NEWLINE) {
        inString = false;
        lastString = null;
      }
      continue;
    }
    if (stack.length === 0) {
      if (c === OPEN) stack.push(i);
      continue;
    }
    if (c === QUOTE) {
      inString = true;
      stringStart = i;
    } else if (c === OPEN) {
      stack.push(i);
      lastString = null;
    } else if (c === CLOSE) {
      const frame = stack.pop() ?? 0;
      if (frame < 0) spans.push(~frame, i + 1);
      lastString = null;
    } else if (c === COLON) {
      if (lastString === key) {
        const top = stack.length - 1;
        const frame = stack[top] ?? 0;
        if (frame >= 0) stack[top] = ~frame;
      }
      lastString = null;
    } else if (!isSpace(c)) {
      lastString = null;
    }
  }
  return spans;
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** A plain JSON object (not an array, not null). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
