/**
 * The default store: a directory of lowdb files, one per run, so a write costs what the run
 * costs and never what the store holds.
 *
 *     <dir>/runs/<runId>.json     the RunRecord (lowdb: temp file + rename)
 *     <dir>/locks/<runId>.lock    who is executing the run (see file-lock.ts)
 *     <dir>/index.json            list() cache, never authoritative (see run-index.ts)
 */
import { mkdir, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { HistoryEvent } from '../taxonomy/history.js';
import { CorruptRunError, InvalidRunRecordError, RunLockedError, RunNotFoundError } from './errors.js';
import { acquireFileLock } from './file-lock.js';
import { assertNoEventsDropped, extendHistory } from './history.js';
import { KeyedMutex } from './keyed-mutex.js';
import { moveAside } from './move-aside.js';
import { inspectRunFile, loadRunFile, writeRunFile } from './run-file.js';
import { assertRunId } from './run-id.js';
import { RunIndex } from './run-index.js';
import type { Lock, LockOwner, RepairResult, RunRecord, RunSummary, Store } from './types.js';
import { runRecordProblem } from './validate.js';
import { WriteMemo } from './write-memo.js';

/** Module-wide, keyed by absolute file path: every store object in this process shares them. */
const files = new KeyedMutex();
const written = new WriteMemo();

/** Opens (lazily creating on first write) the lowdb store in `dir`. See `defaultStoreDir`. */
export function openStore(dir: string): Store {
  return new LowdbStore(resolve(dir));
}

class LowdbStore implements Store {
  readonly #runs: string;
  readonly #locks: string;
  readonly #index: RunIndex;
  #dirsReady = false;

  constructor(dir: string) {
    this.#runs = join(dir, 'runs');
    this.#locks = join(dir, 'locks');
    this.#index = new RunIndex(this.#runs, join(dir, 'index.json'));
  }

  async load(runId: string): Promise<RunRecord | null> {
    assertRunId(runId);
    return loadRunFile(this.#path(runId), runId);
  }

  async save(run: RunRecord): Promise<void> {
    const path = this.#checkedPath(run);
    // The record is written as it was when save was called, even if the caller changes it before
    // the promise settles. When nothing is queued for the file and the directories exist, the
    // whole path up to lowdb's stringify is synchronous, so no copy is needed on the hot path.
    const record = files.busy(path) || !this.#dirsReady ? (JSON.parse(JSON.stringify(run)) as RunRecord) : run;
    return files.run(path, async () => {
      const problem = runRecordProblem(record);
      if (problem !== null) throw new InvalidRunRecordError(record.runId, problem.field, problem.problem);
      // Never clobber a damaged file: it may be the only copy of a run someone can still rescue.
      // A file untouched since this process wrote it is known to be whole (see write-memo.ts).
      const known = written.historyLengthIfUnchanged(path);
      if (known !== undefined) assertNoEventsDropped(record.runId, known, record.history.length);
      else {
        const stored = inspectRunFile(path, record.runId);
        if (stored.kind === 'damaged') throw new CorruptRunError(path, record.runId, stored.error);
        if (stored.kind === 'ok') assertNoEventsDropped(record.runId, stored.record.history.length, record.history.length);
      }
      await this.#write(path, record);
    });
  }

  async append(runId: string, events: HistoryEvent[]): Promise<void> {
    assertRunId(runId);
    const path = this.#path(runId);
    const batch = JSON.parse(JSON.stringify(events)) as HistoryEvent[];
    return files.run(path, async () => {
      const run = await loadRunFile(path, runId);
      if (run === null) throw new RunNotFoundError(runId);
      const history = extendHistory(runId, run.history, batch);
      if (history === null) return; // every event was already stored
      const next = { ...run, history };
      const problem = runRecordProblem(next, runId);
      if (problem !== null) throw new InvalidRunRecordError(runId, problem.field, problem.problem);
      await this.#write(path, next);
    });
  }

  list(): Promise<RunSummary[]> {
    return this.#index.list();
  }

  async lock(runId: string, owner?: LockOwner): Promise<Lock> {
    assertRunId(runId);
    return acquireFileLock(join(this.#locks, `${runId}.lock`), runId, owner?.pid ?? process.pid);
  }

  async prune(olderThanMs: number, now: number = Date.now()): Promise<string[]> {
    if (!Number.isFinite(olderThanMs) || olderThanMs < 0) throw new RangeError(`prune: olderThanMs must be a finite number >= 0, got ${olderThanMs}`);
    const cutoff = now - olderThanMs;
    const removed: string[] = [];
    for (const run of await this.list()) {
      if (run.damaged || run.updatedAt >= cutoff) continue;
      await this.#underLock(run.runId, async (path) => {
        // Re-check under the lock: the run may have been saved since the listing.
        const state = inspectRunFile(path, run.runId);
        if (state.kind !== 'ok' || state.record.updatedAt >= cutoff) return;
        written.forget(path);
        await unlink(path);
        await unlink(join(this.#runs, `.${run.runId}.json.tmp`)).catch(() => undefined); // lowdb temp left by a crash
        removed.push(run.runId);
      });
    }
    return removed;
  }

  async repair(): Promise<RepairResult> {
    const result: RepairResult = { moved: [], skipped: [] };
    for (const run of await this.list()) {
      if (!run.damaged) continue;
      const done = await this.#underLock(run.runId, async (path) => {
        if (inspectRunFile(path, run.runId).kind !== 'damaged') {
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
    return result;
  }

  /** Runs `task` holding the run's lock and file turn; returns the lock error instead when it is held. */
  async #underLock(runId: string, task: (path: string) => Promise<void>): Promise<true | RunLockedError> {
    let lock: Lock;
    try {
      lock = await this.lock(runId);
    } catch (error) {
      if (error instanceof RunLockedError) return error;
      throw error;
    }
    try {
      const path = this.#path(runId);
      await files.run(path, () => task(path));
      return true;
    } finally {
      await lock.release();
    }
  }

  /** Writes and remembers the file's identity; see write-memo.ts. */
  async #write(path: string, record: RunRecord): Promise<void> {
    written.forget(path);
    await this.#writeFile(path, record);
    written.remember(path, record.history.length);
  }

  /** Not async until the directories are known to exist: see the comment in save(). */
  #writeFile(path: string, record: RunRecord): Promise<void> {
    if (!this.#dirsReady) {
      return this.#makeDirs().then(() => {
        this.#dirsReady = true;
        return writeRunFile(path, record);
      });
    }
    return writeRunFile(path, record).catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The directory was removed under us (e.g. by hand): create it again once.
      await this.#makeDirs();
      await writeRunFile(path, record);
    });
  }

  async #makeDirs(): Promise<void> {
    await mkdir(this.#runs, { recursive: true });
    await mkdir(this.#locks, { recursive: true });
  }

  #checkedPath(run: RunRecord): string {
    if (typeof run !== 'object' || run === null) throw new InvalidRunRecordError('(unknown)', '(record)', 'expected an object');
    assertRunId(run.runId);
    return this.#path(run.runId);
  }

  #path(runId: string): string {
    return join(this.#runs, `${runId}.json`);
  }
}
