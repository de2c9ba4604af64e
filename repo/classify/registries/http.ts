import type { FailureType } from '../../taxonomy/index.js';
import { REPORT_WORDS } from '../packs/markers.js';
import { TYPE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type Rule, type RulePack } from '../rule.js';
import { registryRules, type RegistryRow } from './registry.js';

/** Where the statuses come from. */
const SOURCE = [
  'RFC 9110 §15 (status codes and reason phrases), RFC 6585 (428, 429, 431, 511), RFC 4918 (423, 424, 507), RFC 8470 (425)',
  'IANA HTTP Status Code Registry; Cloudflare 52x (origin errors); Anthropic 529 (overloaded)',
].join('; ');

/** An HTTP status, its reason phrase, the type it means, and whether the reason alone (without the number) says it. */
type Status = readonly [status: number, reason: string, type: FailureType | null, reasonAlone?: boolean];

/**
 * Statuses by what they mean for a recovery: the server's temporary trouble (5xx, 429, 408)
 * is retried; a refusal of this request (most 4xx) is adapted; credentials (401, 403, 407,
 * 511) and billing (402) need a person. 503/529 say "overloaded", 504 and the 52x "the server
 * behind failed". A 403 is auth unless a more exact rule says otherwise (GitHub's rate limit).
 */
const STATUSES: readonly Status[] = [
  [400, 'bad request', 'ERROR_RESPONSE'],
  [401, 'unauthorized', 'AUTH_REQUIRED'],
  [402, 'payment required', 'QUOTA_EXCEEDED', true],
  [403, 'forbidden', 'AUTH_REQUIRED'],
  [404, 'not found', 'ERROR_RESPONSE'],
  [405, 'method not allowed', 'ERROR_RESPONSE', true],
  [406, 'not acceptable', 'ERROR_RESPONSE'],
  [407, 'proxy authentication required', 'AUTH_REQUIRED', true],
  [408, 'request timeout', 'TIMEOUT', true],
  [409, 'conflict', 'ERROR_RESPONSE'],
  [410, 'gone', 'ERROR_RESPONSE'],
  [411, 'length required', 'ERROR_RESPONSE'],
  [412, 'precondition failed', 'ERROR_RESPONSE'],
  [413, 'payload too large', 'ERROR_RESPONSE', true],
  [414, 'uri too long', 'ERROR_RESPONSE'],
  [415, 'unsupported media type', 'ERROR_RESPONSE', true],
  [416, 'range not satisfiable', 'ERROR_RESPONSE'],
  [418, "i'm a teapot", null],
  [421, 'misdirected request', 'ERROR_RESPONSE'],
  [422, 'unprocessable entity', 'ERROR_RESPONSE', true],
  [423, 'locked', 'RESOURCE_BUSY'],
  [424, 'failed dependency', 'ERROR_RESPONSE'],
  [425, 'too early', null],
  [426, 'upgrade required', 'ERROR_RESPONSE'],
  [428, 'precondition required', 'ERROR_RESPONSE'],
  [429, 'too many requests', 'RATE_LIMIT', true],
  [431, 'request header fields too large', 'ERROR_RESPONSE'],
  [451, 'unavailable for legal reasons', 'ERROR_RESPONSE'],
  [500, 'internal server error', 'SERVER_ERROR', true],
  [501, 'not implemented', 'ERROR_RESPONSE'],
  [502, 'bad gateway', 'SERVER_ERROR', true],
  [503, 'service unavailable', 'SERVER_OVERLOADED', true],
  [504, 'gateway timeout', 'SERVER_ERROR', true],
  [505, 'http version not supported', 'ERROR_RESPONSE'],
  [507, 'insufficient storage', 'SERVER_ERROR'],
  [508, 'loop detected', 'SERVER_ERROR'],
  [511, 'network authentication required', 'AUTH_REQUIRED', true],
  [520, 'unknown error', 'SERVER_ERROR'],
  [521, 'web server is down', 'SERVER_ERROR'],
  [522, 'connection timed out', 'SERVER_ERROR'],
  [523, 'origin is unreachable', 'SERVER_ERROR'],
  [524, 'a timeout occurred', 'SERVER_ERROR'],
  [529, 'overloaded', 'SERVER_OVERLOADED'],
];

/** Other spellings of a reason phrase (nginx writes "Gateway Time-out"). */
const REASON_VARIANTS: Readonly<Record<number, readonly string[]>> = { 504: ['gateway time-out'], 413: ['request entity too large'] };

/**
 * Every spelling that says "HTTP status n" by itself: after a protocol (`HTTP/1.1 503`), a
 * label (`status: 503`, `status code 429`, `StatusCode=429`, `"status":503`, `error code 503`,
 * `response code: 503`), before its reason (`503 Service Unavailable`, `503 (Service Unavailable)`),
 * in curl's (`returned error: 503`) and Google's (`Error 429:`) words.
 */
