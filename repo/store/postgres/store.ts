/**
 * The PostgreSQL store: the Store contract (run log v2) on one database that many processes on
 * many hosts share. A commit (commit.ts) is one transaction: lock the run's row, check the fence,
 * insert the new events (primary key run + seq), replace the head; a reader's `load` is one
 * statement, so it sees one commit or the next, never half. Leases expire by the database clock
 * (see lease.ts); prune and repair are in upkeep.ts. The schema is created and migrated on first
 * use (schema.ts).
 */
import { CommitBatcher } from './commit-batch.js';
import { commitRun } from './commit.js';
import { loadPg, type PgPool, type PgPoolClient } from './pg-driver.js';
import type { HistoryEvent } from '../../taxonomy/history.js';
import { CorruptRunError, StoreUnavailableError } from '../errors.js';
import { KeyedMutex } from '../keyed-mutex.js';
import { assertRunId } from '../run-id.js';
import type { AcquireOptions, Checkpoint, Lease, RepairResult, RunHead, RunRecord, RunSummary, Store } from '../types.js';
import { eventProblem, runHeadProblem } from '../validate.js';
import { DEFAULT_LEASE_MS, holderOf, leaseOf, takeRun } from './lease.js';
import { migrate } from './schema.js';
import { dbErrorReason } from './transient.js';
import { pruneRuns, repairRuns } from './upkeep.js';

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
  readonly #batch: CommitBatcher;
  #ready: Promise<void> | undefined;

  constructor(url: string, options: PostgresStoreOptions) {
    this.url = url;
    this.where = redactUrl(url);
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    // allowExitOnIdle: a CLI verb that forgets to close still exits once its queries are done.
    this.pool = new (loadPg().Pool)({ connectionString: url, max: options.poolSize ?? 10, allowExitOnIdle: true });
    this.pool.on('error', () => undefined); // an idle connection dropped by the server: the pool replaces it
    this.#batch = new CommitBatcher(this.pool);
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
    return commitRun(this, this.#turns, this.#batch, runId, fence, checkpoint);
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

  prune(olderThanMs: number, now: number = Date.now()): Promise<string[]> {
    return pruneRuns(this, olderThanMs, now);
  }

  repair(): Promise<RepairResult> {
    return repairRuns(this);
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
