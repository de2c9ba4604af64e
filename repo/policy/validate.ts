/**
 * Validation of an untrusted policy config (parsed from recovery.config.json/yaml or passed as
 * options). Reports every problem with its exact path; never throws.
 */
import { CATEGORIES, FAILURE_TYPE_NAMES, failureTypeInfo, isFailureType, type Category } from '../taxonomy/index.js';
import {
  boolean, checkObject, integer, integerAtLeast0, isFiniteNumber, isPlainObject, numberAtLeast0,
  numberAtLeast1, oneOf, report, timerMs, unitInterval, type Check,
} from './checks.js';
import type { PolicyIssue } from './errors.js';
import { DEFAULT_CONFIDENCE } from './layers.js';
import { hint, joinIndex, joinKey } from './paths.js';
import { DECISION_CHOICES, JITTERS } from './types.js';

/** Options of `validatePolicyConfig` and `resolvePolicy`. */
export interface ValidateOptions {
  /**
   * Where the policy sits in a larger document, prefixed to every path: with `'policy'`, a bad
   * budget is reported as `policy.budget`. Default `''` (the config is the root).
   */
  path?: string;
}

/** Why some categories refuse a budget: retrying them cannot help (DESIGN.md taxonomy). */
const NO_RETRY: Partial<Record<Category, string>> = {
  fatal: 'fatal failures escalate at once and are never retried',
  circular: 'a circular fix escalates at once',
  nondeterministic: 'a flaky failure is handled by onFlaky, not retried',
};

const backoffChecks: Record<string, Check> = {
  initialMs: numberAtLeast0,
  factor: numberAtLeast1,
  maxMs: numberAtLeast0,
  jitter: oneOf(JITTERS),
};

/** A non-empty list of delays, each reported by index; `null` explicitly selects `backoff`. */
const delayList: Check = (value, path, out) => {
  if (value === null) return;
  if (!Array.isArray(value)) return report(out, path, 'must be an array of numbers ≥ 0 (or null to use backoff)');
  if (value.length === 0) return report(out, path, 'must not be empty (use [0] for no delay)');
  // An index loop, not forEach: holes in sparse arrays must be reported too.
  for (let i = 0; i < value.length; i++) numberAtLeast0(value[i], joinIndex(path, i), out);
};

/** The checks for one `categories.<cat>` or `types.<TYPE>` entry of the given category. */
function typePolicyChecks(category: Category): Check {
  return (value, path, out) => {
    checkObject(value, path, {
      budget: (budget, budgetPath) => {
        integerAtLeast0(budget, budgetPath, out);
        const reason = NO_RETRY[category];
        if (reason !== undefined && isFiniteNumber(budget) && budget > 0) report(out, budgetPath, `must be 0: ${reason}`);
      },
      delaysMs: delayList,
      backoff: (backoff, backoffPath) => {
        const b = checkObject(backoff, backoffPath, backoffChecks, out);
        // Within one object a cap below the start is a typo; across layers the cap simply wins.
        if (b && isFiniteNumber(b.initialMs) && isFiniteNumber(b.maxMs) && b.maxMs >= 0 && b.maxMs < b.initialMs) {
          report(out, joinKey(backoffPath, 'maxMs'), `must be ≥ ${joinKey(backoffPath, 'initialMs')}`);
        }
      },
      timeoutFactor: numberAtLeast1,
      contextRefreshFrom: integerAtLeast0,
    }, out);
  };
}

/** `categories`: keys must be categories. */
const categoriesCheck: Check = (value, path, out) => {
  if (!isPlainObject(value)) return report(out, path, 'must be an object');
  for (const key of Object.keys(value)) {
    const keyPath = joinKey(path, key);
    const category = CATEGORIES.find((c) => c === key);
    if (category === undefined) report(out, keyPath, `is not a category${hint(key, CATEGORIES)}`);
    else if (value[key] !== undefined) typePolicyChecks(category)(value[key], keyPath, out);
  }
};

/** `types`: keys must be failure types; each is checked against its own category's rules. */
const typesCheck: Check = (value, path, out) => {
  if (!isPlainObject(value)) return report(out, path, 'must be an object');
  for (const key of Object.keys(value)) {
    const keyPath = joinKey(path, key);
    if (!isFailureType(key)) report(out, keyPath, `is not a failure type${hint(key, FAILURE_TYPE_NAMES, false)}`);
    else if (value[key] !== undefined) typePolicyChecks(failureTypeInfo(key).category)(value[key], keyPath, out);
  }
};

