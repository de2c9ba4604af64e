/** How both stores summarise and order runs for `list()`. */
import type { RunHead, RunSummary } from './types.js';

/** The list line of a healthy run. */
export function summarize(run: RunHead): RunSummary {
  return { runId: run.runId, status: run.status, task: run.task, createdAt: run.createdAt, updatedAt: run.updatedAt };
}

/**
 * The listing order: newest `updatedAt` first, then by runId, so equal times list in a stable
 * order. Of anything listed beside runs (an index's rows, pipeline runs), by the same two keys.
 */
export function compareSummaries(a: Pick<RunSummary, 'updatedAt' | 'runId'>, b: Pick<RunSummary, 'updatedAt' | 'runId'>): number {
  return b.updatedAt - a.updatedAt || (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0);
}
