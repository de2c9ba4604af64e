/** How both stores summarise and order runs for `list()`. */
import type { RunHead, RunSummary } from './types.js';

/** The list line of a healthy run. */
export function summarize(run: RunHead): RunSummary {
  return { runId: run.runId, status: run.status, task: run.task, createdAt: run.createdAt, updatedAt: run.updatedAt };
}

/** Newest `updatedAt` first, then by runId, so equal times list in a stable order. */
export function compareSummaries(a: RunSummary, b: RunSummary): number {
  return b.updatedAt - a.updatedAt || (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0);
}
