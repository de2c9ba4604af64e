/**
 * Fleet mode's queue, in the runs table: a submitted run is a row with the registered task that
 * runs it and its input; a worker claims runs it can run whose owner is gone (none yet, a
 * released lease, or a lease past its deadline by the database clock), skipping rows another
 * worker is claiming (`FOR UPDATE SKIP LOCKED`), and takes each with the next fence in the same
 * statement. Escalated runs are claimed only once a decision waits for them.
 *
 * Like graphile-worker's `get_job` (locked_at older than the expiry) and pg-boss's fetch
 * (`FOR UPDATE SKIP LOCKED`, then state = active), but the claim also bumps the run's fence, so
 * a worker that lost its run is refused on its next write instead of finishing it twice, and the
 * expiry is the lease (seconds, renewed), not hours.
 */
import { RunLockedError, RunNotFoundError } from '../errors.js';
import { assertRunId } from '../run-id.js';
import type { Lease, LeaseHolder } from '../types.js';
import { leaseOf } from './lease.js';
import { named } from './pg-driver.js';
import type { RunStatus } from '../../taxonomy/run-status.js';
import { SQL_ESCALATED } from './statuses.js';
import type { PostgresStore } from './store.js';

/** Channels: work to claim (a submit, a decision, a run let go), and a run that came to rest. */
export const WORK_CHANNEL = 'recovery_work';
export const RUN_CHANNEL = 'recovery_run';

/** A run queued for the fleet. */
export interface QueuedRun {
  runId: string;
  /** The registered task a worker runs it with. */
  taskName: string;
  /** JSON given to the task (and run options). */
  input: unknown;
}

/** $1 run, $2 task, $3 input (json), $4 the work channel: the row and its wake-up in one statement. */
const ENQUEUE = named('recovery_enqueue', `
  WITH q AS (INSERT INTO recovery_runs (run_id, task_name, input, queued_at) VALUES ($1, $2, $3, now())
    ON CONFLICT DO NOTHING RETURNING run_id)
  SELECT pg_notify($4, run_id) FROM q`);

/** Queues a run for any worker that has `taskName`; throws when the run id is taken. */
export async function enqueue(store: PostgresStore, run: QueuedRun): Promise<void> {
  assertRunId(run.runId);
  await store.ready();
  const { rowCount } = await store.pool.query(ENQUEUE([run.runId, run.taskName, JSON.stringify(run.input ?? null), WORK_CHANNEL]));
  if (rowCount !== 1) throw new RunLockedError(run.runId, null);
}

/** A run a worker has just claimed. */
export interface Claim {
  lease: Lease;
  taskName: string;
  input: unknown;
  /** False for a run nobody has started (no checkpoint yet): it starts fresh; else it resumes. */
  started: boolean;
  /** The oldest decision waiting for the run, when it is escalated. */
  decision: PendingDecision | null;
}

/** A decision recorded for an escalated run and not yet taken by a worker. */
export interface PendingDecision {
  id: number;
  choice: string;
  guidance: string | null;
  /** Who decided, when the decider said (`recover decide --as`, `recover ui`). */
  by: string | null;
}

/** A run its owner let go at rest (final, or escalated), released by its owner's next claim. */
export interface HandBack {
  runId: string;
  fence: number;
}

/** What a claim takes besides its holder, tasks, limit and lease. */
export interface ClaimOptions {
  /**
   * Runs never claimed: the holder's own. A worker whose lease lapsed during a database outage
   * still holds the attempt's outcome and is writing it; claiming its own run again would fence
   * that write and run the attempt twice.
   */
  inHand?: readonly string[];
  /** Runs released in the claim's statement (each while `fence` still holds it): one round trip for both. */
  handBack?: readonly HandBack[];
  /**
   * Takes over the release of each lease claimed: `release()` marks the lease released (its renew
   * is refused from then on) and calls this instead of writing; the caller writes it (`handBack`).
   */
  deferRelease?: (runId: string, fence: number) => void;
}

