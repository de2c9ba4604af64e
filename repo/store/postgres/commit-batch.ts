/**
 * Group commit: the commits that continue their run's log (store.ts's usual commit), gathered
 * into one statement while others are in flight; a commit alone goes in a statement of its own. Each run's row is locked, checked against its
 * commit's fence and log length, and written or not, exactly as alone: one statement of k commits
 * instead of k, which is most of what a commit costs the process and the server (a fleet worker
 * writes three for the simplest run). Alone on an idle store a commit goes at once, as before.
 *
 * The batch holds at most one commit per run (the store commits a run's checkpoints one at a time),
 * and locks its rows in run-id order, so two batches never wait on each other in a cycle.
 */
import { named, type PgPool } from './pg-driver.js';
import { SQL_ESCALATED, SQL_RUNNING } from './statuses.js';
import { isTransientDbError } from './transient.js';

/** One commit continuing its run's log where `base` events end (null: it has no events). */
export interface ContinuingCommit {
  runId: string;
  fence: number;
  base: number | null;
  /** The new events, a JSON array's text; `count` of them. */
  events: string;
  count: number;
  /** The head's JSON text. */
  head: string;
  status: string;
  updatedAt: number;
  final: boolean;
  /** The fleet task the run offers itself to (see store.ts's `offer`), or null. */
  task: string | null;
}

/** What a commit found: the run's fence and owner, and whether it wrote; undefined when the run has no row. */
export interface CommitAnswer {
  fence: string;
  owned: boolean;
  committed: boolean;
}

/**
 * A run owned by a process (`recover run` on this store) offers itself to the fleet by naming a
 * registered task in its head (`meta.fleet.task`): a worker claims it when its owner's lease runs
 * out — the process died — and continues it (see the worker). A queued run keeps its task.
 * `task` is the SQL expression holding the task (or null).
 */
export const offer = (task: string) =>
  `task_name = coalesce(recovery_runs.task_name, ${task}::text), queued_at = coalesce(recovery_runs.queued_at, CASE WHEN ${task}::text IS NOT NULL THEN now() END)`;

/**
 * A commit is made under the owner's fence, so it proves the owner alive: it renews the lease by
 * the owner's lease length (a worker then needs no separate renew right after a write-ahead commit).
 */
export const RENEW = `lease_until = CASE WHEN recovery_runs.lease_ms IS NULL THEN recovery_runs.lease_until ELSE now() + recovery_runs.lease_ms * interval '1 millisecond' END`;

/**
 * A commit alone (an idle store, a single run): lock the run's row; if this owner's fence holds it and the log has exactly `$3` events (or `$3` is null: no events), insert the events,
 * replace the head, mark the decisions a run leaving `escalated` has taken, and announce a run
 * that came to rest (so `recover wait` and workers hear of it without polling). Returns the row's
 * fence and whether it committed; nothing is written when it did not.
 * $1 run, $2 fence, $3 committed events expected, $4 events (json array), $5 head, $6 status,
 * $7 updated_at, $8 final, $9 how many events, $10 the fleet task the run offers itself to (see `offer`).
 */
const COMMIT_CONTINUING = named('recovery_commit', `
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
    FROM r`);

/**
 * The batch: $1 runs, $2 fences, $3 committed events expected (null: no events), $4 JSON array of
 * each commit's events array, $5 JSON array of the heads (JSON arrays rather than json[]: a head
 * may hold \u0000, which any extraction from a JSON object refuses, and an array literal would
 * need escaping), $6 statuses, $7 updated_at, $8 final, $9 how many events, $10 fleet tasks. Per
 * run: lock its row; if the fence holds it and its log has the expected length, insert the
 * events, replace the head, renew the lease, mark the decisions a run leaving `escalated` took,
 * and announce a run that came to rest. Returns each run's fence, owner and whether it wrote.
 */
