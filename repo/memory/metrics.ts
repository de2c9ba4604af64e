/** The fix memory's figures for `recover stats`. */
import type { FixEntry, FixMemoryStats } from './types.js';

/** What `recover stats` shows of the fix memory. */
export interface FixMemoryMetrics {
  /** Remembered (signature, fix) pairs. */
  entries: number;
  /** Distinct failure signatures remembered. */
  signatures: number;
  lookups: number;
  hits: number;
  /** hits / lookups, 0 without lookups. */
  hitRate: number;
  /** Fixes tried from memory without asking the adapter. */
  reused: number;
}

/** The figures of a memory's stats and entries. */
export function fixMemoryMetrics(stats: FixMemoryStats, entries: readonly FixEntry[]): FixMemoryMetrics {
  return {
    entries: entries.length,
    signatures: new Set(entries.map((e) => e.signature)).size,
    lookups: stats.lookups,
    hits: stats.hits,
    hitRate: stats.lookups === 0 ? 0 : stats.hits / stats.lookups,
    reused: stats.reused,
  };
}
