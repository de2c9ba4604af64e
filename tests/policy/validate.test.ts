import { describe, expect, it } from 'vitest';
import { PolicyError, resolvePolicy, validatePolicyConfig } from '../../src/policy/index.js';

/** The messages of the issues a config produces. */
const messages = (config: unknown): string[] => validatePolicyConfig(config).map((issue) => issue.message);

describe('validatePolicyConfig', () => {
  it('accepts no config, an empty config and a full one', () => {
    expect(validatePolicyConfig(undefined)).toEqual([]);
    expect(validatePolicyConfig(null)).toEqual([]);
    expect(validatePolicyConfig({})).toEqual([]);
    expect(
      validatePolicyConfig({
        budget: 4,
        categories: {
          transient: { budget: 5, backoff: { initialMs: 1000, factor: 3, maxMs: 60000, jitter: 'full' }, timeoutFactor: 2 },
          systematic: { delaysMs: [0, 5000, 15000, 30000], contextRefreshFrom: 3 },
          fatal: { budget: 0 },
        },
        types: { TIMEOUT: { timeoutFactor: 1.5 }, UNKNOWN: { budget: 2 }, SECURITY_VIOLATION: { budget: 0 } },
        confidence: { proceed: 0.9, caution: 0.6, escalate: 0.4 },
        flakeProbe: false,
        onFlaky: 'pass',
        maxDelayMs: 60000,
        totalBudgetMs: 3600000,
        jitterSeed: -7,
        rollbackAfterFailures: 3,
        diagnoseRounds: 0,
        heartbeatTimeoutMs: 30000,
        stallTimeoutMs: 300000,
        decisionTimeoutMs: 0,
        defaultDecision: 'skip',
      }),
    ).toEqual([]);
  });

  it('treats undefined fields as absent (options objects built in code)', () => {
    expect(validatePolicyConfig({ budget: undefined, categories: { transient: undefined } })).toEqual([]);
  });

  it.each([
    ['a string', 'x'],
    ['an array', []],
    ['a number', 3],
    ['a Date', new Date(0)],
  ])('rejects %s as the whole config', (_label, config) => {
    expect(validatePolicyConfig(config)).toEqual([{ path: '', message: 'policy config must be an object' }]);
  });

  it.each<[string, unknown, string, string]>([
    ['a negative delay', { categories: { transient: { delaysMs: [0, -5] } } }, 'categories.transient.delaysMs[1]', 'must be a number ≥ 0'],
    ['a string delay', { categories: { transient: { delaysMs: [0, '5'] } } }, 'categories.transient.delaysMs[1]', 'must be a number ≥ 0'],
    ['a hole in a delay list', { types: { NETWORK: { delaysMs: [1, , 2] } } }, 'types.NETWORK.delaysMs[1]', 'must be a number ≥ 0'],
    ['a delay list that is not a list', { types: { NETWORK: { delaysMs: 5000 } } }, 'types.NETWORK.delaysMs', 'must be an array of numbers ≥ 0 (or null to use backoff)'],
    ['an empty delay list', { types: { NETWORK: { delaysMs: [] } } }, 'types.NETWORK.delaysMs', 'must not be empty (use [0] for no delay)'],
    ['a string budget', { budget: '3' }, 'budget', 'must be an integer ≥ 0'],
    ['a negative budget', { budget: -1 }, 'budget', 'must be an integer ≥ 0'],
    ['a fractional budget', { categories: { systematic: { budget: 1.5 } } }, 'categories.systematic.budget', 'must be an integer ≥ 0'],
    ['a null budget (empty YAML value)', { budget: null }, 'budget', 'must be an integer ≥ 0'],
    ['a fatal category budget', { categories: { fatal: { budget: 2 } } }, 'categories.fatal.budget', 'must be 0: fatal failures escalate at once and are never retried'],
    ['a fatal type budget', { types: { SECURITY_VIOLATION: { budget: 1 } } }, 'types.SECURITY_VIOLATION.budget', 'must be 0: fatal failures escalate at once and are never retried'],
    ['a circular budget', { types: { REPEATED_FIX: { budget: 1 } } }, 'types.REPEATED_FIX.budget', 'must be 0: a circular fix escalates at once'],
    ['a nondeterministic budget', { categories: { nondeterministic: { budget: 1 } } }, 'categories.nondeterministic.budget', 'must be 0: a flaky failure is handled by onFlaky, not retried'],
    ['a bad jitter', { categories: { transient: { backoff: { jitter: 'random' } } } }, 'categories.transient.backoff.jitter', 'must be one of "none", "full", "equal", "decorrelated"'],
    ['a factor below 1', { types: { TIMEOUT: { backoff: { factor: 0.5 } } } }, 'types.TIMEOUT.backoff.factor', 'must be a number ≥ 1'],
    ['a negative initial delay', { types: { TIMEOUT: { backoff: { initialMs: -1 } } } }, 'types.TIMEOUT.backoff.initialMs', 'must be a number ≥ 0'],
    ['an infinite cap', { types: { TIMEOUT: { backoff: { maxMs: Infinity } } } }, 'types.TIMEOUT.backoff.maxMs', 'must be a number ≥ 0'],
    ['a cap below the start', { types: { TIMEOUT: { backoff: { initialMs: 5000, maxMs: 1000 } } } }, 'types.TIMEOUT.backoff.maxMs', 'must be ≥ types.TIMEOUT.backoff.initialMs'],
    ['a negative cap (reported once, not also as below the start)', { types: { TIMEOUT: { backoff: { initialMs: 5000, maxMs: -1 } } } }, 'types.TIMEOUT.backoff.maxMs', 'must be a number ≥ 0'],
    ['backoff not an object', { categories: { transient: { backoff: 'exponential' } } }, 'categories.transient.backoff', 'must be an object'],
    ['a timeout factor below 1', { types: { TIMEOUT: { timeoutFactor: 0.5 } } }, 'types.TIMEOUT.timeoutFactor', 'must be a number ≥ 1'],
    ['a negative refresh iteration', { types: { PROGRESS_STALL: { contextRefreshFrom: -1 } } }, 'types.PROGRESS_STALL.contextRefreshFrom', 'must be an integer ≥ 0'],
    ['a category that is not an object', { categories: { transient: 3 } }, 'categories.transient', 'must be an object'],
    ['categories as a list', { categories: [] }, 'categories', 'must be an object'],
    ['types as a string', { types: 'RATE_LIMIT' }, 'types', 'must be an object'],
    ['an unknown failure type', { types: { FOO: { budget: 1 } } }, 'types.FOO', 'is not a failure type'],
    ['a misspelt failure type', { types: { RATE_LIMTI: { budget: 1 } } }, 'types.RATE_LIMTI', 'is not a failure type (did you mean RATE_LIMIT?)'],
    ['a lower-case failure type', { types: { network: {} } }, 'types.network', 'is not a failure type (did you mean NETWORK?)'],
    ['an unknown category', { categories: { flaky: {} } }, 'categories.flaky', 'is not a category (one of transient, systematic, resource, fatal, circular, nondeterministic)'],
    ['a misspelt category', { categories: { transeint: {} } }, 'categories.transeint', 'is not a category (did you mean transient?)'],
    ['an unknown top-level key', { retries: 3 }, 'retries', expect.stringMatching(/^is not a known key \(one of budget, categories, types, /) as unknown as string],
    ['a misspelt top-level key', { maxDelay: 1000 }, 'maxDelay', 'is not a known key (did you mean maxDelayMs?)'],
    ['an unknown key in a category', { categories: { transient: { delayMs: [1] } } }, 'categories.transient.delayMs', 'is not a known key (did you mean delaysMs?)'],
    ['an unknown key in backoff', { types: { NETWORK: { backoff: { base: 1 } } } }, 'types.NETWORK.backoff.base', 'is not a known key (one of initialMs, factor, maxMs, jitter)'],
    ['a key that is not an identifier', { types: { NETWORK: { 'max ms': 1 } } }, 'types.NETWORK["max ms"]', 'is not a known key (one of budget, delaysMs, backoff, timeoutFactor, contextRefreshFrom)'],
    ['__proto__ as a key (JSON.parse)', JSON.parse('{"__proto__": {"budget": 9}}'), '__proto__', expect.stringMatching(/^is not a known key/) as unknown as string],
    ['toString as a type', { types: { toString: {} } }, 'types.toString', 'is not a failure type'],
    ['a confidence above 1', { confidence: { proceed: 1.5 } }, 'confidence.proceed', 'must be a number between 0 and 1'],
    ['a string confidence', { confidence: { caution: 'high' } }, 'confidence.caution', 'must be a number between 0 and 1'],
    ['confidence not an object', { confidence: 0.8 }, 'confidence', 'must be an object'],
    ['an unknown confidence key', { confidence: { gather: 0.6 } }, 'confidence.gather', 'is not a known key (one of proceed, caution, escalate)'],
    ['a string flakeProbe', { flakeProbe: 'yes' }, 'flakeProbe', 'must be a boolean'],
    ['a bad onFlaky', { onFlaky: 'ignore' }, 'onFlaky', 'must be one of "escalate", "pass"'],
    ['a negative maxDelayMs', { maxDelayMs: -1 }, 'maxDelayMs', 'must be a number from 0 to 2147483647'],
    ['a maxDelayMs past the Node timer limit', { maxDelayMs: 2 ** 31 }, 'maxDelayMs', 'must be a number from 0 to 2147483647'],
    ['a NaN heartbeat timeout', { heartbeatTimeoutMs: NaN }, 'heartbeatTimeoutMs', 'must be a number from 0 to 2147483647'],
    ['a string stall timeout', { stallTimeoutMs: '5m' }, 'stallTimeoutMs', 'must be a number from 0 to 2147483647'],
    ['a negative decision timeout', { decisionTimeoutMs: -5 }, 'decisionTimeoutMs', 'must be a number from 0 to 2147483647'],
    ['a negative total budget', { totalBudgetMs: -1 }, 'totalBudgetMs', 'must be a number ≥ 0'],
    ['a fractional jitter seed', { jitterSeed: 0.5 }, 'jitterSeed', 'must be an integer'],
    ['a fractional rollback count', { rollbackAfterFailures: 2.5 }, 'rollbackAfterFailures', 'must be an integer ≥ 0'],
    ['negative diagnose rounds', { diagnoseRounds: -1 }, 'diagnoseRounds', 'must be an integer ≥ 0'],
    ['a bad default decision', { defaultDecision: 'retry' }, 'defaultDecision', 'must be one of "retry-fresh", "retry-with-modifications", "skip", "rollback", "abort", "manual"'],
  ])('reports %s at its path', (_label, config, path, problem) => {
    const issues = validatePolicyConfig(config);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe(path);
    if (typeof problem === 'string') expect(issues[0]?.message).toBe(`${path} ${problem}`);
    else expect(issues[0]?.message.slice(path.length + 1)).toEqual(problem);
  });

  describe('confidence thresholds in order', () => {
    it.each<[string, unknown, { path: string; message: string }[]]>([
      ['escalate above caution', { confidence: { escalate: 0.8, caution: 0.75 } }, [{ path: 'confidence.escalate', message: 'confidence.escalate must be ≤ confidence.caution' }]],
      ['escalate above the default caution', { confidence: { escalate: 0.8 } }, [{ path: 'confidence.escalate', message: 'confidence.escalate must be ≤ confidence.caution' }]],
      ['caution below the default escalate', { confidence: { caution: 0.4 } }, [{ path: 'confidence.caution', message: 'confidence.escalate must be ≤ confidence.caution' }]],
      ['caution above proceed', { confidence: { caution: 0.9, proceed: 0.8 } }, [{ path: 'confidence.caution', message: 'confidence.caution must be ≤ confidence.proceed' }]],
      ['proceed below the default caution', { confidence: { proceed: 0.6 } }, [{ path: 'confidence.proceed', message: 'confidence.caution must be ≤ confidence.proceed' }]],
      ['all three reversed', { confidence: { proceed: 0.1, caution: 0.5, escalate: 0.9 } }, [
        { path: 'confidence.escalate', message: 'confidence.escalate must be ≤ confidence.caution' },
        { path: 'confidence.caution', message: 'confidence.caution must be ≤ confidence.proceed' },
      ]],
    ])('reports %s', (_label, config, expected) => {
      expect(validatePolicyConfig(config)).toEqual(expected);
    });

    it('accepts equal thresholds (an empty band is allowed)', () => {
      expect(validatePolicyConfig({ confidence: { proceed: 0.7, caution: 0.7, escalate: 0.7 } })).toEqual([]);
    });

    it('does not compare a value that is already wrong on its own', () => {
      expect(messages({ confidence: { escalate: 2 } })).toEqual(['confidence.escalate must be a number between 0 and 1']);
    });
  });

  it('reports every problem at once, in document order', () => {
    expect(
      messages({
        budget: -1,
        categories: { transient: { delaysMs: [0, -5, 'x'] }, flaky: {} },
        types: { FOO: {}, TIMEOUT: { backoff: { jitter: 'sometimes', factor: 0 } } },
        confidence: { escalate: 0.9 },
        onFlaky: 'shrug',
        extra: true,
      }),
    ).toEqual([
      'budget must be an integer ≥ 0',
      'categories.transient.delaysMs[1] must be a number ≥ 0',
      'categories.transient.delaysMs[2] must be a number ≥ 0',
      'categories.flaky is not a category (one of transient, systematic, resource, fatal, circular, nondeterministic)',
      'types.FOO is not a failure type',
      'types.TIMEOUT.backoff.jitter must be one of "none", "full", "equal", "decorrelated"',
      'types.TIMEOUT.backoff.factor must be a number ≥ 1',
      'confidence.escalate must be ≤ confidence.caution',
      'onFlaky must be one of "escalate", "pass"',
      expect.stringMatching(/^extra is not a known key/) as unknown as string,
    ]);
  });

  it('prefixes paths when the policy sits inside a larger document', () => {
    expect(validatePolicyConfig({ types: { FOO: {} } }, { path: 'policy' })).toEqual([
      { path: 'policy.types.FOO', message: 'policy.types.FOO is not a failure type' },
    ]);
    expect(validatePolicyConfig('x', { path: 'policy' })).toEqual([{ path: 'policy', message: 'policy must be an object' }]);
  });

  it('never throws, whatever it is given', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.categories = cyclic;
    for (const value of [cyclic, Symbol('x'), () => 1, new Map(), Object.create(null), 10n, { types: { NETWORK: new Proxy({}, {}) } }]) {
      expect(() => validatePolicyConfig(value)).not.toThrow();
    }
  });
});

