import type { FailureType } from '../../taxonomy/index.js';
import { FAILURE_SOURCES, type Rule, type RulePack } from '../rule.js';
import { TEST_REPORT_MARKERS } from './markers.js';

/** An HTTP status, its reason phrase and the type it means. */
type StatusRow = readonly [status: number, reason: string, type: FailureType];

const STATUSES: readonly StatusRow[] = [
  [400, 'bad request', 'ERROR_RESPONSE'],
  [401, 'unauthorized', 'AUTH_REQUIRED'],
  [403, 'forbidden', 'AUTH_REQUIRED'],
  [404, 'not found', 'ERROR_RESPONSE'],
  [405, 'method not allowed', 'ERROR_RESPONSE'],
  [407, 'proxy authentication required', 'AUTH_REQUIRED'],
  [408, 'request timeout', 'TIMEOUT'],
  [409, 'conflict', 'ERROR_RESPONSE'],
  [410, 'gone', 'ERROR_RESPONSE'],
  [413, 'payload too large', 'ERROR_RESPONSE'],
  [422, 'unprocessable entity', 'ERROR_RESPONSE'],
  [429, 'too many requests', 'RATE_LIMIT'],
  [500, 'internal server error', 'SERVER_ERROR'],
  [502, 'bad gateway', 'SERVER_ERROR'],
  [503, 'service unavailable', 'SERVER_OVERLOADED'],
  [504, 'gateway timeout', 'SERVER_ERROR'],
  [520, 'unknown error', 'SERVER_ERROR'],
  [521, 'web server is down', 'SERVER_ERROR'],
  [522, 'connection timed out', 'SERVER_ERROR'],
  [523, 'origin is unreachable', 'SERVER_ERROR'],
  [524, 'a timeout occurred', 'SERVER_ERROR'],
  [529, 'overloaded', 'SERVER_OVERLOADED'],
];

/** The ways tools print a status: "HTTP 502", "status code 404" (axios), "Error code: 429" (Python SDKs)… */
function statusPhrases(status: number, reason: string): string[] {
  return [`${status} ${reason}`, `http ${status}`, `http/1.1 ${status}`, `http/2 ${status}`, `status code ${status}`, `status code: ${status}`, `error code: ${status}`, `status: ${status}`, `status ${status}`, `http error ${status}`, `returned error: ${status}`, `error: ${status}`];
}

/** Auth and rate-limit statuses in text count only in the failure's own words, outside test reports; the others anywhere. */
const AUTH_OR_LIMIT: ReadonlySet<FailureType> = new Set(['AUTH_REQUIRED', 'RATE_LIMIT']);

function statusRules(): Rule[] {
  const byType = new Map<FailureType, { statuses: number[]; phrases: string[] }>();
  for (const [status, reason, type] of STATUSES) {
    const entry = byType.get(type) ?? { statuses: [], phrases: [] };
    entry.statuses.push(status);
    entry.phrases.push(...statusPhrases(status, reason));
    byType.set(type, entry);
  }
  return [...byType].map(([type, { statuses, phrases }]) => {
    const id = `http.${type.toLowerCase().replace(/_/g, '-')}`;
    // The status field always counts; the printed words do not inside a test report.
    return AUTH_OR_LIMIT.has(type) ? { id, type, statuses, phrases, sources: FAILURE_SOURCES, unless: TEST_REPORT_MARKERS } : { id, type, statuses, phrases };
  });
}

/**
 * HTTP statuses (the `status` field, a status on an error, or printed in text): 400/404/409 →
 * ERROR_RESPONSE, 401/403 → AUTH_REQUIRED (a security rule outranks a 403 when one matched),
 * 408 → TIMEOUT, 429 → RATE_LIMIT, 500/502/504 → SERVER_ERROR, 503/529 → SERVER_OVERLOADED.
 */
export const httpPack: RulePack = {
  id: 'http',
  description: 'HTTP statuses and their reason phrases',
  rules: [
    ...statusRules(),
    { id: 'http.gateway', type: 'SERVER_ERROR', phrases: ['bad gateway', 'gateway timeout', 'gateway time-out', 'upstream connect error', 'upstream request timeout'] },
  ],
};
