/**
 * The PostgreSQL store: the Store contract (run log v2) on one database that many processes on
 * many hosts share. A commit is one transaction: lock the run's row, check the fence, insert the
 * new events (primary key run + seq), replace the head; a reader's `load` is one statement, so it
 * sees one commit or the next, never half. Leases expire by the database clock (see lease.ts).
 * The schema is created and migrated on first use (schema.ts).
 */
import { loadPg, type PgPool, type PgPoolClient } from './pg-driver.js';
import type { HistoryEvent } from '../../taxonomy/history.js';
import type { RunStatus } from '../../taxonomy/run-status.js';
import { CorruptRunError, RunFencedError, StoreUnavailableError } from '../errors.js';
import { assertRepeatsMatch, commitArgumentsError, splitEvents } from '../history.js';
import { KeyedMutex } from '../keyed-mutex.js';
import { assertRunId } from '../run-id.js';
import type { AcquireOptions, Checkpoint, Lease, RepairResult, RunHead, RunRecord, RunSummary, Store } from '../types.js';
import { eventProblem, runHeadProblem } from '../validate.js';
import { DEFAULT_LEASE_MS, holderOf, leaseOf, ownerGone, takeRun } from './lease.js';
import { migrate } from './schema.js';
import { isFinalRow, SQL_ESCALATED, SQL_RUNNING } from './statuses.js';
import { dbErrorReason } from './transient.js';

/** Options of `postgresStore`. */
export interface PostgresStoreOptions {
  /** Most connections this store opens at once. Default 10. */
  poolSize?: number;
  /** The lease of `acquire` when its options give none, in ms. Default 15,000. */
  leaseMs?: number;
}

/** Opens the store in the PostgreSQL database at `url` (`postgres://user@host:port/db`). Call `close()` when done. */
export function postgresStore(url: string, options: PostgresStoreOptions = {}): PostgresStore {
  return new PostgresStore(url, options);
}

/** A Store on PostgreSQL, plus what fleet mode builds on (its pool, `close`). */
export class PostgresStore implements Store {
  /** The connection pool; fleet mode (queue.ts, notify.ts) queries through it. */
  readonly pool: PgPool;
  /** The database URL without its password, for messages. */
  readonly where: string;
  /** The URL the store was opened with (LISTEN needs a connection of its own). */
  readonly url: string;
  readonly #leaseMs: number;
  readonly #turns = new KeyedMutex();
  #ready: Promise<void> | undefined;

  constructor(url: string, options: PostgresStoreOptions) {
    this.url = url;
    this.where = redactUrl(url);
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    // allowExitOnIdle: a CLI verb that forgets to close still exits once its queries are done.
    this.pool = new (loadPg().Pool)({ connectionString: url, max: options.poolSize ?? 10, allowExitOnIdle: true });
    this.pool.on('error', () => undefined); // an idle connection dropped by the server: the pool replaces it
  }

