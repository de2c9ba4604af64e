import { describe, expect, test } from 'vitest';
import { classify, scanDuration, parseRetryAfterHeader } from '../../src/classify/index.js';

const NOW = Date.parse('2025-01-01T00:00:00Z');
const after = (observation: object): number | undefined => classify(observation, { now: NOW }).retryAfterMs;

describe('Retry-After → retryAfterMs', () => {
  test('header in seconds', () => {
    expect(after({ status: 429, headers: { 'retry-after': '120' } })).toBe(120_000);
    expect(after({ status: 429, headers: { 'Retry-After': ['7'] } })).toBe(7000);
  });

  test('header as an HTTP date, relative to options.now', () => {
    expect(after({ status: 503, headers: { 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' } })).toBe(30_000);
    expect(after({ status: 503, headers: { 'retry-after': 'Tue, 31 Dec 2024 23:00:00 GMT' } })).toBe(0);
  });

  test('retry-after-ms wins over retry-after (it is the precise one)', () => {
    expect(after({ status: 429, headers: { 'retry-after': '2', 'retry-after-ms': '1500' } })).toBe(1500);
  });

  test('a fetch Headers object, on the error', () => {
    const error = Object.assign(new Error('429 Too Many Requests'), { status: 429, headers: new Headers({ 'Retry-After': '3' }) });
    expect(after({ error })).toBe(3000);
    expect(classify({ error }).type).toBe('RATE_LIMIT_TIMED');
  });

  test('axios puts the response on the error', () => {
    const error = { message: 'Request failed with status code 503', response: { status: 503, headers: { 'retry-after': '10' } } };
    expect(classify({ error }, { now: NOW })).toMatchObject({ type: 'SERVER_OVERLOADED', retryAfterMs: 10_000 });
  });

  test.each([
    ['Please try again in 6s.', 6000],
    ['Please try again in 2.002s. Visit https://platform.openai.com/account/rate-limits', 2002],
    ['Rate limit reached; try again in 1m30s', 90_000],
    ['rate limited, try again in 20ms', 20],
    ['429: rate limit exceeded, retry after 20 seconds', 20_000],
    ['rate limit exceeded. Retry after 2 minutes', 120_000],
    ['{"error":"rate_limit_exceeded","retry_after_seconds": 30}', 30_000],
    ['{"code":429,"details":[{"retryDelay": "27s"}],"status":"RESOURCE_EXHAUSTED"}', 27_000],
    ['429 Too Many Requests\nRetry-After: 7', 7000],
    ['rate limit hit, retry in 1 minute 30 seconds', 90_000],
    ['rate limit; retry_after_ms=250', 250],
  ])('text: %s', (text, ms) => {
    expect(after({ stderr: text })).toBe(ms);
  });

  test('error fields: retry_after_seconds, retryAfter, retryAfterMs', () => {
    expect(after({ error: { message: 'rate limited', retry_after_seconds: 12 } })).toBe(12_000);
    expect(after({ error: { message: 'rate limited', retryAfter: 5 } })).toBe(5000);
    expect(after({ error: { message: 'rate limited', retryAfterMs: 250 } })).toBe(250);
    expect(after({ error: { message: 'x', cause: { retry_after: '9' } } })).toBe(9000);
  });

  test('no number, no hint: "try again later", "retry after 3 attempts"', () => {
    expect(after({ stderr: 'rate limit exceeded, try again later' })).toBeUndefined();
    expect(after({ stderr: 'rate limit exceeded, retry after 3 attempts' })).toBeUndefined();
    expect(after({ status: 429, headers: { 'retry-after': 'soon' } })).toBeUndefined();
  });

  test('a rate limit with a hint is RATE_LIMIT_TIMED, without one RATE_LIMIT', () => {
    expect(classify({ stderr: 'Error: 429 rate limit exceeded. Please try again in 6s.' })).toMatchObject({ type: 'RATE_LIMIT_TIMED', retryAfterMs: 6000 });
    expect(classify({ stderr: 'Error: 429 rate limit exceeded.' }).type).toBe('RATE_LIMIT');
    expect(classify({ status: 429 }).type).toBe('RATE_LIMIT');
  });

  test('the hint is evidence too', () => {
    const result = classify({ status: 429, headers: { 'retry-after': '20' } });
    expect(result.evidence).toContainEqual({ rule: 'retry-after', source: 'headers', match: 'retry-after: 20' });
  });
});

describe('parsers', () => {
  test('scanDuration', () => {
    expect(scanDuration('6s', 0, 1000)).toBe(6000);
    expect(scanDuration(' 30', 0, 1000)).toBe(30_000);
    expect(scanDuration('1h2m3.5s', 0, 1000)).toBe(3_723_500);
    expect(scanDuration('abc', 0, 1000)).toBeNull();
    expect(scanDuration('5 apples', 0, 1000)).toBeNull();
    expect(scanDuration('999999999999999999999s', 0, 1000)).toBeGreaterThan(0);
  });

  test('parseRetryAfterHeader', () => {
    expect(parseRetryAfterHeader('0', NOW)).toBe(0);
    expect(parseRetryAfterHeader('1.5', NOW)).toBe(1500);
    expect(parseRetryAfterHeader('Wed, 01 Jan 2025 00:01:00 GMT', NOW)).toBe(60_000);
    expect(parseRetryAfterHeader('-5', NOW)).toBeNull();
    expect(parseRetryAfterHeader('', NOW)).toBeNull();
    expect(parseRetryAfterHeader('x'.repeat(1000), NOW)).toBeNull();
  });
});
