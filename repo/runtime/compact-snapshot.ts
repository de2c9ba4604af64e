/**
 * What a checkpoint stores of the recovery machine's snapshot, and how a resume rebuilds it.
 *
 * The store keeps the history once, in the run's event log, so the snapshot's `context.history`
 * is stored empty and filled back from the log on load. The resolved policy (~5–9 KB, most of a
 * checkpoint) never changes during a run, so it is stored as the config that resolves to it
 * plus the resolved policy's hash, and resolved again on load.
 */
import { createHash } from 'node:crypto';
import type { RecoveryContext } from '../../machines/recovery/types.js';
import { resolvePolicy } from '../policy/index.js';
import type { PolicyConfig, ResolvedPolicy } from '../policy/types.js';
import type { HistoryEvent } from '../taxonomy/history.js';
import { runPolicy, seedlessConfig } from './run-policy.js';

/** The stored form of a run's policy: the config it was resolved from and the resolved policy's hash. */
export interface StoredPolicy {
  $config: PolicyConfig;
  /** sha256 of the resolved policy's JSON, 16 hex digits. */
  $hash: string;
}

/**
 * Per resolved policy object its stored form. A run's policy is the one object every run of an
 * equal config shares (see `runPolicy`), so the hash is computed once per policy, not per run.
 */
const storedForms = new WeakMap<ResolvedPolicy, StoredPolicy>();

/** The hash that identifies a resolved policy: sha256 of its JSON, 16 hex digits. */
export function policyHash(policy: ResolvedPolicy): string {
  return createHash('sha256').update(JSON.stringify(policy)).digest('hex').slice(0, 16);
}

/**
 * The context as a checkpoint stores it: no history, and the policy as the run's config (a
 * `jitterSeed` of undefined or null left out: the run's own seed is `fixed.jitterSeed`) with the
 * resolved policy's hash. Runs sharing a policy object were resolved from equal configs (that is
 * how `runPolicy` shares them), so they share its stored form too.
 */
export function compactContext(context: RecoveryContext, config: PolicyConfig | undefined): Record<string, unknown> {
  let stored = storedForms.get(context.policy);
  if (stored === undefined) {
    stored = { $config: seedlessConfig(config) ?? {}, $hash: policyHash(context.policy) };
    storedForms.set(context.policy, stored);
  }
  return { ...context, history: [], policy: stored };
}

/** Whether a stored context holds its policy in stored form (version-1 runs hold it resolved). */
export function isStoredPolicy(value: unknown): value is StoredPolicy {
  return typeof value === 'object' && value !== null && '$config' in value && '$hash' in value;
}

/** What rebuilding a stored context found. */
export interface ExpandedContext {
  context: RecoveryContext;
  /** The policy config the run was started with, for its next checkpoints. */
  config: PolicyConfig;
  /** True when the config now resolves to another policy (a release changed a default). */
  policyChanged: boolean;
}

/**
 * The full context of a stored one: the history from the log and the policy resolved from its
 * config. A version-1 context (history and resolved policy inside) keeps its policy, which is
 * also its config from then on (resolving a resolved policy gives it back unchanged); its
 * history is the log's (the same events).
 */
export function expandContext(stored: object, history: HistoryEvent[]): ExpandedContext {
  const policy = 'policy' in stored ? stored.policy : undefined;
  if (!isStoredPolicy(policy)) {
    return { context: storedContext({ ...stored, history }), config: policy as PolicyConfig, policyChanged: false };
  }
  // A config holding a seed (every version-6 one: its run's own; a later one only when the user
  // set one) is resolved on its own, as before: one cache entry per run would only churn the
  // cache. A seedless one resolves to the policy every run of that config shares.
  const own = 'jitterSeed' in policy.$config;
  let resolved = own ? resolvePolicy(policy.$config) : runPolicy(policy.$config);
  const policyChanged = (storedForms.get(resolved)?.$hash ?? policyHash(resolved)) !== policy.$hash;
  // A run whose stored hash differs keeps it in its next checkpoints (so every resume says so):
  // it gets a policy object of its own, whose stored form no other run shares.
  if (policyChanged && !own) resolved = resolvePolicy(policy.$config);
  if (policyChanged || own) storedForms.set(resolved, policy);
  const context = storedContext({ ...stored, history, policy: resolved });
  return { context, config: policy.$config, policyChanged };
}

/**
 * The one place a stored context is taken for this machine's own: the envelope check before a
 * restore vouches for the machine, version and state that wrote it; its fields are read as written.
 */
function storedContext(fields: object): RecoveryContext {
  return fields as RecoveryContext;
}