  /**
   * Creates or migrates the schema once per store object; every operation awaits it. A database
   * that cannot be reached rejects with `StoreUnavailableError` naming it (no password), so a
   * command started while it is down says so in one line instead of a driver's stack.
   */
  ready(): Promise<void> {
    // Any failure to get a connection (refused, no such host, database or role, a server starting
    // up) means the store cannot be used: no stack would help. A failing migration is not that.
    this.#ready ??= this.pool.connect().catch((error: unknown) => {
      throw new StoreUnavailableError(this.where, dbErrorReason(error), error);
    }).then(async (client) => {
      try {
        await migrate(client);
      } finally {
        client.release();
      }
    });
    this.#ready.catch(() => { this.#ready = undefined; }); // a failed start is retried by the next call
    return this.#ready;
  }

  /** Closes the pool. */
  async close(): Promise<void> {
    await this.pool.end();
  }

  async load(runId: string): Promise<RunRecord | null> {
    assertRunId(runId);
    await this.ready();
    // One statement: the head and exactly the events it commits, from one snapshot of the database.
    const { rows } = await this.pool.query<{ head: RunHead | null; head_fence: string; history: HistoryEvent[] }>(
      `SELECT r.head, r.head_fence,
              (SELECT coalesce(json_agg(e.event ORDER BY e.seq), '[]'::json) FROM recovery_run_events e
                WHERE e.run_id = r.run_id AND e.seq <= r.events) AS history
         FROM recovery_runs r WHERE r.run_id = $1 AND r.head IS NOT NULL`, [runId]);
    const row = rows[0];
    if (row === undefined || row.head === null) return null;
    const problem = runHeadProblem(row.head, runId);
    if (problem !== null) throw new CorruptRunError(this.#path(runId), runId, new Error(`${problem.field}: ${problem.problem}`));
    for (let i = 0; i < row.history.length; i++) {
      const p = eventProblem(row.history[i], i + 1);
      if (p !== null) throw new CorruptRunError(this.#path(runId), runId, new Error(`event ${i + 1}${p.field ? `.${p.field}` : ''}: ${p.problem}`));
    }
    return { ...row.head, fence: Number(row.head_fence), history: row.history };
  }

  commit(runId: string, fence: number, checkpoint: Checkpoint): Promise<void> {
    const invalid = commitArgumentsError(runId, checkpoint);
    if (invalid) return Promise.reject(invalid);
    // Serialised now: what is written is the checkpoint as it was when commit was called.
    const write: HeadWrite = {
      head: JSON.stringify(checkpoint.head), status: checkpoint.head.status, updatedAt: checkpoint.head.updatedAt, fleetTask: fleetTaskOf(checkpoint.head),
    };
    const events = JSON.parse(JSON.stringify(checkpoint.events ?? [])) as HistoryEvent[];
    // One commit of a run at a time from this process, in call order (the database would order
    // concurrent transactions by who locks the row first, not by who called first).
    return this.#turns.run(runId, async () => {
      await this.ready();
      // The usual commit continues the log where this owner left it: one statement, one round
      // trip. Anything else (a retried commit repeating events, a gap) takes the careful path.
      const first: unknown = events[0]?.seq;
      const base = events.length === 0 ? null : typeof first === 'number' && Number.isSafeInteger(first) && first >= 1 ? first - 1 : undefined;
      if (base === undefined) return this.#commitCarefully(runId, fence, events, write);
      const fresh = base === null ? [] : splitEvents(runId, base, events).fresh;
      const { rows } = await this.pool.query<OwnerRow & { committed: boolean }>(COMMIT_CONTINUING, [
        runId, fence, base, JSON.stringify(fresh), write.head, write.status, write.updatedAt, isFinalRow(write.status), fresh.length,
        write.fleetTask,
      ]);
      const row = rows[0];
      assertOwner(runId, fence, row);
      if (!row.committed) await this.#commitCarefully(runId, fence, events, write);
    });
  }

  /** A commit whose events do not simply continue the log: repeats are compared, gaps refused. */
  #commitCarefully(runId: string, fence: number, events: HistoryEvent[], write: HeadWrite): Promise<void> {
    const { head, status, updatedAt, fleetTask } = write;
    return this.#transaction(async (client) => {
      const { rows } = await client.query<OwnerRow & { events: number; status: RunStatus | null }>(
        'SELECT fence, owner IS NOT NULL AS owned, events, status FROM recovery_runs WHERE run_id = $1 FOR UPDATE', [runId]);
      const row = rows[0];
      assertOwner(runId, fence, row);
      const { repeated, fresh } = splitEvents(runId, row.events, events);
      if (repeated.length > 0) {
        const logged = await client.query<{ event: HistoryEvent }>(
          'SELECT event FROM recovery_run_events WHERE run_id = $1 AND seq <= $2 ORDER BY seq', [runId, row.events]);
        assertRepeatsMatch(runId, logged.rows.map((r) => r.event), repeated, row.events + fresh.length + 1);
      }
      if (fresh.length > 0) {
        await client.query(
          `INSERT INTO recovery_run_events (run_id, seq, event)
           SELECT $1, $2 + t.n, t.e FROM json_array_elements($3::json) WITH ORDINALITY AS t(e, n)`,
          [runId, row.events, JSON.stringify(fresh)]);
      }
      await client.query(
        `UPDATE recovery_runs SET head = $2, status = $3, updated_at = $4, events = $5, head_fence = $6, final = $7, ${offer('$8')}, ${RENEW}
          WHERE run_id = $1`,
        [runId, head, status, updatedAt, row.events + fresh.length, fence, isFinalRow(status), fleetTask]);
      if (row.status === 'escalated' && status !== 'escalated') {
        await client.query('UPDATE recovery_decisions SET taken_at = now(), taken_fence = $2 WHERE run_id = $1 AND taken_at IS NULL', [runId, fence]);
      }
      if (status !== 'running' && status !== row.status) await client.query("SELECT pg_notify('recovery_run', $1)", [runId]);
    });
  }

  async list(): Promise<RunSummary[]> {
    await this.ready();
    const { rows } = await this.pool.query<{ run_id: string; status: RunSummary['status']; task: string; created: string; updated_at: number }>(
      `SELECT run_id, status, head->>'task' AS task, head->>'createdAt' AS created, updated_at FROM recovery_runs
        WHERE head IS NOT NULL ORDER BY updated_at DESC, run_id COLLATE "C"`);
    return rows.map((r) => ({ runId: r.run_id, status: r.status, task: r.task, createdAt: Number(r.created), updatedAt: r.updated_at }));
  }

  async acquire(runId: string, options: AcquireOptions = {}): Promise<Lease> {
    assertRunId(runId);
    const holder = holderOf(options);
    const leaseMs = options.leaseMs ?? this.#leaseMs;
    const taken = await this.#transaction((client) => takeRun(client, runId, holder, leaseMs));
    return leaseOf(this.pool, runId, taken.fence, holder, leaseMs, taken.acquiredAt, taken.tookOverFrom, { keepAlive: true, withdrawOnRelease: true });
  }

  async prune(olderThanMs: number, now: number = Date.now()): Promise<string[]> {
    if (!Number.isFinite(olderThanMs) || olderThanMs < 0) throw new RangeError(`prune: olderThanMs must be a finite number >= 0, got ${olderThanMs}`);
    await this.ready();
    // The row stays (head and events gone) so the run's fence keeps growing: a stale owner of a
    // pruned run can never write again, even if the id is reused.
    const { rows } = await this.pool.query<{ run_id: string }>(
      `WITH gone AS (
         UPDATE recovery_runs SET head = NULL, status = NULL, updated_at = NULL, events = 0, final = false,
                task_name = NULL, input = NULL, owner = NULL, lease_until = NULL
          WHERE head IS NOT NULL AND updated_at < $1 AND (owner IS NULL OR lease_until <= now()) RETURNING run_id),
       events AS (DELETE FROM recovery_run_events e USING gone WHERE e.run_id = gone.run_id),
       decisions AS (DELETE FROM recovery_decisions d USING gone WHERE d.run_id = gone.run_id)
       SELECT run_id FROM gone ORDER BY run_id COLLATE "C"`, [now - olderThanMs]);
    return rows.map((r) => r.run_id);
  }

  async repair(): Promise<RepairResult> {
    await this.ready();
    // Heads and events are checked on every commit and the database keeps them whole, so nothing
    // is ever damaged here; what can be left behind is a lease on a run that was never written.
    const { rows } = await this.pool.query<{ run_id: string; fence: string; owner: Parameters<typeof ownerGone>[0]; expired: boolean }>(
      `SELECT run_id, fence, owner, lease_until <= now() AS expired FROM recovery_runs
        WHERE owner IS NOT NULL AND head IS NULL ORDER BY run_id COLLATE "C"`);
    const releasedLeases: string[] = [];
    for (const row of rows) {
      if (!ownerGone(row.owner, row.expired)) continue;
      const { rowCount } = await this.pool.query(
        'UPDATE recovery_runs SET owner = NULL, lease_until = NULL WHERE run_id = $1 AND fence = $2 AND head IS NULL', [row.run_id, row.fence]);
      if (rowCount === 1) releasedLeases.push(row.run_id);
    }
    return { moved: [], skipped: [], releasedLeases };
  }

  /** Runs `work` in a transaction on one connection: committed when it resolves, rolled back when it throws. */
  async #transaction<T>(work: (client: PgPoolClient) => Promise<T>): Promise<T> {
    await this.ready();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  #path(runId: string): string {
    return `${this.where} recovery_runs/${runId}`;
  }

  /** Fleet mode: runs `work` in a transaction (queue.ts). */
  transaction<T>(work: (client: PgPoolClient) => Promise<T>): Promise<T> {
    return this.#transaction(work);
  }
}

