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

/**
 * Verdicts kept per classifier, the oldest replaced first. Few: the memo is for the same failure
 * seen again soon (a retry, the next run of a flapping service).
 */
export const MEMO_ENTRIES = 4;
/**
 * Misses in a row after which the memo looks at one call in this many (see {@link memoized}).
 * Measured: with a look on every call (a Map of 64, then this ring), an engine run whose failure
 * text was new every time cost ~0.3× the XState floor more than without the memo
 * (bench/engine-cpu/transient.bench.ts, second row) — more than a miss costs alone (~1 µs, the
 * key and the search); the cause was not found. Idle, it is within noise of no memo.
 */
export const MEMO_IDLE_AFTER = 16;
/** Longest observation (characters of its key, about its JSON text's) the memo takes. */
export const MEMO_MAX_CHARS = 4_096;

/** `classifier` with a memo of its verdicts (see the file's header); the verdicts are the same with and without. */
export function memoized(classifier: Classifier, entries = MEMO_ENTRIES): Classifier {
  // A ring searched from the newest: no hashing of a long key, nothing kept but the few entries.
  const keys: (string | undefined)[] = new Array<string | undefined>(entries).fill(undefined);
  const verdicts: (Classification | undefined)[] = new Array<Classification | undefined>(entries).fill(undefined);
  let next = 0;
  // Failures that do not repeat (a new text each time) would pay for a memo that never answers:
  // after MEMO_IDLE_AFTER misses in a row, it looks at one call in MEMO_IDLE_AFTER (the others
  // go straight to the classifier), until a look finds its verdict kept.
  let misses = 0;
  let skip = 0;
  return (observation, call) => {
    if (skip > 0) {
      skip--;
      return classifier(observation, call);
    }
    const key = call?.history === undefined ? memoKey(observation) : undefined;
    if (key === undefined) return classifier(observation, call);
    for (let n = 1; n <= entries; n++) {
      const i = (next - n + entries) % entries;
      if (keys[i] === key) {
        misses = 0;
        return copyOf(verdicts[i]!);
      }
    }
    if (++misses >= MEMO_IDLE_AFTER) skip = MEMO_IDLE_AFTER - 1;
    const verdict = classifier(observation, call);
    if (verdict.retryAfterMs !== undefined) return verdict;
    keys[next] = key;
    verdicts[next] = copyOf(verdict);
    next = (next + 1) % entries;
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
