/** The FixMemory contract, run against each implementation (memory, lowdb, PostgreSQL). */
import { describe, expect, it } from 'vitest';
import type { FixMemory } from '../../src/memory/types.js';

const A = { signature: 'UNKNOWN: cannot read port', type: 'UNKNOWN', fix: 'set port' };
const B = { ...A, fix: 'restart server' };

/** Runs the contract against memories made by `open` (each call a fresh, empty memory). */
export function fixMemoryContract(name: string, open: () => Promise<FixMemory> | FixMemory): void {
  describe(`FixMemory contract: ${name}`, () => {
    it('starts empty', async () => {
      const memory = await open();
      expect(await memory.list()).toEqual([]);
      expect(await memory.known(A.signature)).toEqual([]);
      expect(await memory.stats()).toEqual({ lookups: 0, hits: 0, reused: 0 });
    });

    it('counts what worked and what failed, per signature and fix', async () => {
      const memory = await open();
      await memory.record(A, 'worked', 1_000);
      await memory.record(A, 'worked', 2_000);
      await memory.record(A, 'failed', 3_000);
      await memory.record(B, 'worked', 1_500);
      // Best first by smoothed success rate: 1 of 1 (2/3) before 2 of 3 (3/5).
      expect(await memory.known(A.signature)).toEqual([
        { ...B, worked: 1, failed: 0, lastUsed: 1_500 },
        { ...A, worked: 2, failed: 1, lastUsed: 3_000 },
      ]);
      expect(await memory.known('other')).toEqual([]);
    });

    it('ranks best first: a fix that keeps failing drops below one that worked once', async () => {
      const memory = await open();
      await memory.record(A, 'worked', 1_000);
      await memory.record(B, 'worked', 2_000);
      await memory.record(A, 'failed', 3_000);
      await memory.record(A, 'failed', 4_000);
      expect((await memory.known(A.signature)).map((e) => e.fix)).toEqual([B.fix, A.fix]);
    });

    it('does not remember a failure of a fix it never saw work', async () => {
      const memory = await open();
      await memory.record(A, 'failed', 1_000);
      expect(await memory.list()).toEqual([]);
    });

    it('lists most recently used first and counts lookups', async () => {
      const memory = await open();
      await memory.record(A, 'worked', 1_000);
      await memory.record({ ...A, signature: 'NETWORK: refused', type: 'NETWORK' }, 'worked', 5_000);
      expect((await memory.list()).map((e) => e.signature)).toEqual(['NETWORK: refused', A.signature]);
      await memory.noteLookup(true, true);
      await memory.noteLookup(false, false);
      await memory.noteLookup(true, false);
      expect(await memory.stats()).toEqual({ lookups: 3, hits: 2, reused: 1 });
    });

    it('loses no update when many are made at once', async () => {
      const memory = await open();
      await Promise.all(Array.from({ length: 20 }, (_, i) => memory.record(A, 'worked', i)));
      await Promise.all(Array.from({ length: 10 }, () => memory.noteLookup(true, false)));
      expect((await memory.known(A.signature))[0]!.worked).toBe(20);
      expect((await memory.stats()).lookups).toBe(10);
    });
  });
}
