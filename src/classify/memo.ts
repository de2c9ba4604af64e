/**
 * A small memo of verdicts by the observation's exact JSON text: a fleet retrying a flapping
 * service, or a run retrying a transient failure, classifies the same observation again and
 * again, and the scan is most of what a failed attempt costs (~10 µs for a short one).
 *
 * Exact, not approximate: a verdict is reused only for an observation that is plain JSON data
 * (plain objects and arrays of own enumerable data fields; strings, finite numbers, booleans,
 * null) whose JSON text is the same, so the classifier would read the same values from it. A
 * live Error, a class instance, a getter, a Proxy, `undefined`, `NaN` or `-0` anywhere makes
 * the observation one the memo does not take (it is classified as always). A verdict that
 * depends on the call's time (a retry-after hint: an HTTP date is read against `now`) or on
 * the call's history (CIRCULAR_FIX) is never kept. Each caller gets its own copy of a verdict.
 */
import { types } from 'node:util';
import type { Classifier } from './classify.js';
import type { Classification } from './types.js';

/** Verdicts kept per classifier, least recently used dropped first. */
export const MEMO_ENTRIES = 64;
/** Longest observation (characters of its JSON text, near enough) the memo takes: memory stays under ~0.5 MB per classifier. */
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
 * The observation's JSON text when it is plain JSON data of at most {@link MEMO_MAX_CHARS}
 * characters (see the file's header), else `undefined`. Reads no getter and runs no trap.
 */
export function memoKey(observation: unknown): string | undefined {
  if (typeof observation !== 'object' || observation === null) return undefined;
  try {
    if (plainData(observation, { chars: 0 }, 0) === false) return undefined;
    return JSON.stringify(observation);
  } catch {
    return undefined;
  }
}

/** How deep a memoised observation may nest (an observation is a few levels: error, cause, tests). */
const MAX_DEPTH = 8;

/** True when `value` is JSON data as described, within the size budget. */
function plainData(value: unknown, budget: { chars: number }, depth: number): boolean {
  switch (typeof value) {
    case 'string':
      budget.chars += value.length + 2;
      return budget.chars <= MEMO_MAX_CHARS;
    case 'number':
      budget.chars += 8;
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'boolean':
      budget.chars += 5;
      return true;
    case 'object':
      if (value === null) return true;
      return depth < MAX_DEPTH && plainContainer(value, budget, depth);
    default:
      return false; // undefined, a function, a symbol, a bigint: JSON would drop or refuse them
  }
}

function plainContainer(value: object, budget: { chars: number }, depth: number): boolean {
  if (types.isProxy(value)) return false;
  const array = Array.isArray(value);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (array ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) return false;
  const names = Object.getOwnPropertyNames(value);
  // Every own field enumerable (an array's own `length` aside): JSON sees what the classifier reads.
  if (Object.getOwnPropertySymbols(value).length > 0) return false;
  if (array && names.length !== (value as unknown[]).length + 1) return false; // a hole or an extra field
  for (const name of names) {
    if (array && name === 'length') continue;
    const field = Object.getOwnPropertyDescriptor(value, name)!;
    if (!field.enumerable || !('value' in field)) return false;
    budget.chars += name.length + 4;
    if (!plainData(field.value, budget, depth + 1)) return false;
  }
  return budget.chars <= MEMO_MAX_CHARS;
}