/**
 * Releases the hand-backs ($6 runs, $7 fences), then claims up to $2 runs among those with a task
 * in $1, oldest first, never one in $5 nor a hand-back, each for owner $3 with a lease of $4 ms by
 * the database clock and the next fence. The released rows are locked by this statement, so the
 * claim skips them; they are claimable by the next one.
 */
const CLAIM = named('recovery_claim', `
  WITH handed AS (
    UPDATE recovery_runs h SET owner = NULL, lease_until = NULL
      FROM unnest($6::text[], $7::bigint[]) AS g(run_id, fence)
     WHERE h.run_id = g.run_id AND h.fence = g.fence),
  c AS (
    SELECT run_id FROM recovery_runs r
     WHERE task_name = ANY($1) AND NOT final AND (owner IS NULL OR lease_until <= now())
       AND run_id <> ALL($5::text[]) AND run_id <> ALL($6::text[])
       AND (status IS DISTINCT FROM ${SQL_ESCALATED}
            OR EXISTS (SELECT 1 FROM recovery_decisions d WHERE d.run_id = r.run_id AND d.taken_at IS NULL))
     ORDER BY queued_at LIMIT $2 FOR UPDATE SKIP LOCKED)
  UPDATE recovery_runs r SET fence = r.fence + 1, owner = $3, lease_until = now() + $4 * interval '1 millisecond', lease_ms = $4, last_owner = r.owner
    FROM c WHERE r.run_id = c.run_id
  RETURNING r.run_id, r.fence, r.task_name, r.input, r.head IS NOT NULL AS started, r.last_owner,
    extract(epoch FROM now()) * 1000 AS at,
    CASE WHEN r.status = ${SQL_ESCALATED} THEN (SELECT json_build_object('id', d.id, 'choice', d.choice, 'guidance', d.guidance, 'by', d.decided_by)
      FROM recovery_decisions d WHERE d.run_id = r.run_id AND d.taken_at IS NULL ORDER BY d.id LIMIT 1) END AS decision`);

/**
 * Claims up to `limit` runs for `holder` among those with a task in `tasks`, oldest first, each
 * with a lease of `leaseMs` by the database clock and the next fence; releases `handBack` in the
 * same statement. One statement, named: a worker runs it for every run.
 */
export async function claimRuns(
  store: PostgresStore, holder: LeaseHolder, tasks: readonly string[], limit: number, leaseMs: number, options: ClaimOptions = {},
): Promise<Claim[]> {
  const { inHand = [], handBack = [], deferRelease } = options;
  if (handBack.length === 0 && (limit <= 0 || tasks.length === 0)) return [];
  await store.ready();
  const { rows } = await store.pool.query<{
    run_id: string; fence: string; task_name: string; input: unknown; started: boolean; last_owner: LeaseHolder | null; at: number;
    decision: PendingDecision | null;
  }>(CLAIM([tasks, Math.max(0, limit), JSON.stringify(holder), leaseMs, inHand, handBack.map((h) => h.runId), handBack.map((h) => h.fence)]));
  return rows.map((r) => ({
    lease: leaseOf(store.pool, r.run_id, Number(r.fence), holder, leaseMs, Math.round(Number(r.at)), r.last_owner, deferRelease ? { deferRelease } : {}),
    taskName: r.task_name, input: r.input, started: r.started, decision: r.decision,
  }));
}

/** Releases `handBack` now (each while its fence holds): a worker that stops, or lets a run go before it came to rest. */
export async function releaseRuns(store: PostgresStore, handBack: readonly HandBack[]): Promise<void> {
  if (handBack.length === 0) return;
  await store.ready();
  await store.pool.query(CLAIM([[], 0, null, 0, [], handBack.map((h) => h.runId), handBack.map((h) => h.fence)]));
}

/**
 * Records a decision for an escalated run, from any machine, and wakes the workers. Throws
 * `RunNotFoundError` for an unknown run and an Error naming the status for one not escalated.
 */
