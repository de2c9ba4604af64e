import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';
import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { OWN_WORDS } from './access.js';

/**
 * How much, and who stops (issue 30): rate limits, usage windows, billing quotas, a person
 * stopping the run. Words any tool uses, in their word forms; limits count only in the failure's
 * own words and outside test reports, as credentials do (access.ts).
 */
export const LIMIT_RULES: readonly Rule[] = [
  {
    id: 'lexicon.rate-limit',
    type: 'RATE_LIMIT',
    ...OWN_WORDS,
    phrases: [
      '{rate limit}', '{rate limit} {exceed}', '{rate limit} {error}', 'too many {request}', '{request} {throttle}', '{throttle} {request}',
      'was {throttle}', 'been {throttle}', 'being {throttle}', '{throttle} {error}', '{throttle} by', '{request} limit {exceed}',
      'reduce your {request} rate', 'slow down your {request}',
    ],
  },
  {
    // An exceeded rate limit named beside a 403 is why the request was refused: wait, no person is needed (GitHub answers a rate limit with 403).
    // So is a request to slow down beside a 503 (S3's "503 (SlowDown): Please reduce your request rate."): the server throttles this client.
    id: 'lexicon.rate-limit-exceeded',
    type: 'RATE_LIMIT',
    priority: RULE_PRIORITY.limitExplainsRefusal,
    ...OWN_WORDS,
    phrases: [
      '{rate limit} {exceed}', '{exceed} {rate limit}', '{exceed} a {rate limit}', '{exceed} a secondary {rate limit}', '{exceed} your {rate limit}',
      'reduce your {request} rate', 'slow down your {request}',
    ],
    requires: ['403', 'forbidden', '503'],
  },
  {
    // A subscription's usage window resets by itself: a rate limit to wait out.
    id: 'lexicon.usage-limit',
    type: 'RATE_LIMIT',
    ...OWN_WORDS,
    phrases: ['usage limit', 'session limit', 'weekly limit', 'hourly limit', '{exceed} your limit'],
  },
  {
    // "60 requests per minute", "tokens per min": a rate, when a limit or quota is named beside it (a benchmark prints rates too).
    id: 'lexicon.rate-per-unit',
    type: 'RATE_LIMIT',
    ...OWN_WORDS,
    phrases: ['{request} per {minute}', '{request} per {second}', 'tokens per {minute}', 'tokens per {second}'],
    requires: ['limit', 'limits', 'exceeded', 'quota', 'reached'],
    sameLine: true,
  },
  {
    id: 'lexicon.quota',
    type: 'QUOTA_EXCEEDED',
    ...OWN_WORDS,
    // A per-minute quota is a rate limit (it resets by itself); a disk quota is a resource; a service quota
    // (AWS Service Quotas) is an account's limit on a resource, raised on request, not money spent.
    unless: [...REPORT, 'disk quota', 'service quota', 'per {minute}', 'per {second}', '*perminute*', 'retrydelay'],
    phrases: [
      '{quota} {exceed}', 'insufficient {quota}', 'out of {quota}', 'billing details', 'billing account', 'check your billing',
      'billing limit', 'billing hard limit', 'billing is not active', 'billing is disabled', 'billing has been disabled', 'payment required',
      'insufficient credits', 'insufficient funds', 'out of credits', 'credit balance', 'upgrade your plan', 'cost limit {exceed}', 'spending limit',
    ],
  },
  {
    id: 'lexicon.user-abort',
    type: 'USER_ABORT',
    sources: FAILURE_SOURCES,
    unless: REPORT,
    wordForms: true,
    phrases: ['{cancelled} by user', '{cancelled} by the user', 'user {cancelled}', 'user interrupt', 'keyboard interrupt'],
  },
];
