/**
 * The Store contract, as one suite every implementation must pass (lowdb.test.ts, memory.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HistorySequenceError, InvalidRunIdError, InvalidRunRecordError, RunLockedError, RunNotFoundError,
} from '../../src/store/errors.js';
import type { Store } from '../../src/store/types.js';
import { deadPid, makeEvent, makeEvents, makeRun } from './helpers/fixtures.js';

/** A store to test and how to dispose of it. */
export interface StoreFixture { store: Store; cleanup?: () => Promise<void> }

const BAD_IDS = ['', '../x', '..', '.', 'a/b', '/etc/passwd', 'a\\b', '.hidden', 'a b', 'x'.repeat(129), 'nul\0byte'];

/** Runs the contract suite against stores made by `makeStore` (a fresh, empty one per test). */
export function describeStoreContract(name: string, makeStore: () => Promise<StoreFixture>): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    let fixture: StoreFixture;
    beforeEach(async () => {
      fixture = await makeStore();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup?.();
    });

    describe('load and save', () => {
      it('loads null for a run that was never saved', async () => {
        expect(await store.load('nope')).toBeNull();
      });

      it('round-trips a run as JSON', async () => {
        const run = makeRun('r1');
        await store.save(run);
        expect(await store.load('r1')).toEqual(JSON.parse(JSON.stringify(run)));
      });

      it('hands out copies: changing a loaded or saved object changes nothing stored', async () => {
        const run = makeRun('r1');
        await store.save(run);
        run.task = 'changed after save';
        const loaded = (await store.load('r1'))!;
        loaded.history.pop();
        expect(await store.load('r1')).toMatchObject({ task: 'npm test', history: makeEvents(1, 3) });
      });

      it('writes the record as it was when save was called', async () => {
        const run = makeRun('r1');
        const first = store.save(run);
        run.status = 'aborted';
        const second = store.save({ ...run, updatedAt: run.updatedAt + 1 });
        run.status = 'skipped';
        await Promise.all([first, second]);
        expect(await store.load('r1')).toMatchObject({ status: 'aborted', updatedAt: run.updatedAt + 1 });
      });

      it('writes the record as it was when save was called, also on the hot path', async () => {
        const run = makeRun('r1');
        await store.save(run);
        const pending = store.save({ ...run, updatedAt: 5 });
        run.status = 'aborted';
        run.history.pop();
        await pending;
        expect(await store.load('r1')).toMatchObject({ status: 'running', updatedAt: 5, history: makeEvents(1, 3) });
      });

      it('keeps the last of many concurrent saves of one run', async () => {
        const saves = Array.from({ length: 10 }, (_, i) => store.save(makeRun('r1', { updatedAt: 1_700_000_000_000 + i }, 3 + i)));
        await Promise.all(saves);
        const loaded = (await store.load('r1'))!;
        expect(loaded.updatedAt).toBe(1_700_000_000_009);
        expect(loaded.history).toHaveLength(12);
      });

      it('refuses a malformed record and stores nothing', async () => {
        const cases: [Record<string, unknown>, string][] = [
          [{ status: 'done' }, 'status'],
          [{ task: 42 }, 'task'],
          [{ updatedAt: Number.NaN }, 'updatedAt'],
          [{ checkpoint: { machine: 'recovery', version: 1.5, savedAt: 0, snapshot: {} } }, 'checkpoint.version'],
          [{ history: [makeEvent(1), makeEvent(3)] }, 'history[1].seq'],
          [{ history: [makeEvent(1), makeEvent(1)] }, 'history[1].seq'],
          [{ decisionOptions: ['skip', 3] }, 'decisionOptions'],
          [{ meta: null }, 'meta'],
        ];
        for (const [override, field] of cases) {
          const error = await store.save({ ...makeRun('bad'), ...override } as never).catch((e: unknown) => e);
          expect(error, field).toBeInstanceOf(InvalidRunRecordError);
          expect((error as InvalidRunRecordError).field).toBe(field);
          expect((error as Error).message).toContain('Run "bad" was not saved');
        }
        expect(await store.load('bad')).toBeNull();
      });

      it('never lets a save drop stored history events', async () => {
        await store.save(makeRun('r1', {}, 5));
        const error = await store.save(makeRun('r1', {}, 4)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(HistorySequenceError);
        expect(error).toMatchObject({ kind: 'shrink', expected: 5, actual: 4 });
        expect((await store.load('r1'))!.history).toHaveLength(5);
      });
    });

    describe('run ids', () => {
      it.each(BAD_IDS)('rejects %j in every operation', async (bad) => {
        await expect(store.load(bad)).rejects.toBeInstanceOf(InvalidRunIdError);
        await expect(store.save(makeRun(bad))).rejects.toBeInstanceOf(InvalidRunIdError);
        await expect(store.append(bad, [makeEvent(1)])).rejects.toBeInstanceOf(InvalidRunIdError);
        await expect(store.lock(bad)).rejects.toBeInstanceOf(InvalidRunIdError);
      });

      it('explains what is wrong with a traversal attempt', async () => {
        await expect(store.load('../x')).rejects.toThrow(/Invalid run id "\.\.\/x": .*path separator/);
      });

      it('accepts ordinary ids', async () => {
        for (const id of ['run-1', 'A_b.c-9', '2024-11-21T12.00.00Z_abc', 'x'.repeat(128)]) {
          await store.save(makeRun(id));
          expect((await store.load(id))?.runId).toBe(id);
        }
      });
    });

    describe('append', () => {
      it('continues the stored history and leaves updatedAt alone', async () => {
        await store.save(makeRun('r1'));
        await store.append('r1', makeEvents(4, 6));
        const loaded = (await store.load('r1'))!;
        expect(loaded.history.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
        expect(loaded.updatedAt).toBe(1_700_000_000_000);
      });

      it('fails for a run that does not exist', async () => {
        await expect(store.append('ghost', [makeEvent(1)])).rejects.toBeInstanceOf(RunNotFoundError);
      });

      it('refuses a gap and writes nothing of the batch', async () => {
        await store.save(makeRun('r1'));
        const error = await store.append('r1', [makeEvent(4), makeEvent(6)]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(HistorySequenceError);
        expect(error).toMatchObject({ kind: 'gap', expected: 5, actual: 6 });
        expect((error as Error).message).toMatch(/seq 6 would leave a gap \(the next seq is 5\)/);
        expect((await store.load('r1'))!.history).toHaveLength(3);
      });

      it('skips events already stored identically, even with keys in another order', async () => {
        await store.save(makeRun('r1'));
        const reordered = Object.fromEntries(Object.entries(makeEvent(3)).reverse()) as never;
        await store.append('r1', [reordered, makeEvent(4)]);
        await store.append('r1', makeEvents(2, 4)); // a retried append: nothing new
        expect((await store.load('r1'))!.history.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
      });

      it('refuses a different event under a stored seq', async () => {
        await store.save(makeRun('r1'));
        const error = await store.append('r1', [makeEvent(3, { result: 'success' }), makeEvent(4)]).catch((e: unknown) => e);
        expect(error).toMatchObject({ kind: 'conflict', actual: 3 });
        expect((await store.load('r1'))!.history).toHaveLength(3);
      });

      it('refuses malformed events', async () => {
        await store.save(makeRun('r1'));
        await expect(store.append('r1', [{ ...makeEvent(4), phase: 7 } as never])).rejects.toBeInstanceOf(InvalidRunRecordError);
        await expect(store.append('r1', [{ ...makeEvent(4), seq: 4.5 }])).rejects.toBeInstanceOf(HistorySequenceError);
      });

      it('applies concurrent appends in call order', async () => {
        await store.save(makeRun('r1', {}, 0));
        await Promise.all(Array.from({ length: 20 }, (_, i) => store.append('r1', [makeEvent(i + 1)])));
        expect((await store.load('r1'))!.history.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      });

      it('treats an empty batch as a no-op', async () => {
        await store.save(makeRun('r1'));
        await store.append('r1', []);
        expect((await store.load('r1'))!.history).toHaveLength(3);
      });
    });

    describe('list', () => {
      it('is empty for an empty store', async () => {
        expect(await store.list()).toEqual([]);
      });

      it('summarises every run, newest first, ties by run id', async () => {
        await store.save(makeRun('b', { updatedAt: 20 }));
        await store.save(makeRun('a', { updatedAt: 20, status: 'escalated' }));
        await store.save(makeRun('c', { updatedAt: 30, task: 'make build', createdAt: 5 }));
        await store.save(makeRun('d', { updatedAt: 10 }));
        const list = await store.list();
        expect(list.map((s) => s.runId)).toEqual(['c', 'a', 'b', 'd']);
        expect(list[0]).toEqual({ runId: 'c', status: 'running', task: 'make build', createdAt: 5, updatedAt: 30 });
        expect(list[1]!.status).toBe('escalated');
      });

      it('reflects later saves', async () => {
        await store.save(makeRun('r1'));
        await store.list();
        await store.save(makeRun('r1', { status: 'recovered', updatedAt: 1_700_000_000_500 }));
        expect(await store.list()).toMatchObject([{ runId: 'r1', status: 'recovered', updatedAt: 1_700_000_000_500 }]);
      });
    });

    describe('lock', () => {
      it('is exclusive and not re-entrant, naming the holder pid', async () => {
        const lock = await store.lock('r1');
        expect(lock).toMatchObject({ runId: 'r1', pid: process.pid, tookOverFrom: null });
        const error = await store.lock('r1').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(RunLockedError);
        expect(error).toMatchObject({ runId: 'r1', pid: process.pid });
        expect((error as Error).message).toContain(`locked by process ${process.pid}`);
        await lock.release();
        await lock.release(); // idempotent
        const again = await store.lock('r1');
        await again.release();
      });

      it('locks runs independently', async () => {
        const a = await store.lock('a');
        const b = await store.lock('b');
        await Promise.all([a.release(), b.release()]);
      });

      it('takes over a lock whose holder is dead', async () => {
        const dead = await deadPid();
        await store.lock('r1', { pid: dead });
        const lock = await store.lock('r1');
        expect(lock.tookOverFrom).toBe(dead);
        await expect(store.lock('r1')).rejects.toBeInstanceOf(RunLockedError);
        await lock.release();
      });

      it('lets exactly one of many concurrent lockers win', async () => {
        const results = await Promise.allSettled(Array.from({ length: 8 }, () => store.lock('r1')));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(RunLockedError);
        for (const r of results) if (r.status === 'fulfilled') await r.value.release();
      });
    });

    describe('prune', () => {
      const day = 86_400_000;
      const now = 1_700_000_000_000 + 100 * day;

      it('removes runs not updated within the window, keeps the rest', async () => {
        await store.save(makeRun('old', { updatedAt: now - 91 * day }));
        await store.save(makeRun('edge', { updatedAt: now - 90 * day }));
        await store.save(makeRun('new', { updatedAt: now - day }));
        expect(await store.prune(90 * day, now)).toEqual(['old']);
        expect(await store.load('old')).toBeNull();
        expect((await store.list()).map((s) => s.runId).sort()).toEqual(['edge', 'new']);
      });

      it('never removes a locked run, and leaves its lock intact', async () => {
        await store.save(makeRun('old', { updatedAt: now - 200 * day }));
        const lock = await store.lock('old');
        expect(await store.prune(90 * day, now)).toEqual([]);
        expect(await store.load('old')).not.toBeNull();
        await expect(store.lock('old')).rejects.toBeInstanceOf(RunLockedError);
        await lock.release();
        expect(await store.prune(90 * day, now)).toEqual(['old']);
      });

      it('rejects a negative window', async () => {
        await expect(store.prune(-1)).rejects.toBeInstanceOf(RangeError);
      });
    });

    it('repair has nothing to do in a healthy store', async () => {
      await store.save(makeRun('r1'));
      expect(await store.repair()).toEqual({ moved: [], skipped: [] });
      expect(await store.load('r1')).not.toBeNull();
    });
  });
}
