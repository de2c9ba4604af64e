/**
 * Live runs by polling the Store contract alone (`list()`, then `load()` of each run whose
 * `updatedAt` moved), so the same code watches any store that implements the contract, with no
 * store-specific code: a poll every 500 ms, and a change is told once.
 */
import type { Store } from '../store/types.js';
import { compareRows, damagedRow, runRow, type RunRow } from './run-row.js';

/** Options of {@link watchRuns}. */
export interface WatchOptions {
  /** Milliseconds between polls. Default 500. */
  intervalMs?: number;
  /** Told the whole list, in list order, whenever any row changed (and once at the first poll). */
  onChange: (rows: RunRow[]) => void;
  /** Told a poll that failed (the store could not be read); polling goes on. Default: ignored. */
  onError?: (error: unknown) => void;
}

/** A running watch. */
export interface RunWatch {
  /** The rows as last polled (empty before the first poll). */
  rows(): RunRow[];
  /** Polls now (or waits for the poll in flight) and resolves with the rows. */
  poll(): Promise<RunRow[]>;
  stop(): void;
}

/** Starts polling `store`; the first poll starts at once. */
export function watchRuns(store: Store, options: WatchOptions): RunWatch {
  const cache = new Map<string, RunRow>();
  let current: RunRow[] = [];
  let fingerprint = '';
  let inFlight: Promise<RunRow[]> | null = null;
  let stopped = false;

  const pollOnce = async (): Promise<RunRow[]> => {
    const summaries = await store.list();
    const rows: RunRow[] = [];
    for (const summary of summaries) {
      if (summary.damaged || summary.status === null) {
        rows.push(damagedRow(summary));
        continue;
      }
      const cached = cache.get(summary.runId);
      if (cached && cached.updatedAt === summary.updatedAt && cached.status === summary.status) {
        rows.push(cached);
        continue;
      }
      // A run can be pruned between list() and load(), or be damaged mid-read: show the summary then.
      const record = await store.load(summary.runId).catch(() => null);
      const row = record ? runRow(record) : damagedRow({ ...summary, damaged: summary.damaged ?? { path: summary.runId, error: 'could not be loaded' } });
      if (record) cache.set(summary.runId, row);
      rows.push(row);
    }
    // A set, not a search of the list per cached run: with 10,000 runs that was 10^8 steps a poll.
    const listed = new Set(summaries.map((s) => s.runId));
    for (const runId of [...cache.keys()]) if (!listed.has(runId)) cache.delete(runId);
    rows.sort(compareRows);
    const next = JSON.stringify(rows);
    current = rows;
    if (next !== fingerprint && !stopped) {
      fingerprint = next;
      options.onChange(rows);
    }
    return rows;
  };

  const poll = (): Promise<RunRow[]> => {
    // One poll at a time: a slow store must not pile reads up.
    inFlight ??= pollOnce().finally(() => { inFlight = null; });
    return inFlight;
  };

  const tick = () => {
    poll().catch((error: unknown) => options.onError?.(error));
  };
  const timer = setInterval(tick, options.intervalMs ?? 500);
  timer.unref();
  tick();
  return {
    rows: () => current,
    poll,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
