/**
 * The built-in secret rules, as data. Every pattern is linear: one literal prefix or a
 * look-behind anchors where a match may start, every quantifier is bounded, and no two
 * quantified parts can match the same characters (so a failed match cannot backtrack
 * combinatorially). A token longer than a bound is redacted up to the bound (4096 characters).
 *
 * Every replacement is a fixed point: running the rules again on their own output changes
 * nothing, so redaction is idempotent.
 */
import { REDACTED } from './secret-keys.js';

/** One built-in rule: a global regex and what a match becomes. */
export interface SecretRule {
  /** A stable name, for tests and docs. */
  name: string;
  pattern: RegExp;
  /**
   * For the pre-scan (`prescan.ts`): a regex source that matches in every text `pattern`
   * matches in (where no rule's anchor matches, no rule can, and the text is returned as it is),
   * or, where no regex finds that fast, a function that says so. A source is matched
   * case-insensitively, so it must not narrow under the `i` flag: no negative look-around over
   * letters of one case only. It starts at a character rarer than the rule's first one (`-` of
   * `sk-`) and checks what comes before it with a look-behind: the pre-scan then rejects most
   * positions of a text at its first character, which is what makes it cheaper than the rules.
   */
  anchor: string | ((text: string) => boolean);
  /** Receives the match and its groups; returns the replacement. */
  replace: (match: string, ...groups: (string | undefined)[]) => string;
}

const keepPrefix = (prefix: string) => (): string => `${prefix}${REDACTED}`;

// Prose like "Bearer of bad news" or "bearer authentication" is not a token: only a value that
// looks generated (a digit or symbol, or a long run) is.
function looksLikeToken(value: string): boolean {
  return !/^[A-Za-z]+$/.test(value) || value.length >= 20;
}

const AUTH_SCHEME = /^(?:bearer|basic|digest|token|negotiate|apikey)$/i;

