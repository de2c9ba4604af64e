import { isWordCode } from './automaton.js';
import { insideIdentifier } from './identifier.js';

/**
 * Word forms (issue 30): a message says the thing a rule knows in another form — a noun where
 * the rule has the verb ("authentication failed" / "failed to authenticate"), "log in" /
 * "login" / "sign in" / "re-authenticate", a unit abbreviated ("per min"), or the rule's words
 * joined into one class or code name (`ConnectionRefusedError`, `DeadlineExceeded`,
 * `ERR_CONNECTION_REFUSED`, `rate_limit_exceeded`). A rule with `wordForms: true` matches all
 * of them, and the scan stays one table lookup per character: the forms are spelled out when
 * the rules are compiled, never by rewriting the text.
 *
 * Only what a phrase marks expands: `{stem}` stands for every form of that stem (a family
 * below); other words are literal, so "timed out" does not grow into a bare "timeout" that a
 * config dump would print. Codes stay codes: a word with a digit or `_` is never split or joined.
 */

/**
 * Word families, one per concept, not per tool: every form a failure message uses for a key
 * word of the lexicon. A phrase writes `{key}` for "any of these".
 */
export const WORD_FORMS: Readonly<Record<string, readonly string[]>> = {
  // Credentials and who may do what.
  authenticate: ['authenticate', 'authenticated', 'authenticating', 'authentication', 'auth', 'authn'],
  authorize: ['authorize', 'authorized', 'authorization', 'authorise', 'authorised', 'authorisation', 'authz'],
  unauthorized: ['unauthorized', 'unauthorised', 'unauthenticated', 'not authorized', 'not authorised', 'not authenticated'],
  login: ['log in', 'login', 'log-in', 'logged in', 'logging in', 'sign in', 'signin', 'sign-in', 'signed in', 'log on', 'logon'],
  relogin: [
    're-authenticate', 'reauthenticate', 're-authentication', 'reauthentication', 'reauth', 'log in again', 'login again',
    'sign in again', 'log in once more', 're-login', 'relogin', 're-log in',
  ],
  credential: ['credential', 'credentials', 'creds'],
  password: ['password', 'passwords', 'passphrase', 'passwd'],
  token: ['token', 'tokens', 'access token', 'session token', 'bearer token', 'refresh token', 'api token'],
  key: ['api key', 'api keys', 'apikey', 'access key', 'secret key', 'subscription key'],
  expire: ['expired', 'expire', 'expires', 'expiring', 'expiry', 'expiration', 'has expired', 'is expired', 'are expired'],
  deny: ['denied', 'deny', 'denies', 'denial'],
  invalid: ['invalid', 'incorrect', 'wrong', 'bad', 'rejected', 'not valid'],
  missing: ['missing', 'no', 'not found', 'not set', 'not provided', 'not configured', 'required'],
  // Limits.
  'rate limit': ['rate limit', 'rate limits', 'rate-limit', 'rate limited', 'rate-limited', 'rate limiting', 'ratelimit', 'ratelimited'],
  throttle: ['throttled', 'throttle', 'throttles', 'throttling'],
  exceed: ['exceeded', 'exceeds', 'exceeding', 'exceed', 'reached', 'hit'],
  request: ['request', 'requests', 'req', 'reqs', 'call', 'calls'],
  quota: ['quota', 'quotas'],
  second: ['second', 'seconds', 'sec', 'secs'],
  minute: ['minute', 'minutes', 'min', 'mins'],
  // Time.
  timeout: ['timeout', 'timeouts', 'time out', 'time-out'],
  'timed out': ['timed out', 'timed-out', 'timing out', 'times out'],
  // The network.
  connection: ['connection', 'connections', 'connect', 'connecting'],
  refused: ['refused', 'refuses', 'refusing', 'refusal', 'rejected'],
  reset: ['reset', 'resets', 'reset by peer'],
  closed: ['closed', 'dropped', 'lost', 'terminated', 'aborted', 'broken'],
  resolve: ['resolve', 'resolved', 'resolving', 'resolution', 'lookup', 'look up'],
  host: ['host', 'hostname', 'host name', 'server', 'address'],
  unreachable: ['unreachable', 'not reachable', 'cannot be reached', 'could not be reached'],
  unavailable: ['unavailable', 'not available'],
  overloaded: ['overloaded', 'overload', 'over capacity', 'at capacity'],
  // Resources and locks.
  memory: ['memory', 'mem', 'heap', 'ram'],
  space: ['space', 'disk space', 'storage', 'disk'],
  allocate: ['allocate', 'allocation', 'alloc'],
  lock: ['lock', 'locks', 'locked', 'locking', 'lockfile', 'lock file'],
  held: ['held', 'holds', 'holding', 'owned', 'in use', 'taken', 'acquired'],
  busy: ['busy', 'in use', 'locked'],
  // Code and checks.
  compile: ['compile', 'compiled', 'compiling', 'compilation', 'compiler'],
  certificate: ['certificate', 'certificates', 'cert', 'certs'],
  verify: ['verify', 'verified', 'verification', 'verifying', 'validate', 'validated', 'validation', 'validating'],
  error: ['error', 'errors', 'exception', 'failure', 'fault'],
  fail: ['failed', 'fails', 'failure', 'failing', 'fail'],
  cannot: ['cannot', "can't", 'could not', "couldn't", 'unable to', 'failed to', 'not able to'],
};

