/**
 * A lease release cut by the database (its backend terminated, as a restart does) is tried again
 * under the same fence. The runtime releases after a run's last checkpoint, so a release that
 * failed made a worker report a run it had finished, committed, as an error: the chaos test with
 * database restarts caught it at `pg_ctl restart -m immediate`. Real PostgreSQL.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresStore, type PostgresStore } from '../../src/store/postgres/store.js';
import { useTestDatabase } from '../helpers/postgres.js';
import { waitFor } from '../helpers/wait-for.js';

const database = useTestDatabase();
let store: PostgresStore;
beforeAll(async () => {
  store = postgresStore(database.url);
  await store.ready();
}, 120_000);
afterAll(() => store.close());

describe('a lease release that meets a passing database error', () => {
  it('is tried again and releases the run, instead of failing its owner', async () => {
    // The owner has a pool of its own, so only its backend is terminated.
    const owner = postgresStore(database.url);
    const locker = new pg.Client(database.url);
    await locker.connect();
    try {
      const lease = await owner.acquire('released-once', { leaseMs: 60_000 });
      // Hold the row so the release's UPDATE waits where it can be seen, then cut its connection.
      await locker.query('BEGIN');
      await locker.query("SELECT 1 FROM recovery_runs WHERE run_id = 'released-once' FOR UPDATE");
      const released = lease.release();
      released.catch(() => undefined); // judged below; meanwhile a rejection is not unhandled
      let blocked: number | undefined;
      await waitFor('the release to wait on the row', async () => {
        // Asked outside the locker's transaction, which would see one snapshot of the activity.
        blocked = (await store.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database()
              AND wait_event_type = 'Lock' AND query LIKE '%UPDATE recovery_runs SET owner = NULL%'`)).rows[0]?.pid;
        return blocked !== undefined;
      });
      await locker.query('SELECT pg_terminate_backend($1)', [blocked]);
      await locker.query('ROLLBACK');
      await expect(released).resolves.toBeUndefined();
      const { rows } = await store.pool.query("SELECT owner, lease_until, fence FROM recovery_runs WHERE run_id = 'released-once'");
      expect(rows).toEqual([{ owner: null, lease_until: null, fence: String(lease.fence) }]);
    } finally {
      await locker.end().catch(() => undefined);
      await owner.close();
    }
  });
});