// Starts at `://` and every class is closed under case (both cases of every letter, or none), so
// the pattern can be its own pre-scan anchor.
// The user part holds no '[' or ']' (RFC 3986 userinfo has neither): a user name can never be
// text an earlier rule redacted ('password=[REDACTED]'), which keeps redacting twice the same as once.
const URL_PASSWORD = /:\/\/(?<=(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/)([^\s:/?#@[\]]{0,256}):([^\s/?#]{1,1024})@/g;
const AWS_SECRET_LENGTH = 40;
const AWS_SECRET_ACCESS_KEY = new RegExp(`(?<![A-Za-z0-9/+=_.-])[A-Za-z0-9/+]{${AWS_SECRET_LENGTH}}(?![A-Za-z0-9/+=_.-])`, 'g');
// Characters of an AWS secret (`[A-Za-z0-9/+]`) and those that may not border one (the same and
// `=_.-`), by character code: the pattern's classes, for `hasRunOf`.
const IN_RUN = 1;
const NO_BORDER = 2;
const AWS_CHARS = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/+') AWS_CHARS[c.charCodeAt(0)] = IN_RUN | NO_BORDER;
for (const c of '=_.-') AWS_CHARS[c.charCodeAt(0)] = NO_BORDER;
function awsChar(text: string, at: number): number {
  const code = text.charCodeAt(at); // NaN outside the text
  return code < 128 ? AWS_CHARS[code]! : 0;
}

/**
 * True when `text` holds a run of exactly `length` AWS secret characters with no `=_.-` on
 * either side: wherever the aws-secret-access-key pattern matches. Every run that long covers
 * one of the positions `length - 1`, `2·length - 1`…, so only those are looked at, and a run
 * around one is measured once.
 */
function hasRunOf(text: string, length: number): boolean {
  for (let at = length - 1; at < text.length;) {
    if (!(awsChar(text, at) & IN_RUN)) {
      at += length;
      continue;
    }
    let start = at;
    while (start > 0 && awsChar(text, start - 1) & IN_RUN) start--;
    let end = at + 1;
    while (end < text.length && awsChar(text, end) & IN_RUN) end++;
    if (end - start === length && !(awsChar(text, start - 1) & NO_BORDER) && !(awsChar(text, end) & NO_BORDER)) return true;
    at = end + length;
  }
  return false;
}

function looksLikeAwsSecret(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value) && !value.startsWith('/') && !value.endsWith('/') && !value.includes('//');
}

/** Built-in rules in the order they run (vendor tokens before the generic ones). */
export const SECRET_RULES: readonly SecretRule[] = [
  { name: 'anthropic', anchor: String.raw`-(?<=(?<![A-Za-z0-9])sk-)`, pattern: /(?<![A-Za-z0-9])sk-ant-[A-Za-z0-9_-]{8,4096}/g, replace: keepPrefix('sk-ant-') },
  {
    name: 'openai',
    // Not the pattern itself: its `(?!ant-)` would also refuse `ANT-` under the pre-scan's `i` flag.
    anchor: String.raw`-(?<=(?<![A-Za-z0-9])sk-)`,
    pattern: /(?<![A-Za-z0-9])sk-(?:(proj|svcacct|admin|None)-)?(?!ant-)[A-Za-z0-9_-]{20,4096}/g,
    replace: (_m, kind) => `sk-${kind ? `${kind}-` : ''}${REDACTED}`,
  },
  { name: 'github', anchor: String.raw`_(?<=(?<![A-Za-z0-9_])gh[pousr]_)`, pattern: /(?<![A-Za-z0-9_])(gh[pousr]_)[A-Za-z0-9]{20,4096}/g, replace: (_m, p) => `${p ?? ''}${REDACTED}` },
  { name: 'github-pat', anchor: String.raw`_(?<=(?<![A-Za-z0-9_])github_pat_)`, pattern: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{20,4096}/g, replace: keepPrefix('github_pat_') },
  { name: 'slack', anchor: String.raw`-(?<=(?<![A-Za-z0-9])(?:xox[abposre]|xapp)-)`, pattern: /(?<![A-Za-z0-9])(xox[abposre]|xapp)-[A-Za-z0-9-]{8,4096}/g, replace: (_m, p) => `${p ?? ''}-${REDACTED}` },
  { name: 'google-api-key', anchor: String.raw`za(?<=(?<![A-Za-z0-9_-])AIza)`, pattern: /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{30,4096}/g, replace: keepPrefix('AIza') },
  { name: 'aws-access-key-id', anchor: String.raw`IA(?<=(?<![A-Za-z0-9])A[KS]IA)[A-Z0-9]{16}`, pattern: /(?<![A-Za-z0-9])(AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g, replace: (_m, p) => `${p ?? ''}${REDACTED}` },
  {
    // scheme://user:password@host → scheme://user:***@host (the password may contain '@': greedy
    // up to the last '@' before the path). The match starts at the literal '://' and checks the
    // scheme behind it, so ordinary text is skipped at literal-search speed.
    name: 'url-password',
    anchor: URL_PASSWORD.source,
    pattern: URL_PASSWORD,
    replace: (m, user, password) => (password === '***' ? m : `://${user ?? ''}:***@`),
  },
  {
    // Authorization: <scheme> <credentials>, also as "Authorization": "…" in JSON.
    name: 'authorization-header',
    anchor: String.raw`[:=](?<=authorization\\?["']?[ \t]{0,8}[:=])`,
    pattern: /(?<![A-Za-z0-9_-])((?:proxy-)?authorization)(\\?["']?[ \t]{0,8}[:=][ \t]{0,8}\\?["']?)((?:bearer|basic|digest|token|negotiate|apikey)[ \t]{1,8})?([^\s"'\\,;]{1,4096})/gi,
    // A scheme with no credentials after it (`Authorization: Bearer` at the end) holds no secret.
    replace: (m, key, sep, scheme, value) => (value === REDACTED || (!scheme && AUTH_SCHEME.test(value ?? ''))
      ? m : `${key ?? ''}${sep ?? ''}${scheme ?? ''}${REDACTED}`),
  },
  {
    name: 'bearer',
    anchor: String.raw`r[ \t](?<=bearer[ \t])[ \t]{0,7}[A-Za-z0-9._~+/-]{8}`,
    pattern: /(?<![A-Za-z0-9_-])(bearer[ \t]{1,8})([A-Za-z0-9._~+/-]{8,4096}={0,8})/gi,
    replace: (m, prefix, token) => (looksLikeToken(token ?? '') ? `${prefix ?? ''}${REDACTED}` : m),
  },
];

/**
 * Rules for bare tokens with no prefix of their own, run after every other rule and after the
 * assignments: text another rule replaced can leave one standing next to a `[REDACTED]` that
 * was part of a longer run before, and it must be caught in the same pass (idempotence).
 */
export const LATE_SECRET_RULES: readonly SecretRule[] = [
  {
    // A bare JWT (header.payload.signature, both JSON parts base64url of '{"'): no "Bearer" or key
    // name is needed; an unsigned token (empty signature) is not a credential.
    name: 'jwt',
    anchor: String.raw`\.eyJ(?<=eyJ[A-Za-z0-9_-]{8,4096}\.eyJ)`,
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{10,4096}/g,
    replace: () => REDACTED,
  },
  {
    // A bare AWS secret access key: exactly 40 base64 characters with upper and lower case and a
    // digit (so a sha1 in hex, upper or lower, is never one) and not shaped like a path.
    name: 'aws-secret-access-key',
    // A regex for a run of 40 (any of them) looks at every position; this skips 40 at a time.
    anchor: (text) => hasRunOf(text, AWS_SECRET_LENGTH),
    pattern: AWS_SECRET_ACCESS_KEY,
    replace: (m) => (looksLikeAwsSecret(m) ? REDACTED : m),
  },
];