/** What a commit writes to the run's row besides its events: the head, serialised when commit was called. */
interface HeadWrite {
  head: string;
  status: RunHead['status'];
  updatedAt: number;
  /** The fleet task the head offers the run to (see `offer`), or null. */
  fleetTask: string | null;
}

/** The run's owner as a commit finds it. */
interface OwnerRow {
  fence: string;
  owned: boolean;
}

/** Refuses a commit with `fence` unless that fence still owns the run. */
function assertOwner<R extends OwnerRow>(runId: string, fence: number, row: R | undefined): asserts row is R {
  if (row === undefined || !row.owned || Number(row.fence) !== fence) throw new RunFencedError(runId, fence, row?.owned ? Number(row.fence) : null);
}

/**
 * A run owned by a process (`recover run` on this store) offers itself to the fleet by naming a
 * registered task in its head (`meta.fleet.task`): a worker claims it when its owner's lease runs
 * out — the process died — and continues it (see the worker). A queued run keeps its task.
 * `task` is the statement's parameter holding the task (or null).
 */
const offer = (task: string) =>
  `task_name = coalesce(recovery_runs.task_name, ${task}::text), queued_at = coalesce(recovery_runs.queued_at, CASE WHEN ${task}::text IS NOT NULL THEN now() END)`;

