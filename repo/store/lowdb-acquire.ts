/**
 * Taking a run's lease in the lowdb store: the lock file with a fence above every earlier one,
 * then the repairs a dead owner's leftovers need (its previous head put back, its uncommitted
 * append cut, its temp heads removed), each said in `Lease.repairs`.
 */
import { closeSync, lstatSync, readFileSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { RunFencedError } from './errors.js';
import { cutUncommitted } from './event-log.js';
import { acquireFileLock, type FileLock } from './file-lock.js';
import { lockHolder } from './lock-file.js';
import { removeIfThere, writeError, type StoreFiles } from './lowdb-files.js';
import { committedOf, owned, written, type Ownership } from './lowdb-ownership.js';
import { previousHeadPath, readHeadFile, type HeadState } from './run-file.js';
import { assertRunId } from './run-id.js';
import type { AcquireOptions, Lease } from './types.js';

/** `Store.acquire` of the lowdb store. */
export async function acquireRun(store: StoreFiles, runId: string, options: AcquireOptions = {}): Promise<Lease> {
  assertRunId(runId);
  try {
    store.makeDirs();
  } catch (error) {
    throw writeError(error, store.dir, null);
  }
  const pid = options.pid ?? process.pid;
  const fencePath = store.fencePath(runId);
  const headPath = store.headPath(runId);
  // Read once the lock file exists (nobody can commit or release then): the fence floor, and
  // the head the cut below needs.
  let state: HeadState | null = null;
  const lastFence = () => {
    state = readHeadFile(headPath, runId, 1); // one look: nobody else can be committing now
    return Math.max(readFence(fencePath), state.kind === 'ok' ? state.head.fence : 0);
  };
  const lock = await acquireFileLock(store.lockPath(runId), runId, pid, undefined, { lastFence, releaseTo: fencePath })
    .catch((error: unknown) => { throw writeError(error, store.lockPath(runId), runId); });
  const repairs: string[] = [];
  const head = (state as HeadState | null) ?? readHeadFile(headPath, runId, 1);
  const logPath = store.logPath(runId);
  try {
    // Its last owner stopped between a commit's two renames: the previous copy is the head.
    if (head.kind === 'ok' && head.previous) renameSync(previousHeadPath(headPath), headPath);
    // Whatever a dead owner appended without committing is not part of the run: cut it now
    // that nobody else can be mid-append, and say so.
    const committedBytes = head.kind === 'ok' && head.v1History === null ? head.head.logBytes : head.kind === 'absent' ? 0 : null;
    const cut = committedBytes === null ? 0 : cutUncommitted(logPath, committedBytes);
    if (cut > 0) repairs.push(`cut ${cut} bytes from ${logPath}: an append its last owner never committed (it stopped mid-checkpoint)`);
    // A head write its last owner never renamed into place: only an owner killed mid-write
    // leaves one. A killed owner leaves its lock, which this acquisition replaced — or which a
    // racing acquirer removed as stale just before this one took the free lock; either way the
    // head still says `running`. Only an owner writes the head, and the owner is now this
    // lease, so any temp head is a dead writer's. (Listing the directory on every acquire would
    // cost O(runs in the store): only a takeover or a run left running pays it.)
    if (lock.replacedStale || (head.kind === 'ok' && head.head.status === 'running')) {
      for (const name of readdirSync(store.runs)) if (name.startsWith(`.${runId}.json.`) && name.endsWith('.tmp')) removeIfThere(join(store.runs, name));
    }
  } catch (error) {
    await lock.release();
    throw writeError(error, logPath, runId);
  }
  written.forget(headPath);
  const own: Ownership | null = pid === process.pid
    ? { fence: lock.holder.fence, lock, committed: committedOf(head), logFd: null, headExists: head.kind !== 'absent', previousExists: undefined, discard: false }
    : null;
  if (own !== null) owned.set(headPath, own);
  return leaseOf(runId, lock, options, repairs, () => lockHolder(store.lockPath(runId))?.fence ?? null, () => {
    if (own === null) return false;
    if (owned.get(headPath) === own) owned.delete(headPath);
    if (own.logFd !== null) closeSync(own.logFd);
    own.logFd = null;
    return own.discard;
  });
}

/**
 * The lease over a held file lock. `ending` runs first on release (it forgets the ownership and
 * closes the log) and says whether to delete the lock rather than keep it as the run's last fence.
 */
function leaseOf(runId: string, lock: FileLock, options: AcquireOptions, repairs: string[], currentFence: () => number | null, ending: () => boolean): Lease {
  const { holder } = lock;
  const fence = holder.fence;
  let released = false;
  return {
    runId, fence, acquiredAt: holder.acquiredAt, repairs,
    holder: { pid: holder.pid, host: holder.hostname, worker: options.worker ?? null },
    tookOverFrom: lock.tookOverFrom ? { pid: lock.tookOverFrom.pid, host: lock.tookOverFrom.hostname, worker: null } : null,
    async renew() {
      if (!lock.held()) throw new RunFencedError(runId, fence, currentFence());
    },
    async release() {
      if (released) return;
      released = true;
      const discard = ending();
      await lock.release(discard ? { discard } : undefined);
    },
  };
}

/**
 * The fence a fence file records: the released lock renamed there (`{ …, "fence": n }`), or a
 * bare number (written by releases before that). 0 when there is none or it cannot be read.
 */
function readFence(path: string): number {
  try {
    if (lstatSync(path, { throwIfNoEntry: false }) === undefined) return 0; // cheaper than a thrown ENOENT
    const text = readFileSync(path, 'utf8').trim();
    const n = text.startsWith('{') ? (JSON.parse(text) as { fence?: unknown }).fence : Number(text);
    return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0;
  } catch {
    return 0;
  }
}