/** `{stem}` in a phrase. */
const STEM = /\{([^{}]+)\}/;

/** True when `phrase` marks a stem that {@link WORD_FORMS} does not know (validation names it). */
export function unknownStem(phrase: string): string | null {
  for (const [, stem] of phrase.matchAll(/\{([^{}]*)\}/g)) if (!Object.hasOwn(WORD_FORMS, stem!)) return stem!;
  return null;
}

/** Most forms one phrase may spell out: a guard against a phrase of many stems. */
export const MAX_FORMS = 256;

/**
 * Every form of `phrase`: each `{stem}` replaced by each form of its family (a phrase without
 * stems is its only form). An unknown stem is left as written (validation refuses it first).
 */
export function phraseForms(phrase: string): string[] {
  const found = STEM.exec(phrase);
  if (found === null) return [phrase];
  const forms = WORD_FORMS[found[1]!];
  if (forms === undefined) return [phrase];
  const head = phrase.slice(0, found.index);
  const tails = phraseForms(phrase.slice(found.index + found[0].length));
  const out: string[] = [];
  for (const form of forms) for (const tail of tails) if (out.length < MAX_FORMS) out.push(head + form + tail);
  return out;
}

/**
 * The joined spellings of a form of two or more words: run together (`connectionrefused`,
 * which matches `ConnectionRefused` in any case) and snake_case (`connection_refused`). None
 * for one word, a code (a digit or `_`) or anything with a `*` marker or punctuation: only
 * words join.
 */
export function joinedForms(form: string): string[] {
  const words = form.trim().toLowerCase().split(/[\s-]+/);
  if (words.length < 2 || !words.every((w) => /^[a-z]+$/.test(w))) return [];
  return [words.join(''), words.join('_')];
}

const isUpper = (c: number): boolean => c >= 65 && c <= 90;
const isLower = (c: number): boolean => c >= 97 && c <= 122;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const UNDERSCORE = 95;

/** A word part starts at `i`: after a non-word character or `_`, or at a CamelCase hump (`fooBar`, `HTTPTimeout`). */
function partStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const prev = text.charCodeAt(i - 1);
  if (!isWordCode(prev) || prev === UNDERSCORE) return true;
  const c = text.charCodeAt(i);
  if (!isUpper(c)) return false;
  return isLower(prev) || isDigit(prev) || (isUpper(prev) && isLower(text.charCodeAt(i + 1)));
}

/** A word part ends at `i`: before a non-word character or `_`, or before a CamelCase hump (`TimeoutError`). */
function partEnd(text: string, i: number): boolean {
  if (i + 1 >= text.length) return true;
  const next = text.charCodeAt(i + 1);
  if (!isWordCode(next) || next === UNDERSCORE) return true;
  const c = text.charCodeAt(i);
  return isUpper(next) && (isLower(c) || isDigit(c));
}

/** How far back the start of a name is looked for. */
const NAME_REACH = 100;
/**
 * How a test's name begins: `TestTimeoutIsRetried`, `testConnectionRefused`, `test_rate_limit`,
 * `shouldRetryOnTimeout`, `it_handles_busy`, `whenLocked`. The prefix must end at a word part (an
 * upper-case letter, a digit or `_`), so `Item`, `Testing` and `ITEM_LOCKED` are not tests.
 */
const TEST_NAME = /^(?:[Tt]ests?|[Ss]hould|[Ii]t|[Ww]hen|[Gg]iven|[Ss]pec)[A-Z0-9_]/;

/**
 * True when the name holding `text[start]` is a test's name: its words are what the test is
 * about, not what happened (`TestConnectionRefusedIsRetried`, `test_rate_limit_backoff`).
 */
export function inTestName(text: string, start: number): boolean {
  let from = start;
  while (from > 0 && start - from < NAME_REACH && isWordCode(text.charCodeAt(from - 1))) from--;
  return TEST_NAME.test(text.slice(from, Math.min(text.length, from + 8)));
}

/**
 * True when a joined form matched at `text[start, end]` (found without boundary checks) counts:
 * it begins and ends on word-part boundaries (so `DeadlineExceeded` counts in
 * `code = DeadlineExceeded` and `ConnectionRefusedError`, not in `xconnectionrefused`), is not
 * part of a test's name, and is not inside an identifier (a path, a quoted name).
 */
export function joinedCounts(text: string, start: number, end: number): boolean {
  return partStart(text, start) && partEnd(text, end) && !inTestName(text, start) && !insideIdentifier(text, start, end);
}
