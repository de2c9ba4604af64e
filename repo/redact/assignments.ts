/**
 * `key=value`, `key: value` and `"key": "value"` assignments whose key names a secret
 * (`DB_PASSWORD=…`, `api_key: …`, `"client_secret": "…"`, `?token=…`, `--password=…`).
 *
 * Two steps instead of one big regex: find where a secret-named key ends (a secret word before
 * `=` or `:`), and only then read the value at that spot. So an ordinary `foo: bar` never
 * swallows the text after it, and a secret assignment right after it is still seen.
 */
import { isPlaceholderValue, isSecretKey, REDACTED } from './secret-keys.js';

// Where a secret-named key can end: one of the secret words (`key` stands for `api_key`,
// `accessKey`, `private-key`…), followed by an optional (escaped) closing quote and `=` or `:`. Searching for the words (not for every word followed by `=`)
// keeps the pass fast on ordinary text; the whole key name is then read backwards and judged by
// `isSecretKey` (so `bypass=1` or `TOKEN_COUNT=5` stay).
/** Regex source of the secret words a secret-named key ends in (case-insensitive). */
export const SECRET_KEY_WORD = '(?:pass(?:word|wd|phrase)?|pwd|secret|token|key|credentials?)';
/** Regex source of what separates a key from its value, up to and including the `=` or `:`. */
export const KEY_SEPARATOR = String.raw`\\?["']?[ \t]{0,8}[:=]`;
const KEY_END = new RegExp(`${SECRET_KEY_WORD}(?=${KEY_SEPARATOR})`, 'gi');
const KEY_CHAR = /[A-Za-z0-9_.-]/;
const MAX_KEY = 64;

/** The key name ending at `end`: read backwards over name characters, starting at a letter. */
function keyBefore(text: string, end: number, wordStart: number): { start: number; name: string } {
  let start = wordStart;
  while (start > 0 && end - start < MAX_KEY && KEY_CHAR.test(text[start - 1] ?? '')) start--;
  while (start < wordStart && !/[A-Za-z]/.test(text[start] ?? '')) start++; // `--password`, `_token`
  return { start, name: text.slice(start, end) };
}

// The separator and value at the key's end (sticky). A quoted value may hold spaces and escapes.
// Spaces and tabs only around the separator: a key at the end of a line must not take the next
// line's first word as its value. An unquoted value ends at white space, a quote, a backslash,
// `,`, `;` or `&`, and cannot start with `[`, `{` or `=` (structured JSON, comparisons like
// `token == x`, and the redaction marker itself are left alone).
const VALUE =
  /(\\?["']?[ \t]{0,8}[:=][ \t]{0,8})(?:"((?:[^"\\\r\n]|\\.){0,4096})"|'([^'\r\n]{0,4096})'|(\\?["']?)([^\s"'\\,;&[{=][^\s"'\\,;&]{0,4095}))/y;

/** Redact the values of secret-named assignments in `text`. */
export function redactAssignments(text: string): string {
  let out = '';
  let from = 0;
  KEY_END.lastIndex = 0;
  for (let word = KEY_END.exec(text); word !== null; word = KEY_END.exec(text)) {
    const keyEnd = word.index + word[0].length;
    const { start, name } = keyBefore(text, keyEnd, word.index);
    // Authorization headers have their own rule, which keeps the scheme.
    if (keyEnd <= from || !isSecretKey(name) || /authorization$/i.test(name)) continue;
    VALUE.lastIndex = keyEnd;
    const value = VALUE.exec(text);
    if (value === null) continue;
    const [whole, sep = '', dq, sq, openQuote = '', bare] = value;
    // `'/etc/passwd': Operation not permitted` is a path in an error message, not a key: a name
    // right after a path separator, followed by ':', is left alone (`?password=` still counts).
    if (/[\\/]/.test(text[start - 1] ?? '') && !sep.includes('=')) continue;
    const secret = dq ?? sq ?? bare ?? '';
    if (isPlaceholderValue(secret)) continue;
    const redacted =
      dq !== undefined ? `"${REDACTED}"` : sq !== undefined ? `'${REDACTED}'` : `${openQuote}${REDACTED}`;
    out += text.slice(from, keyEnd) + sep + redacted;
    from = keyEnd + whole.length;
    KEY_END.lastIndex = from;
  }
  return out + text.slice(from);
}
