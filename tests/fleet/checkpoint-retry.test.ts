/**
 * A checkpoint write cut by the database (the worker's backend terminated with
 * `pg_terminate_backend` between an attempt's end and the write of its outcome) is written again
 * under the same fence: the attempt is not run a second time, and a security failure it observed
 * stays an escalation. Before, the worker gave the run up and its next owner re-ran the attempt,
 * which here passes the second time: the security failure would have ended `succeeded`.
 * Real PostgreSQL, a real worker and a real child process.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWorker, submit, type WorkerEvent } from '../../src/runtime/fleet/index.js';
import { runState } from '../../src/store/postgres/queue.js';
import { postgresStore, type PostgresStore } from '../../src/store/postgres/store.js';
import { waitFor } from '../helpers/wait-for.js';
import { useFleetFiles } from './store.js';

const fleetFiles = useFleetFiles('recovery-ckpt-');
let url: string;
let store: PostgresStore;
let dir: string;
beforeAll(() => { ({ url, store, dir } = fleetFiles()); });

/** How this file's waits poll: every 50 ms, failing after a minute. */
const POLL = { everyMs: 50, withinMs: 60_000 };

describe('a checkpoint write that fails for a passing database error', { timeout: 120_000 }, () => {
  it('is retried under the same fence: the attempt runs once and its security failure stays escalated', async () => {
    const journal = join(dir, 'journal');
    const go = join(dir, 'go');
    // Journals each execution; a re-execution passes (which is what must never happen), the first
    // waits for the test, then fails with a security violation (halt, escalate).
    const script = `echo "$RECOVERY_ATTEMPT $RECOVERY_FENCE" >> ${journal}; [ "$(wc -l < ${journal})" -gt 1 ] && exit 0;
while [ ! -e ${go} ]; do sleep 0.05; done; echo "EACCES: permission denied, open '/etc/shadow'" >&2; exit 1`;
    const id = await submit(store, 'command', { cmd: 'sh', args: ['-c', script] });
    // The worker has a pool of its own, so only its backends are terminated.
    const workerStore = postgresStore(url);
    const events: WorkerEvent[] = [];
    const worker = createWorker({ store: workerStore, leaseMs: 6_000, onEvent: (e) => events.push(e) });
    const locker = new pg.Client(url);
    await locker.connect();
    try {
      await waitFor('the attempt to start', () => existsSync(journal) && readFileSync(journal, 'utf8').trim() !== '', POLL);
      // Hold the run's row so the worker's write of the attempt's outcome waits where we can see it.
      const lockerPid = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM recovery_runs WHERE run_id = $1 FOR UPDATE', [id]);
      writeFileSync(go, '');
      // The write must be held up by our hold: waiting on it directly, or queued behind a lease
      // renew that is (both seen at load 20). Matching any write that waited on a lock, the test
      // once terminated one that had waited a moment on a renew and was idle by then, so no
      // write was cut. Asked from another session than the locker's open transaction.
      const blocked = await waitFor('the checkpoint write to wait on the row', async () => (await store.pool.query<{ pid: number }>(
        `SELECT a.pid FROM pg_stat_activity a
          WHERE a.datname = current_database() AND a.query LIKE '%FROM recovery_runs WHERE run_id = $1 FOR UPDATE%'
            AND EXISTS (SELECT 1 FROM unnest(pg_blocking_pids(a.pid)) AS b(pid) WHERE b.pid = $1 OR $1 = ANY(pg_blocking_pids(b.pid)))`,
        [lockerPid])).rows[0]?.pid, POLL);
      await locker.query('SELECT pg_terminate_backend($1)', [blocked]);
      await locker.query('ROLLBACK');
      await waitFor('the run to come to rest', async () => { const s = await runState(store, id); return s !== null && (s.final || (s.status === 'escalated' && s.unowned)); }, POLL);
    } finally {
      await locker.end().catch(() => undefined);
      await worker.stop();
      await workerStore.close();
    }
    const run = (await store.load(id))!;
    expect(readFileSync(journal, 'utf8').trim().split('\n')).toEqual([`1 ${run.fence}`]); // executed once, by the one owner
    expect(run.status).toBe('escalated');
    expect(run.fence).toBe(1);
    expect(run.history.some((e) => e.result === 'success')).toBe(false);
    expect(run.history.map((e) => e.seq)).toEqual(run.history.map((_, i) => i + 1));
    expect(events.find((e) => e.type === 'notice')).toMatchObject({ message: expect.stringContaining('57P01') });
    expect(events.filter((e) => e.type === 'error' || e.type === 'lost')).toEqual([]);
  });
});
