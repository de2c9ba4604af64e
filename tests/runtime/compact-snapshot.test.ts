/** The stored form of a run's policy: its hash is the sha256 of the resolved policy's JSON, however it is computed. */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolvePolicy } from '../../src/policy/index.js';
import type { PolicyConfig, ResolvedPolicy } from '../../src/policy/types.js';
import { compactContext, expandContext, policyHash } from '../../src/runtime/compact-snapshot.js';
import { recoveryInput } from '../../src/runtime/recovery.js';
import type { RecoveryContext } from '../../machines/recovery/types.js';

const plainHash = (policy: ResolvedPolicy) => createHash('sha256').update(JSON.stringify(policy)).digest('hex').slice(0, 16);

const CONFIGS: (PolicyConfig | undefined)[] = [
  undefined,
  { flakeProbe: false, categories: { transient: { delaysMs: [0] } } },
  { budget: 7, maxDelayMs: 1_000 },
];

describe('policyHash', () => {
  it('property: runs sharing a config (each with its own seed) hash to the sha256 of their own policy JSON', () => {
    fc.assert(fc.property(fc.constantFrom(...CONFIGS), fc.array(fc.oneof(fc.integer(), fc.constant(undefined)), { minLength: 1, maxLength: 6 }), (config, seeds) => {
      for (const seed of seeds) {
        // As a run gets it: the shared resolution of `config` with this run's seed.
        const { policy } = recoveryInput({ policy: seed === undefined ? config : { ...config, jitterSeed: seed } });
        expect(policyHash(policy)).toBe(plainHash(policy));
      }
    }));
  });

  it('hashes a policy resolved on its own, and one whose shared part was swapped, by their own JSON', () => {
    const a = recoveryInput({ policy: CONFIGS[1] }).policy;
    recoveryInput({ policy: CONFIGS[1] }); // the shared part seen twice: its template exists
    const fresh = resolvePolicy({ ...CONFIGS[1], jitterSeed: 42 });
    expect(policyHash(fresh)).toBe(plainHash(fresh));
    // Same `types` object, another value elsewhere: never the template's hash.
    const changed = Object.freeze({ ...a, maxDelayMs: a.maxDelayMs + 1 });
    expect(policyHash(changed)).toBe(plainHash(changed));
    expect(policyHash(changed)).not.toBe(policyHash(a));
  });

  it('a stored context expands back to the same policy, with no change reported', () => {
    const input = recoveryInput({ policy: CONFIGS[2] });
    const context = { runId: input.runId, policy: input.policy, history: [] } as unknown as RecoveryContext;
    const stored = JSON.parse(JSON.stringify(compactContext(context, CONFIGS[2]))) as Record<string, unknown>;
    const expanded = expandContext(stored, []);
    expect(expanded.policyChanged).toBe(false);
    expect(expanded.context.policy).toEqual(input.policy);
  });

  it('runs of one config store one form of their shared policy: the config as given, no seed put in', () => {
    const config = { budget: 4, jitterSeed: null } as unknown as PolicyConfig;
    const [a, b] = ['run-a', 'run-b'].map((runId) => recoveryInput({ runId, policy: config }));
    expect(b!.policy).toBe(a!.policy);
    const stored = [a!, b!].map((input) => compactContext({ runId: input.runId, policy: input.policy, history: [] } as unknown as RecoveryContext, config).policy);
    expect(stored[1]).toBe(stored[0]);
    // A null seed (each run gets its own) is left out: it would not validate when resolved again.
    expect(stored[0]).toEqual({ $config: { budget: 4 }, $hash: plainHash(a!.policy) });
    const expanded = expandContext(JSON.parse(JSON.stringify({ policy: stored[0] })) as object, []);
    expect(expanded.policyChanged).toBe(false);
    expect(expanded.context.policy).toBe(a!.policy);
  });
});
