/**
 * The default store: a directory of files, a few per run, so a write costs what the run's new
 * events and head cost, never its whole history nor what the store holds.
 *
 *     <dir>/runs/<runId>.json            the head (lowdb, compact JSON: temp file + rename)
 *     <dir>/runs/<runId>.events.ndjson   the event log (appended at the committed offset)
 *     <dir>/locks/<runId>.lock           who owns the run, with its fence (see file-lock.ts)
 *     <dir>/locks/<runId>.fence          the highest fence ever handed out for the run
 *     <dir>/index.json                   list() cache, never authoritative (see run-index.ts)
 *     <dir>/.gitignore                   `*`, so the store is never committed by accident
 *
 * A commit writes the new events at the log's committed offset, then replaces the head, which
 * records how many events and bytes of the log are committed: the head's rename is the commit
 * point. The store directory is created private (0700); files are 0600.
 */
import { mkdirSync, readFileSync, readdirSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { RunFencedError, RunLockedError, StoreWriteError } from './errors.js';
import { cutUncommitted, logText, readLog, writeLogAt } from './event-log.js';
import { acquireFileLock, lockHolder, type FileLock } from './file-lock.js';
import { assertRepeatsMatch, commitArgumentsError, splitEvents } from './history.js';
import { KeyedMutex } from './keyed-mutex.js';
import { moveAside } from './move-aside.js';
import { isProcessAlive } from './process-alive.js';
import { loadHeadFile, readHeadFile, writeHeadFile, type HeadFile } from './run-file.js';
import { assertRunId, runIdProblem } from './run-id.js';
import { RunIndex } from './run-index.js';
import { writeFileAtomic, type WriteOptions } from './safe-json-file.js';
import type { AcquireOptions, Checkpoint, Lease, RepairResult, RunRecord, RunSummary, Store } from './types.js';
import { WriteMemo } from './write-memo.js';

/** Options of `openStore`. */
export interface LowdbStoreOptions {
  /**
   * Flush every commit to the device before it returns (fsync of the log, the head and its
   * directory). Default false: a killed process never loses a commit that returned; only a power
   * cut or a kernel crash can lose the last few, and each flush costs milliseconds.
   */
  fsync?: boolean;
}

/** Module-wide, keyed by absolute file path: every store object in this process shares them. */
const files = new KeyedMutex();
const written = new WriteMemo<Committed>();

/** What a head says is committed. */
interface Committed { events: number; logBytes: number }

/** Opens (lazily creating on first write) the lowdb store in `dir`. See `defaultStoreDir`. */
export function openStore(dir: string, options: LowdbStoreOptions = {}): Store {
  return new LowdbStore(resolve(dir), { fsync: options.fsync ?? false });
}

class LowdbStore implements Store {
  readonly #dir: string;
  readonly #runs: string;
  readonly #locks: string;
  readonly #index: RunIndex;
  readonly #write: WriteOptions;
  #dirsReady = false;

  constructor(dir: string, write: WriteOptions) {
    this.#dir = dir;
    this.#runs = join(dir, 'runs');
    this.#locks = join(dir, 'locks');
    this.#index = new RunIndex(this.#runs, join(dir, 'index.json'));
    this.#write = write;
  }

  async load(runId: string): Promise<RunRecord | null> {
    assertRunId(runId);
    const state = loadHeadFile(this.#headPath(runId), runId);
    if (state.kind === 'absent') return null;
    const { format: _format, events, logBytes, ...head } = state.head;
    const history = state.v1History ?? readLog(this.#logPath(runId), runId, logBytes, events);
    return { ...head, history };
  }

  commit(runId: string, fence: number, checkpoint: Checkpoint): Promise<void> {
    const invalid = commitArgumentsError(runId, checkpoint);
    if (invalid !== null) return Promise.reject(invalid);
    const path = this.#headPath(runId);
    // The commit is written as it was when commit was called, even if the caller changes it before
    // the promise settles. When nothing is queued for the file, everything up to the head's
    // stringify runs synchronously, so no copy is needed on the hot path.
    const copy = files.busy(path) ? (JSON.parse(JSON.stringify(checkpoint)) as Checkpoint) : checkpoint;
    return files.run(path, async () => {
      try {
        this.#makeDirs();
        this.#assertOwner(runId, fence);
        await this.#commit(runId, path, fence, copy);
      } catch (error) {
        written.forget(path);
        throw writeError(error, path, runId);
      }
    });
  }

  async #commit(runId: string, path: string, fence: number, { events, head }: Checkpoint): Promise<void> {
    const logPath = this.#logPath(runId);
    let stored = written.get(path);
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
    if (v1History !== null) logBytes = writeLogAt(logPath, runId, 0, logText([...v1History, ...fresh]), this.#write);
    else if (fresh.length > 0) logBytes = writeLogAt(logPath, runId, stored.logBytes, logText(fresh), this.#write);
    const committed = { events: stored.events + fresh.length, logBytes };
    const file: HeadFile = { format: 2, ...head, fence, ...committed };
    await writeHeadFile(path, file, this.#write);
    written.remember(path, committed);
  }

  /** Throws `RunFencedError` unless `fence` is the fence of the lock that holds the run now. */
  #assertOwner(runId: string, fence: number): void {
    const holder = lockHolder(this.#lockPath(runId));
    if (holder === null || holder.fence !== fence) throw new RunFencedError(runId, fence, holder?.fence ?? null);
  }

  list(): Promise<RunSummary[]> {
    return this.#index.list();
  }

  async acquire(runId: string, options: AcquireOptions = {}): Promise<Lease> {
    assertRunId(runId);
    try {
      this.#makeDirs();
    } catch (error) {
      throw writeError(error, this.#dir, null);
    }
    const pid = options.pid ?? process.pid;
    const fencePath = join(this.#locks, `${runId}.fence`);
    const lock = await acquireFileLock(this.#lockPath(runId), runId, pid, () => Math.max(readFence(fencePath), this.#headFence(runId)))
      .catch((error: unknown) => { throw writeError(error, this.#lockPath(runId), runId); });
    const repairs: string[] = [];
    try {
      writeFileAtomic(fencePath, String(lock.holder.fence));
      // Whatever a dead owner appended without committing is not part of the run: cut it now
      // that nobody else can be mid-append, and say so.
      const state = readHeadFile(this.#headPath(runId), runId);
      const logPath = this.#logPath(runId);
      const committedBytes = state.kind === 'ok' && state.v1History === null ? state.head.logBytes : state.kind === 'absent' ? 0 : null;
      const cut = committedBytes === null ? 0 : cutUncommitted(logPath, committedBytes);
      if (cut > 0) repairs.push(`cut ${cut} bytes from ${logPath}: an append its last owner never committed (it stopped mid-checkpoint)`);
      // A head write its last owner never renamed into place (killed mid-write): nobody else can be writing one now.
      for (const name of readdirSync(this.#runs)) if (name.startsWith(`.${runId}.json.`) && name.endsWith('.tmp')) removeIfThere(join(this.#runs, name));
    } catch (error) {
      await lock.release();
      throw writeError(error, fencePath, runId);
    }
    written.forget(this.#headPath(runId));
    return leaseOf(runId, lock, options, repairs, () => lockHolder(this.#lockPath(runId))?.fence ?? null);
  }

  async prune(olderThanMs: number, now: number = Date.now()): Promise<string[]> {
    if (!Number.isFinite(olderThanMs) || olderThanMs < 0) throw new RangeError(`prune: olderThanMs must be a finite number >= 0, got ${olderThanMs}`);
    const cutoff = now - olderThanMs;
    const removed: string[] = [];
    for (const run of await this.list()) {
      if (run.damaged || run.updatedAt >= cutoff) continue;
      await this.#underLease(run.runId, async (path) => {
        // Re-check under the lease: the run may have been committed since the listing.
        const state = readHeadFile(path, run.runId);
        if (state.kind !== 'ok' || state.head.updatedAt >= cutoff) return;
        written.forget(path);
        unlinkSync(path);
        for (const other of [this.#logPath(run.runId), join(this.#locks, `${run.runId}.fence`)]) removeIfThere(other);
        removed.push(run.runId);
      });
    }
    await this.#releaseOrphanLeases();
    return removed;
  }

  async repair(): Promise<RepairResult> {
    const result: RepairResult = { moved: [], skipped: [], releasedLeases: [] };
    for (const run of await this.list()) {
      if (!run.damaged) continue;
      const done = await this.#underLease(run.runId, async (path) => {
        if (readHeadFile(path, run.runId).kind !== 'damaged') {
          result.skipped.push({ path, reason: 'no longer damaged' });
          return;
        }
        written.forget(path);
        try {
          result.moved.push({ from: path, to: await moveAside(path) });
        } catch (error) {
          // One file that cannot be moved (a directory, a read-only dir) must not stop the others.
          result.skipped.push({ path, reason: `could not move it: ${(error as Error).message}` });
        }
      });
      if (done !== true) result.skipped.push({ path: run.damaged.path, reason: `the run is locked by process ${done.pid ?? '(unknown)'}` });
    }
    result.releasedLeases = await this.#releaseOrphanLeases();
    return result;
  }

  /** Removes lock files of runs that have no head, whose holder is dead: nothing else ever would. */
  async #releaseOrphanLeases(): Promise<string[]> {
    let names: string[];
    try {
      names = readdirSync(this.#locks);
    } catch {
      return [];
    }
    const released: string[] = [];
    for (const name of names) {
      const runId = name.endsWith('.lock') ? name.slice(0, -'.lock'.length) : null;
      if (runId === null || runIdProblem(runId) !== null || readHeadFile(this.#headPath(runId), runId).kind !== 'absent') continue;
      const holder = lockHolder(this.#lockPath(runId));
      if (holder !== null && holder.hostname === hostname() && !isProcessAlive(holder.pid)) {
        removeIfThere(this.#lockPath(runId));
        removeIfThere(join(this.#locks, `${runId}.fence`));
        released.push(runId);
      }
    }
    return released;
  }

  /** Runs `task` holding the run's lease and file turn; returns the lock error instead when it is held. */
  async #underLease(runId: string, task: (path: string) => Promise<void>): Promise<true | RunLockedError> {
    let lease: Lease;
    try {
      lease = await this.acquire(runId);
    } catch (error) {
      if (error instanceof RunLockedError) return error;
      throw error;
    }
    try {
      const path = this.#headPath(runId);
      await files.run(path, () => task(path));
      return true;
    } finally {
      await lease.release();
    }
  }

  /** The fence of the run's head; 0 when there is none or it cannot be read (a commit will say why). */
  #headFence(runId: string): number {
    const state = readHeadFile(this.#headPath(runId), runId);
    return state.kind === 'ok' ? state.head.fence : 0;
  }

  /** Creates the store private (0700) with a `.gitignore` of `*`, once per store object. */
  #makeDirs(): void {
    if (this.#dirsReady) return;
    mkdirSync(this.#dir, { recursive: true, mode: 0o700 });
    mkdirSync(this.#runs, { recursive: true, mode: 0o700 });
    mkdirSync(this.#locks, { recursive: true, mode: 0o700 });
    try {
      writeFileAtomic(join(this.#dir, '.gitignore'), '# recovery-protocol store: never commit it\n*\n');
    } catch {
      // Only a convenience: a store we can write runs into must not fail over it.
    }
    this.#dirsReady = true;
  }

  #headPath(runId: string): string {
    return join(this.#runs, `${runId}.json`);
  }

  #logPath(runId: string): string {
    return join(this.#runs, `${runId}.events.ndjson`);
  }

  #lockPath(runId: string): string {
    return join(this.#locks, `${runId}.lock`);
  }
}

function leaseOf(runId: string, lock: FileLock, options: AcquireOptions, repairs: string[], currentFence: () => number | null): Lease {
  const { holder } = lock;
  const fence = holder.fence;
  return {
    runId, fence, acquiredAt: holder.acquiredAt, repairs,
    holder: { pid: holder.pid, host: holder.hostname, worker: options.worker ?? null },
    tookOverFrom: lock.tookOverFrom ? { pid: lock.tookOverFrom.pid, host: lock.tookOverFrom.hostname, worker: null } : null,
    async renew() {
      if (!lock.held()) throw new RunFencedError(runId, fence, currentFence());
    },
    release: () => lock.release(),
  };
}

function readFence(path: string): number {
  try {
    const n = Number(readFileSync(path, 'utf8').trim());
    return Number.isSafeInteger(n) && n >= 0 ? n : 0;
  } catch {
    return 0;
  }
}

function removeIfThere(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** A system error from the disk becomes a `StoreWriteError` naming the file; store errors pass. */
function writeError(error: unknown, path: string, runId: string | null): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return error;
  return new StoreWriteError((error as NodeJS.ErrnoException).path ?? path, runId, code, error);
}
