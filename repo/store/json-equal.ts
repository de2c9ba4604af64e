/**
 * Structural equality of JSON values, ignoring key order: an event rebuilt by the runtime and
 * the same event parsed back from disk may list their keys in different orders.
 */

/** True when `a` and `b` are the same JSON value (objects compared key by key, arrays in order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  // Keys whose value is undefined vanish in JSON, so they do not count.
  const keys = Object.keys(left).filter((k) => left[k] !== undefined);
  const otherKeys = Object.keys(right).filter((k) => right[k] !== undefined);
  return keys.length === otherKeys.length && keys.every((k) => Object.hasOwn(right, k) && jsonEqual(left[k], right[k]));
}
