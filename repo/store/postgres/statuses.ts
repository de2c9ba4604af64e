/**
 * Run statuses as the PostgreSQL store writes and names them: the `final` column and the status
 * literals its SQL compares with, all derived from the taxonomy's one definition
 * (`taxonomy/run-status.ts`), so no statement names a status by hand.
 */
import { FINAL_RUN_STATUSES, type RunStatus } from '../../taxonomy/run-status.js';

/** A run status as an SQL string literal; typed, so SQL can name no status the taxonomy lacks (none holds a quote). */
export const sqlStatus = (status: RunStatus): string => `'${status}'`;

/** `'escalated'`: the status that waits for a decision; a fleet decision is recorded and taken for it. */
export const SQL_ESCALATED = sqlStatus('escalated');

/** `'running'`: the one status that is not at rest; a commit into any other is announced. */
export const SQL_RUNNING = sqlStatus('running');

/** The `final` column of a run's row: its status is final, so no worker claims it again. */
export const isFinalRow = (status: RunStatus): boolean => FINAL_RUN_STATUSES.has(status);
