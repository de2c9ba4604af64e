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

/** The stored form of a run's policy: the config it was resolved from and the resolved policy's hash. */
export interface StoredPolicy {
  $config: PolicyConfig;
  /** sha256 of the resolved policy's JSON, 16 hex digits. */
  $hash: string;
}

/** Per resolved policy object (one per run, shared by all its snapshots): its stored form. */
const storedForms = new WeakMap<ResolvedPolicy, StoredPolicy>();

/** The hash that identifies a resolved policy. */
export function policyHash(policy: ResolvedPolicy): string {
  return createHash('sha256').update(JSON.stringify(policy)).digest('hex').slice(0, 16);
}

/**
 * The context as a checkpoint stores it: no history, and the policy as `config` (the run's
 * policy config, without or with a jitter seed: the run's own seed is put in).
 */
export function compactContext(context: RecoveryContext, config: PolicyConfig | undefined): Record<string, unknown> {
  let stored = storedForms.get(context.policy);
  if (stored === undefined) {
    stored = { $config: { ...(config ?? {}), jitterSeed: context.policy.jitterSeed } as PolicyConfig, $hash: policyHash(context.policy) };
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
export function expandContext(stored: Record<string, unknown>, history: HistoryEvent[]): ExpandedContext {
  const policy = stored.policy;
  if (!isStoredPolicy(policy)) {
    return { context: { ...stored, history } as unknown as RecoveryContext, config: policy as PolicyConfig, policyChanged: false };
  }
  const resolved = resolvePolicy(policy.$config);
  const context = { ...stored, history, policy: resolved } as unknown as RecoveryContext;
  storedForms.set(resolved, policy);
  return { context, config: policy.$config, policyChanged: policyHash(resolved) !== policy.$hash };
}
