import type { EvidenceSource } from './types.js';
import { asText, isArray, safeGet, safeKeys } from './text.js';
import { isDigit, isLetter } from './line-scan.js';

/** A retry-after hint and where it was found. */
export interface RetryHint {
  /** Milliseconds to wait, a finite integer ≥ 0. */
  ms: number;
  source: EvidenceSource;
  /** The hint as written, bounded. */
  match: string;
}

const SECOND = 1000;
/** Duration units as people and APIs write them ("6s", "1m30s", "20 seconds", "20ms"). */
const UNITS: Readonly<Record<string, number>> = {
  ms: 1, msec: 1, msecs: 1, millisecond: 1, milliseconds: 1,
  s: SECOND, sec: SECOND, secs: SECOND, second: SECOND, seconds: SECOND,
  m: 60 * SECOND, min: 60 * SECOND, mins: 60 * SECOND, minute: 60 * SECOND, minutes: 60 * SECOND,
  h: 3600 * SECOND, hr: 3600 * SECOND, hrs: 3600 * SECOND, hour: 3600 * SECOND, hours: 3600 * SECOND,
};

/**
 * Phrases after which a duration follows in text, with the unit a bare number has:
 * "Please try again in 6s", "retry after 20 seconds", `"retry_after_seconds": 30`,
 * `Retry-After: 30`, Gemini's `"retryDelay": "27s"`.
 */
export const RETRY_TRIGGERS: Readonly<Record<string, number>> = {
  'try again in': SECOND,
  'retry after': SECOND,
  'retry in': SECOND,
  'retry-after': SECOND,
  'retry_after': SECOND,
  'retryafter': SECOND,
  'retry_after_seconds': SECOND,
  'retry-after-ms': 1,
  'retry_after_ms': 1,
  'retryafterms': 1,
  'retrydelay': SECOND,
};

/** Between a trigger and its number: spaces, `:`, `=`, quotes. */
const isGap = (c: number): boolean => c === 32 || c === 58 || c === 61 || c === 34 || c === 39 || c === 96 || c === 9;

/**
 * Scans the duration written in free text at `text[from]` (a failure message; the CLI and config
 * durations are `policy/duration.ts`) ("6s", "1m30s", "2.002s", "20 seconds", "30");
 * a bare number is in `bareUnit` ms. `null` when there is none or its unit is not a time unit
 * ("retry after 3 attempts"). Reads at most a few dozen characters.
 */
export function scanDuration(text: string, from: number, bareUnit: number): number | null {
  let i = from;
  for (let gap = 0; gap < 4 && i < text.length && isGap(text.charCodeAt(i)); gap++) i++;
  let total = 0;
  let found = false;
  for (let part = 0; part < 4; part++) {
    const numStart = i;
    while (i < text.length && i - numStart < 12 && isDigit(text.charCodeAt(i))) i++;
    if (i === numStart) break;
    if (text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))) {
      i++;
      while (i < text.length && i - numStart < 20 && isDigit(text.charCodeAt(i))) i++;
    }
    const value = Number(text.slice(numStart, i));
    const afterNumber = i;
    if (text.charCodeAt(i) === 32) i++;
    const unitStart = i;
    while (i < text.length && i - unitStart < 12 && isLetter(text.charCodeAt(i))) i++;
    const unit = text.slice(unitStart, i).toLowerCase();
    if (unit === '') {
      if (!found) total += value * bareUnit;
      found = true;
      i = afterNumber;
      break;
    }
    const ms = UNITS[unit];
    if (ms === undefined) {
      if (!found) return null;
      break;
    }
    total += value * ms;
    found = true;
    if (text.charCodeAt(i) === 32 && isDigit(text.charCodeAt(i + 1))) i++; // "1 minute 30 seconds"
  }
  return found && Number.isFinite(total) ? Math.ceil(total) : null;
}

/** A `Retry-After` header value: delay-seconds or an HTTP date (relative to `now`). */
export function parseRetryAfterHeader(value: string, now: number): number | null {
  const v = value.trim();
  if (v === '' || v.length > 64) return null;
  if (isDigit(v.charCodeAt(0))) {
    const seconds = Number(v);
    return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * SECOND) : null;
  }
  // An HTTP-date starts with the day name ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone
  // would also take "-5" or "2" as years.
  if (!isLetter(v.charCodeAt(0))) return null;
  const date = Date.parse(v);
  return Number.isFinite(date) ? Math.max(0, Math.ceil(date - now)) : null;
}

/** The hint in response headers (`retry-after-ms` first: it is the precise one), or null. */
export function readHeaders(headers: unknown, now: number): RetryHint | null {
  if (headers === null || typeof headers !== 'object') return null;
  const ms = headerValue(headers, 'retry-after-ms');
  if (ms !== undefined) {
    const n = Number(ms.trim());
    if (ms.trim() !== '' && Number.isFinite(n) && n >= 0) return { ms: Math.ceil(n), source: 'headers', match: `retry-after-ms: ${ms}`.slice(0, 200) };
  }
  const after = headerValue(headers, 'retry-after');
  if (after !== undefined) {
    const parsed = parseRetryAfterHeader(after, now);
    if (parsed !== null) return { ms: parsed, source: 'headers', match: `retry-after: ${after}`.slice(0, 200) };
  }
  return null;
}

/** One header, case-insensitively, from a plain object or a fetch `Headers`-like object. */
function headerValue(headers: object, name: string): string | undefined {
  const get = safeGet(headers, 'get');
  if (typeof get === 'function') {
    try {
      const v: unknown = get.call(headers, name);
      if (typeof v === 'string') return v;
    } catch {
      // not a Headers after all: fall through to plain fields
    }
  }
  for (const key of safeKeys(headers, 100)) {
    if (key.toLowerCase() !== name) continue;
    const v = safeGet(headers, key);
    if (isArray(v)) return asText(safeGet(v, '0'));
    return asText(v);
  }
  return undefined;
}

/** Retry fields some SDKs and APIs put on errors or bodies. */
const FIELDS: readonly [string, number][] = [
  ['retryAfterMs', 1], ['retry_after_ms', 1],
  ['retry_after_seconds', SECOND], ['retryAfterSeconds', SECOND], ['retryAfter', SECOND], ['retry_after', SECOND],
];

/** The hint in an error object's own fields, or null. */
export function readRetryFields(obj: object): RetryHint | null {
  for (const [key, unit] of FIELDS) {
    const raw = safeGet(obj, key);
    const text = asText(raw);
    if (text === undefined) continue;
    const ms = typeof raw === 'number' ? (raw >= 0 && Number.isFinite(raw) ? Math.ceil(raw * unit) : null) : scanDuration(text, 0, unit);
    if (ms !== null) return { ms, source: 'error', match: `${key}: ${text}`.slice(0, 200) };
  }
  return null;
}
