/** The FlakyMemory contract, run against each implementation (lowdb file, PostgreSQL table). */
import { describe, expect, it } from 'vitest';
import type { AttemptTests, FlakyMemory, RunTests } from '../../../src/memory/flaky/types.js';

const CMD = 'npx vitest run';

/** One attempt: the tests named failing; with `othersPassed`, every other test passed. */
export const failed = (attempt: number, ids: string[], unchanged = true): AttemptTests => ({
  attempt, unchanged, tests: ids.map((id) => ({ id, status: 'failed' })), othersPassed: true,
});
/** A passing attempt (every test passed). */
export const passed = (attempt: number, unchanged = true): AttemptTests => ({ attempt, unchanged, tests: [], othersPassed: true });
/** A run of `command` ending at `at`. */
export const run = (runId: string, at: number, attempts: AttemptTests[], command = CMD): RunTests => ({ runId, command, at, attempts });

/** Runs the contract against memories made by `open` (each call a fresh, empty memory keeping `window` runs per test). */
export function flakyMemoryContract(name: string, open: (window?: number) => Promise<FlakyMemory> | FlakyMemory): void {
  describe(`FlakyMemory contract: ${name}`, () => {
    it('starts empty, and a test that only passes is not remembered', async () => {
      const memory = await open();
      expect(await memory.list()).toEqual([]);
      await memory.record(run('r1', 1_000, [{ attempt: 1, unchanged: true, tests: [{ id: 'ok', status: 'passed' }], othersPassed: false }]));
      expect(await memory.list()).toEqual([]);
    });

    it('a test that fails and passes on the unchanged re-run (the flake probe) flipped; one fixed by an adaptation did not', async () => {
      const memory = await open();
      await memory.record(run('r1', 1_000, [failed(1, ['flaky', 'broken']), failed(2, ['broken']), passed(3, false)]));
      expect(await memory.list()).toEqual([
        { command: CMD, test: 'flaky', runs: 1, passed: 2, failed: 1, flips: 1, lastFlipAt: 1_000, lastSeenAt: 1_000, flakeRate: 1 },
        { command: CMD, test: 'broken', runs: 1, passed: 1, failed: 2, flips: 0, lastFlipAt: null, lastSeenAt: 1_000, flakeRate: 0 },
      ]);
    });

    it('counts a flip between consecutive runs of one command, newest flip first, and keeps commands apart', async () => {
      const memory = await open();
      await memory.record(run('r1', 1_000, [failed(1, ['a', 'b'])]));
      await memory.record(run('r2', 2_000, [passed(1)]));
      await memory.record(run('r3', 3_000, [failed(1, ['b'])]));
      await memory.record(run('o1', 1_500, [failed(1, ['a'])], 'pytest'));
      const list = await memory.list();
      expect(list.map((t) => [t.command, t.test, t.flips, t.lastFlipAt])).toEqual([
        [CMD, 'b', 2, 3_000], [CMD, 'a', 1, 2_000], ['pytest', 'a', 0, null],
      ]);
      expect((await memory.list('pytest')).map((t) => t.test)).toEqual(['a']);
    });

    it('a run counted again (resumed, decided) replaces its count', async () => {
      const memory = await open();
      await memory.record(run('r1', 1_000, [failed(1, ['a'])]));
      await memory.record(run('r1', 1_200, [failed(1, ['a']), passed(2)]));
      expect(await memory.list()).toMatchObject([{ test: 'a', runs: 1, passed: 1, failed: 1, flips: 1, lastSeenAt: 1_200 }]);
    });

    it('keeps the last `window` runs of a test, and forgets it once they hold no failure', async () => {
      const memory = await open(3);
      await memory.record(run('r1', 1, [failed(1, ['a', 'b'])]));
      await memory.record(run('r2', 2, [failed(1, ['b'])]));
      await memory.record(run('r3', 3, [passed(1)]));
      await memory.record(run('r4', 4, [passed(1)]));
      expect(await memory.list()).toMatchObject([{ test: 'b', runs: 3, failed: 1, passed: 2 }]);
      await memory.record(run('r5', 5, [passed(1)]));
      expect(await memory.list()).toEqual([]);
    });

    it('counts every one of many runs recorded at once', async () => {
      const memory = await open();
      await Promise.all(Array.from({ length: 8 }, (_, i) => memory.record(run(`r${i}`, 1_000 + i, [failed(1, ['a']), passed(2)]))));
      expect(await memory.list()).toMatchObject([{ test: 'a', runs: 8, failed: 8, passed: 8 }]);
    });
  });
}
