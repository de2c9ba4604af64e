/**
 * What a checkpoint stores of the recovery machine's snapshot, and how a resume rebuilds it.
 *
 * The store keeps the history once, in the run's event log, so the snapshot's `context.history`
 * is stored empty and filled back from the log on load. The resolved policy (~5–9 KB, most of a
 * checkpoint) never changes during a run, so it is stored as the config that resolves to it
 * plus the resolved policy's hash, and resolved again on load.
 */
import { createHash, type Hash } from 'node:crypto';
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

/** The hash that identifies a resolved policy: sha256 of its JSON, 16 hex digits. */
export function policyHash(policy: ResolvedPolicy): string {
  const fast = seededHash(policy);
  if (fast !== null) return fast;
  return createHash('sha256').update(JSON.stringify(policy)).digest('hex').slice(0, 16);
}

/**
 * What every run's policy shares with the others resolved from the same config: the runtime
 * resolves a config once and gives each run a shallow copy with its own `jitterSeed` (see
 * `runPolicy` in recovery.ts), so the JSON differs only in the seed. Keyed by the shared `types`
 * object; holds the shared values in key order, and the hash fed with the JSON up to the seed.
 */
interface SeedTemplate { keys: string[]; values: unknown[]; before: Hash; after: string }
const templates = new WeakMap<object, SeedTemplate | 'seen' | null>();

/**
 * `policyHash` without stringifying and hashing the whole policy (~5 KB) for every run: the
 * same value, computed from the template of the policy's shared part when every other value is
 * the template's own (same object), else null (the caller hashes the whole JSON).
 */
function seededHash(policy: ResolvedPolicy): string | null {
  const shared = (policy as { types?: unknown }).types;
  if (typeof shared !== 'object' || shared === null) return null;
  let template = templates.get(shared);
  // Built the second time a shared part is seen: a policy resolved afresh for every run (a
  // config the runtime does not cache) would pay for a template it never uses again.
  if (template === undefined) {
    templates.set(shared, 'seen');
    return null;
  }
  if (template === 'seen') {
    template = seedTemplate(policy);
    templates.set(shared, template);
  }
  if (template === null) return null;
  const keys = Object.keys(policy);
  if (keys.length !== template.keys.length) return null;
  const values = Object.values(policy);
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== template.keys[i] || (keys[i] !== 'jitterSeed' && values[i] !== template.values[i])) return null;
  }
  return template.before.copy().update(`${JSON.stringify(policy.jitterSeed)}${template.after}`).digest('hex').slice(0, 16);
}

/** The template of `policy`, or null when its JSON cannot be split around the seed. */
function seedTemplate(policy: ResolvedPolicy): SeedTemplate | null {
  const entries = Object.entries(policy);
  const at = entries.findIndex(([key]) => key === 'jitterSeed');
  if (at === -1) return null;
  const inner = (part: [string, unknown][]) => JSON.stringify(Object.fromEntries(part)).slice(1, -1);
  const head = inner(entries.slice(0, at));
  const tail = inner(entries.slice(at + 1));
  const before = `{${head}${head === '' ? '' : ','}"jitterSeed":`;
  const after = `${tail === '' ? '' : ','}${tail}}`;
  // Checked once against the plain JSON: any difference (a value JSON leaves out, say) and this
  // policy's runs hash the whole JSON instead.
  if (`${before}${JSON.stringify(policy.jitterSeed)}${after}` !== JSON.stringify(policy)) return null;
  return { keys: entries.map(([key]) => key), values: entries.map(([, value]) => value), before: createHash('sha256').update(before), after };
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
export function expandContext(stored: object, history: HistoryEvent[]): ExpandedContext {
  const policy = 'policy' in stored ? stored.policy : undefined;
  if (!isStoredPolicy(policy)) {
    return { context: storedContext({ ...stored, history }), config: policy as PolicyConfig, policyChanged: false };
  }
  const resolved = resolvePolicy(policy.$config);
  const context = storedContext({ ...stored, history, policy: resolved });
  storedForms.set(resolved, policy);
  return { context, config: policy.$config, policyChanged: policyHash(resolved) !== policy.$hash };
}

/**
 * The one place a stored context is taken for this machine's own: the envelope check before a
 * restore vouches for the machine, version and state that wrote it; its fields are read as written.
 */
function storedContext(fields: object): RecoveryContext {
  return fields as RecoveryContext;
}
