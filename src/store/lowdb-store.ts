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
import { closeSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { RunFencedError, RunLockedError, StoreWriteError } from './errors.js';
import { cutUncommitted, logText, openLogForWrite, readLog, writeLogAt, writeLogFd } from './event-log.js';
import { acquireFileLock, lockHolder, type FileLock } from './file-lock.js';
import { assertRepeatsMatch, commitArgumentsError, splitEvents } from './history.js';
import { KeyedMutex } from './keyed-mutex.js';
import { moveAside } from './move-aside.js';
import { isProcessAlive } from './process-alive.js';
import { loadHeadFile, previousHeadPath, readHeadFile, writeHeadFile, type HeadFile, type HeadState } from './run-file.js';
import { assertRunId, runIdProblem } from './run-id.js';
import { runIndexOf, type RunIndex } from './run-index.js';
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

/**
 * A lease this process holds on a run for itself (`pid` = this process), keyed by head path and
 * module-wide like the file turns, so every store object on the directory sees it.
 *
 * Why a commit may check such a lease's fence from memory instead of reading the lock file
 * (which cost five syscalls per commit): the lock file was created by this process and names
 * this pid, alive for as long as this code runs. Another process replaces a lock only after
 * judging it stale (file-lock.ts): its pid dead on this host, or the file empty or unparseable
 * past the grace period. Ours is neither, and a lock from another host is never taken over. So
 * while our lock file is the one we created, nobody following the protocol holds a newer fence,
 * and `lock.unchanged()` (one fstat of the descriptor kept open) shows that it is: a lock deleted
 * by hand, renamed over or rewritten fails it, and the commit falls back to reading the file,
 * which refuses it if another owner's fence is there. A lease taken for another pid (a child
 * process) is always checked on disk: that pid may die while we live, and the run be taken over.
 * Out of reach of both checks: a lock rewritten in place to the same size within one timestamp
 * tick, by hand. The lowdb store is a one-host store (its pid checks would mean nothing on a
 * filesystem shared between hosts), and the PostgreSQL store fences in the database.
 *
 * The same reasoning lets the lease remember what its last commit wrote (no stat of the head per
 * commit) and keep the event log's descriptor open until release.
 */
interface Ownership {
  readonly fence: number;
  readonly lock: FileLock;
  /** What the head says after this lease's last commit; null before the first one and after a failed one (read the head). */
  committed: Committed | null;
  /** The event log, opened at the first append and closed on release. */
  logFd: number | null;
  /** Whether the head file exists; undefined after a failed commit (look). */
  headExists: boolean | undefined;
  /** Whether the head's previous copy exists; undefined: look. */
  previousExists: boolean | undefined;
  /** Prune removed the run: release deletes the lock instead of keeping it as the run's last fence. */
  discard: boolean;
}
const owned = new Map<string, Ownership>();

/**
 * Opens (lazily creating on first write) the lowdb store in `dir`. See `defaultStoreDir`.
 * @param options `fsync` (default `false`): flush the log, the head and the directory before a
 *   checkpoint returns, so a power cut loses none (a few milliseconds per checkpoint).
 *
 * @example
 * ```ts
 * const store = openStore('.recovery'); // where `recover run` keeps its runs
 * const outcome = await recoverPersisted(task, { store });
 * ```
 */
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
    this.#index = runIndexOf(dir);
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
      let own: Ownership | null = null;
      try {
        this.#makeDirs();
        own = this.#owner(path, runId, fence);
        await this.#commit(runId, path, fence, copy, own);
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
  #owner(path: string, runId: string, fence: number): Ownership | null {
    const own = owned.get(path);
    if (own !== undefined && own.fence === fence && own.lock.unchanged()) return own;
    this.#assertOwner(runId, fence);
    return null;
  }

  async #commit(runId: string, path: string, fence: number, { events, head }: Checkpoint, own: Ownership | null): Promise<void> {
    const logPath = this.#logPath(runId);
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
    if (append !== null && own !== null) logBytes = writeLogFd(own.logFd ??= openLogForWrite(logPath), logPath, runId, append.at, append.text, this.#write);
    else if (append !== null) logBytes = writeLogAt(logPath, runId, append.at, append.text, this.#write);
    const committed = { events: stored.events + fresh.length, logBytes };
    const file: HeadFile = { format: 2, ...head, fence, ...committed };
    if (own !== null) {
      own.committed = null;
      const known = { headExists: own.headExists, previousExists: own.previousExists };
      own.headExists = own.previousExists = undefined; // until this write is known to have landed
      await writeHeadFile(path, file, this.#write, known);
      own.committed = committed;
      own.headExists = true;
      own.previousExists = false; // removed once the new head was in place (a stray one left by a failed unlink is renamed over: only slower)
    } else {
      await writeHeadFile(path, file, this.#write);
      written.remember(path, committed);
    }
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
    const headPath = this.#headPath(runId);
    // Read once the lock file exists (nobody can commit or release then): the fence floor, and
    // the head the cut below needs.
    let state: HeadState | null = null;
    const lastFence = () => {
      state = readHeadFile(headPath, runId, 1); // one look: nobody else can be committing now
      return Math.max(readFence(fencePath), state.kind === 'ok' ? state.head.fence : 0);
    };
    const lock = await acquireFileLock(this.#lockPath(runId), runId, pid, undefined, { lastFence, releaseTo: fencePath })
      .catch((error: unknown) => { throw writeError(error, this.#lockPath(runId), runId); });
    const repairs: string[] = [];
    const head = (state as HeadState | null) ?? readHeadFile(headPath, runId, 1);
    const logPath = this.#logPath(runId);
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
        for (const name of readdirSync(this.#runs)) if (name.startsWith(`.${runId}.json.`) && name.endsWith('.tmp')) removeIfThere(join(this.#runs, name));
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
    return leaseOf(runId, lock, options, repairs, () => lockHolder(this.#lockPath(runId))?.fence ?? null, () => {
      if (own === null) return false;
      if (owned.get(headPath) === own) owned.delete(headPath);
      if (own.logFd !== null) closeSync(own.logFd);
      own.logFd = null;
      return own.discard;
    });
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
        for (const other of [previousHeadPath(path), this.#logPath(run.runId), join(this.#locks, `${run.runId}.fence`)]) removeIfThere(other);
        // The run is gone: its lock goes too rather than staying as its last fence.
        const own = owned.get(path);
        if (own !== undefined) own.discard = true;
        removed.push(run.runId);
      });
    }
    await this.#releaseOrphanLeases();
    return removed;
  }

  async repair(): Promise<RepairResult> {
    const result: RepairResult = { moved: [], skipped: [], releasedLeases: [] };
    // Every file checked, not the index's word for a quiet directory: a head damaged in place
    // changes no entry of runs/ (run-index.ts), and repair is what rebuilds the index.
    for (const run of await this.#index.list({ verify: true })) {
      if (!run.damaged) continue;
      const done = await this.#underLease(run.runId, async (path) => {
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

/** What a head read at acquire says is committed; null when a commit must read it again (a version-1 or damaged head). */
function committedOf(head: HeadState): Committed | null {
  if (head.kind === 'absent') return { events: 0, logBytes: 0 };
  return head.kind === 'ok' && head.v1History === null ? { events: head.head.events, logBytes: head.head.logBytes } : null;
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
    return Number.isSafeInteger(n) && (n as number) >= 0 ? n as number : 0;
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
