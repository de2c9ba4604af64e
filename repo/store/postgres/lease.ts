/**
 * Leases on PostgreSQL: the owner, its fence and its deadline live in the run's row, and the
 * deadline is the database's clock (`now()` + the lease), so hosts whose clocks disagree still
 * agree on who owns a run. A renew moves the deadline only while the fence is still the run's;
 * a release clears the owner only while it is.
 */
import { hostname } from 'node:os';
import { named, type PgPool, type PgQueryable } from './pg-driver.js';
import { SQL_ESCALATED } from './statuses.js';
import { isTransientDbError, retryTransient } from './transient.js';
import { RunFencedError, RunLockedError } from '../errors.js';
import { isProcessAlive } from '../process-alive.js';
import type { AcquireOptions, Lease, LeaseHolder } from '../types.js';

/** How long a lease lasts without a renew, by default: 15 s. */
export const DEFAULT_LEASE_MS = 15_000;

const HOST = hostname();

/** The holder an acquisition records, from its options (defaults: this process, no worker). */
export function holderOf(options: AcquireOptions): LeaseHolder {
  return { pid: options.pid ?? process.pid, host: HOST, worker: options.worker ?? null };
}

/**
 * True when `owner` can no longer be holding its lease: its deadline passed (by the database's
 * clock), or it is a process on this host that is gone. A pid means nothing on another host,
 * so there only the deadline counts.
 */
export function ownerGone(owner: LeaseHolder | null, expired: boolean): boolean {
  if (owner === null || expired) return true;
  return owner.host === HOST && !isProcessAlive(owner.pid);
}

/** How a lease taken by `acquire` differs from a worker's claim (whose worker renews it). */
export interface AcquiredLeaseOptions {
  /**
   * Renew every lease/3 until released, so a run owned by a process (`recover run`, `resume`)
   * keeps its lease however long it runs, and loses it only when that process stops renewing
   * (it died, or paused longer than the lease). Stops at the first refused renew.
   */
  keepAlive?: boolean;
  /**
   * On release, withdraw the run from the fleet unless it is escalated: a process that lets its
   * run go on purpose (Ctrl-C) does not want a worker to continue it; one that died does (its
   * lease runs out and a worker claims it), and an escalated run waits for a decision from anywhere.
   */
  withdrawOnRelease?: boolean;
  /**
   * Writes the release elsewhere: `release()` marks the lease released (a renew is refused from
   * then on) and hands the run and fence to this instead of writing (a worker releases the runs
   * it finished in its next claim's statement, see queue.ts).
   */
  deferRelease?: (runId: string, fence: number) => void;
}

/** $1 run, $2 fence, $3 lease ms: the deadline moves only while the fence holds the run. */
const RENEW = named('recovery_renew', `
  UPDATE recovery_runs SET lease_until = now() + $3 * interval '1 millisecond' WHERE run_id = $1 AND fence = $2 AND owner IS NOT NULL`);
const RELEASE = named('recovery_release', 'UPDATE recovery_runs SET owner = NULL, lease_until = NULL WHERE run_id = $1 AND fence = $2');
/** A release that also withdraws the run from the fleet unless it is escalated (see `withdrawOnRelease`). */
const RELEASE_WITHDRAWING = named('recovery_release_withdrawing', `
  UPDATE recovery_runs SET owner = NULL, lease_until = NULL, task_name = CASE WHEN status = ${SQL_ESCALATED} THEN task_name END,
         queued_at = CASE WHEN status = ${SQL_ESCALATED} THEN queued_at END
   WHERE run_id = $1 AND fence = $2`);

/** The lease of an ownership just taken (by `acquire` or a worker's claim). */
export function leaseOf(
  pool: PgPool, runId: string, fence: number, holder: LeaseHolder, leaseMs: number, acquiredAt: number,
  tookOverFrom: LeaseHolder | null, options: AcquiredLeaseOptions = {},
): Lease {
  let released = false;
  const renew = async () => {
    const { rowCount } = await pool.query(RENEW([runId, fence, leaseMs]));
    if (released || rowCount === 0) throw new RunFencedError(runId, fence, await currentFence(pool, runId));
  };
  const keeper = options.keepAlive ? setInterval(() => {
    // A refused renew ends the keeping: the next commit is refused too, which stops the run.
    renew().catch((error: unknown) => { if (error instanceof RunFencedError) clearInterval(keeper); });
  }, Math.max(50, leaseMs / 3)) : undefined;
  keeper?.unref(); // never what keeps a process alive
  return {
    runId, fence, holder, acquiredAt, tookOverFrom, repairs: [], renew,
    async release() {
      if (released) return;
      released = true;
      clearInterval(keeper);
      if (options.deferRelease) options.deferRelease(runId, fence);
      // A release cut by a passing database error (a restart, a terminated connection) is tried
      // again under the same fence while the lease could still hold. It comes after the run's
      // last checkpoint, so failing would turn a run that ended, committed, into an error of its
      // owner (a worker reported one for a run it had finished). Once the lease has run out there
      // is nothing left to release: a crashed owner's lease ends the same way.
      else {
        await retryTransient(() => pool.query((options.withdrawOnRelease ? RELEASE_WITHDRAWING : RELEASE)([runId, fence])), { budgetMs: leaseMs }).catch((error: unknown) => {
          if (!isTransientDbError(error)) throw error;
        });
      }
    },
  };
}

/** The fence of the run's current owner, or null when nobody holds it. */
export async function currentFence(db: PgPool | PgQueryable, runId: string): Promise<number | null> {
  const { rows } = await db.query<{ fence: string; owned: boolean }>(
    'SELECT fence, owner IS NOT NULL AS owned FROM recovery_runs WHERE run_id = $1', [runId]);
  const row = rows[0];
  return row?.owned ? Number(row.fence) : null;
}

/**
 * Takes the run for `holder` inside the caller's transaction: creates its row when missing,
 * refuses with `RunLockedError` while a live owner holds it, and otherwise hands out the next
 * fence. Returns the fence, the database's time, and the owner it replaced (a takeover).
 */
export async function takeRun(
  client: PgQueryable, runId: string, holder: LeaseHolder, leaseMs: number,
): Promise<{ fence: number; acquiredAt: number; tookOverFrom: LeaseHolder | null }> {
  await client.query('INSERT INTO recovery_runs (run_id) VALUES ($1) ON CONFLICT DO NOTHING', [runId]);
  const { rows } = await client.query<{ owner: LeaseHolder | null; expired: boolean | null }>(
    'SELECT owner, lease_until <= now() AS expired FROM recovery_runs WHERE run_id = $1 FOR UPDATE', [runId]);
  const owner = rows[0]?.owner ?? null;
  if (!ownerGone(owner, rows[0]?.expired === true)) throw new RunLockedError(runId, owner!.pid, owner!.host);
  const taken = await client.query<{ fence: string; at: number }>(
    `UPDATE recovery_runs SET fence = fence + 1, owner = $2, lease_until = now() + $3 * interval '1 millisecond', lease_ms = $3, last_owner = owner
      WHERE run_id = $1 RETURNING fence, extract(epoch FROM now()) * 1000 AS at`, [runId, JSON.stringify(holder), leaseMs]);
  return { fence: Number(taken.rows[0]!.fence), acquiredAt: Math.round(Number(taken.rows[0]!.at)), tookOverFrom: owner };
}
