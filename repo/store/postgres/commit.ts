/**
 * A commit to the PostgreSQL store, one run at a time from this process in call order: the usual
 * one (events continuing the log) batched with other runs' commits in one statement
 * (commit-batch.ts); any other (repeats, gaps) in a transaction of its own that locks the run's
 * row, checks the fence, compares repeats and refuses gaps.
 */
import type { HistoryEvent } from '../../taxonomy/history.js';
import type { RunStatus } from '../../taxonomy/run-status.js';
import { RunFencedError } from '../errors.js';
import { assertRepeatsMatch, commitArgumentsError, splitEvents } from '../history.js';
import type { KeyedMutex } from '../keyed-mutex.js';
import type { Checkpoint, RunHead } from '../types.js';
import { offer, RENEW, type CommitBatcher } from './commit-batch.js';
import type { PgPoolClient } from './pg-driver.js';
import { isFinalRow } from './statuses.js';

/** What a commit needs of the store: the schema ready, and a transaction on one connection. */
export interface CommitDb {
  ready(): Promise<void>;
  transaction<T>(work: (client: PgPoolClient) => Promise<T>): Promise<T>;
}

/** `Store.commit` of the PostgreSQL store; `turns` orders one run's commits, `batch` shares round trips. */
export function commitRun(db: CommitDb, turns: KeyedMutex, batch: CommitBatcher, runId: string, fence: number, checkpoint: Checkpoint): Promise<void> {
  const invalid = commitArgumentsError(runId, checkpoint);
  if (invalid) return Promise.reject(invalid);
  // Serialised now: what is written is the checkpoint as it was when commit was called.
  const write: HeadWrite = {
    head: JSON.stringify(checkpoint.head), status: checkpoint.head.status, updatedAt: checkpoint.head.updatedAt, fleetTask: fleetTaskOf(checkpoint.head),
  };
  const eventsJson = JSON.stringify(checkpoint.events ?? []);
  const events = JSON.parse(eventsJson) as HistoryEvent[];
  // One commit of a run at a time from this process, in call order (the database would order
  // concurrent transactions by who locks the row first, not by who called first).
  return turns.run(runId, async () => {
    await db.ready();
    // The usual commit continues the log where this owner left it: one statement, one round
    // trip, shared with the other runs' commits waiting meanwhile (commit-batch.ts). Anything
    // else (a retried commit repeating events, a gap) takes the careful path.
    const first: unknown = events[0]?.seq;
    const base = events.length === 0 ? null : typeof first === 'number' && Number.isSafeInteger(first) && first >= 1 ? first - 1 : undefined;
    if (base === undefined) return commitCarefully(db, runId, fence, events, write);
    const fresh = base === null ? [] : splitEvents(runId, base, events).fresh;
    // All of them new (the usual case): their JSON is the text already made (a JSON round trip keeps it).
    const freshJson = fresh.length === events.length ? eventsJson : JSON.stringify(fresh);
    const row = await batch.add({
      runId, fence, base, events: freshJson, count: fresh.length, head: write.head, status: write.status, updatedAt: write.updatedAt,
      final: isFinalRow(write.status), task: write.fleetTask,
    });
    assertOwner(runId, fence, row);
    if (!row.committed) await commitCarefully(db, runId, fence, events, write);
  });
}

/** A commit whose events do not simply continue the log: repeats are compared, gaps refused. */
function commitCarefully(db: CommitDb, runId: string, fence: number, events: HistoryEvent[], write: HeadWrite): Promise<void> {
  const { head, status, updatedAt, fleetTask } = write;
  return db.transaction(async (client) => {
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

/** The registered task a run's head offers it to (`meta.fleet.task`), else null. */
function fleetTaskOf(head: RunHead): string | null {
  const fleet = head.meta.fleet;
  return typeof fleet === 'object' && fleet !== null && 'task' in fleet && typeof fleet.task === 'string' ? fleet.task : null;
}
