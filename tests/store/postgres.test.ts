/** The PostgreSQL store: the shared contract on a real database, plus what only it can show. */
import { describe, expect, it } from 'vitest';
import type { PostgresStore } from '../../src/store/postgres/store.js';
import { postgresStoresOnTestDatabase } from '../helpers/postgres.js';
import { describeStoreContract } from './contract.js';
import { headOf, makeEvents, makeRun } from './helpers/fixtures.js';

const openStore = postgresStoresOnTestDatabase();

describeStoreContract('postgres', async () => {
  // A schema per test would need DDL per test; a database per test file and distinct run ids
  // would leak rows between tests. So each test truncates what the previous one left.
  const store = openStore();
  await store.ready();
  await store.pool.query('TRUNCATE recovery_runs, recovery_run_events, recovery_decisions, recovery_workers');
  return { store };
});

describe('postgres: what only a shared store does', () => {
  const fresh = async () => {
    const store = openStore({ leaseMs: 60_000 });
    await store.ready();
    await store.pool.query('TRUNCATE recovery_runs, recovery_run_events, recovery_decisions, recovery_workers');
    return store;
  };
  const leaseUntil = async (store: PostgresStore, runId: string) =>
    Number((await store.pool.query('SELECT extract(epoch FROM lease_until) * 1000 AS t FROM recovery_runs WHERE run_id = $1', [runId])).rows[0]!.t);

  it('a commit under the fence renews the lease by its length; a refused one does not', async () => {
    const store = await fresh();
    const lease = await store.acquire('p1', { leaseMs: 60_000 });
    // Move the deadline near, as if the lease were about to run out.
    await store.pool.query("UPDATE recovery_runs SET lease_until = now() + interval '1 second' WHERE run_id = 'p1'");
    const near = await leaseUntil(store, 'p1');
    const run = makeRun('p1', {}, 0);
    await store.commit('p1', lease.fence, { events: makeEvents(1, 1), head: headOf(run) });
    expect(await leaseUntil(store, 'p1')).toBeGreaterThan(near + 50_000);
    await store.pool.query("UPDATE recovery_runs SET lease_until = now() + interval '1 second' WHERE run_id = 'p1'");
    const before = await leaseUntil(store, 'p1');
    await expect(store.commit('p1', lease.fence + 1, { events: [], head: headOf(run) })).rejects.toThrow(/fence/i);
    expect(await leaseUntil(store, 'p1')).toBe(before);
    await lease.release();
  });

  it('a run acquired by a process that offers it to the fleet is claimable once its lease runs out, and withdrawn when released', async () => {
    const store = await fresh();
    const lease = await store.acquire('p2', { leaseMs: 60_000 });
    const run = makeRun('p2', {}, 0);
    await store.commit('p2', lease.fence, { events: makeEvents(1, 1), head: { ...headOf(run), meta: { fleet: { task: 'command' } } } });
    const offered = async () => (await store.pool.query("SELECT task_name FROM recovery_runs WHERE run_id = 'p2'")).rows[0]!.task_name;
    expect(await offered()).toBe('command');
    await lease.release(); // let go on purpose (not escalated): withdrawn
    expect(await offered()).toBeNull();
  });
});
