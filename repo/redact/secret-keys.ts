/**
 * Which field names hold secrets (`DB_PASSWORD`, `apiKey`, `"client_secret"`, `x-api-key`…).
 * Shared by the text redactor (for `key=value` and `"key": "value"`) and by `redactDeep`.
 */

/** The marker that replaces a secret. */
export const REDACTED = '[REDACTED]';

// Matched against the end of the compacted name (lower case, separators removed), so
// `GITHUB_TOKEN`, `githubToken` and `github-token` all end in `token`.
const SECRET_SUFFIXES = [
  'password', 'passwd', 'passphrase', 'secret', 'token', 'apikey', 'accesskey', 'secretkey',
  'privatekey', 'authkey', 'credential', 'credentials',
];
// Too short to match as suffixes (`bypass`, `compass`): must be the last word of the name.
const SECRET_LAST_WORDS = ['pass', 'pwd'];
// Names that end like a secret but are not: `PWD` is the working directory in every env dump.
const NOT_SECRET = new Set(['pwd', 'oldpwd']);
// Header-like fields whose whole value is a credential (objects only: in text, the
// Authorization rule keeps the scheme and redacts the credential).
const SECRET_FIELDS = new Set(['authorization', 'proxyauthorization', 'cookie', 'setcookie']);

function compact(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function lastWord(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9]+/).filter(Boolean);
  return (words[words.length - 1] ?? '').toLowerCase();
}

// The answers for names seen before, as bits: the same few field names (`message`, `code`,
// `stack`, `rule`…) come up for every value redacted, and judging one costs two regex passes.
// Bounded: cleared when full; names longer than any real field name are judged every time.
const KEY = 1;
const FIELD = 2;
const MAX_CACHED = 1024;
const MAX_CACHED_NAME = 64;
const answers = new Map<string, number>();

function judge(name: string): number {
  const key = compact(name);
  const asKey = key !== '' && !NOT_SECRET.has(key) &&
    (SECRET_SUFFIXES.some((suffix) => key.endsWith(suffix)) || SECRET_LAST_WORDS.includes(lastWord(name)));
  return (asKey ? KEY | FIELD : 0) | (SECRET_FIELDS.has(key) ? FIELD : 0);
}

function answer(name: string): number {
  let bits = answers.get(name);
  if (bits === undefined) {
    bits = judge(name);
    if (name.length <= MAX_CACHED_NAME) {
      if (answers.size >= MAX_CACHED) answers.clear();
      answers.set(name, bits);
    }
  }
  return bits;
}

/** True when a `key=value` or `"key": value` assignment with this key name holds a secret. */
export function isSecretKey(name: string): boolean {
  return (answer(name) & KEY) !== 0;
}

/** True when an object field with this name holds a secret (adds `authorization`, `cookie`…). */
export function isSecretField(name: string): boolean {
  return (answer(name) & FIELD) !== 0;
}

/** Values that say "no secret here" even under a secret key: empty, null-ish, booleans, markers. */
export function isPlaceholderValue(value: string): boolean {
  const v = value.trim().toLowerCase();
  return v === '' || v === 'null' || v === 'undefined' || v === 'none' || v === 'nil' || v === 'true' ||
    v === 'false' || value === REDACTED || value === '***';
}
