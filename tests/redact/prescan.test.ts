import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayHoldSecret, PRESCAN_ANCHORS } from '../../src/redact/prescan.js';
import { redactSecrets, redactSecretsWithoutPrescan } from '../../src/redact/text.js';
import { REDACTED } from '../../src/redact/secret-keys.js';
import { LATE_SECRET_RULES, SECRET_RULES } from '../../src/redact/secret-patterns.js';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const run = (chars: string, min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...chars), minLength: min, maxLength: max });

// Pieces of real secrets and of the rules' anchors, near-misses one character short or with a
// neighbour that a look-behind refuses, and the separators between them: joined at random they
// form texts on both sides of every rule (and of its anchor).
const fragment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(
    'sk-', 'sk-ant-', 'sk-proj-', 'sk-None-', 'task-', 'ANT-', 'ant-', 'ghp_', 'gho_', 'ghx_', 'github_pat_', 'xoxb-', 'xoxz-', 'xapp-',
    'AIza', 'AKIA', 'ASIA', 'Asia/', '://', 'https://', 'file:///', 'user', ':', '@', '/', '?', '#', 'Authorization', 'proxy-',
    'Bearer ', 'bearer\t', 'Basic ', 'token ', '-----BEGIN ', 'RSA ', 'PRIVATE KEY', ' BLOCK', '-----', '-----END ', 'password',
    'passwd', 'pass', 'bypass', 'pwd', 'PWD', 'secret', 'token', 'TOKEN_COUNT', 'key', 'api_key', 'credentials', 'authorization',
    '=', '==', ':', '"', "'", '\\', ' ', '\t', '\n', '\r', ',', ';', '&', '[', '{', 'eyJ', '.', '+', '_', '-', REDACTED, '***', 'null',
  ) },
  { weight: 2, arbitrary: run(ALNUM, 1, 24) },
  { weight: 1, arbitrary: run(`${ALNUM}/+`, 38, 42) },
  { weight: 1, arbitrary: run(ALNUM, 7, 9).map((s) => `eyJ${s}`) },
  { weight: 1, arbitrary: fc.tuple(run(`${ALNUM}_-`, 7, 9), run(`${ALNUM}_-`, 7, 9), run(`${ALNUM}_-`, 9, 11)).map(([h, p, sig]) => `eyJ${h}.eyJ${p}.${sig}`) },
  { weight: 1, arbitrary: run('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 15, 17) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  // A vendor prefix or a key name with a body of about the length its rule needs.
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(
    'sk-ant-', 'sk-ANT-', 'sk-', 'sk-proj-', 'ghp_', 'github_pat_', 'xoxb-', 'xapp-', 'AIza', 'AKIA', 'ASIA', 'Bearer ', 'Authorization: Bearer ',
    'Bearer        ', 'bearer \t      ', 'token\t       =', 'password        :  ', 'Authorization        :', 'Proxy-Authorization=', '{\\"Authorization\\": \\"Basic ', "authorization\t= '", 'password=', '{\\"password\\":\\"', 'api_key: ', '"token": "', 'https://u:', 'redis://:', 'x://', 'eyJ', '-----BEGIN EC PRIVATE KEY-----\n',
  ), run(`${ALNUM}_-`, 6, 45), fc.constantFrom('', '@', '@host/', '.eyJ', '"', '\n-----END EC PRIVATE KEY-----')).map((parts) => parts.join('')) },
);
// The pre-scan is case-insensitive and most rules are not: vary the case of whole fragments.
const cased = fc.tuple(fragment, fc.constantFrom('as is', 'as is', 'upper', 'lower', 'mixed')).map(([text, how]) =>
  how === 'upper' ? text.toUpperCase() : how === 'lower' ? text.toLowerCase()
    : how === 'mixed' ? [...text].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('') : text);
const secretish = fc.array(cased, { maxLength: 24 }).map((parts) => parts.join(''));

// Runs of AWS-secret characters of every length near 40, at every offset, between characters
// that may or may not border one.
const runs = fc.array(fc.oneof(
  run(`${ALNUM}/+`, 1, 45),
  run(`${ALNUM}/+`, 38, 42),
  fc.tuple(fc.nat(81), fc.constantFrom('a', ' ', '=')).map(([n, c]) => c.repeat(n)),
  fc.constantFrom(' ', '=', '.', '-', '_', ':', '\n', 'é'),
), { maxLength: 12 }).map((parts) => parts.join(''));

