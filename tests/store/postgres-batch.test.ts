/**
 * Group commit (commit-batch.ts): commits of several runs made at once go in one statement, and
 * each is still checked and written as if alone — a stale fence refused, a head holding \u0000
 * kept, a commit that does not continue the log sent down the careful path.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { RunFencedError } from '../../src/store/errors.js';
import type { PostgresStore } from '../../src/store/postgres/store.js';
import type { Lease } from '../../src/store/types.js';
import { useFleetStore } from '../fleet/store.js';
import { headOf, makeEvents, makeRun } from './helpers/fixtures.js';

const fleetStore = useFleetStore();
let store: PostgresStore;
beforeEach(() => { store = fleetStore(); });

const commitOf = (runId: string, from: number, to: number, meta: Record<string, unknown> = {}) =>
  ({ events: makeEvents(from, to), head: { ...headOf(makeRun(runId, {}, 0)), meta } });

describe('commits made at once', () => {
  it('are each checked and written as if alone', async () => {
    const ids = ['g1', 'g2', 'g3', 'g4', 'g5'];
    const leases = new Map<string, Lease>();
    for (const id of ids) leases.set(id, await store.acquire(id, { leaseMs: 60_000 }));
    await store.commit('g4', leases.get('g4')!.fence, commitOf('g4', 1, 2)); // g4's log already holds two events
    const fence = (id: string) => leases.get(id)!.fence;
    const results = await Promise.allSettled([
      store.commit('g1', fence('g1'), commitOf('g1', 1, 2, { output: 'a\u0000b' })),
      store.commit('g2', fence('g2') + 1, commitOf('g2', 1, 1)), // not its fence
      store.commit('g3', fence('g3'), commitOf('g3', 1, 3)),
      store.commit('g4', fence('g4'), commitOf('g4', 1, 3)), // repeats 1-2, adds 3: the careful path
      store.commit('g5', fence('g5'), { events: [], head: headOf(makeRun('g5', {}, 0)) }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(RunFencedError);
    const g1 = (await store.load('g1'))!;
    expect(g1.meta).toEqual({ output: 'a\u0000b' });
    expect(g1.history.map((e) => e.seq)).toEqual([1, 2]);
    expect(await store.load('g2')).toBeNull();
    expect((await store.load('g3'))!.history.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect((await store.load('g4'))!.history.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect((await store.load('g5'))!.history).toEqual([]);
    for (const lease of leases.values()) await lease.release();
  });
});
