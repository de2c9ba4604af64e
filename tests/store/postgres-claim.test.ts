/** The fleet's claim on PostgreSQL: hand-backs released in the claim's statement, under their fence only. */
import { beforeEach, describe, expect, it } from 'vitest';
import { RunFencedError } from '../../src/store/errors.js';
import { claimRuns, enqueue, releaseRuns, runState } from '../../src/store/postgres/queue.js';
import type { PostgresStore } from '../../src/store/postgres/store.js';
import { useFleetStore } from '../fleet/store.js';

const fleetStore = useFleetStore();
let store: PostgresStore;
beforeEach(() => { store = fleetStore(); });

const worker = { pid: 1, host: 'here', worker: 'w1' };
const other = { pid: 2, host: 'there', worker: 'w2' };
const queue = async (...ids: string[]) => { for (const runId of ids) await enqueue(store, { runId, taskName: 't', input: null }); };

describe('claimRuns with hand-backs', () => {
  it('releases each hand-back while its fence holds it, never claims one in the same statement, and the next claim may', async () => {
    await queue('a', 'b');
    const [a, b] = await claimRuns(store, worker, ['t'], 2, 60_000);
    expect([a!.lease.runId, b!.lease.runId]).toEqual(['a', 'b']);
    // `b` was taken over meanwhile: its hand-back carries a fence that no longer holds it.
    await store.pool.query(`UPDATE recovery_runs SET fence = fence + 1, owner = '{"pid":3,"host":"x","worker":"thief"}' WHERE run_id = 'b'`);
    const claimed = await claimRuns(store, worker, ['t'], 5, 60_000, { handBack: [{ runId: 'a', fence: a!.lease.fence }, { runId: 'b', fence: b!.lease.fence }] });
    expect(claimed).toEqual([]);
    expect((await runState(store, 'a'))?.owner).toBeNull();
    expect((await runState(store, 'b'))?.owner).toMatchObject({ worker: 'thief' });
    const [again] = await claimRuns(store, other, ['t'], 5, 60_000);
    expect(again).toMatchObject({ lease: { runId: 'a', fence: a!.lease.fence + 1 } });
  });

  it('a deferred release writes nothing, hands the run and fence on, and refuses a renew from then on', async () => {
    await queue('c');
    const handed: Array<[string, number]> = [];
    const [c] = await claimRuns(store, worker, ['t'], 1, 60_000, { deferRelease: (runId, fence) => void handed.push([runId, fence]) });
    await c!.lease.release();
    expect(handed).toEqual([['c', c!.lease.fence]]);
    expect((await runState(store, 'c'))?.owner).toMatchObject({ worker: 'w1' });
    await expect(c!.lease.renew()).rejects.toBeInstanceOf(RunFencedError);
    await releaseRuns(store, handed.map(([runId, fence]) => ({ runId, fence })));
    expect((await runState(store, 'c'))?.owner).toBeNull();
  });

  it('never claims a run in hand, nor a run whose lease still holds', async () => {
    await queue('d', 'e');
    const [d] = await claimRuns(store, worker, ['t'], 1, 60_000);
    expect(d!.lease.runId).toBe('d');
    await store.pool.query(`UPDATE recovery_runs SET lease_until = now() - interval '1 second' WHERE run_id = 'd'`);
    const mine = await claimRuns(store, worker, ['t'], 5, 60_000, { inHand: ['d'] });
    expect(mine.map((claim) => claim.lease.runId)).toEqual(['e']);
    expect(await claimRuns(store, other, ['t'], 5, 60_000, { inHand: [] })).toMatchObject([{ lease: { runId: 'd', tookOverFrom: worker } }]);
  });
});
