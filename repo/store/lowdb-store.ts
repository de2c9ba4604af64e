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
 *
 * One file a concept: the paths (lowdb-files.ts), what this process knows of the runs it writes
 * (lowdb-ownership.ts), a commit (lowdb-commit.ts), a lease and its repairs (lowdb-acquire.ts),
 * prune and repair (lowdb-upkeep.ts); a head read and written through lowdb's two-method adapter
 * (run-file.ts, safe-json-file.ts), the event log (event-log.ts), list() (run-index.ts).
 */
import { resolve } from 'node:path';
import { readLog } from './event-log.js';
import { acquireRun } from './lowdb-acquire.js';
import { commitRun } from './lowdb-commit.js';
import { StoreFiles } from './lowdb-files.js';
import { pruneRuns, repairRuns } from './lowdb-upkeep.js';
import { loadHeadFile } from './run-file.js';
import { assertRunId } from './run-id.js';
import { runIndexOf, type RunIndex } from './run-index.js';
import type { WriteOptions } from './safe-json-file.js';
import type { AcquireOptions, Checkpoint, Lease, RepairResult, RunRecord, RunSummary, Store } from './types.js';

/** Options of `openStore`. */
export interface LowdbStoreOptions {
  /**
   * Flush every commit to the device before it returns (fsync of the log, the head and its
   * directory). Default false: a killed process never loses a commit that returned; only a power
   * cut or a kernel crash can lose the last few, and each flush costs milliseconds.
   */
  fsync?: boolean;
}

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
  readonly #files: StoreFiles;
  readonly #index: RunIndex;
  readonly #write: WriteOptions;

  constructor(dir: string, write: WriteOptions) {
    this.#files = new StoreFiles(dir);
    this.#index = runIndexOf(dir);
    this.#write = write;
  }

  async load(runId: string): Promise<RunRecord | null> {
    assertRunId(runId);
    const state = loadHeadFile(this.#files.headPath(runId), runId);
    if (state.kind === 'absent') return null;
    const { format: _format, events, logBytes, ...head } = state.head;
    const history = state.v1History ?? readLog(this.#files.logPath(runId), runId, logBytes, events);
    return { ...head, history };
  }

  commit(runId: string, fence: number, checkpoint: Checkpoint): Promise<void> {
    return commitRun(this.#files, this.#write, runId, fence, checkpoint);
  }

  list(): Promise<RunSummary[]> {
    return this.#index.list();
  }

  acquire(runId: string, options: AcquireOptions = {}): Promise<Lease> {
    return acquireRun(this.#files, runId, options);
  }

  prune(olderThanMs: number, now: number = Date.now()): Promise<string[]> {
    return pruneRuns(this.#files, this.#index, olderThanMs, now);
  }

  repair(): Promise<RepairResult> {
    return repairRuns(this.#files, this.#index);
  }
}