/** `confidence`: each in [0, 1], and escalate ≤ caution ≤ proceed once merged with the defaults. */
const confidenceCheck: Check = (value, path, out) => {
  const c = checkObject(value, path, { proceed: unitInterval, caution: unitInterval, escalate: unitInterval }, out);
  if (!c) return;
  // Compare only values that are valid on their own (a bad one is already reported), and only
  // pairs the user touched: defaults are in order, so an order issue always involves a user value.
  const valid = (key: 'proceed' | 'caution' | 'escalate'): number | undefined => {
    const v = c[key];
    return isFiniteNumber(v) && v >= 0 && v <= 1 ? v : undefined;
  };
  const user = { proceed: valid('proceed'), caution: valid('caution'), escalate: valid('escalate') };
  const proceed = user.proceed ?? DEFAULT_CONFIDENCE.proceed;
  const caution = user.caution ?? DEFAULT_CONFIDENCE.caution;
  const escalate = user.escalate ?? DEFAULT_CONFIDENCE.escalate;
  const at = (key: string): string => joinKey(path, key);
  if ((user.escalate !== undefined || user.caution !== undefined) && escalate > caution) {
    out.push({ path: at(user.escalate !== undefined ? 'escalate' : 'caution'), message: `${at('escalate')} must be ≤ ${at('caution')}` });
  }
  if ((user.caution !== undefined || user.proceed !== undefined) && caution > proceed) {
    out.push({ path: at(user.caution !== undefined ? 'caution' : 'proceed'), message: `${at('caution')} must be ≤ ${at('proceed')}` });
  }
};

/** Every top-level key and its check. */
const rootChecks: Record<string, Check> = {
  budget: integerAtLeast0,
  categories: categoriesCheck,
  types: typesCheck,
  confidence: confidenceCheck,
  flakeProbe: boolean,
  onFlaky: oneOf(['escalate', 'pass']),
  maxDelayMs: timerMs,
  totalBudgetMs: numberAtLeast0,
  jitterSeed: integer,
  rollbackAfterFailures: integerAtLeast0,
  diagnoseRounds: integerAtLeast0,
  heartbeatTimeoutMs: timerMs,
  stallTimeoutMs: timerMs,
  decisionTimeoutMs: timerMs,
  defaultDecision: oneOf(DECISION_CHOICES),
  criticalGate: boolean,
  approval: (value, path, out) => {
    if (value === null) return;
    checkObject(value, path, {
      maxChangedFiles: integerAtLeast0,
      maxChangedFraction: unitInterval,
      paths: (paths, pathsPath) => {
        if (!Array.isArray(paths)) return report(out, pathsPath, 'must be an array of paths');
        for (let i = 0; i < paths.length; i++) {
          if (typeof paths[i] !== 'string' || paths[i] === '') report(out, joinIndex(pathsPath, i), 'must be a non-empty path');
        }
      },
      breaking: boolean,
      costUsd: numberAtLeast0,
    }, out);
  },
};

/** The top-level policy keys a config may set (recovery.config.schema.json lists the same; a test keeps them equal). */
export const POLICY_KEYS: readonly string[] = Object.keys(rootChecks);

/**
 * Every problem in a policy config, each with its path, e.g.
 * `{ path: 'categories.transient.delaysMs[1]', message: 'categories.transient.delaysMs[1] must be a number ≥ 0' }`.
 * Unknown keys, unknown categories and failure types, wrong types, out-of-range numbers and
 * confidence thresholds out of order are all reported; an empty list means valid.
 * `undefined` and `null` (an empty YAML file) mean "no config" and are valid. Never throws.
 */
export function validatePolicyConfig(config: unknown, options: ValidateOptions = {}): PolicyIssue[] {
  const out: PolicyIssue[] = [];
  if (config === undefined || config === null) return out;
  const root = options.path ?? '';
  try {
    checkObject(config, root, rootChecks, out);
  } catch {
    // Only exotic values reach here (a Proxy or getter that throws); JSON and YAML cannot.
    report(out, root, 'could not be read as plain data');
  }
  return out;
}
