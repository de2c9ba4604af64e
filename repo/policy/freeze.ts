/** Deep freezing, so a resolved policy can be shared (machine context, checkpoints) without copies. */

/**
 * Freeze `value` and everything reachable from it, in place, and return it. Meant for the plain
 * JSON trees the policy layer builds (no cycles, no class instances).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
