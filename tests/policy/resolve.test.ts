import { describe, expect, it } from 'vitest';
import { FAILURE_TYPE_NAMES, typesOfCategory } from '../../src/taxonomy/index.js';
import { computeDelay, DEFAULT_POLICY, resolvePolicy, type PolicyConfig } from '../../src/policy/index.js';

const budgets = (config: PolicyConfig) => {
  const policy = resolvePolicy(config);
  return Object.fromEntries(FAILURE_TYPE_NAMES.map((t) => [t, policy.types[t].budget]));
};

describe('resolvePolicy: merge precedence', () => {
  it('a top-level budget replaces the default 3, not specific budgets nor the 0 of fatal types', () => {
    const b = budgets({ budget: 5 });
    for (const type of ['RATE_LIMIT', 'NETWORK', 'TIMEOUT', 'HEARTBEAT_TIMEOUT', 'BROKEN_BUILD', 'VERIFICATION_FAILED', 'CONTEXT_EXHAUSTED', 'RESOURCE_EXHAUSTION'] as const) {
      expect(b[type], type).toBe(5);
    }
    expect(b.PROGRESS_STALL).toBe(2);
    expect(b.DEPENDENCY_FAILURE).toBe(5);
    expect(b.QUALITY_GATE_FAIL).toBe(2);
    expect(b.UNKNOWN).toBe(1);
    for (const category of ['fatal', 'circular', 'nondeterministic'] as const) {
      for (const type of typesOfCategory(category)) expect(b[type], type).toBe(0);
    }
    expect(resolvePolicy({ budget: 5 }).budget).toBe(5);
  });

  it('a top-level budget of 0 turns every default-3 type into "escalate at once"', () => {
    const b = budgets({ budget: 0 });
    expect(b.RATE_LIMIT).toBe(0);
    expect(b.BROKEN_BUILD).toBe(0);
    expect(b.PROGRESS_STALL).toBe(2);
  });

  it('a category budget beats the top-level budget, but not a type-specific default', () => {
    const b = budgets({ budget: 5, categories: { systematic: { budget: 4 } } });
    expect(b.BROKEN_BUILD).toBe(4);
    expect(b.QUALITY_GATE_FAIL).toBe(2);
    expect(b.UNKNOWN).toBe(1);
    expect(b.RATE_LIMIT).toBe(5);
  });

  it('a type budget beats everything', () => {
    const b = budgets({ budget: 5, categories: { systematic: { budget: 4 } }, types: { UNKNOWN: { budget: 2 }, BROKEN_BUILD: { budget: 1 } } });
    expect(b.UNKNOWN).toBe(2);
    expect(b.BROKEN_BUILD).toBe(1);
    expect(b.CLI_CRASH).toBe(4);
  });

  it('a category delay list applies to its types but not to a type with a built-in mechanism', () => {
    const policy = resolvePolicy({ categories: { transient: { delaysMs: [0, 5000, 15000, 30000] } } });
    expect([1, 2, 3, 4, 5].map((n) => computeDelay(policy, 'NETWORK', n))).toEqual([0, 5000, 15000, 30000, 30000]);
    expect(computeDelay(policy, 'HEARTBEAT_TIMEOUT', 2)).toBe(0);
    expect(computeDelay(policy, 'DEPENDENCY_FAILURE', 2)).toBe(10000);
  });

  it('tuning a category backoff keeps HEARTBEAT_TIMEOUT restarting at once', () => {
    const policy = resolvePolicy({ categories: { transient: { backoff: { jitter: 'full', maxMs: 8000 } } } });
    expect(policy.types.HEARTBEAT_TIMEOUT.delaysMs).toEqual([0]);
    expect(policy.types.RATE_LIMIT.backoff).toEqual({ initialMs: 5000, factor: 2, maxMs: 8000, jitter: 'full' });
    // DEPENDENCY_FAILURE's own cap is more specific than the category's; the jitter applies.
    expect(policy.types.DEPENDENCY_FAILURE.backoff).toEqual({ initialMs: 5000, factor: 2, maxMs: 60000, jitter: 'full' });
  });

  it('a backoff on a type switches it from a list to exponential; fields merge one by one', () => {
    const policy = resolvePolicy({
      categories: { systematic: { backoff: { factor: 3 } } },
      types: { HEARTBEAT_TIMEOUT: { backoff: { initialMs: 1000 } }, BROKEN_BUILD: { backoff: { initialMs: 100, maxMs: 10000 } } },
    });
    expect(policy.types.HEARTBEAT_TIMEOUT.delaysMs).toBeNull();
    expect([1, 2, 3, 4, 5, 6].map((n) => computeDelay(policy, 'HEARTBEAT_TIMEOUT', n))).toEqual([1000, 2000, 4000, 8000, 16000, 20000]);
    expect(policy.types.BROKEN_BUILD.backoff).toEqual({ initialMs: 100, factor: 3, maxMs: 10000, jitter: 'none' });
    expect([1, 2, 3].map((n) => computeDelay(policy, 'BROKEN_BUILD', n))).toEqual([100, 300, 900]);
    // The category's backoff switched every systematic type to exponential from the default 5 s.
    expect(computeDelay(policy, 'CLI_CRASH', 2)).toBe(15000);
  });

  it('a type list beats a category backoff; a list and a backoff in one layer: the list wins', () => {
    const policy = resolvePolicy({
      categories: { transient: { backoff: { initialMs: 1 } } },
      types: { NETWORK: { delaysMs: [7], backoff: { initialMs: 2 } } },
    });
    expect(computeDelay(policy, 'NETWORK', 3)).toBe(7);
    expect(policy.types.NETWORK.backoff.initialMs).toBe(2);
    expect(computeDelay(policy, 'SERVER_ERROR', 1)).toBe(1);
  });

  it('timeoutFactor and contextRefreshFrom follow the same precedence', () => {
    const policy = resolvePolicy({ categories: { transient: { timeoutFactor: 2, contextRefreshFrom: 3 } } });
    expect(policy.types.NETWORK.timeoutFactor).toBe(2);
    expect(policy.types.TIMEOUT.timeoutFactor).toBe(1.5); // built-in type setting is more specific
    expect(policy.types.NETWORK.contextRefreshFrom).toBe(3);
    expect(policy.types.PROGRESS_STALL.contextRefreshFrom).toBe(1);
    const explicit = resolvePolicy({ types: { TIMEOUT: { timeoutFactor: 2 }, PROGRESS_STALL: { contextRefreshFrom: 0 } } });
    expect(explicit.types.TIMEOUT.timeoutFactor).toBe(2);
    expect(explicit.types.PROGRESS_STALL.contextRefreshFrom).toBe(0);
  });

  it('confidence thresholds merge key by key with the defaults', () => {
    expect(resolvePolicy({ confidence: { proceed: 0.9 } }).confidence).toEqual({ proceed: 0.9, caution: 0.7, escalate: 0.5 });
    expect(resolvePolicy({ confidence: { proceed: undefined } }).confidence).toEqual(DEFAULT_POLICY.confidence);
  });

  it('global scalars replace their defaults', () => {
    const policy = resolvePolicy({ maxDelayMs: 1000, onFlaky: 'pass', flakeProbe: false, rollbackAfterFailures: 3, defaultDecision: 'manual', jitterSeed: 42 });
    expect(policy).toMatchObject({ maxDelayMs: 1000, onFlaky: 'pass', flakeProbe: false, rollbackAfterFailures: 3, defaultDecision: 'manual', jitterSeed: 42 });
    expect(policy.diagnoseRounds).toBe(2);
  });

  it('seed 004 as a config: delays 0, 5, 15, 30 s, fresh context from the 3rd, rollback after 3', () => {
    const policy = resolvePolicy({
      categories: { transient: { budget: 4, delaysMs: [0, 5000, 15000, 30000], contextRefreshFrom: 3 } },
      rollbackAfterFailures: 3,
    });
    expect([1, 2, 3, 4].map((n) => computeDelay(policy, 'SERVER_ERROR', n))).toEqual([0, 5000, 15000, 30000]);
    expect(policy.types.SERVER_ERROR.budget).toBe(4);
    expect(policy.types.SERVER_ERROR.contextRefreshFrom).toBe(3);
  });
});

