/** An adapter answer's `cost` (cost.ts): read back exactly when it is numbers, refused naming the field otherwise. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCost } from '../../../src/runtime/agent/cost.js';

describe('readCost', () => {
  it('reads back any USD amount and token count, each part optional', () => {
    const usd = fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: undefined });
    const tokens = fc.option(fc.nat(), { nil: undefined });
    fc.assert(fc.property(usd, tokens, (u, t) => {
      const raw = JSON.parse(JSON.stringify({ ...(u === undefined ? {} : { usd: u }), ...(t === undefined ? {} : { tokens: t }) })) as Record<string, number>;
      expect(readCost(raw)).toEqual({ ok: true, value: Object.keys(raw).length === 0 ? undefined : raw });
    }));
  });

  it('refuses anything but numbers in a cost, naming the field', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.boolean(), fc.array(fc.nat()), fc.constant(-1), fc.constant(Number.NaN)), (bad) => {
      const usd = readCost({ usd: bad });
      expect(usd.ok).toBe(false);
      expect(!usd.ok && usd.reason).toMatch(/^"cost\.usd" is /);
      const tokens = readCost({ tokens: bad });
      expect(tokens.ok).toBe(false);
      expect(!tokens.ok && tokens.reason).toMatch(/^"cost\.tokens" is /);
    }));
  });

  it.each([undefined, null])('%s is no cost', (raw) => {
    expect(readCost(raw)).toEqual({ ok: true, value: undefined });
  });
});
