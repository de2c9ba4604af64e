/**
 * Bounded, total access to untrusted input: property reads that cannot throw, and helpers that
 * cut evidence to a readable size. Text is scanned whole (the automaton is linear), so an
 * error in the middle of a 5 MB log is found as surely as one at its end.
 */

/** Reads `obj[key]` without letting a throwing getter or Proxy trap escape. */
export function safeGet(obj: unknown, key: string): unknown {
  if (obj === null || (typeof obj !== 'object' && typeof obj !== 'function')) return undefined;
  try {
    return (obj as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** The first `limit` own enumerable keys of `obj`, or none when listing them throws. */
export function safeKeys(obj: unknown, limit: number): string[] {
  if (obj === null || typeof obj !== 'object') return [];
  try {
    const keys: string[] = [];
    // for…in stops early, where Object.keys would list a huge object in full.
    for (const key in obj) {
      if (keys.length >= limit) break;
      if (Object.prototype.hasOwnProperty.call(obj, key)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** `Array.isArray` that a revoked Proxy cannot make throw. */
export function isArray(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** `instanceof Error` that a hostile prototype chain cannot make throw. */
export function isError(value: unknown): boolean {
  try {
    return value instanceof Error;
  } catch {
    return false;
  }
}

function isBytes(value: unknown): value is Uint8Array {
  try {
    return value instanceof Uint8Array;
  } catch {
    return false;
  }
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Text of a value that stands for text: strings as they are, numbers and booleans printed,
 * bytes decoded as UTF-8. Anything else: `undefined`.
 */
export function asText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      if (!isBytes(value)) return undefined;
      try {
        return decoder.decode(value);
      } catch {
        return undefined; // a Proxy posing as bytes
      }
    default:
      return undefined;
  }
}

/** True when `text` has no non-whitespace character (stops at the first one). */
export function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && (c < 9 || c > 13) && c !== 0xa0 && c !== 0xfeff) return false;
  }
  return true;
}

/**
 * The line around `text[start, end]`, trimmed and at most `max` characters, for evidence:
 * a reader sees the match in its context without the classifier copying big strings. Looks at
 * most `max` characters either side, so a 5 MB line costs no more than a short one.
 */
export function excerpt(text: string, start: number, end: number, max = 200): string {
  const offset = Math.max(0, start - max);
  const near = text.slice(offset, Math.min(text.length, end + 1 + max));
  const s = start - offset;
  const e = end + 1 - offset;
  let from = s === 0 ? 0 : near.lastIndexOf('\n', s - 1) + 1;
  let to = near.indexOf('\n', e);
  if (to === -1) to = near.length;
  if (to - from > max) {
    // A long line: keep a little context before the match, and the match itself.
    from = Math.max(from, Math.min(s - 40, e - max));
    to = Math.min(to, from + max);
  }
  return near.slice(from, to).trim();
}

/** Characters looked at from either end by {@link firstLine} and {@link lastLine} before giving up. */
const LINE_SEARCH = 65_536;

/** The first non-blank line of `text`, bounded: evidence when nothing more telling was found. */
export function firstLine(text: string, max = 200): string {
  let i = 0;
  while (i < text.length && i < LINE_SEARCH && isBlank(text[i]!)) i++;
  let j = i;
  while (j < text.length && j - i < max && text.charCodeAt(j) !== 10) j++;
  return text.slice(i, j).trim();
}

/** The last non-blank line of `text`, bounded (its last `max` characters when longer). */
export function lastLine(text: string, max = 200): string {
  let j = text.length;
  while (j > 0 && text.length - j < LINE_SEARCH && isBlank(text[j - 1]!)) j--;
  let i = j;
  while (i > 0 && j - i < max && text.charCodeAt(i - 1) !== 10) i--;
  return text.slice(i, j).trim();
}
