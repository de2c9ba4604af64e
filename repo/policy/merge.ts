/**
 * Merging a (validated) user config with the built-in layers into a ResolvedPolicy.
 *
 * Precedence, least to most specific, per field:
 *
 *     built-in global < user global < built-in category < user category < built-in type < user type
 *
 * i.e. the more specific setting wins, and at equal specificity the user's wins. This is what
 * makes a top-level `budget: 5` change the "3" of RATE_LIMIT or BROKEN_BUILD but not the 2 of
 * PROGRESS_STALL, the 5 of DEPENDENCY_FAILURE, or the 0 of fatal types; and what keeps
 * HEARTBEAT_TIMEOUT's immediate restart when a user tunes `categories.transient.backoff`.
 *
 * Delays: the most specific layer that sets `delaysMs` or `backoff` chooses the mechanism
 * (a list when that layer sets `delaysMs`, exponential otherwise). Backoff fields merge one by one,
 * so `types.X.backoff: { jitter: 'full' }` keeps the factor and cap from the layers below.
 */
import { resolveApproval } from './approval.js';
import { FAILURE_TYPE_NAMES, failureTypeInfo, type FailureType } from '../taxonomy/index.js';
import {
  BASE_TYPE_POLICY, CATEGORY_DEFAULTS, DEFAULT_BACKOFF, DEFAULT_BUDGET, DEFAULT_CONFIDENCE,
  DEFAULT_GLOBALS, TYPE_DEFAULTS,
} from './layers.js';
import type { BackoffConfig, PolicyConfig, ResolvedPolicy, ResolvedTypePolicy, TypePolicyConfig } from './types.js';

/** The value of `key` in the most specific layer that defines it, else `fallback`. */
function pick<K extends keyof TypePolicyConfig>(
  layers: readonly (Readonly<TypePolicyConfig> | undefined)[],
  key: K,
  fallback: NonNullable<TypePolicyConfig[K]>,
): NonNullable<TypePolicyConfig[K]> {
  for (let i = layers.length - 1; i >= 0; i--) {
    const value = layers[i]?.[key];
    if (value !== undefined) return value as NonNullable<TypePolicyConfig[K]>;
  }
  return fallback;
}

/** Backoff fields merged one by one across layers. */
function pickBackoff(layers: readonly (Readonly<TypePolicyConfig> | undefined)[]): Required<BackoffConfig> {
  const out: Required<BackoffConfig> = { ...DEFAULT_BACKOFF };
  for (const layer of layers) {
    const b = layer?.backoff;
    if (!b) continue;
    if (b.initialMs !== undefined) out.initialMs = b.initialMs;
    if (b.factor !== undefined) out.factor = b.factor;
    if (b.maxMs !== undefined) out.maxMs = b.maxMs;
    if (b.jitter !== undefined) out.jitter = b.jitter;
  }
  return out;
}

/** A list from the most specific layer that chooses a delay mechanism, or null for exponential. */
function pickDelays(layers: readonly (Readonly<TypePolicyConfig> | undefined)[]): number[] | null {
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i];
    if (layer?.delaysMs !== undefined) return layer.delaysMs === null ? null : [...layer.delaysMs];
    if (layer?.backoff !== undefined) return null;
  }
  return null;
}

/** One type's policy from the layers, least specific first. */
function resolveType(type: FailureType, config: PolicyConfig): ResolvedTypePolicy {
  const category = failureTypeInfo(type).category;
  const layers = [CATEGORY_DEFAULTS[category], config.categories?.[category], TYPE_DEFAULTS[type], config.types?.[type]];
  return {
    budget: pick(layers, 'budget', config.budget ?? DEFAULT_BUDGET),
    delaysMs: pickDelays(layers),
    backoff: pickBackoff(layers),
    timeoutFactor: pick(layers, 'timeoutFactor', BASE_TYPE_POLICY.timeoutFactor),
    contextRefreshFrom: pick(layers, 'contextRefreshFrom', BASE_TYPE_POLICY.contextRefreshFrom),
  };
}

/**
 * Merge a config that already passed `validatePolicyConfig` with the built-in defaults.
 * Returns fresh, unfrozen objects that share nothing with the input or the defaults.
 * @internal resolvePolicy is the public entry point (it validates and freezes).
 */
export function mergePolicy(config: PolicyConfig = {}): ResolvedPolicy {
  const types = {} as Record<FailureType, ResolvedTypePolicy>;
  for (const type of FAILURE_TYPE_NAMES) types[type] = resolveType(type, config);
  const g = DEFAULT_GLOBALS;
  return {
    budget: config.budget ?? DEFAULT_BUDGET,
    types,
    confidence: { ...DEFAULT_CONFIDENCE, ...definedOnly(config.confidence) },
    flakeProbe: config.flakeProbe ?? g.flakeProbe,
    onFlaky: config.onFlaky ?? g.onFlaky,
    maxDelayMs: config.maxDelayMs ?? g.maxDelayMs,
    totalBudgetMs: config.totalBudgetMs ?? g.totalBudgetMs,
    jitterSeed: config.jitterSeed ?? g.jitterSeed,
    rollbackAfterFailures: config.rollbackAfterFailures ?? g.rollbackAfterFailures,
    diagnoseRounds: config.diagnoseRounds ?? g.diagnoseRounds,
    heartbeatTimeoutMs: config.heartbeatTimeoutMs ?? g.heartbeatTimeoutMs,
    stallTimeoutMs: config.stallTimeoutMs ?? g.stallTimeoutMs,
    decisionTimeoutMs: config.decisionTimeoutMs ?? g.decisionTimeoutMs,
    defaultDecision: config.defaultDecision ?? g.defaultDecision,
    criticalGate: config.criticalGate ?? g.criticalGate,
    approval: resolveApproval(config.approval),
  };
}

/** Drop keys whose value is undefined, so `{ proceed: undefined }` does not erase a default. */
function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  const out: Partial<T> = {};
  if (!value) return out;
  for (const [k, v] of Object.entries(value)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
