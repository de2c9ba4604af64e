/** The access token: random, and compared exactly. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { newToken, tokenMatches, tokenOf } from '../../src/ui/token.js';

describe('token', () => {
  test('fresh tokens are 32 base64url characters and differ', () => {
    const tokens = new Set(Array.from({ length: 50 }, newToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  test('tokenMatches is string equality (property)', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => tokenMatches(a, b) === (a === b)));
    fc.assert(fc.property(fc.string(), (a) => tokenMatches(a, a) && !tokenMatches(a, null)));
  });

  test('tokenOf reads the bearer header first, else the query', () => {
    const url = new URL('http://h/?token=q');
    expect(tokenOf({ headers: { authorization: 'Bearer h' } } as never, url)).toBe('h');
    expect(tokenOf({ headers: {} } as never, url)).toBe('q');
    expect(tokenOf({ headers: { authorization: 'Basic x' } } as never, new URL('http://h/'))).toBeNull();
  });
});
