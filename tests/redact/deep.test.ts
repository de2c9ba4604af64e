import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactDeep, redactDeepWithoutPrescan, redactFresh } from '../../src/redact/deep.js';
import { REDACTED } from '../../src/redact/secret-keys.js';

const SECRETS = ['sk-ant-api03-0123456789abcdef', 'password=hunter2', 'https://u:pw@host/x', 'AKIAIOSFODNN7EXAMPLE', 'plain text', 'ECONNREFUSED'];

/** JSON-like values whose strings are often secrets and whose keys often name one. */
const JSON_VALUE = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, fc.oneof(fc.string(), fc.constantFrom(...SECRETS)), fc.integer(), fc.boolean(), fc.constant(null), tie('list'), tie('record')),
  list: fc.array(tie('node'), { maxLength: 4 }),
  record: fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('password', 'apiKey', 'authorization', 'message', 'stack', 'code')), tie('node'), { maxKeys: 4 }),
})).node;

describe('redactDeep with the pre-scan', () => {
  it('gives what every rule over every string gives, for any value', () => {
    fc.assert(fc.property(JSON_VALUE, (v) => {
      expect(redactDeep(v)).toEqual(redactDeepWithoutPrescan(v));
    }), { numRuns: 1000 });
    fc.assert(fc.property(fc.anything(), (v) => {
      expect(redactDeep(v)).toEqual(redactDeepWithoutPrescan(v));
    }), { numRuns: 500 });
  });

  it('keeps a root that refers to itself, and an Error whose cause is itself', () => {
    const root: Record<string, unknown> = { token: 'abc', note: 'password=x' };
    root['self'] = root;
    root['list'] = [root];
    const out = redactDeep(root) as Record<string, unknown>;
    expect(out['self']).toBe(out);
    expect((out['list'] as unknown[])[0]).toBe(out);
    expect(out['token']).toBe(REDACTED);
    expect(out['note']).toBe(`password=${REDACTED}`);

    const error = new Error('connect ECONNREFUSED 127.0.0.1:5432') as Error & { cause?: unknown };
    error.cause = error;
    const copy = redactDeep(error);
    expect(copy).toBeInstanceOf(Error);
    expect(copy).not.toBe(error);
    expect(copy.cause).toBe(copy);
    expect(copy.message).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('copies a flat value without sharing it with the input', () => {
    const input = { message: 'connect ECONNREFUSED', code: 'ECONNREFUSED', status: 503 };
    const out = redactDeep(input);
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
  });
});

describe('redactFresh', () => {
  it('answers what redactDeep answers, for any value', () => {
    fc.assert(fc.property(JSON_VALUE, (v) => {
      expect(redactFresh(v)).toEqual(redactDeep(v));
    }), { numRuns: 1000 });
    fc.assert(fc.property(fc.anything(), (v) => {
      expect(redactFresh(v)).toEqual(redactDeep(v));
    }), { numRuns: 500 });
  });

  it('is the value itself exactly when redactDeep would change nothing in a plain JSON value', () => {
    fc.assert(fc.property(JSON_VALUE, (v) => {
      const same = JSON.stringify(redactDeep(v)) === JSON.stringify(v);
      expect(redactFresh(v) === v).toBe(same);
    }), { numRuns: 1000 });
  });

  it.each([
    ['a token in a nested string', { error: { message: 'GET https://u:pw@host/x failed' } }],
    ['a number under a secret-named field', { headers: { authorization: 12345 } }],
    ['an Error inside', { error: new Error('x') }],
    ['a Date inside', { at: new Date(0) }],
    ['a class instance inside', { value: new (class Thing { a = 1; })() }],
    ['a shared container', (() => { const shared = { a: 'x' }; return { one: shared, two: shared }; })()],
    ['a getter', Object.defineProperty({}, 'late', { enumerable: true, get: () => 'x' })],
  ])('copies when the value holds %s', (_name, value) => {
    const out = redactFresh(value);
    expect(out).not.toBe(value);
    expect(out).toEqual(redactDeep(value));
  });

  it('keeps a failure\'s observation that holds no secret as it is, nested objects and all', () => {
    const observation = { message: 'connect ECONNREFUSED 127.0.0.1:5432', error: { name: 'Error', code: 'ECONNREFUSED', stack: 'Error: connect ECONNREFUSED\n    at x (file.js:1:1)' }, exitCode: 1 };
    expect(redactFresh(observation)).toBe(observation);
    expect(redactFresh(observation, [/5432/g])).toEqual({ ...observation, message: `connect ECONNREFUSED 127.0.0.1:${REDACTED}` });
  });
});
