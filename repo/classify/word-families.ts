/**
 * The word families of the lexicon (issue 30, item 3): data only. word-forms.ts spells the forms
 * out into phrases; the lexicon's phrases mark a family as `{stem}`.
 */

/**
 * Word families, one per concept, not per tool: every form a failure message uses for a key
 * word of the lexicon. A phrase writes `{key}` for "any of these".
 */
export const WORD_FORMS: Readonly<Record<string, readonly string[]>> = {
  // Credentials and who may do what. A form that ends in another ("access token") is left out:
  // phrases match inside longer text, so "token expired" is found in "access token expired".
  authenticate: ['authenticate', 'authentication', 'auth'],
  authorize: ['authorize', 'authorization', 'authorise', 'authorisation'],
  unauthorized: ['unauthorized', 'unauthorised', 'unauthenticated', 'not authorized', 'not authorised', 'not authenticated'],
  login: ['log in', 'login', 'logged in', 'sign in', 'signin', 'signed in'],
  relogin: ['re-authenticate', 'reauthenticate', 'log in again', 'login again', 'sign in again', 're-login'],
  credential: ['credential', 'credentials'],
  password: ['password', 'passphrase'],
  token: ['token', 'tokens'],
  key: ['api key', 'apikey', 'access key', 'secret key'],
  expire: ['expired', 'expires', 'expiry', 'expiration', 'has expired', 'have expired', 'is expired'],
  invalid: ['invalid', 'incorrect', 'wrong', 'bad', 'rejected'],
  missing: ['missing', 'no', 'not found', 'not set', 'not provided', 'required'],
  // Limits.
  'rate limit': ['rate limit', 'rate limits', 'rate-limit', 'rate limited', 'rate-limited', 'rate limiting', 'ratelimit', 'ratelimited'],
  throttle: ['throttled', 'throttle', 'throttles', 'throttling'],
  exceed: ['exceeded', 'exceeds', 'exceed', 'reached', 'hit'],
  request: ['request', 'requests', 'call', 'calls'],
  quota: ['quota', 'quotas'],
  // Units, as rates and timeouts print them.
  second: ['second', 'seconds', 'sec', 'secs'],
  minute: ['minute', 'minutes', 'min', 'mins'],
  // Time.
  timeout: ['timeout', 'timeouts', 'time out', 'time-out'],
  'timed out': ['timed out', 'timed-out', 'timing out', 'times out'],
  // The network.
  connection: ['connection', 'connections', 'connect'],
  refused: ['refused', 'refuses', 'refusal', 'rejected'],
  reset: ['reset', 'resets'],
  closed: ['closed', 'dropped', 'lost', 'terminated', 'aborted', 'broken'],
  resolve: ['resolve', 'resolution', 'lookup'],
  host: ['host', 'hostname', 'server', 'address'],
  unreachable: ['unreachable', 'not reachable', 'cannot be reached', 'could not be reached'],
  unavailable: ['unavailable', 'not available'],
  overloaded: ['overloaded', 'over capacity', 'at capacity'],
  cancelled: ['cancelled', 'canceled', 'aborted', 'interrupted', 'stopped'],
  // Resources and locks.
  memory: ['memory', 'heap', 'ram'],
  space: ['space', 'disk space', 'storage'],
  allocate: ['allocate', 'allocation'],
  lock: ['lock', 'locks', 'locked', 'lockfile', 'lock file'],
  held: ['held', 'holds', 'holding', 'in use'],
  // Code and checks.
  test: ['test', 'tests', 'test case', 'spec'],
  assertion: ['assertion', 'assertions', 'assert'],
  compile: ['compile', 'compilation', 'compiler'],
  certificate: ['certificate', 'certificates', 'cert'],
  verify: ['verify', 'verification', 'validate', 'validation'],
  error: ['error', 'exception', 'failure'],
  fail: ['failed', 'failure', 'failing'],
  cannot: ['cannot', "can't", 'could not', "couldn't", 'unable to', 'failed to'],
};

/**
 * The forms a family takes inside a joined name (`ConnectionRefusedException`,
 * `AuthenticationFailed`, `TokenExpired`, `rate_limit_exceeded`): a few of its forms, not all —
 * every joined form is a path of its own in the matcher, and names use few. A family not listed
 * joins in its first form. A name's suffix needs no form (`…Exception` after `ConnectionRefused`
 * is a CamelCase hump).
 */
export const NAME_FORMS: Readonly<Record<string, readonly string[]>> = {
  authenticate: ['authentication', 'auth'],
  unauthorized: ['unauthorized', 'unauthenticated', 'not authorized'],
  login: ['login', 'signin'],
  token: ['token'],
  key: ['api key'],
  expire: ['expired'],
  invalid: ['invalid'],
  missing: ['missing'],
  'rate limit': ['rate limit', 'rate limited'],
  throttle: ['throttled', 'throttling'],
  exceed: ['exceeded'],
  request: ['request', 'requests'],
  timeout: ['timeout'],
  'timed out': ['timed out'],
  connection: ['connection'],
  refused: ['refused'],
  closed: ['closed', 'aborted', 'lost'],
  host: ['host'],
  memory: ['memory'],
  lock: ['lock'],
  compile: ['compilation', 'compile'],
  certificate: ['certificate', 'cert'],
  verify: ['verification', 'validation'],
  error: ['error', 'exception'],
  fail: ['failed', 'failure'],
};

/**
 * Words no error or code name is made of: a form with one of them is a sentence ("could not
 * connect", "has expired", "log in again"), and joined it would only grow the matcher. (`not`,
 * `no`, `of`, `out` stay: `NotFound`, `OutOfMemory`.)
 */
export const NOT_IN_NAMES: ReadonlySet<string> = new Set(['could', 'unable', 'to', 'failed', 'has', 'have', 'is', 'are', 'was', 'be', 'been', 'by', 'the', 'a', 'an', 'again', 'in', 'for', 'with', 'your', 'while']);
