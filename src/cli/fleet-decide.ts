/**
 * `recover decide RUN_ID --store postgres://…` for a fleet run: records the decision in the
 * store and returns; a worker wakes (NOTIFY) and continues the run with it, on whatever machine.
 */
import { openFleetStore } from './fleet-store.js';
import type { CliIO } from './main.js';

/**
 * Records `choice` for the fleet run `runId` and resolves to exit code 0 once it is in the store;
 * null for a run that is not a fleet run (started by `recover run`): decide then continues it here.
 */
export async function decideInFleet(runId: string, choice: string, guidance: string | undefined, store: string | undefined, io: CliIO): Promise<number | null> {
  const fleet = await openFleetStore(io, store, 'decide');
  try {
    await fleet.ready();
    const { rows } = await fleet.pool.query<{ fleet: boolean }>('SELECT task_name IS NOT NULL AS fleet FROM recovery_runs WHERE run_id = $1', [runId]);
    if (rows[0]?.fleet === false) return null;
    const { recordDecision } = await import('../store/postgres/queue.js');
    const id = await recordDecision(fleet, runId, choice, guidance ?? null);
    io.stdout.write(`${runId}: decision ${id} (${choice}) recorded; a worker continues the run ('recover wait ${runId}' to follow it)\n`);
    return 0;
  } finally {
    await fleet.close();
  }
}
