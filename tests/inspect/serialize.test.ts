import { describe, expect, test } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { stringifySafe, toJsonSafe } from '../../src/inspect/serialize.js';

describe('toJsonSafe', () => {
  test('redacts: every string, Error messages, and whatever sits under a secret-named field', () => {
    const key = 'sk-ant-api03-Zq7Lm2Xv9Rt4Yp8Wn3Kb6Hj1Gf5Ds0Aa';
    const value = {
      type: 'DECIDE', guidance: `use ${key}`, nested: [{ apiKey: 'plain-looking', password: 12345 }], error: new Error(`token=${key}`),
      headers: new Map([['authorization', 'Basic dXNlcjpwYXNz']]), count: 3, ok: true,
    };
    expect(toJsonSafe(value)).toEqual({
      type: 'DECIDE', guidance: 'use sk-ant-[REDACTED]', nested: [{ apiKey: '[REDACTED]', password: '[REDACTED]' }],
      error: { name: 'Error', message: 'token=[REDACTED]' }, headers: { authorization: '[REDACTED]' }, count: 3, ok: true,
    });
    expect(stringifySafe({ note: `x-api-key: ${key}` })).toBe('{"note":"x-api-key: [REDACTED]"}');
  });

  test('cycles, functions, undefined, symbols, bigint, non-finite numbers', () => {
    const a: Record<string, unknown> = { n: 1, f: () => 1, u: undefined, s: Symbol('x'), big: 10n, inf: Infinity, list: [() => 1, 2] };
    a.self = a;
    expect(toJsonSafe(a)).toEqual({ n: 1, big: '10', inf: null, list: [null, 2], self: '[Circular]' });
  });

  test('shared (non-cyclic) references are kept', () => {
    const shared = { x: 1 };
    expect(toJsonSafe({ a: shared, b: shared })).toEqual({ a: { x: 1 }, b: { x: 1 } });
  });

  test('errors, maps, sets, depth and long strings', () => {
    const err = Object.assign(new Error('boom'), { code: 'ECONNRESET' });
    expect(toJsonSafe(err)).toEqual({ name: 'Error', message: 'boom', code: 'ECONNRESET' });
    expect(toJsonSafe(new Map([['k', new Set([1, 2])]]))).toEqual({ k: [1, 2] });
    expect(toJsonSafe({ a: { b: { c: 1 } } }, { maxDepth: 2 })).toEqual({ a: { b: '[MaxDepth]' } });
    expect(toJsonSafe('x'.repeat(20), { maxString: 5 })).toBe('xxxxx…[+15 chars]');
  });

  test('a throwing getter or toJSON does not throw', () => {
    const o = { ok: 1, get bad(): number { throw new Error('no'); } };
    expect(toJsonSafe(o)).toEqual({ ok: 1 });
    expect(toJsonSafe({ v: { toJSON() { throw new Error('no'); } } })).toEqual({ v: '[Unserializable]' });
  });

  test('XState snapshots and actor refs become plain data', () => {
    const actor = createActor(createMachine({ id: 'm', initial: 'a', context: { n: 1 }, states: { a: {} } })).start();
    const json = toJsonSafe({ snapshot: actor.getSnapshot(), ref: actor });
    expect(json).toMatchObject({ snapshot: { value: 'a', status: 'active', context: { n: 1 } }, ref: { id: expect.any(String) } });
    expect(JSON.stringify(json)).not.toContain('"machine"');
    expect(() => stringifySafe(actor)).not.toThrow();
    actor.stop();
  });
});
