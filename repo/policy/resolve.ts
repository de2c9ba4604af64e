/** The public entry point of the policy layer: validate, merge with the defaults, freeze. */
import { PolicyError } from './errors.js';
import { deepFreeze } from './freeze.js';
import { mergePolicy } from './merge.js';
import type { PolicyConfig, ResolvedPolicy } from './types.js';
import { validatePolicyConfig, type ValidateOptions } from './validate.js';

/**
 * Validate an untrusted policy config and merge it with the defaults of DESIGN.md.
 *
 * Precedence, per field, least to most specific: built-in global < your `budget` < built-in
 * category < your `categories.<cat>` < built-in type < your `types.<TYPE>`. So a top-level
 * `budget` replaces the default 3 (RATE_LIMIT, NETWORK, HEARTBEAT_TIMEOUT, systematic types,
 * resource types…) but not the specific budgets of PROGRESS_STALL (2), DEPENDENCY_FAILURE (5),
 * QUALITY_GATE_FAIL (2), EMPTY_OUTPUT (2), UNKNOWN (1), nor the 0 of fatal, circular and nondeterministic types.
 * The most specific layer that sets `delaysMs` or `backoff` picks the delay mechanism; backoff
 * fields merge one by one.
 *
 * `undefined` or `null` (an empty YAML file) give the defaults.
 *
 * Typed so a misspelt field or a wrong value fails to compile; the runtime validation stays for
 * what the compiler never saw (a YAML or JSON file, JavaScript callers): pass that as `unknown`
 * through {@link validatePolicyConfig} first, or cast it, and a bad value is still a PolicyError.
 *
 * @returns a fresh, deep-frozen, JSON-only policy, sharing nothing with `config` or `DEFAULT_POLICY`.
 * @throws PolicyError listing every problem with its path when the config is invalid.
 */
export function resolvePolicy(config?: PolicyConfig | null, options?: ValidateOptions): ResolvedPolicy {
  const issues = validatePolicyConfig(config, options);
  if (issues.length > 0) throw new PolicyError(issues);
  // Validation proved the shape, so the cast is sound; null/undefined mean "no config".
  return deepFreeze(mergePolicy(config ?? {}));
}
