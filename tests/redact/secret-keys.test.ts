import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSecretField, isSecretKey } from '../../src/redact/secret-keys.js';

// [name, isSecretKey, isSecretField]
const NAMES: [string, boolean, boolean][] = [
  ['password', true, true],
  ['DB_PASSWORD', true, true],
  ['apiKey', true, true],
  ['x-api-key', true, true],
  ['client_secret', true, true],
  ['GITHUB_TOKEN', true, true],
  ['github-token', true, true],
  ['aws_secret_access_key', true, true],
  ['credentials', true, true],
  ['DB_PASS', true, true],
  ['userPwd', true, true],
  ['authorization', false, true],
  ['Proxy-Authorization', false, true],
  ['set-cookie', false, true],
  ['Cookie', false, true],
  ['PWD', false, false],
  ['OLDPWD', false, false],
  ['bypass', false, false],
  ['compass', false, false],
  ['TOKEN_COUNT', false, false],
  ['max_tokens', false, false],
  ['message', false, false],
  ['code', false, false],
  ['stack', false, false],
  ['', false, false],
  ['--', false, false],
  [`${'a'.repeat(80)}_password`, true, true], // longer than any cached name
];

const check = () => {
  for (const [name, key, field] of NAMES) {
    expect([name, isSecretKey(name), isSecretField(name)]).toEqual([name, key, field]);
  }
};

describe('isSecretKey and isSecretField', () => {
  it('answer by the table, on the first call and from the cache', () => {
    check();
    check();
  });

  it('answer the same after the cache was filled and cleared', () => {
    for (let i = 0; i < 3000; i++) isSecretField(`field_${i}`);
    check();
  });

  it('answer the same every time, whatever came before', () => {
    const name = fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom(...NAMES.map(([n]) => n)));
    fc.assert(fc.property(fc.array(name, { maxLength: 40 }), (names) => {
      const first = names.map((n) => [isSecretKey(n), isSecretField(n)]);
      const again = [...names].reverse().map((n) => [isSecretKey(n), isSecretField(n)]).reverse();
      expect(again).toEqual(first);
      // A secret key is always a secret field.
      for (const [key, field] of first) if (key) expect(field).toBe(true);
    }), { numRuns: 500 });
  });
});