describe('the pre-scan', () => {
  it('gives exactly the result of the full rules, for arbitrary text', () => {
    for (const text of [fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'grapheme-ascii', maxLength: 400 })]) {
      fc.assert(fc.property(text, (t) => redactSecrets(t) === redactSecretsWithoutPrescan(t)), { numRuns: 3000 });
    }
  });

  it('gives exactly the result of the full rules, for text made of secrets, anchors and near-misses', () => {
    fc.assert(fc.property(secretish, (t) => {
      expect(redactSecrets(t)).toBe(redactSecretsWithoutPrescan(t));
      // The superset itself: where the pre-scan finds nothing, the rules change nothing.
      if (!mayHoldSecret(t)) expect(redactSecretsWithoutPrescan(t)).toBe(t);
    }), { numRuns: 20_000 });
  });

  it('gives exactly the result of the full rules, for runs of AWS secret characters', () => {
    fc.assert(fc.property(runs, (t) => {
      expect(redactSecrets(t)).toBe(redactSecretsWithoutPrescan(t));
    }), { numRuns: 20_000 });
  });

  it('with user patterns too, which always run', () => {
    const sources = ['ACME-\\d{4}', 'corp_[a-z]+'];
    for (const extra of [sources, sources.map((source) => new RegExp(source))]) {
      fc.assert(fc.property(fc.array(fc.oneof(secretish, fc.constantFrom('ACME-1234', 'corp_abc', 'plain')), { maxLength: 4 }), (parts) => {
        const t = parts.join(' ');
        return redactSecrets(t, extra) === redactSecretsWithoutPrescan(t, extra);
      }), { numRuns: 2000 });
      expect(redactSecrets('id ACME-1234 failed', extra)).toBe(`id ${REDACTED} failed`);
    }
  });

  it('is exercised by that generator: every rule matches some samples, and both answers occur', () => {
    const sample = fc.sample(secretish, { numRuns: 20_000, seed: 15 });
    for (const rule of [...SECRET_RULES, ...LATE_SECRET_RULES]) {
      const hits = sample.filter((t) => new RegExp(rule.pattern.source, rule.pattern.flags).test(t)).length;
      expect(hits, rule.name).toBeGreaterThan(0);
    }
    const changed = sample.filter((t) => redactSecretsWithoutPrescan(t) !== t).length;
    const clear = sample.filter((t) => !mayHoldSecret(t)).length;
    const flaggedUnchanged = sample.filter((t) => mayHoldSecret(t) && redactSecretsWithoutPrescan(t) === t).length;
    expect(changed).toBeGreaterThan(sample.length / 10);
    expect(clear).toBeGreaterThan(sample.length / 10);
    expect(flaggedUnchanged).toBeGreaterThan(0);
  });

  it('has one anchor per rule, each a valid pattern', () => {
    expect(PRESCAN_ANCHORS).toHaveLength(SECRET_RULES.length + LATE_SECRET_RULES.length + 2);
    for (const anchor of PRESCAN_ANCHORS) {
      if (typeof anchor === 'string') expect(() => new RegExp(anchor, 'i')).not.toThrow();
      else expect(anchor('')).toBe(false);
    }
  });

  // What the engine records most: these must take the fast path (one scan, no rule).
  it.each([
    'connect ECONNREFUSED 127.0.0.1:5432',
    'ECONNREFUSED',
    'network.econnrefused',
    'Error: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)\n' +
      '    at async runAttempt (file:///home/ci/app/dist/src/runtime/attempt.js:41:9)\n    at async file:///home/ci/app/dist/bench/engine.bench.js:37:5',
    'GET http://localhost:3000/health 503 Service Unavailable',
    ' ✓ tests/report/markdown.test.ts (12 tests) 41ms\n Test Files  3 passed (3)\n      Tests  40 passed (40)',
    'the bearer token expired',
    'task-ant-colony-simulation-12345',
    'max_tokens 4096, token count 12',
  ])('finds nothing in %j', (text) => {
    expect(mayHoldSecret(text)).toBe(false);
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('mayHoldSecret remembers short secret-free texts', () => {
  it('property: asked again, in any order, every text gets its first answer, and "no secret" only where the rules change nothing', () => {
    fc.assert(fc.property(fc.array(secretish, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 30 }), (texts, picks) => {
      const first = texts.map((text) => mayHoldSecret(text));
      for (const pick of picks) {
        const i = pick % texts.length;
        expect(mayHoldSecret(texts[i]!)).toBe(first[i]);
        if (!first[i]) expect(redactSecretsWithoutPrescan(texts[i]!)).toBe(texts[i]);
      }
    }));
  });
});