const COMMIT_BATCH = named('recovery_commit_batch', `
  WITH i AS (
    SELECT a.run_id, a.fence, a.base, e.events, h.head, a.status, a.updated_at, a.final, a.n, a.task
      FROM unnest($1::text[], $2::bigint[], $3::integer[], $6::text[], $7::float8[], $8::boolean[], $9::integer[], $10::text[])
             WITH ORDINALITY AS a(run_id, fence, base, status, updated_at, final, n, task, k)
      JOIN json_array_elements($4::json) WITH ORDINALITY AS e(events, k) USING (k)
      JOIN json_array_elements($5::json) WITH ORDINALITY AS h(head, k) USING (k)),
  r AS (SELECT run_id, fence, owner IS NOT NULL AS owned, events, status FROM recovery_runs
         WHERE run_id = ANY($1::text[]) ORDER BY run_id FOR UPDATE),
  ok AS (SELECT i.*, r.events AS logged, r.status AS was FROM i JOIN r USING (run_id)
          WHERE r.owned AND r.fence = i.fence AND (i.base IS NULL OR r.events = i.base)),
  inserted AS (
    INSERT INTO recovery_run_events (run_id, seq, event)
    SELECT ok.run_id, ok.logged + t.n, t.e FROM ok, json_array_elements(ok.events) WITH ORDINALITY AS t(e, n)),
  updated AS (
    UPDATE recovery_runs SET head = ok.head, status = ok.status, updated_at = ok.updated_at, events = ok.logged + ok.n,
           head_fence = ok.fence, final = ok.final, ${RENEW}, ${offer('ok.task')}
      FROM ok WHERE recovery_runs.run_id = ok.run_id RETURNING recovery_runs.run_id, ok.was, ok.status),
  taken AS (
    UPDATE recovery_decisions d SET taken_at = now(), taken_fence = ok.fence FROM ok
     WHERE d.run_id = ok.run_id AND d.taken_at IS NULL AND ok.status <> ${SQL_ESCALATED} AND ok.was = ${SQL_ESCALATED})
  SELECT r.run_id, r.fence, r.owned, u.run_id IS NOT NULL AS committed,
         CASE WHEN u.status <> ${SQL_RUNNING} AND u.was IS DISTINCT FROM u.status THEN pg_notify('recovery_run', r.run_id) END AS notified
    FROM r LEFT JOIN updated u USING (run_id)`);

/** Most commits in one statement. */
const MAX_BATCH = 64;
/** Statements in flight at once: a commit waits for at most one of them to come back. */
const MAX_IN_FLIGHT = 2;

interface Waiting {
  commit: ContinuingCommit;
  resolve(answer: CommitAnswer | undefined): void;
  reject(error: unknown): void;
}

/** Sends continuing commits in batches through `pool`; see the module doc. */
export class CommitBatcher {
  readonly #pool: PgPool;
  #queue: Waiting[] = [];
  #inFlight = 0;
  #scheduled = false;

  constructor(pool: PgPool) {
    this.#pool = pool;
  }

  /** Commits `commit` with whatever else is waiting; resolves with what its run's row said. */
  add(commit: ContinuingCommit): Promise<CommitAnswer | undefined> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ commit, resolve, reject });
      // Commits made in the same turn of the event loop go together.
      if (this.#scheduled) return;
      this.#scheduled = true;
      queueMicrotask(() => {
        this.#scheduled = false;
        this.#pump();
      });
    });
  }

  #pump(): void {
    while (this.#inFlight < MAX_IN_FLIGHT && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      this.#inFlight++;
      void this.#send(batch).finally(() => {
        this.#inFlight--;
        this.#pump();
      });
    }
  }

  async #send(batch: Waiting[]): Promise<void> {
    try {
      if (batch.length === 1) {
        const c = batch[0]!.commit;
        const { rows } = await this.#pool.query<CommitAnswer>(COMMIT_CONTINUING([
          c.runId, c.fence, c.base, c.events, c.head, c.status, c.updatedAt, c.final, c.count, c.task,
        ]));
        batch[0]!.resolve(rows[0]);
        return;
      }
      const { rows } = await this.#pool.query<CommitAnswer & { run_id: string }>(COMMIT_BATCH(valuesOf(batch.map((w) => w.commit))));
      const byRun = new Map(rows.map((row) => [row.run_id, row]));
      for (const waiting of batch) waiting.resolve(byRun.get(waiting.commit.runId));
    } catch (error) {
      // A passing failure fails them all (each is retried by its caller). Any other is sent again
      // one commit at a time, so that a commit the server refuses fails nobody else's.
      if (batch.length === 1 || isTransientDbError(error)) for (const waiting of batch) waiting.reject(error);
      else await Promise.all(batch.map((waiting) => this.#send([waiting])));
    }
  }
}

/** The statement's values for `commits` (see COMMIT_BATCH). */
function valuesOf(commits: readonly ContinuingCommit[]): unknown[] {
  return [
    commits.map((c) => c.runId), commits.map((c) => c.fence), commits.map((c) => c.base),
    `[${commits.map((c) => c.events).join(',')}]`, `[${commits.map((c) => c.head).join(',')}]`,
    commits.map((c) => c.status), commits.map((c) => c.updatedAt), commits.map((c) => c.final), commits.map((c) => c.count),
    commits.map((c) => c.task),
  ];
}
