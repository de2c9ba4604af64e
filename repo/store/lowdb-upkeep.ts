/**
 * The lowdb store's upkeep: `prune` (old runs removed) and `repair` (damaged heads moved aside),
 * each run handled under its own lease, and the lock files of runs that are gone released.
 */
import { existsSync, readdirSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { RunLockedError } from './errors.js';
import { lockHolder } from './lock-file.js';
import { acquireRun } from './lowdb-acquire.js';
import { removeIfThere, type StoreFiles } from './lowdb-files.js';
import { files, owned, written } from './lowdb-ownership.js';
import { moveAside } from './move-aside.js';
import { isProcessAlive } from './process-alive.js';
import { previousHeadPath, readHeadFile } from './run-file.js';
import { runIdProblem } from './run-id.js';
import type { RunIndex } from './run-index.js';
import type { Lease, RepairResult } from './types.js';

/** `Store.prune` of the lowdb store. */
export async function pruneRuns(store: StoreFiles, index: RunIndex, olderThanMs: number, now: number = Date.now()): Promise<string[]> {
  if (!Number.isFinite(olderThanMs) || olderThanMs < 0) throw new RangeError(`prune: olderThanMs must be a finite number >= 0, got ${olderThanMs}`);
  const cutoff = now - olderThanMs;
  const removed: string[] = [];
  for (const run of await index.list()) {
    if (run.damaged || run.updatedAt >= cutoff) continue;
    await underLease(store, run.runId, async (path) => {
      // Re-check under the lease: the run may have been committed since the listing.
      const state = readHeadFile(path, run.runId);
      if (state.kind !== 'ok' || state.head.updatedAt >= cutoff) return;
      written.forget(path);
      unlinkSync(path);
      for (const other of [previousHeadPath(path), store.logPath(run.runId), store.fencePath(run.runId)]) removeIfThere(other);
      // The run is gone: its lock goes too rather than staying as its last fence.
      const own = owned.get(path);
      if (own !== undefined) own.discard = true;
      removed.push(run.runId);
    });
  }
  await releaseOrphanLeases(store);
  return removed;
}

/** `Store.repair` of the lowdb store. */
export async function repairRuns(store: StoreFiles, index: RunIndex): Promise<RepairResult> {
  const result: RepairResult = { moved: [], skipped: [], releasedLeases: [] };
  // Every file checked, not the index's word for a quiet directory: a head damaged in place
  // changes no entry of runs/ (run-index.ts), and repair is what rebuilds the index.
  for (const run of await index.list({ verify: true })) {
    if (!run.damaged) continue;
    const done = await underLease(store, run.runId, async (path) => {
      if (readHeadFile(path, run.runId).kind !== 'damaged') {
        result.skipped.push({ path, reason: 'no longer damaged' });
        return;
      }
      written.forget(path);
      try {
        result.moved.push({ from: path, to: await moveAside(path) });
        // Its previous copy goes aside too: else the run would come back as that older head.
        const previous = previousHeadPath(path);
        if (existsSync(previous)) result.moved.push({ from: previous, to: await moveAside(previous) });
      } catch (error) {
        // One file that cannot be moved (a directory, a read-only dir) must not stop the others.
        result.skipped.push({ path, reason: `could not move it: ${(error as Error).message}` });
      }
    });
    if (done !== true) result.skipped.push({ path: run.damaged.path, reason: `the run is locked by process ${done.pid ?? '(unknown)'}` });
  }
  result.releasedLeases = await releaseOrphanLeases(store);
  return result;
}

/** Removes lock files of runs that have no head, whose holder is dead: nothing else ever would. */
async function releaseOrphanLeases(store: StoreFiles): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(store.locks);
  } catch {
    return [];
  }
  const released: string[] = [];
  for (const name of names) {
    const runId = name.endsWith('.lock') ? name.slice(0, -'.lock'.length) : null;
    if (runId === null || runIdProblem(runId) !== null || readHeadFile(store.headPath(runId), runId).kind !== 'absent') continue;
    const holder = lockHolder(store.lockPath(runId));
    if (holder !== null && holder.hostname === hostname() && !isProcessAlive(holder.pid)) {
      removeIfThere(store.lockPath(runId));
      removeIfThere(store.fencePath(runId));
      released.push(runId);
    }
  }
  return released;
}

/** Runs `task` holding the run's lease and file turn; returns the lock error instead when it is held. */
async function underLease(store: StoreFiles, runId: string, task: (path: string) => Promise<void>): Promise<true | RunLockedError> {
  let lease: Lease;
  try {
    lease = await acquireRun(store, runId);
  } catch (error) {
    if (error instanceof RunLockedError) return error;
    throw error;
  }
  try {
    const path = store.headPath(runId);
    await files.run(path, () => task(path));
    return true;
  } finally {
    await lease.release();
  }
}
