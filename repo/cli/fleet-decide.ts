/**
 * A decision on a fleet run (a PostgreSQL store), from `recover decide` or `recover ui` on any
 * machine: checked against the run as stored (it waits for a decision and offers the choice),
 * recorded with who made it, and announced; a worker wakes (NOTIFY) and continues the run.
 */
import { ensureOffered, type Decision } from './decision.js';
import { RunNotFoundError } from '../store/errors.js';
import type { PostgresStore } from '../store/postgres/store.js';

/**
 * Records `decision` for `runId` and returns the decision's id; null for a run no worker may
 * continue (started by `recover run` and not offered to the fleet): it is decided where it runs,
 * as on a directory store. Throws `RunNotFoundError`, or a CliError naming what the run offers.
 */
export async function recordFleetDecision(store: PostgresStore, runId: string, decision: Decision): Promise<number | null> {
  await store.ready();
  const record = await store.load(runId);
  if (record === null) throw new RunNotFoundError(runId);
  const { rows } = await store.pool.query<{ fleet: boolean }>('SELECT task_name IS NOT NULL AS fleet FROM recovery_runs WHERE run_id = $1', [runId]);
  if (rows[0]?.fleet !== true) return null;
  ensureOffered(runId, record, decision);
  const { recordDecision } = await import('../store/postgres/queue.js');
  return recordDecision(store, runId, decision.choice, decision.guidance ?? null, decision.by);
}
