/**
 * One line of the run list, from a stored run: what a person scans for (status, failure type,
 * attempts, age, the command). Every string is redacted here, before it leaves the server.
 */
import { attemptsOf } from '../report/attempt-count.js';
import { redactSecrets } from '../redact/index.js';
import { compareSummaries } from '../store/summary.js';
import type { RunRecord, RunSummary } from '../store/types.js';
import { RUN_STATUSES, type RunStatus } from '../taxonomy/run-status.js';

/** What the list shows as a run's status: the taxonomy's, or `damaged` for a run whose file could not be read. */
export type RowStatus = RunStatus | 'damaged';

/** A run as the list shows it. JSON only. */
export interface RunRow {
  runId: string;
  /** The run's status, or `damaged` when its file could not be read. */
  status: RowStatus;
  /** The command or task name (redacted); for a damaged run, its file and the error. */
  task: string;
  /** The type of the latest classified failure, else null. */
  failureType: string | null;
  /** Attempts made so far, counted as the CLI counts them (report/attempt-count.ts); 0 for a damaged run. */
  attempts: number;
  /** Epoch ms; null for a damaged run. */
  createdAt: number | null;
  /** Epoch ms: changes with every checkpoint, so the page refetches an open run when it moves. */
  updatedAt: number;
}

/** The row of a run as loaded. */
export function runRow(record: RunRecord): RunRow {
  let failureType: string | null = null;
  for (const event of record.history) if (event.type !== null) failureType = event.type;
  return {
    runId: record.runId, status: record.status, task: redactSecrets(record.task), failureType, attempts: attemptsOf(record),
    createdAt: record.createdAt, updatedAt: record.updatedAt,
  };
}

/** The row of a run `list()` reports as damaged (its file, its error: never hidden). */
export function damagedRow(summary: RunSummary): RunRow {
  const damage = summary.damaged ? `${summary.damaged.path}: ${summary.damaged.error}` : 'unreadable';
  return {
    runId: summary.runId, status: 'damaged', task: redactSecrets(damage), failureType: null, attempts: 0,
    createdAt: summary.createdAt, updatedAt: summary.updatedAt,
  };
}

/** Statuses that wait for a person, shown first (and marked as such on the page). */
export const WAITING_STATUSES: readonly RowStatus[] = ['escalated', 'damaged'];

/** A status's group in the list: waiting for a person, then running, then at rest. */
const rankOf = (status: RowStatus): number => (WAITING_STATUSES.includes(status) ? 0 : status === 'running' ? 1 : 2);

/**
 * Every status a row can show, in list order (by group, then the taxonomy's order): the page's
 * status filters are generated from this list.
 */
export const ROW_STATUSES: readonly RowStatus[] =
  [...WAITING_STATUSES, ...RUN_STATUSES.filter((status) => !WAITING_STATUSES.includes(status))].sort((a, b) => rankOf(a) - rankOf(b));

/**
 * The list order: runs waiting for a person first (escalated, damaged), then running ones, then
 * the rest; newest `updatedAt` first within each group, ties by run id.
 */
export function compareRows(a: RunRow, b: RunRow): number {
  return rankOf(a.status) - rankOf(b.status) || compareSummaries(a, b);
}