describe('resolvePolicy with an invalid config', () => {
  it('throws a PolicyError listing every issue, with a message joining them', () => {
    let caught: unknown;
    try {
      // @ts-expect-error a wrong value and an unknown type do not compile; untyped input still throws
      resolvePolicy({ budget: 'three', types: { FOO: {} } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PolicyError);
    expect(caught).toBeInstanceOf(Error);
    const error = caught as PolicyError;
    expect(error.name).toBe('PolicyError');
    expect(error.issues).toEqual([
      { path: 'budget', message: 'budget must be an integer ≥ 0' },
      { path: 'types.FOO', message: 'types.FOO is not a failure type' },
    ]);
    expect(error.message).toBe('Invalid policy config (2 problems): budget must be an integer ≥ 0; types.FOO is not a failure type');
  });

  it('says "1 problem" for one', () => {
    // @ts-expect-error flakeProbe is a boolean at compile time too
    expect(() => resolvePolicy({ flakeProbe: 1 })).toThrow('Invalid policy config (1 problem): flakeProbe must be a boolean');
  });

  it('keeps all issues but spells out only the first 20 in the message', () => {
    const error = (() => {
      try {
        resolvePolicy({ types: { NETWORK: { delaysMs: Array.from({ length: 25 }, () => -1) } } });
      } catch (e) {
        return e as PolicyError;
      }
      throw new Error('expected a PolicyError');
    })();
    expect(error.issues).toHaveLength(25);
    expect(error.message).toMatch(/delaysMs\[19\] must be a number ≥ 0; and 5 more$/);
  });
});

describe('validatePolicyConfig on hostile values', () => {
  it('reports a value whose getters throw instead of throwing itself', () => {
    const hostile = { get budget(): number { throw new Error('boom'); } };
    expect(validatePolicyConfig(hostile)).toEqual([{ path: '', message: 'policy config could not be read as plain data' }]);
  });
});
