import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failureSignature, keyTokens, MAX_KEY_TOKENS } from '../../src/memory/signature.js';

const word = fc.stringMatching(/^[a-z]{2,10}$/);
const words = fc.array(word, { minLength: 1, maxLength: 8 });
const segment = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
const path = fc.array(segment, { minLength: 2, maxLength: 5 }).map((parts) => `/${parts.join('/')}.ts`);
const hash = fc.stringMatching(/^[0-9a-f]{12,40}$/).filter((h) => /\d/.test(h) && /[a-f]/.test(h));
const uuid = fc.uuid();
const number = fc.nat();

/** A message template with one varying part in the middle. */
const withPart = (part: fc.Arbitrary<string>) => fc.tuple(words, words, part, part);

describe('failureSignature', () => {
  it.each([
    ['UNKNOWN', "TypeError: Cannot read properties of undefined (reading 'port') at /srv/app/src/server.js:42:7", "UNKNOWN: typeerror cannot read properties of undefined reading port at path num"],
    ['NETWORK', 'connect ECONNREFUSED 127.0.0.1:5432', 'NETWORK: connect econnrefused num'],
    ['BROKEN_BUILD', "Error: Cannot find module 'left-pad' imported from ./src/index.ts", "BROKEN_BUILD: error cannot find module left pad imported from path"],
    ['RATE_LIMIT', 'HTTP 429 from https://api.example.com/v1/items?page=3 retry after 30s', 'RATE_LIMIT: http num from url retry after num'],
    ['UNKNOWN', 'run 3f9a1c2b4d5e failed (request 2b1f0e4c-9a7d-4c1e-8f00-123456789abc)', 'UNKNOWN: run hash failed request id'],
    ['UNKNOWN', null, 'UNKNOWN'],
    ['AUTH_REQUIRED', 'token ghp_abcdefghijklmnopqrstuvwxyz0123456789 rejected', 'AUTH_REQUIRED: token ghp rejected'],
  ])('%s %j → %j', (type, message, expected) => {
    expect(failureSignature(type, message)).toBe(expected);
  });

  it('is the same whatever the numbers, paths, hashes and ids', () => {
    for (const part of [number.map(String), path, hash, uuid]) {
      fc.assert(fc.property(withPart(part), ([before, after, a, b]) => {
        const message = (x: string) => `${before.join(' ')} ${x} ${after.join(' ')}`;
        expect(failureSignature('T', message(a))).toBe(failureSignature('T', message(b)));
      }));
    }
  });

  it('keeps the words: messages that differ in a word differ', () => {
    fc.assert(fc.property(words, word, word, (head, a, b) => {
      fc.pre(a !== b && !head.includes(a) && !head.includes(b));
      expect(failureSignature('T', `${head.join(' ')} ${a}`)).not.toBe(failureSignature('T', `${head.join(' ')} ${b}`));
    }));
  });

  it('separates failure types', () => {
    fc.assert(fc.property(fc.string(), (message) => {
      expect(failureSignature('NETWORK', message)).not.toBe(failureSignature('TIMEOUT', message));
    }));
  });

  it('is stable: the signature of its own key tokens is itself', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (message) => {
      expect(failureSignature('T', keyTokens(message).join(' '))).toBe(failureSignature('T', message));
    }));
  });

  it('keeps no digit, at most MAX_KEY_TOKENS tokens, and no repeated neighbour', () => {
    fc.assert(fc.property(fc.string({ maxLength: 500 }), (message) => {
      const tokens = keyTokens(message);
      expect(tokens.length).toBeLessThanOrEqual(MAX_KEY_TOKENS);
      for (const [i, t] of tokens.entries()) {
        expect(t).toMatch(/^[a-z]{2,}$/);
        if (i > 0) expect(t).not.toBe(tokens[i - 1]);
      }
    }));
  });

  it('never carries a secret', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{36}$/).map((s) => `ghp_${s}`);
    fc.assert(fc.property(words, secret, (head, token) => {
      const signature = failureSignature('AUTH_REQUIRED', `${head.join(' ')} token=${token} rejected`);
      expect(signature).not.toContain(token.slice(4).toLowerCase());
    }));
  });
});
