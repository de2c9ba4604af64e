/** How both stores summarise and order runs for `list()`. */
import type { RunHead, RunSummary } from './types.js';

/** The list line of a healthy run. */
export function summarize(run: RunHead): RunSummary {
  return { runId: run.runId, status: run.status, task: run.task, createdAt: run.createdAt, updatedAt: run.updatedAt };
}

/** The listing order on its two keys: newest `updatedAt` first, then by runId (negative: a lists before b). */
export function listingOrder(updatedA: number, runIdA: string, updatedB: number, runIdB: string): number {
  return updatedB - updatedA || (runIdA < runIdB ? -1 : runIdA > runIdB ? 1 : 0);
}

/** Newest `updatedAt` first, then by runId, so equal times list in a stable order. */
export function compareSummaries(a: RunSummary, b: RunSummary): number {
  return listingOrder(a.updatedAt, a.runId, b.updatedAt, b.runId);
}
