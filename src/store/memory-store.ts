/**
 * The in-memory store: the same contract as the lowdb store (validation, history rules, JSON
 * round trip, non-re-entrant locks with stale takeover), for tests and for embedding where
 * persistence lives elsewhere. Nothing is ever damaged here, so `repair()` has nothing to do.
 */
import type { HistoryEvent } from '../taxonomy/history.js';
import { InvalidRunRecordError, RunLockedError, RunNotFoundError } from './errors.js';
import { assertNoEventsDropped, extendHistory } from './history.js';
import { KeyedMutex } from './keyed-mutex.js';
import { isProcessAlive } from './process-alive.js';
import { assertRunId } from './run-id.js';
import { compareSummaries, summarize } from './summary.js';
import type { Lock, LockOwner, RepairResult, RunRecord, RunSummary, Store } from './types.js';
import { runRecordProblem } from './validate.js';

/** A fresh, empty in-memory store. Two calls give two independent stores. */
export function memoryStore(): Store {
  return new MemoryStore();
}

interface Held { pid: number; token: symbol }

class MemoryStore implements Store {
  /** Stored as JSON text, so callers can never share objects with the store (as with a file). */
  readonly #runs = new Map<string, string>();
  readonly #locks = new Map<string, Held>();
  readonly #turns = new KeyedMutex();

  async load(runId: string): Promise<RunRecord | null> {
    assertRunId(runId);
    const text = this.#runs.get(runId);
    return text === undefined ? null : (JSON.parse(text) as RunRecord);
  }

  async save(run: RunRecord): Promise<void> {
    if (typeof run !== 'object' || run === null) throw new InvalidRunRecordError('(unknown)', '(record)', 'expected an object');
    assertRunId(run.runId);
    // Serialise now, like the lowdb store, so later mutations by the caller do not leak in.
    const text = JSON.stringify(run);
    const record = JSON.parse(text) as RunRecord;
    return this.#turns.run(run.runId, async () => {
      const problem = runRecordProblem(record);
      if (problem !== null) throw new InvalidRunRecordError(record.runId, problem.field, problem.problem);
      const stored = this.#runs.get(record.runId);
      if (stored !== undefined) assertNoEventsDropped(record.runId, (JSON.parse(stored) as RunRecord).history.length, record.history.length);
      this.#runs.set(record.runId, text);
    });
  }

  async append(runId: string, events: HistoryEvent[]): Promise<void> {
    assertRunId(runId);
    const batch = JSON.parse(JSON.stringify(events)) as HistoryEvent[];
    return this.#turns.run(runId, async () => {
      const text = this.#runs.get(runId);
      if (text === undefined) throw new RunNotFoundError(runId);
      const run = JSON.parse(text) as RunRecord;
      const history = extendHistory(runId, run.history, batch);
      if (history === null) return;
      const next = { ...run, history };
      const problem = runRecordProblem(next, runId);
      if (problem !== null) throw new InvalidRunRecordError(runId, problem.field, problem.problem);
      this.#runs.set(runId, JSON.stringify(next));
    });
  }

  async list(): Promise<RunSummary[]> {
    return [...this.#runs.values()].map((text) => summarize(JSON.parse(text) as RunRecord)).sort(compareSummaries);
  }

  async lock(runId: string, owner?: LockOwner): Promise<Lock> {
    assertRunId(runId);
    const pid = owner?.pid ?? process.pid;
    const current = this.#locks.get(runId);
    let tookOverFrom: number | null = null;
    if (current !== undefined) {
      if (isProcessAlive(current.pid)) throw new RunLockedError(runId, current.pid);
      tookOverFrom = current.pid; // its holder died without releasing: stale
    }
    const held: Held = { pid, token: Symbol(runId) };
    this.#locks.set(runId, held);
    let released = false;
    return {
      runId, pid, acquiredAt: Date.now(), tookOverFrom,
      release: async () => {
        if (released) return;
        released = true;
        if (this.#locks.get(runId) === held) this.#locks.delete(runId);
      },
    };
  }

  async prune(olderThanMs: number, now: number = Date.now()): Promise<string[]> {
    if (!Number.isFinite(olderThanMs) || olderThanMs < 0) throw new RangeError(`prune: olderThanMs must be a finite number >= 0, got ${olderThanMs}`);
    const cutoff = now - olderThanMs;
    const removed: string[] = [];
    for (const run of await this.list()) {
      if (run.updatedAt >= cutoff) continue;
      let lock: Lock;
      try {
        lock = await this.lock(run.runId);
      } catch (error) {
        if (error instanceof RunLockedError) continue;
        throw error;
      }
      try {
        await this.#turns.run(run.runId, async () => {
          // Re-check under the turn: the run may have been saved since the listing.
          const text = this.#runs.get(run.runId);
          if (text === undefined || (JSON.parse(text) as RunRecord).updatedAt >= cutoff) return;
          this.#runs.delete(run.runId);
          removed.push(run.runId);
        });
      } finally {
        await lock.release();
      }
    }
    return removed;
  }

  async repair(): Promise<RepairResult> {
    return { moved: [], skipped: [] };
  }
}