describe('resolvePolicy: delaysMs null and idempotence', () => {
  it('delaysMs: null switches a listed type to its backoff', () => {
    const policy = resolvePolicy({ types: { HEARTBEAT_TIMEOUT: { delaysMs: null } } });
    expect(policy.types.HEARTBEAT_TIMEOUT.delaysMs).toBeNull();
    expect(computeDelay(policy, 'HEARTBEAT_TIMEOUT', 2)).toBe(10_000);
  });

  it('a resolved policy is a valid config that resolves to itself', () => {
    const configs: PolicyConfig[] = [
      {},
      { budget: 5, categories: { transient: { backoff: { jitter: 'equal' } } }, types: { NETWORK: { delaysMs: [1, 2] } } },
      { confidence: { proceed: 0.95 }, onFlaky: 'pass', maxDelayMs: 1000, categories: { systematic: { budget: 1 } } },
    ];
    for (const config of configs) {
      const once = resolvePolicy(config);
      expect(resolvePolicy(once)).toEqual(once);
      expect(resolvePolicy(JSON.parse(JSON.stringify(once)))).toEqual(once);
    }
  });
});

describe('resolvePolicy: the result', () => {
  it('is deep-frozen and shares nothing with the config', () => {
    const list = [1, 2, 3];
    const config = { types: { NETWORK: { delaysMs: list } } };
    const policy = resolvePolicy(config);
    list.push(4);
    expect(policy.types.NETWORK.delaysMs).toEqual([1, 2, 3]);
    expect(Object.isFrozen(policy.types.NETWORK.delaysMs)).toBe(true);
    expect(Object.isFrozen(policy.confidence)).toBe(true);
    expect(Object.isFrozen(config)).toBe(false);
  });

  it('is plain JSON and survives a round trip', () => {
    const policy = resolvePolicy({ budget: 4, categories: { transient: { backoff: { jitter: 'equal' } } } });
    expect(JSON.parse(JSON.stringify(policy))).toEqual(policy);
  });

  it('reads a config parsed from JSON text, including an empty YAML document (null)', () => {
    expect(resolvePolicy(JSON.parse('{"budget": 2}')).types.NETWORK.budget).toBe(2);
    expect(resolvePolicy(null)).toEqual(DEFAULT_POLICY);
  });

  it('never mutates DEFAULT_POLICY', () => {
    const before = JSON.stringify(DEFAULT_POLICY);
    resolvePolicy({ budget: 9, categories: { transient: { backoff: { initialMs: 1 } } }, types: { HEARTBEAT_TIMEOUT: { delaysMs: [5] } } });
    expect(JSON.stringify(DEFAULT_POLICY)).toBe(before);
  });
});
