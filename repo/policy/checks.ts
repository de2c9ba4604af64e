/**
 * Small field checks for policy validation. Each check appends a PolicyIssue naming the exact
 * path and what was expected, and never throws: the input is untrusted JSON/YAML.
 */
import type { PolicyIssue } from './errors.js';
import { hint, joinKey } from './paths.js';
import { MAX_TIMER_MS } from './layers.js';

/** Checks one value found at `path`, appending issues to `out`. */
export type Check = (value: unknown, path: string, out: PolicyIssue[]) => void;

/** Record a problem; the message starts with the path so it reads on its own. */
export function report(out: PolicyIssue[], path: string, problem: string): void {
  out.push({ path, message: path === '' ? `policy config ${problem}` : `${path} ${problem}` });
}

/** A check from a predicate and the expectation it states (`must be a boolean`). */
function rule(test: (value: unknown) => boolean, expectation: string): Check {
  return (value, path, out) => {
    if (!test(value)) report(out, path, expectation);
  };
}

/** True for finite numbers only: NaN and ±Infinity cannot come from JSON but can from options. */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Counts: budgets, rounds, iterations. */
export const integerAtLeast0 = rule((v) => Number.isSafeInteger(v) && (v as number) >= 0, 'must be an integer ≥ 0');
/** Any integer (seeds). */
export const integer = rule((v) => Number.isSafeInteger(v), 'must be an integer');
/** Durations that are not timers themselves (delays are capped by `maxDelayMs` anyway). */
export const numberAtLeast0 = rule((v) => isFiniteNumber(v) && v >= 0, 'must be a number ≥ 0');
/** Growth factors: below 1 would shrink delays or timeouts, which no retry wants. */
export const numberAtLeast1 = rule((v) => isFiniteNumber(v) && v >= 1, 'must be a number ≥ 1');
/**
 * Durations used as timers. Node fires a timer longer than 2^31 − 1 ms at once (with a warning),
 * so a larger value would silently mean "no wait"; we refuse it instead.
 */
export const timerMs = rule(
  (v) => isFiniteNumber(v) && v >= 0 && v <= MAX_TIMER_MS,
  `must be a number from 0 to ${MAX_TIMER_MS}`,
);
/** Probabilities and confidences. */
export const unitInterval = rule((v) => isFiniteNumber(v) && v >= 0 && v <= 1, 'must be a number between 0 and 1');
/** Switches. */
export const boolean = rule((v) => typeof v === 'boolean', 'must be a boolean');

/** One of a fixed list of strings. */
export function oneOf(choices: readonly string[]): Check {
  return rule(
    (v) => typeof v === 'string' && choices.includes(v),
    `must be one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`,
  );
}

/** A plain object (not an array, Date, Map or class instance): what JSON and YAML give for `{}`. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Check an object against known keys: unknown keys are reported with a hint, known ones are
 * checked when present. `undefined` counts as absent (options objects built in code often carry
 * `{ budget: undefined }`); `null` does not (an empty YAML value is a mistake worth reporting).
 * Returns the object when it was one, so callers can run cross-field checks.
 */
export function checkObject(
  value: unknown,
  path: string,
  checks: Readonly<Record<string, Check>>,
  out: PolicyIssue[],
): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) {
    report(out, path, 'must be an object');
    return undefined;
  }
  const known = Object.keys(checks);
  for (const key of Object.keys(value)) {
    const keyPath = joinKey(path, key);
    // hasOwn, not `in`: a key named "toString" or "__proto__" must not reach Object.prototype.
    const check = Object.prototype.hasOwnProperty.call(checks, key) ? checks[key] : undefined;
    if (check === undefined) {
      report(out, keyPath, `is not a known key${hint(key, known)}`);
      continue;
    }
    const field = value[key];
    if (field !== undefined) check(field, keyPath, out);
  }
  return value;
}
