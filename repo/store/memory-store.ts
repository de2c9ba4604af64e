/**
 * The in-memory store: the same contract as the lowdb store (validation, the event-log rules,
 * fenced commits, JSON round trip, non-re-entrant leases with stale takeover), for tests and for
 * embedding where persistence lives elsewhere. Nothing is ever damaged here, so `repair()` has
 * nothing to do.
 */
import { hostname } from 'node:os';
import { RunFencedError, RunLockedError } from './errors.js';
import { assertRepeatsMatch, commitArgumentsError, splitEvents } from './history.js';
import { KeyedMutex } from './keyed-mutex.js';
import { isProcessAlive } from './process-alive.js';
import { assertRunId } from './run-id.js';
import { compareSummaries, summarize } from './summary.js';
import type { AcquireOptions, Checkpoint, Lease, LeaseHolder, RepairResult, RunHead, RunRecord, RunSummary, Store } from './types.js';

/** A fresh, empty in-memory store. Two calls give two independent stores. */
export function memoryStore(): Store {
  return new MemoryStore();
}

/** A run as stored: JSON text, so callers can never share objects with the store (as with a file). */
interface StoredRun { head: string; events: string[]; fence: number }
interface Owner { holder: LeaseHolder; fence: number }

class MemoryStore implements Store {
  readonly #runs = new Map<string, StoredRun>();
  readonly #owners = new Map<string, Owner>();
  /** The highest fence ever handed out per run, so fences only grow. */
  readonly #fences = new Map<string, number>();
  readonly #turns = new KeyedMutex();

  async load(runId: string): Promise<RunRecord | null> {
    assertRunId(runId);
    const run = this.#runs.get(runId);
    if (run === undefined) return null;
    return { ...(JSON.parse(run.head) as RunHead), fence: run.fence, history: run.events.map((e) => JSON.parse(e)) };
  }

  commit(runId: string, fence: number, checkpoint: Checkpoint): Promise<void> {
    const invalid = commitArgumentsError(runId, checkpoint);
    if (invalid !== null) return Promise.reject(invalid);
    // Serialise now, like the lowdb store, so later mutations by the caller do not leak in.
    const head = JSON.stringify(checkpoint.head);
    // Each event serialised once: its text is what is stored, its parse what is checked.
    const texts = new Map<object, string>();
    const events = (checkpoint.events ?? []).map((event) => {
      const text = JSON.stringify(event);
      const copy = JSON.parse(text) as Checkpoint['events'][number];
      if (typeof copy === 'object' && copy !== null) texts.set(copy, text);
      return copy;
    });
    return this.#turns.run(runId, async () => {
      const owner = this.#owners.get(runId);
      if (owner?.fence !== fence) throw new RunFencedError(runId, fence, owner?.fence ?? null);
      const stored = this.#runs.get(runId) ?? { head, events: [], fence };
      const { repeated, fresh } = splitEvents(runId, stored.events.length, events);
      // The log is parsed back only when the commit repeats events to compare.
      if (repeated.length > 0) assertRepeatsMatch(runId, stored.events.map((e) => JSON.parse(e)), repeated, stored.events.length + fresh.length + 1);
      this.#runs.set(runId, { head, events: [...stored.events, ...fresh.map((e) => texts.get(e)!)], fence });
    });
  }

  async list(): Promise<RunSummary[]> {
    return [...this.#runs.values()].map((run) => summarize(JSON.parse(run.head) as RunHead)).sort(compareSummaries);
  }

  async acquire(runId: string, options: AcquireOptions = {}): Promise<Lease> {
    assertRunId(runId);
    const holder: LeaseHolder = { pid: options.pid ?? process.pid, host: hostname(), worker: options.worker ?? null };
    const current = this.#owners.get(runId);
    let tookOverFrom: LeaseHolder | null = null;
    if (current !== undefined) {
      if (isProcessAlive(current.holder.pid)) throw new RunLockedError(runId, current.holder.pid);
      tookOverFrom = current.holder; // its holder died without releasing: stale
    }
    const fence = (this.#fences.get(runId) ?? this.#runs.get(runId)?.fence ?? 0) + 1;
    this.#fences.set(runId, fence);
    const owner: Owner = { holder, fence };
    this.#owners.set(runId, owner);
    let released = false;
    return {
      runId, fence, holder, acquiredAt: Date.now(), tookOverFrom, repairs: [],
      renew: async () => {
        if (released || this.#owners.get(runId) !== owner) throw new RunFencedError(runId, fence, this.#owners.get(runId)?.fence ?? null);
      },
      release: async () => {
        if (released) return;
        released = true;
        if (this.#owners.get(runId) === owner) this.#owners.delete(runId);
      },
    };
  }

  async prune(olderThanMs: number, now: number = Date.now()): Promise<string[]> {
    if (!Number.isFinite(olderThanMs) || olderThanMs < 0) throw new RangeError(`prune: olderThanMs must be a finite number >= 0, got ${olderThanMs}`);
    const cutoff = now - olderThanMs;
    const removed: string[] = [];
    for (const run of await this.list()) {
      if (run.updatedAt >= cutoff) continue;
      let lease: Lease;
      try {
        lease = await this.acquire(run.runId);
      } catch (error) {
        if (error instanceof RunLockedError) continue;
        throw error;
      }
      try {
        await this.#turns.run(run.runId, async () => {
          // Re-check under the turn: the run may have been committed since the listing.
          const stored = this.#runs.get(run.runId);
          if (stored === undefined || (JSON.parse(stored.head) as RunHead).updatedAt >= cutoff) return;
          this.#runs.delete(run.runId);
          removed.push(run.runId);
        });
      } finally {
        await lease.release();
      }
    }
    return removed;
  }

  async repair(): Promise<RepairResult> {
    const releasedLeases: string[] = [];
    for (const [runId, owner] of this.#owners) {
      if (!this.#runs.has(runId) && !isProcessAlive(owner.holder.pid)) {
        this.#owners.delete(runId);
        releasedLeases.push(runId);
      }
    }
    return { moved: [], skipped: [], releasedLeases };
  }
}
