/**
 * Whether a run whose record says `running` is really running: a live process holds its lock.
 * Otherwise it was interrupted (Ctrl-C, a crash, a closed terminal) and `recover resume`
 * continues it. Reads the store's lock file (`locks/<runId>.lock`, see store/file-lock.ts)
 * without taking it, so `list` never gets in the way of a run starting.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isProcessAlive } from '../store/process-alive.js';
import type { RunStatus } from '../taxonomy/index.js';

/** A run's status as `list` shows it: `interrupted` for a `running` run that no live process holds. */
export type ListedStatus = RunStatus | 'interrupted' | 'damaged';

/** True when the lock of `runId` in the store at `dir` is held by a live process (or one on another host, which cannot be checked). */
export function heldByLiveProcess(dir: string, runId: string): boolean {
  return lockHeldByLiveProcess(join(dir, 'locks', `${runId}.lock`));
}

/** True when the lock file at `lockPath` (store/file-lock.ts) is held by a live process (or one on another host). */
export function lockHeldByLiveProcess(lockPath: string): boolean {
  let holder: { pid?: unknown; hostname?: unknown };
  try {
    holder = JSON.parse(readFileSync(lockPath, 'utf8')) as typeof holder;
  } catch (error) {
    // No lock file: nobody runs it. A file being written (empty, half JSON) belongs to a starting process.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
  if (typeof holder.hostname === 'string' && holder.hostname !== hostname()) return true;
  return typeof holder.pid === 'number' && isProcessAlive(holder.pid);
}

/** The status `list` shows for a stored run. */
export function listedStatus(dir: string, run: { runId: string; status: RunStatus | null; damaged?: unknown }): ListedStatus | null {
  if (run.damaged) return 'damaged';
  if (run.status === 'running' && !heldByLiveProcess(dir, run.runId)) return 'interrupted';
  return run.status;
}
