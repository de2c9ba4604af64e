/**
 * A commit to the lowdb store: the new events written at the log's committed offset, then the
 * head replaced; the head records how many events and bytes of the log are committed, so its
 * rename is the commit point. Whatever fails before it leaves the run as it was.
 */
import { RunFencedError } from './errors.js';
import { logText, openLogForWrite, readLog, writeLogAt, writeLogFd } from './event-log.js';
import { lockHolder } from './lock-file.js';
import { assertRepeatsMatch, commitArgumentsError, splitEvents } from './history.js';
import { writeError, type StoreFiles } from './lowdb-files.js';
import { files, owned, written, type Ownership } from './lowdb-ownership.js';
import { loadHeadFile, writeHeadFile, type HeadFile } from './run-file.js';
import type { WriteOptions } from './safe-json-file.js';
import type { Checkpoint } from './types.js';

/** `Store.commit` of the lowdb store: one turn of the head file, fenced by `fence`. */
export function commitRun(store: StoreFiles, write: WriteOptions, runId: string, fence: number, checkpoint: Checkpoint): Promise<void> {
  const invalid = commitArgumentsError(runId, checkpoint);
  if (invalid !== null) return Promise.reject(invalid);
  const path = store.headPath(runId);
  // The commit is written as it was when commit was called, even if the caller changes it before
  // the promise settles. When nothing is queued for the file, everything up to the head's
  // stringify runs synchronously, so no copy is needed on the hot path.
  const copy = files.busy(path) ? (JSON.parse(JSON.stringify(checkpoint)) as Checkpoint) : checkpoint;
  return files.run(path, async () => {
    let own: Ownership | null = null;
    try {
      store.makeDirs();
      own = ownerOf(store, path, runId, fence);
      await writeCommit(store.logPath(runId), write, runId, path, fence, copy, own);
    } catch (error) {
      written.forget(path);
      if (own !== null) own.committed = null;
      throw writeError(error, path, runId);
    }
  });
}

/**
 * This process's own lease on the run when `fence` is its fence and its lock file is unchanged
 * (see `Ownership` for why memory then suffices); else null, after checking the lock file.
 */
function ownerOf(store: StoreFiles, path: string, runId: string, fence: number): Ownership | null {
  const own = owned.get(path);
  if (own !== undefined && own.fence === fence && own.lock.unchanged()) return own;
  // Throws `RunFencedError` unless `fence` is the fence of the lock that holds the run now.
  const holder = lockHolder(store.lockPath(runId));
  if (holder === null || holder.fence !== fence) throw new RunFencedError(runId, fence, holder?.fence ?? null);
  return null;
}

async function writeCommit(logPath: string, write: WriteOptions, runId: string, path: string, fence: number, { events, head }: Checkpoint, own: Ownership | null): Promise<void> {
  let stored = own !== null ? own.committed ?? undefined : written.get(path);
  let v1History = null;
  if (stored === undefined) {
    // Never build on a damaged head: it may be the only copy of a run someone can still rescue.
    const state = loadHeadFile(path, runId);
    stored = state.kind === 'ok' ? { events: state.head.events, logBytes: state.head.logBytes } : { events: 0, logBytes: 0 };
    if (state.kind === 'ok') v1History = state.v1History;
  }
  const { repeated, fresh } = splitEvents(runId, stored.events, events);
  if (repeated.length > 0) {
    assertRepeatsMatch(runId, v1History ?? readLog(logPath, runId, stored.logBytes, stored.events), repeated, stored.events + fresh.length + 1);
  }
  let logBytes = stored.logBytes;
  // A version-1 run's history lives in its head: its first commit writes the whole log.
  const append = v1History !== null ? { at: 0, text: logText([...v1History, ...fresh]) } : fresh.length > 0 ? { at: stored.logBytes, text: logText(fresh) } : null;
  if (append !== null && own !== null) logBytes = writeLogFd(own.logFd ??= openLogForWrite(logPath), logPath, runId, append.at, append.text, write);
  else if (append !== null) logBytes = writeLogAt(logPath, runId, append.at, append.text, write);
  const committed = { events: stored.events + fresh.length, logBytes };
  const file: HeadFile = { format: 2, ...head, fence, ...committed };
  if (own !== null) {
    own.committed = null;
    const known = { headExists: own.headExists, previousExists: own.previousExists };
    own.headExists = own.previousExists = undefined; // until this write is known to have landed
    await writeHeadFile(path, file, write, known);
    own.committed = committed;
    own.headExists = true;
    own.previousExists = false; // removed once the new head was in place (a stray one left by a failed unlink is renamed over: only slower)
  } else {
    await writeHeadFile(path, file, write);
    written.remember(path, committed);
  }
}
