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
    if (call?.history !== undefined) return classifier(observation, call);
    // Compared with the newest key as it is encoded (the same failure again: the usual hit), no
    // key is built for it; only an observation that differs from it has its key made.
    const newest = (next - 1 + entries) % entries;
    const key = encodeAgainst(observation, keys[newest]);
    if (key === SAME) {
      misses = 0;
      return copyOf(verdicts[newest]!);
    }
    if (key === undefined) return classifier(observation, call);
    for (let n = 2; n <= entries; n++) {
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
  const key = encodeAgainst(observation, undefined);
  return key === SAME ? undefined : key;
}

/** What {@link encodeAgainst} answers for an observation whose key is the one it was given. */
const SAME: unique symbol = Symbol('the same key');

/**
 * {@link memoKey} of `observation`, or {@link SAME} when that key is `like`, found without
 * building it: each piece is compared with `like` where the key would have it, and the key is
 * built (from `like`'s equal beginning) only from the first piece that differs. Each field is
 * read once either way. On a hit, nothing the size of the observation is allocated: building
 * the key (pieces joined, then flattened to be compared) cost ~1.5 µs and ~1 KB per failed attempt.
 */
function encodeAgainst(observation: unknown, like: string | undefined): string | undefined | typeof SAME {
  if (typeof observation !== 'object' || observation === null) return undefined;
  const key = new KeyText(like);
  try {
    if (!encode(observation, 0, key)) return undefined;
  } catch {
    return undefined; // a getter that throws: classified as always
  }
  return key.result();
}

/**
 * A key being written: while it matches `like` piece by piece, only its length (a position in
 * `like`); from the first piece that differs (or with no `like`), the text itself.
 */
class KeyText {
  /** The text written, once it differs from `like`. */
  #text: string | undefined;
  /** Characters written (or matched). */
  length = 0;

  constructor(private readonly like: string | undefined) {
    if (like === undefined) this.#text = '';
  }

  put(piece: string): void {
    if (this.#text === undefined) {
      if (this.like!.startsWith(piece, this.length)) {
        this.length += piece.length;
        return;
      }
      this.#text = this.like!.slice(0, this.length);
    }
    this.#text += piece;
    this.length += piece.length;
  }

  /** The key, or {@link SAME} when it is `like` whole. */
  result(): string | typeof SAME {
    if (this.#text !== undefined) return this.#text;
    return this.length === this.like!.length ? SAME : this.like!.slice(0, this.length);
  }
}

/** How deep a memoised observation may nest (an observation is a few levels: error, cause, tests). */
const MAX_DEPTH = 8;

/**
 * `value`'s encoding written to `out`; false when it has none. Every piece says where it ends (a
 * string its length, a number its `;`, a container its count), so no two values share an encoding.
 */
function encode(value: unknown, depth: number, out: KeyText): boolean {
  switch (typeof value) {
    case 'string':
      if (out.length + value.length >= MEMO_MAX_CHARS) return false;
      out.put(`s${value.length}:`);
      out.put(value);
      return true;
    case 'number':
      // JSON writes NaN and ±Infinity as null and -0 as 0: the classifier reads them otherwise.
      if (!Number.isFinite(value) || Object.is(value, -0)) return false;
      out.put(`n${value};`);
      return true;
    case 'boolean':
      out.put(value ? 't' : 'f');
      return true;
    case 'object':
      if (value === null) {
        out.put('z');
        return true;
      }
      if (depth >= MAX_DEPTH || types.isProxy(value)) return false;
      return Array.isArray(value) ? encodeArray(value, depth, out) : encodeObject(value, depth, out);
    default:
      return false; // undefined, a function, a symbol, a bigint: JSON would drop or refuse them
  }
}

function encodeArray(value: readonly unknown[], depth: number, out: KeyText): boolean {
  // No hole and no other enumerable field: the classifier lists an array by its keys.
  if (Object.getPrototypeOf(value) !== Array.prototype || Object.keys(value).length !== value.length) return false;
  out.put(`[${value.length}:`);
  for (let i = 0; i < value.length; i++) if (!encode(value[i], depth + 1, out)) return false;
  return true;
}

function encodeObject(value: object, depth: number, out: KeyText): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(value);
  // Every own field enumerable: the classifier reads fields by name, JSON only the enumerable ones.
  if (Object.getOwnPropertyNames(value).length !== keys.length) return false;
  out.put(`{${keys.length}:`);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    out.put(`${key.length}:`);
    out.put(key);
    if (!encode((value as Record<string, unknown>)[key], depth + 1, out)) return false;
  }
  return out.length <= MEMO_MAX_CHARS;
}