function spellings(n: number, reason: string): string[] {
  const reasons = [reason, ...(REASON_VARIANTS[n] ?? [])];
  return [
    // "401 Unauthorized", "Forbidden 403" (RubyGems' "bad response Forbidden 403"), "Unauthorized - 401" (pnpm).
    // Ruby's Net::HTTP `error!`: `401 "Unauthorized"` (the reason quoted after its status).
    ...reasons.flatMap((r) => [`${n} ${r}`, `${n} (${r})`, `${n} "${r}"`, `(${n}) ${r}`, `${r} (${n})`, `${r} ${n}`, `${r} - ${n}`, `${n} - ${r}`]),
    // Python requests' "403 Client Error: Forbidden for url".
    `${n} ${n < 500 ? 'client' : 'server'} error`,
    ...['http', 'http/1.0', 'http/1.1', 'http/2', 'http/2.0', 'http/3', 'http error', 'http status', 'http status code', 'http code', 'http response code:', 'http response code'].map((p) => `${p} ${n}`),
    // The last: libcurl's CURLE_HTTP_RETURNED_ERROR message with its status after it ("HTTP response code said error 500").
    ...['status code', 'status code:', 'status:', 'status', 'error code:', 'error code', 'response code', 'response code:', 'response status', 'returned error:', 'error:', 'response code said error'].map((p) => `${p} ${n}`),
    // "Unexpected server response: 401" (ws), "Status code was 401 and not [200]" (Ansible).
    ...['server response:', 'response status:', 'status code was', 'status was'].map((p) => `${p} ${n}`),
    ...['statuscode=', 'statuscode: ', 'status_code=', 'status_code: ', 'status=', '"status": ', '"status":', '"statuscode": ', '"status_code": '].map((p) => `${p}${n}`),
    `error ${n}:`,
  ];
}

/** Spellings that are a status only beside a word of HTTP on the line: `returned 503`, `(429)`, `got 500`. */
const inContext = (n: number): string[] => [`returned ${n}`, `returned a ${n}`, `got ${n}`, `got a ${n}`, `received ${n}`, `responded with ${n}`, `(${n})`, `[${n}]`];

/** Words that make a bare status number HTTP's on its line. */
const HTTP_CONTEXT = ['http', 'https', 'status', 'response', 'request', 'server', 'url', 'api', 'endpoint', 'upstream', 'get', 'post', 'put', 'patch', 'delete', 'forbidden', 'unauthorized'];

/** Every status of the registry, as rows. */
export const HTTP_ROWS: readonly RegistryRow[] = STATUSES.map(([n, reason, type, alone]) => ({
  code: String(n),
  type,
  phrases: [...spellings(n, reason), ...(alone === true ? [reason, ...(REASON_VARIANTS[n] ?? [])] : [])],
  inContext: inContext(n),
}));

/** The statuses as numbers per type, for the `status` field of an observation or an error. */
function statusRules(rules: Rule[]): Rule[] {
  return rules.map((rule) => {
    if (rule.id.endsWith('-in-context')) return rule;
    const statuses = STATUSES.filter(([, , type]) => type === rule.type).map(([n]) => n);
    return { ...rule, statuses };
  });
}

/**
 * HTTP statuses (the `status` field, a status on an error, or printed in text in any of its
 * spellings): 400/404/409… → ERROR_RESPONSE, 401/403/407 → AUTH_REQUIRED, 402 → QUOTA_EXCEEDED,
 * 408 → TIMEOUT, 423 → RESOURCE_BUSY, 429 → RATE_LIMIT, 500/502/504/52x → SERVER_ERROR,
 * 503/529 → SERVER_OVERLOADED. Auth, billing and rate-limit statuses count in text only in the
 * failure's own words, outside test reports; the status field always counts.
 */
export const httpPack: RulePack = {
  id: 'http',
  description: 'HTTP statuses in every common spelling, and their reason phrases',
  // A status a failing command printed on stdout counts like the same line on stderr (curl -w, wget's and pnpm's reports go to stdout).
  rules: [...statusRules(registryRules(HTTP_ROWS, { id: 'http', source: SOURCE, context: HTTP_CONTEXT, failingStdout: true })), clientErrorStated()],
};

/**
 * A refusal status printed with its reason phrase (`404 "Not Found"`, `409 Conflict`) says the
 * server answered and refused this request: it outranks "server error" words that a library's
 * exception class name carries whatever the status was (Ruby's `Net::HTTPServerException` is
 * raised for every 4xx). Placed in "the rest" just below SERVER_ERROR, so a 5xx status printed
 * beside it still wins, and a lexicon's server words (a less exact layer) no longer do.
 */
function clientErrorStated(): Rule {
  const phrases = STATUSES.filter(([n, , type]) => type === 'ERROR_RESPONSE' && n < 500).flatMap(([n, reason]) =>
    [reason, ...(REASON_VARIANTS[n] ?? [])].flatMap((r) => [`${n} ${r}`, `${n} (${r})`, `${n} "${r}"`]),
  );
  return { id: 'http.client-error-stated', type: 'ERROR_RESPONSE', priority: TYPE_PRIORITY.SERVER_ERROR - 1, source: SOURCE, phrases, sources: FAILURE_SOURCES, unless: REPORT_WORDS, failingStdout: true };
}