export async function recordDecision(store: PostgresStore, runId: string, choice: string, guidance: string | null, by: string | null = null): Promise<number> {
  assertRunId(runId);
  await store.ready();
  const { rows } = await store.pool.query<{ status: RunStatus | null; task_name: string | null }>(
    'SELECT status, task_name FROM recovery_runs WHERE run_id = $1 AND head IS NOT NULL', [runId]);
  if (rows[0] === undefined) throw new RunNotFoundError(runId);
  if (rows[0].status !== 'escalated') throw new Error(`run ${runId} is ${rows[0].status}, not escalated: there is nothing to decide`);
  if (rows[0].task_name === null) throw new Error(`run ${runId} was not submitted to the fleet: answer it where it runs (recover decide without a PostgreSQL store)`);
  const inserted = await store.pool.query<{ id: string }>(
    `WITH d AS (INSERT INTO recovery_decisions (run_id, choice, guidance, decided_by) VALUES ($1, $2, $3, $5) RETURNING id)
     SELECT id, pg_notify($4, $1) FROM d`, [runId, choice, guidance, WORK_CHANNEL, by]);
  return Number(inserted.rows[0]!.id);
}

/** Marks a decision taken by the owner with `fence` (a commit leaving `escalated` does it too). */
export async function markDecisionTaken(store: PostgresStore, id: number, fence: number): Promise<void> {
  await store.pool.query('UPDATE recovery_decisions SET taken_at = now(), taken_fence = $2 WHERE id = $1 AND taken_at IS NULL', [id, fence]);
}

/** Where a fleet run is: its status (null before its first checkpoint), whether final, who owns it. */
export interface FleetRunState {
  status: string | null;
  final: boolean;
  owner: LeaseHolder | null;
  fence: number;
  /** A decision is recorded and no owner has taken it yet: an escalated run is about to move on. */
  decisionPending: boolean;
  /** The choices an escalated run offers (its head's `decisionOptions`), else null. */
  decisionOptions: string[] | null;
  /** A worker may continue it (it has a task); false for a `recover run` that was let go or never offered. */
  offered: boolean;
  /** Nobody holds it: no owner, or the owner's lease ran out by the database clock. */
  unowned: boolean;
}

/** The run's state, or null when there is no such run. */
export async function runState(store: PostgresStore, runId: string): Promise<FleetRunState | null> {
  assertRunId(runId);
  await store.ready();
  const { rows } = await store.pool.query<{
    status: string | null; final: boolean; owner: LeaseHolder | null; fence: string; pending: boolean; options: string[] | null; offered: boolean; unowned: boolean;
  }>(
    `SELECT status, final, owner, fence, task_name IS NOT NULL AS offered, (owner IS NULL OR lease_until <= now()) AS unowned,
            EXISTS (SELECT 1 FROM recovery_decisions d WHERE d.run_id = r.run_id AND d.taken_at IS NULL) AS pending,
            head->'decisionOptions' AS options
       FROM recovery_runs r WHERE run_id = $1 AND (head IS NOT NULL OR task_name IS NOT NULL)`, [runId]);
  const row = rows[0];
  if (row === undefined) return null;
  return {
    status: row.status, final: row.final, owner: row.owner, fence: Number(row.fence), decisionPending: row.pending,
    decisionOptions: Array.isArray(row.options) ? row.options : null, offered: row.offered, unowned: row.unowned,
  };
}

/** $1 worker, $2 host, $3 pid, $4 stopped. */
const TOUCH_WORKER = named('recovery_touch_worker', `
  INSERT INTO recovery_workers (worker_id, host, pid) VALUES ($1, $2, $3)
  ON CONFLICT (worker_id) DO UPDATE SET seen_at = now(), stopped_at = CASE WHEN $4 THEN now() END`);

/** Records a worker's start, or its latest sign of life. */
export async function touchWorker(store: PostgresStore, workerId: string, holder: LeaseHolder, stopped = false): Promise<void> {
  await store.ready();
  await store.pool.query(TOUCH_WORKER([workerId, holder.host, holder.pid, stopped]));
}

/** Wakes the workers: a run was let go and may be claimed now. */
export async function announceWork(store: PostgresStore, runId: string): Promise<void> {
  await store.pool.query('SELECT pg_notify($1, $2)', [WORK_CHANNEL, runId]);
}
