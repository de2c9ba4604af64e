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

/** True when a `key=value` or `"key": value` assignment with this key name holds a secret. */
export function isSecretKey(name: string): boolean {
  const key = compact(name);
  if (key === '' || NOT_SECRET.has(key)) return false;
  return SECRET_SUFFIXES.some((suffix) => key.endsWith(suffix)) || SECRET_LAST_WORDS.includes(lastWord(name));
}

/** True when an object field with this name holds a secret (adds `authorization`, `cookie`…). */
export function isSecretField(name: string): boolean {
  return isSecretKey(name) || SECRET_FIELDS.has(compact(name));
}

/** Values that say "no secret here" even under a secret key: empty, null-ish, booleans, markers. */
export function isPlaceholderValue(value: string): boolean {
  const v = value.trim().toLowerCase();
  return v === '' || v === 'null' || v === 'undefined' || v === 'none' || v === 'nil' || v === 'true' ||
    v === 'false' || value === REDACTED || value === '***';
}