/**
 * A commit is made under the owner's fence, so it proves the owner alive: it renews the lease by
 * the owner's lease length (a worker then needs no separate renew right after a write-ahead commit).
 */
const RENEW = `lease_until = CASE WHEN recovery_runs.lease_ms IS NULL THEN recovery_runs.lease_until ELSE now() + recovery_runs.lease_ms * interval '1 millisecond' END`;

/** The registered task a run's head offers it to (`meta.fleet.task`), else null. */
function fleetTaskOf(head: RunHead): string | null {
  const fleet = head.meta.fleet;
  return typeof fleet === 'object' && fleet !== null && 'task' in fleet && typeof fleet.task === 'string' ? fleet.task : null;
}

/**
 * A commit that continues the log, as one statement: lock the run's row; if this owner's fence
 * holds it and the log has exactly `$3` events (or `$3` is null: no events), insert the events,
 * replace the head, mark the decisions a run leaving `escalated` has taken, and announce a run
 * that came to rest (so `recover wait` and workers hear of it without polling). Returns the row's
 * fence and whether it committed; nothing is written when it did not.
 * $1 run, $2 fence, $3 committed events expected, $4 events (json array), $5 head, $6 status,
 * $7 updated_at, $8 final, $9 how many events, $10 the fleet task the run offers itself to (see `offer`).
 */
const COMMIT_CONTINUING = `
  WITH r AS (SELECT fence, owner IS NOT NULL AS owned, events, status FROM recovery_runs WHERE run_id = $1 FOR UPDATE),
  ok AS (SELECT * FROM r WHERE owned AND fence = $2 AND ($3::integer IS NULL OR events = $3::integer)),
  inserted AS (
    INSERT INTO recovery_run_events (run_id, seq, event)
    SELECT $1, ok.events + t.n, t.e FROM ok, json_array_elements($4::json) WITH ORDINALITY AS t(e, n)),
  updated AS (
    UPDATE recovery_runs SET head = $5, status = $6, updated_at = $7, events = ok.events + $9::integer, head_fence = $2, final = $8, ${RENEW},
           ${offer('$10')}
      FROM ok WHERE recovery_runs.run_id = $1 RETURNING ok.status AS was),
  taken AS (
    UPDATE recovery_decisions SET taken_at = now(), taken_fence = $2
     WHERE run_id = $1 AND taken_at IS NULL AND $6 <> ${SQL_ESCALATED} AND EXISTS (SELECT 1 FROM ok WHERE ok.status = ${SQL_ESCALATED}))
  SELECT r.fence, r.owned, EXISTS (SELECT 1 FROM updated) AS committed,
         (SELECT pg_notify('recovery_run', $1) FROM updated WHERE $6 <> ${SQL_RUNNING} AND updated.was IS DISTINCT FROM $6) AS notified
    FROM r`;

/** The URL without its password, for messages and reports. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '***');
    return parsed.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}
