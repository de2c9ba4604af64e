/**
 * The resolved policy of one run: validated and merged once per policy config, one frozen object
 * shared by every run of an equal config. A run's jitter seed is not in it: the machine keeps
 * that in the run's fixed part (`fixed.jitterSeed`, from `recoveryInput`).
 */
import { resolvePolicy } from '../policy/index.js';
import { isPlainObject } from '../policy/checks.js';
import type { PolicyConfig, ResolvedPolicy } from '../policy/types.js';

/**
 * Resolved policies by the content of their config (a seed of undefined or null left out: the
 * run fills its own in), so the runs of one policy validate and merge it once and share the
 * result. Only plain JSON configs are cached (see {@link jsonKey}): two with the same key are
 * deeply equal, so they validate and merge alike.
 */
const resolvedPolicies = new Map<string, ResolvedPolicy>();
const MAX_CACHED_POLICIES = 64;

/**
 * The config object resolved last, what it held then (its {@link jsonKey}) and the result. Runs
 * passing the same object again (the usual case: one policy for every run) are served by
 * comparing the object with a copy of what it held — no key to build, nothing allocated — and
 * the object may have been changed in between: then it is resolved again. The copy is made the
 * second time the object is seen, so a caller building a new config per run pays for no copy.
 */
let last: { config: object; key: string; snapshot: unknown; resolved: ResolvedPolicy } | undefined;

/**
 * `resolvePolicy(config)` (a `jitterSeed` of undefined or null left out), the same value
 * (deep-frozen, JSON), and the same object for every run with an equal plain JSON config.
 * @throws PolicyError as `resolvePolicy` does, naming the field's path.
 */
export function runPolicy(config: PolicyConfig | undefined): ResolvedPolicy {
  const isPlain = config === undefined || config === null || isPlainObject(config);
  // A missing seed is filled in per run; null is replaced too (`??`), so it must not be validated.
  const seedless = config?.jitterSeed === undefined || config?.jitterSeed === null;
  const base = seedlessConfig(config);
  // Resolved from a copy, as before: a class instance or getters are read once, as own fields.
  if (!isPlain) return resolvePolicy({ ...base });
  const seen = config !== undefined && config !== null && last?.config === config ? last : undefined;
  if (seen?.snapshot !== undefined && sameJson(config, seen.snapshot, 0, seedless)) return seen.resolved;
  const key = base === undefined ? '' : jsonKey(base);
  if (key === undefined) return resolvePolicy({ ...base });
  let resolved = resolvedPolicies.get(key);
  if (!resolved) {
    resolved = resolvePolicy(base);
    if (resolvedPolicies.size >= MAX_CACHED_POLICIES) resolvedPolicies.clear();
    resolvedPolicies.set(key, resolved);
  }
  if (config !== undefined && config !== null && key !== '') {
    // The key is the JSON text of `base`, so parsing it gives an exact copy no caller can change.
    if (seen !== undefined && seen.key === key) seen.snapshot ??= JSON.parse(key) as unknown;
    else last = { config, key, snapshot: undefined, resolved };
  }
  return resolved;
}

/**
 * `config` without a `jitterSeed` of undefined or null (a run fills its own in; null would not
 * validate), as stored and resolved. The same object when it has no such key.
 */
export function seedlessConfig(config: PolicyConfig | undefined): PolicyConfig | undefined {
  const seedless = config?.jitterSeed === undefined || config?.jitterSeed === null;
  return seedless ? withoutSeed(config) : config;
}

function withoutSeed(config: PolicyConfig | null | undefined): PolicyConfig | undefined {
  if (config === undefined || config === null) return undefined;
  if (!Object.prototype.hasOwnProperty.call(config, 'jitterSeed')) return config;
  const { jitterSeed: _seed, ...rest } = config;
  return rest;
}

const hasOwn = (value: object, key: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(value, key);

/**
 * True when `value` reads as `snapshot`, a plain JSON value that passed {@link jsonKey}: the same
 * own enumerable keys (what policy validation and merging read), plain objects and arrays where
 * it has them, and equal leaves (`Object.is`: -0 is not 0). With `skipSeed`, a root `jitterSeed`
 * of `value` (undefined or null: filled in per run) is not compared. Allocates nothing.
 * @internal exported for tests.
 */
export function sameJson(value: unknown, snapshot: unknown, depth = 0, skipSeed = false): boolean {
  if (typeof snapshot !== 'object' || snapshot === null) return Object.is(value, snapshot);
  if (typeof value !== 'object' || value === null || depth > 8) return false;
  if (Array.isArray(snapshot)) {
    if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype || value.length !== snapshot.length) return false;
    for (let i = 0; i < snapshot.length; i++) {
      if (!hasOwn(value, i) || !sameJson(value[i], snapshot[i], depth + 1)) return false;
    }
    return true;
  }
  if (!isPlainObject(value)) return false;
  const expected = snapshot as Record<string, unknown>;
  let keys = 0;
  for (const key in expected) {
    if (!hasOwn(value, key) || !sameJson(value[key], expected[key], depth + 1)) return false;
    keys++;
  }
  for (const key in value) {
    if (!hasOwn(value, key) || (skipSeed && key === 'jitterSeed')) continue;
    if (--keys < 0) return false;
  }
  return keys === 0;
}

/**
 * A key naming a plain JSON value exactly (strings, finite numbers but -0, booleans, null,
 * arrays and plain objects of them, no getters), or undefined for anything else: such values are
 * not cached. Bounded in depth and size; a policy config is small. Its text is JSON.
 * @internal exported for tests.
 */
export function jsonKey(value: unknown, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  switch (typeof value) {
    case 'string': return JSON.stringify(value);
    case 'boolean': return value ? 'true' : 'false';
    case 'number': return Number.isFinite(value) && !Object.is(value, -0) ? String(value) : undefined;
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype || value.length > 1_000) return undefined;
        const parts: string[] = [];
        for (let i = 0; i < value.length; i++) {
          if (!Object.prototype.hasOwnProperty.call(value, i)) return undefined;
          const part = jsonKey(value[i], depth + 1);
          if (part === undefined) return undefined;
          parts.push(part);
        }
        // Arrays carry no other own keys in a JSON value.
        return Object.keys(value).length === value.length ? `[${parts.join(',')}]` : undefined;
      }
      if (!isPlainObject(value)) return undefined;
      const descriptors = Object.getOwnPropertyDescriptors(value);
      if (Object.getOwnPropertySymbols(value).length > 0) return undefined;
      const parts: string[] = [];
      for (const name of Object.keys(descriptors)) {
        const d = descriptors[name]!;
        if (!d.enumerable || !('value' in d)) return undefined;
        const part = jsonKey(d.value, depth + 1);
        if (part === undefined) return undefined;
        parts.push(`${JSON.stringify(name)}:${part}`);
      }
      return `{${parts.join(',')}}`;
    }
    default: return undefined;
  }
}
