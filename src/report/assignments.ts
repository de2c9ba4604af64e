/**
 * `key=value`, `key: value` and `"key": "value"` assignments whose key names a secret
 * (`DB_PASSWORD=…`, `api_key: …`, `"client_secret": "…"`, `?token=…`, `--password=…`).
 *
 * Two steps instead of one big regex: find a key that is followed by `=` or `:`, and only when the
 * key names a secret read its value at that spot. So an ordinary `foo: bar` never swallows the
 * text after it, and a secret assignment right after it is still seen.
 */
import { isPlaceholderValue, isSecretKey, REDACTED } from './secret-keys.js';

// A key starts at a word start (not after a letter, digit, `_` or `.`) and is followed by an
// optional (escaped) closing quote and `=` or `:`. Bounded: at most 64 characters are re-tried.
const KEY = /(?<![A-Za-z0-9_.])[A-Za-z][A-Za-z0-9_.-]{0,63}(?=\\?["']?[ \t]{0,8}[:=])/g;

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
  KEY.lastIndex = 0;
  for (let key = KEY.exec(text); key !== null; key = KEY.exec(text)) {
    // Authorization headers have their own rule, which keeps the scheme.
    if (!isSecretKey(key[0]) || /authorization$/i.test(key[0])) continue;
    const keyEnd = key.index + key[0].length;
    VALUE.lastIndex = keyEnd;
    const value = VALUE.exec(text);
    if (value === null) continue;
    const [whole, sep = '', dq, sq, openQuote = '', bare] = value;
    const secret = dq ?? sq ?? bare ?? '';
    if (isPlaceholderValue(secret)) continue;
    const redacted =
      dq !== undefined ? `"${REDACTED}"` : sq !== undefined ? `'${REDACTED}'` : `${openQuote}${REDACTED}`;
    out += text.slice(from, keyEnd) + sep + redacted;
    from = keyEnd + whole.length;
    KEY.lastIndex = from;
  }
  return out + text.slice(from);
}
