/**
 * The Store contract (run log v2), as one suite every implementation must pass (memory.test.ts,
 * lowdb.test.ts, postgres.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HistorySequenceError, InvalidRunIdError, InvalidRunRecordError, RunFencedError, RunLockedError,
} from '../../src/store/errors.js';
import type { Lease, Store } from '../../src/store/types.js';
import { deadPid, headOf, makeEvent, makeEvents, makeRun, saveRun } from './helpers/fixtures.js';

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

    describe('load and commit', () => {
      it('loads null for a run that was never committed', async () => {
        expect(await store.load('nope')).toBeNull();
      });

      it('round-trips a run as JSON, with the fence of its writer', async () => {
        const run = makeRun('r1');
        const fence = await saveRun(store, run);
        expect(await store.load('r1')).toEqual({ ...JSON.parse(JSON.stringify(run)), fence });
      });

      it('hands out copies: changing a loaded or committed object changes nothing stored', async () => {
        const run = makeRun('r1');
        await saveRun(store, run);
        run.task = 'changed after commit';
        run.history.pop();
        const loaded = (await store.load('r1'))!;
        loaded.history.pop();
        expect(await store.load('r1')).toMatchObject({ task: 'npm test', history: makeEvents(1, 3) });
      });

      it('writes each commit as it was when commit was called, queued or not', async () => {
        const lease = await store.acquire('r1');
        const run = makeRun('r1', {}, 0);
        const head = headOf(run);
        const events = makeEvents(1, 2);
        const first = store.commit('r1', lease.fence, { events, head });
        head.status = 'aborted';
        events.pop();
        const second = store.commit('r1', lease.fence, { events: [makeEvent(3)], head: { ...head, updatedAt: 5 } });
        head.status = 'skipped';
        await Promise.all([first, second]);
        expect(await store.load('r1')).toMatchObject({ status: 'aborted', updatedAt: 5, history: makeEvents(1, 3) });
        await lease.release();
      });

      it('applies many concurrent commits of one run in call order', async () => {
        const lease = await store.acquire('r1');
        const run = makeRun('r1', {}, 0);
        await Promise.all(Array.from({ length: 20 }, (_, i) =>
          store.commit('r1', lease.fence, { events: [makeEvent(i + 1)], head: { ...headOf(run), updatedAt: 1_700_000_000_000 + i } })));
        const loaded = (await store.load('r1'))!;
        expect(loaded.updatedAt).toBe(1_700_000_000_019);
        expect(loaded.history.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        await lease.release();
      });

      it('refuses a malformed head and stores nothing', async () => {
        const lease = await store.acquire('bad');
        const cases: [Record<string, unknown>, string][] = [
          [{ status: 'done' }, 'status'],
          [{ task: 42 }, 'task'],
          [{ updatedAt: Number.NaN }, 'updatedAt'],
          [{ checkpoint: { machine: 'recovery', version: 1.5, savedAt: 0, snapshot: {} } }, 'checkpoint.version'],
          [{ decisionOptions: ['skip', 3] }, 'decisionOptions'],
          [{ meta: null }, 'meta'],
          [{ runId: 'other' }, 'runId'],
        ];
        for (const [override, field] of cases) {
          const error = await store.commit('bad', lease.fence, { events: makeEvents(1, 1), head: { ...headOf(makeRun('bad')), ...override } as never })
            .catch((e: unknown) => e);
          expect(error, field).toBeInstanceOf(InvalidRunRecordError);
          expect((error as InvalidRunRecordError).field).toBe(field);
          expect((error as Error).message).toContain('Run "bad" was not saved');
        }
        expect(await store.load('bad')).toBeNull();
        await lease.release();
      });
    });

    describe('run ids', () => {
      it.each(BAD_IDS)('rejects %j in every operation', async (bad) => {
        await expect(store.load(bad)).rejects.toBeInstanceOf(InvalidRunIdError);
        await expect(store.commit(bad, 1, { events: [], head: headOf(makeRun(bad)) })).rejects.toBeInstanceOf(InvalidRunIdError);
        await expect(store.acquire(bad)).rejects.toBeInstanceOf(InvalidRunIdError);
      });

      it('explains what is wrong with a traversal attempt', async () => {
        await expect(store.load('../x')).rejects.toThrow(/Invalid run id "\.\.\/x": .*path separator/);
      });

      it('accepts ordinary ids', async () => {
        for (const id of ['run-1', 'A_b.c-9', '2024-11-21T12.00.00Z_abc', 'x'.repeat(128)]) {
          await saveRun(store, makeRun(id));
          expect((await store.load(id))?.runId).toBe(id);
        }
      });
    });

    describe('the event log', () => {
      let lease: Lease;
      beforeEach(async () => {
        lease = await store.acquire('r1');
        await store.commit('r1', lease.fence, { events: makeEvents(1, 3), head: headOf(makeRun('r1')) });
      });
      afterEach(async () => {
        await lease.release();
      });
      const commit = (events: Parameters<Store['commit']>[2]['events']) => store.commit('r1', lease.fence, { events, head: headOf(makeRun('r1')) });

      it('continues the log with each commit, writing each event once', async () => {
        await commit(makeEvents(4, 6));
        await commit([]);
        expect((await store.load('r1'))!.history).toEqual(makeEvents(1, 6));
      });

      it('refuses a gap and writes nothing of the commit', async () => {
        const error = await store.commit('r1', lease.fence, { events: [makeEvent(4), makeEvent(6)], head: headOf(makeRun('r1', { status: 'aborted' })) })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(HistorySequenceError);
        expect(error).toMatchObject({ kind: 'gap', expected: 5, actual: 6 });
        expect((error as Error).message).toMatch(/seq 6 would leave a gap \(the next seq is 5\)/);
        expect(await store.load('r1')).toMatchObject({ status: 'running', history: makeEvents(1, 3) });
      });

      it('skips events already committed identically, even with keys in another order', async () => {
        const reordered = Object.fromEntries(Object.entries(makeEvent(3)).reverse()) as never;
        await commit([reordered, makeEvent(4)]);
        await commit(makeEvents(2, 4)); // a retried commit: nothing new
        expect((await store.load('r1'))!.history.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
      });

      it('refuses a different event under a committed seq', async () => {
        const error = await commit([makeEvent(3, { result: 'success' }), makeEvent(4)]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(HistorySequenceError);
        expect(error).toMatchObject({ kind: 'conflict', actual: 3 });
        expect((await store.load('r1'))!.history).toHaveLength(3);
      });

      it('refuses malformed events, naming the field', async () => {
        const error = await commit([{ ...makeEvent(4), phase: 7 } as never]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidRunRecordError);
        expect((error as InvalidRunRecordError).field).toBe('events[seq 4].phase');
        await expect(commit([{ ...makeEvent(4), seq: 4.5 }])).rejects.toBeInstanceOf(HistorySequenceError);
        expect((await store.load('r1'))!.history).toHaveLength(3);
      });
    });

    describe('leases and fences', () => {
      it('is exclusive and not re-entrant, naming the holder pid', async () => {
        const lease = await store.acquire('r1');
        expect(lease).toMatchObject({ runId: 'r1', holder: { pid: process.pid }, tookOverFrom: null, repairs: [] });
        const error = await store.acquire('r1').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(RunLockedError);
        expect(error).toMatchObject({ runId: 'r1', pid: process.pid, code: 'ERR_RUN_LOCKED' });
        expect((error as Error).message).toContain(`locked by process ${process.pid}`);
        await lease.release();
        await lease.release(); // idempotent
        const again = await store.acquire('r1');
        await again.release();
      });

      it('hands out fences that only grow, whether or not the owner committed', async () => {
        const fences: number[] = [];
        for (let i = 0; i < 4; i++) {
          const lease = await store.acquire('r1');
          fences.push(lease.fence);
          if (i % 2 === 1) await store.commit('r1', lease.fence, { events: [], head: headOf(makeRun('r1')) });
          await lease.release();
        }
        for (let i = 1; i < fences.length; i++) expect(fences[i]).toBeGreaterThan(fences[i - 1]!);
      });

      it('leases runs independently', async () => {
        const a = await store.acquire('a');
        const b = await store.acquire('b');
        await Promise.all([a.release(), b.release()]);
      });

      it('lets exactly one of many concurrent acquirers win', async () => {
        const results = await Promise.allSettled(Array.from({ length: 8 }, () => store.acquire('r1')));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(RunLockedError);
        for (const r of results) if (r.status === 'fulfilled') await r.value.release();
      });

      it('two owners: the older one is fenced off, nothing lost, nothing duplicated', async () => {
        const dead = await deadPid();
        // The first owner's process is gone (or its lease expired): it committed 1..3, then stalled.
        const old = await store.acquire('r1', { pid: dead });
        await store.commit('r1', old.fence, { events: makeEvents(1, 3), head: headOf(makeRun('r1')) });
        const heir = await store.acquire('r1');
        expect(heir.fence).toBeGreaterThan(old.fence);
        expect(heir.tookOverFrom?.pid).toBe(dead);
        await store.commit('r1', heir.fence, { events: makeEvents(4, 5), head: headOf(makeRun('r1', { status: 'recovered' })) });
        // The stale owner wakes up and writes what it would have: refused, with a stable code.
        const append = await store.commit('r1', old.fence, { events: [makeEvent(4, { result: 'success' })], head: headOf(makeRun('r1')) })
          .catch((e: unknown) => e);
        expect(append).toBeInstanceOf(RunFencedError);
        expect(append).toMatchObject({ code: 'ERR_RUN_FENCED', runId: 'r1', fence: old.fence, currentFence: heir.fence });
        const snapshotOnly = await store.commit('r1', old.fence, { events: [], head: headOf(makeRun('r1', { status: 'aborted' })) }).catch((e: unknown) => e);
        expect(snapshotOnly).toBeInstanceOf(RunFencedError);
        await expect(old.renew()).rejects.toBeInstanceOf(RunFencedError);
        await heir.renew();
        expect(await store.load('r1')).toMatchObject({ status: 'recovered', fence: heir.fence, history: makeEvents(1, 5) });
        await heir.release();
      });

      it('refuses a commit after the lease was given up', async () => {
        const lease = await store.acquire('r1');
        await lease.release();
        const error = await store.commit('r1', lease.fence, { events: makeEvents(1, 1), head: headOf(makeRun('r1')) }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(RunFencedError);
        expect(error).toMatchObject({ currentFence: null });
        expect(await store.load('r1')).toBeNull();
      });
    });

    describe('list', () => {
      it('is empty for an empty store', async () => {
        expect(await store.list()).toEqual([]);
      });

      it('summarises every run, newest first, ties by run id', async () => {
        await saveRun(store, makeRun('b', { updatedAt: 20 }));
        await saveRun(store, makeRun('a', { updatedAt: 20, status: 'escalated' }));
        await saveRun(store, makeRun('c', { updatedAt: 30, task: 'make build', createdAt: 5 }));
        await saveRun(store, makeRun('d', { updatedAt: 10 }));
        const list = await store.list();
        expect(list.map((s) => s.runId)).toEqual(['c', 'a', 'b', 'd']);
        expect(list[0]).toEqual({ runId: 'c', status: 'running', task: 'make build', createdAt: 5, updatedAt: 30 });
        expect(list[1]!.status).toBe('escalated');
      });

      it('reflects later commits', async () => {
        await saveRun(store, makeRun('r1'));
        await store.list();
        await saveRun(store, makeRun('r1', { status: 'recovered', updatedAt: 1_700_000_000_500 }));
        expect(await store.list()).toMatchObject([{ runId: 'r1', status: 'recovered', updatedAt: 1_700_000_000_500 }]);
      });
    });

    describe('prune', () => {
      const day = 86_400_000;
      const now = 1_700_000_000_000 + 100 * day;

      it('removes runs not updated within the window, keeps the rest', async () => {
        await saveRun(store, makeRun('old', { updatedAt: now - 91 * day }));
        await saveRun(store, makeRun('edge', { updatedAt: now - 90 * day }));
        await saveRun(store, makeRun('new', { updatedAt: now - day }));
        expect(await store.prune(90 * day, now)).toEqual(['old']);
        expect(await store.load('old')).toBeNull();
        expect((await store.list()).map((s) => s.runId).sort()).toEqual(['edge', 'new']);
      });

      it('never removes an owned run, and leaves its lease intact', async () => {
        await saveRun(store, makeRun('old', { updatedAt: now - 200 * day }));
        const lease = await store.acquire('old');
        expect(await store.prune(90 * day, now)).toEqual([]);
        expect(await store.load('old')).not.toBeNull();
        await expect(store.acquire('old')).rejects.toBeInstanceOf(RunLockedError);
        await lease.release();
        expect(await store.prune(90 * day, now)).toEqual(['old']);
      });

      it('rejects a negative window', async () => {
        await expect(store.prune(-1)).rejects.toBeInstanceOf(RangeError);
      });
    });

    describe('repair', () => {
      it('has nothing to do in a healthy store', async () => {
        await saveRun(store, makeRun('r1'));
        expect(await store.repair()).toEqual({ moved: [], skipped: [], releasedLeases: [] });
        expect(await store.load('r1')).not.toBeNull();
      });

      it('releases a lease a dead holder left on a run that was never written', async () => {
        await store.acquire('ghost', { pid: await deadPid() });
        const live = await store.acquire('busy');
        expect((await store.repair()).releasedLeases).toEqual(['ghost']);
        const lease = await store.acquire('ghost');
        await Promise.all([lease.release(), live.release()]);
      });
    });
  });
}
