/**
 * The PostgreSQL store's upkeep: `prune` (old runs emptied, their rows kept for the fence) and
 * `repair` (leases on runs never written, whose owner is gone, released).
 */
import type { RepairResult } from '../types.js';
import { ownerGone } from './lease.js';
import type { PgPool } from './pg-driver.js';

/** What upkeep needs of the store: the schema ready, and its pool. */
export interface UpkeepDb {
  ready(): Promise<void>;
  readonly pool: PgPool;
}

/** `Store.prune` of the PostgreSQL store. */
export async function pruneRuns(db: UpkeepDb, olderThanMs: number, now: number = Date.now()): Promise<string[]> {
  if (!Number.isFinite(olderThanMs) || olderThanMs < 0) throw new RangeError(`prune: olderThanMs must be a finite number >= 0, got ${olderThanMs}`);
  await db.ready();
  // The row stays (head and events gone) so the run's fence keeps growing: a stale owner of a
  // pruned run can never write again, even if the id is reused.
  const { rows } = await db.pool.query<{ run_id: string }>(
    `WITH gone AS (
       UPDATE recovery_runs SET head = NULL, status = NULL, updated_at = NULL, events = 0, final = false,
              task_name = NULL, input = NULL, owner = NULL, lease_until = NULL
        WHERE head IS NOT NULL AND updated_at < $1 AND (owner IS NULL OR lease_until <= now()) RETURNING run_id),
     events AS (DELETE FROM recovery_run_events e USING gone WHERE e.run_id = gone.run_id),
     decisions AS (DELETE FROM recovery_decisions d USING gone WHERE d.run_id = gone.run_id)
     SELECT run_id FROM gone ORDER BY run_id COLLATE "C"`, [now - olderThanMs]);
  return rows.map((r) => r.run_id);
}

/** `Store.repair` of the PostgreSQL store. */
export async function repairRuns(db: UpkeepDb): Promise<RepairResult> {
  await db.ready();
  // Heads and events are checked on every commit and the database keeps them whole, so nothing
  // is ever damaged here; what can be left behind is a lease on a run that was never written.
  const { rows } = await db.pool.query<{ run_id: string; fence: string; owner: Parameters<typeof ownerGone>[0]; expired: boolean }>(
    `SELECT run_id, fence, owner, lease_until <= now() AS expired FROM recovery_runs
      WHERE owner IS NOT NULL AND head IS NULL ORDER BY run_id COLLATE "C"`);
  const releasedLeases: string[] = [];
  for (const row of rows) {
    if (!ownerGone(row.owner, row.expired)) continue;
    const { rowCount } = await db.pool.query(
      'UPDATE recovery_runs SET owner = NULL, lease_until = NULL WHERE run_id = $1 AND fence = $2 AND head IS NULL', [row.run_id, row.fence]);
    if (rowCount === 1) releasedLeases.push(row.run_id);
  }
  return { moved: [], skipped: [], releasedLeases };
}
