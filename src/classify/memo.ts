/**
 * A small memo of verdicts by the observation's exact data: a fleet retrying a flapping
 * service, or a run retrying a transient failure, classifies the same observation again and
 * again, and the scan is most of what a failed attempt costs (~10 µs for a short one).
 *
 * Exact, not approximate: a verdict is reused only for an observation that is plain JSON data
 * (plain objects of own enumerable fields, arrays without holes; strings, finite numbers,
 * booleans, null) holding the same data as the one classified, so the classifier reads the same
 * values from it. A live Error, a class instance, a Proxy, a non-enumerable field, `undefined`,
 * `NaN` or `-0` anywhere makes the observation one the memo does not take (it is classified as
 * always). A verdict that depends on the call's time (a retry-after hint: an HTTP date is read
 * against `now`) or on the call's history (CIRCULAR_FIX) is never kept. Each caller gets its own
 * copy of a verdict.
 */
import { types } from 'node:util';
import type { Classifier } from './classify.js';
import type { Classification } from './types.js';

/** Verdicts kept per classifier, least recently used dropped first. */
export const MEMO_ENTRIES = 64;
/** Longest observation (characters of its key, about its JSON text's) the memo takes: memory stays under ~0.5 MB per classifier. */
export const MEMO_MAX_CHARS = 4_096;

/** `classifier` with a memo of its verdicts (see the file's header); the verdicts are the same with and without. */
export function memoized(classifier: Classifier, entries = MEMO_ENTRIES): Classifier {
  const memo = new Map<string, Classification>();
  return (observation, call) => {
    const key = call?.history === undefined ? memoKey(observation) : undefined;
    if (key === undefined) return classifier(observation, call);
    const kept = memo.get(key);
    if (kept !== undefined) {
      memo.delete(key); // most recently used goes last
      memo.set(key, kept);
      return copyOf(kept);
    }
    const verdict = classifier(observation, call);
    if (verdict.retryAfterMs !== undefined) return verdict;
    if (memo.size >= entries) memo.delete(memo.keys().next().value!);
    memo.set(key, copyOf(verdict));
    return verdict;
  };
}

/**
 * A copy the caller may change without changing the memo. Literals in the classifier's own field
 * order (`result` in decide.ts; a kept verdict has no `retryAfterMs`), not spreads: a spread copy
 * gets a hidden class of its own, and every guard reading the verdict would then see two shapes.
 */
function copyOf(verdict: Classification): Classification {
  const evidence = verdict.evidence.map(({ rule, source, match }) => ({ rule, source, match }));
  const { type, category, severity, action, confidence } = verdict;
  return { type, category, severity, action, confidence, evidence };
}

/**
 * A text that is the same for two observations exactly when they hold the same JSON data (the
 * same fields in the same order, the same values), made in one pass; `undefined` when the
 * observation is not plain JSON data (see the file's header) or its text would pass
 * {@link MEMO_MAX_CHARS}. Each field is read once: a getter (no plain data has one) runs once
 * more than it would without the memo, and an observation is then answered as the observation
 * of the values it gave. Runs no Proxy trap.
 */
export function memoKey(observation: unknown): string | undefined {
  if (typeof observation !== 'object' || observation === null) return undefined;
  try {
    return encode(observation, 0, '');
  } catch {
    return undefined; // a getter that throws: classified as always
  }
}

/** How deep a memoised observation may nest (an observation is a few levels: error, cause, tests). */
const MAX_DEPTH = 8;

/**
 * `out` followed by `value`'s encoding, or `undefined`. Every piece says where it ends (a string
 * its length, a number its `;`, a container its count), so no two values share an encoding.
 */
function encode(value: unknown, depth: number, out: string): string | undefined {
  switch (typeof value) {
    case 'string':
      return out.length + value.length < MEMO_MAX_CHARS ? `${out}s${value.length}:${value}` : undefined;
    case 'number':
      // JSON writes NaN and ±Infinity as null and -0 as 0: the classifier reads them otherwise.
      return Number.isFinite(value) && !Object.is(value, -0) ? `${out}n${value};` : undefined;
    case 'boolean':
      return out + (value ? 't' : 'f');
    case 'object':
      if (value === null) return `${out}z`;
      if (depth >= MAX_DEPTH || types.isProxy(value)) return undefined;
      return Array.isArray(value) ? encodeArray(value, depth, out) : encodeObject(value, depth, out);
    default:
      return undefined; // undefined, a function, a symbol, a bigint: JSON would drop or refuse them
  }
}

function encodeArray(value: readonly unknown[], depth: number, out: string | undefined): string | undefined {
  // No hole and no other enumerable field: the classifier lists an array by its keys.
  if (Object.getPrototypeOf(value) !== Array.prototype || Object.keys(value).length !== value.length) return undefined;
  out = `${out}[${value.length}:`;
  for (let i = 0; i < value.length && out !== undefined; i++) out = encode(value[i], depth + 1, out);
  return out;
}

function encodeObject(value: object, depth: number, out: string | undefined): string | undefined {
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  const keys = Object.keys(value);
  // Every own field enumerable: the classifier reads fields by name, JSON only the enumerable ones.
  if (Object.getOwnPropertyNames(value).length !== keys.length) return undefined;
  out = `${out}{${keys.length}:`;
  for (let i = 0; i < keys.length && out !== undefined; i++) {
    const key = keys[i]!;
    out = encode((value as Record<string, unknown>)[key], depth + 1, `${out}${key.length}:${key}`);
  }
  return out !== undefined && out.length <= MEMO_MAX_CHARS ? out : undefined;
}
