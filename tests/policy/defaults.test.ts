import { describe, expect, it } from 'vitest';
import { FAILURE_TYPE_NAMES, typesOfCategory, type FailureType } from '../../src/taxonomy/index.js';
import { computeDelay, DEFAULT_POLICY, refreshContextAt, resolvePolicy, timeoutFor } from '../../src/policy/index.js';

/** DESIGN.md "Policy defaults", one row per type: budget, delays for iterations 1..n, timeout factor, refresh from. */
const TABLE: Record<FailureType, { budget: number; delays: number[]; timeoutFactor?: number; refreshFrom?: number }> = {
  RATE_LIMIT: { budget: 3, delays: [5000, 10000, 20000, 20000] },
  RATE_LIMIT_TIMED: { budget: 3, delays: [5000, 10000, 20000, 20000] },
  SERVER_OVERLOADED: { budget: 3, delays: [5000, 10000, 20000, 20000] },
  SERVER_ERROR: { budget: 3, delays: [5000, 10000, 20000, 20000] },
  TIMEOUT: { budget: 3, delays: [5000, 10000, 20000, 20000], timeoutFactor: 1.5 },
  NETWORK: { budget: 3, delays: [5000, 10000, 20000, 20000] },
  HEARTBEAT_TIMEOUT: { budget: 3, delays: [0, 0, 0] },
  PROGRESS_STALL: { budget: 2, delays: [0, 0], refreshFrom: 1 },
  RESOURCE_BUSY: { budget: 5, delays: [1000, 2000, 4000, 8000, 10000, 10000] },
  DEPENDENCY_FAILURE: { budget: 5, delays: [5000, 10000, 20000, 40000, 60000, 60000] },
  BROKEN_BUILD: { budget: 3, delays: [0, 0, 0] },
  VERIFICATION_FAILED: { budget: 3, delays: [0, 0, 0] },
  QUALITY_GATE_FAIL: { budget: 2, delays: [0, 0] },
  CLI_CRASH: { budget: 3, delays: [0, 0, 0] },
  JSON_PARSE_ERROR: { budget: 3, delays: [0, 0, 0] },
  EMPTY_OUTPUT: { budget: 2, delays: [0, 0] },
  FORMAT_VALIDATION: { budget: 3, delays: [0, 0, 0] },
  MISSING_SECTIONS: { budget: 3, delays: [0, 0, 0] },
  DIFF_PARSE_ERROR: { budget: 3, delays: [0, 0, 0] },
  CONTEXT_ERROR: { budget: 3, delays: [0, 0, 0] },
  ERROR_RESPONSE: { budget: 3, delays: [0, 0, 0] },
  UNKNOWN: { budget: 1, delays: [0] },
  CONTEXT_EXHAUSTED: { budget: 3, delays: [0, 0, 0] },
  RESOURCE_EXHAUSTION: { budget: 3, delays: [0, 0, 0] },
  AUTH_REQUIRED: { budget: 0, delays: [0] },
  AUTH_EXPIRED: { budget: 0, delays: [0] },
  CLI_NOT_FOUND: { budget: 0, delays: [0] },
  QUOTA_EXCEEDED: { budget: 0, delays: [0] },
  CERTIFICATE_ERROR: { budget: 0, delays: [0] },
  USER_ABORT: { budget: 0, delays: [0] },
  SECURITY_VIOLATION: { budget: 0, delays: [0] },
  CIRCULAR_FIX: { budget: 0, delays: [0] },
  REPEATED_FIX: { budget: 0, delays: [0] },
  NON_DETERMINISTIC: { budget: 0, delays: [0] },
};

