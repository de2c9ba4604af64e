/**
 * One line of the run list, from a stored run: what a person scans for (status, failure type,
 * attempts, age, the command). Every string is redacted here, before it leaves the server.
 */
import { redactSecrets } from '../redact/index.js';
import type { RunRecord, RunSummary } from '../store/types.js';

/** A run as the list shows it. JSON only. */
export interface RunRow {
  runId: string;
  /** The run's status, or `damaged` when its file could not be read. */
  status: string;
  /** The command or task name (redacted); for a damaged run, its file and the error. */
  task: string;
  /** The type of the latest classified failure, else null. */
  failureType: string | null;
  /** Attempts made so far (the highest attempt number in the history). */
  attempts: number;
  /** Epoch ms; null for a damaged run. */
  createdAt: number | null;
  /** Epoch ms: changes with every checkpoint, so the page refetches an open run when it moves. */
  updatedAt: number;
}

/** The row of a run as loaded. */
export function runRow(record: RunRecord): RunRow {
  let failureType: string | null = null;
  let attempts = 0;
  for (const event of record.history) {
    if (event.type !== null) failureType = event.type;
    if (event.attempt > attempts) attempts = event.attempt;
  }
  return {
    runId: record.runId, status: record.status, task: redactSecrets(record.task), failureType, attempts,
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

/** Statuses that wait for a person, shown first. */
const WAITING = new Set(['escalated', 'damaged']);

/**
 * The list order: runs waiting for a person first (escalated, damaged), then running ones, then
 * the rest; newest `updatedAt` first within each group, ties by run id.
 */
export function compareRows(a: RunRow, b: RunRow): number {
  const rank = (row: RunRow) => (WAITING.has(row.status) ? 0 : row.status === 'running' ? 1 : 2);
  return rank(a) - rank(b) || b.updatedAt - a.updatedAt || (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0);
}