describe('DEFAULT_POLICY', () => {
  it('covers every failure type of the taxonomy, and only those', () => {
    expect(Object.keys(DEFAULT_POLICY.types).sort()).toEqual([...FAILURE_TYPE_NAMES].sort());
    expect(Object.keys(TABLE).sort()).toEqual([...FAILURE_TYPE_NAMES].sort());
  });

  describe.each(FAILURE_TYPE_NAMES)('%s', (type) => {
    const row = TABLE[type];
    it(`has budget ${row.budget}`, () => {
      expect(DEFAULT_POLICY.types[type].budget).toBe(row.budget);
    });
    it(`waits ${row.delays.join(', ')} ms`, () => {
      const delays = row.delays.map((_, i) => computeDelay(DEFAULT_POLICY, type, i + 1));
      expect(delays).toEqual(row.delays);
    });
    it(`has timeout factor ${row.timeoutFactor ?? 1}`, () => {
      expect(DEFAULT_POLICY.types[type].timeoutFactor).toBe(row.timeoutFactor ?? 1);
    });
    it(`refreshes the context from iteration ${row.refreshFrom ?? 'never'}`, () => {
      expect(DEFAULT_POLICY.types[type].contextRefreshFrom).toBe(row.refreshFrom ?? 0);
      expect(refreshContextAt(DEFAULT_POLICY, type, 1)).toBe(row.refreshFrom === 1);
    });
  });

  it('uses exponential backoff ×2 from 5 s capped at 20 s for the plain transient types', () => {
    for (const type of ['RATE_LIMIT', 'RATE_LIMIT_TIMED', 'SERVER_OVERLOADED', 'SERVER_ERROR', 'TIMEOUT', 'NETWORK'] as const) {
      expect(DEFAULT_POLICY.types[type].delaysMs).toBeNull();
      expect(DEFAULT_POLICY.types[type].backoff).toEqual({ initialMs: 5000, factor: 2, maxMs: 20000, jitter: 'none' });
    }
    expect(DEFAULT_POLICY.types.DEPENDENCY_FAILURE.backoff).toEqual({ initialMs: 5000, factor: 2, maxMs: 60000, jitter: 'none' });
  });

  it('gives fatal, circular and nondeterministic types a budget of 0', () => {
    for (const category of ['fatal', 'circular', 'nondeterministic'] as const) {
      for (const type of typesOfCategory(category)) expect(DEFAULT_POLICY.types[type].budget).toBe(0);
    }
  });

  it('has the global defaults of DESIGN.md', () => {
    const { types: _types, ...globals } = DEFAULT_POLICY;
    expect(globals).toEqual({
      budget: 3,
      confidence: { proceed: 0.85, caution: 0.7, escalate: 0.5 },
      flakeProbe: true,
      onFlaky: 'escalate',
      maxDelayMs: 300000,
      totalBudgetMs: 0,
      jitterSeed: 0,
      rollbackAfterFailures: 0,
      diagnoseRounds: 2,
      heartbeatTimeoutMs: 30000,
      stallTimeoutMs: 300000,
      decisionTimeoutMs: 0,
      defaultDecision: 'abort',
    });
  });

  it('turns a 1200 s timeout into 1800 s after a TIMEOUT (seed 002) and leaves others alone', () => {
    expect(timeoutFor(DEFAULT_POLICY, 'TIMEOUT', 1_200_000)).toBe(1_800_000);
    expect(timeoutFor(DEFAULT_POLICY, 'NETWORK', 1_200_000)).toBe(1_200_000);
  });

  it('is deep-frozen', () => {
    expect(Object.isFrozen(DEFAULT_POLICY)).toBe(true);
    expect(Object.isFrozen(DEFAULT_POLICY.types)).toBe(true);
    expect(Object.isFrozen(DEFAULT_POLICY.types.RATE_LIMIT.backoff)).toBe(true);
    expect(Object.isFrozen(DEFAULT_POLICY.types.HEARTBEAT_TIMEOUT.delaysMs)).toBe(true);
    expect(() => {
      (DEFAULT_POLICY.types.RATE_LIMIT as { budget: number }).budget = 99;
    }).toThrow(TypeError);
  });

  it('survives a JSON round trip unchanged (it lives in machine context and checkpoints)', () => {
    expect(JSON.parse(JSON.stringify(DEFAULT_POLICY))).toEqual(DEFAULT_POLICY);
  });

  it('equals resolvePolicy() with no config, without sharing any object with it', () => {
    const resolved = resolvePolicy();
    expect(resolved).toEqual(DEFAULT_POLICY);
    expect(resolved).not.toBe(DEFAULT_POLICY);
    expect(resolved.types).not.toBe(DEFAULT_POLICY.types);
    for (const type of FAILURE_TYPE_NAMES) {
      expect(resolved.types[type]).not.toBe(DEFAULT_POLICY.types[type]);
      expect(resolved.types[type].backoff).not.toBe(DEFAULT_POLICY.types[type].backoff);
      const list = resolved.types[type].delaysMs;
      if (list !== null) expect(list).not.toBe(DEFAULT_POLICY.types[type].delaysMs);
    }
    expect(resolved.confidence).not.toBe(DEFAULT_POLICY.confidence);
  });
});
