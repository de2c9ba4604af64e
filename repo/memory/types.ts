/**
 * Fix memory: which fix recovered which failure signature, shared by every run of a store (and
 * of a fleet, with PostgreSQL). The contract is small on purpose: in SQL it is one table keyed by
 * (signature, fix) with two counters and a timestamp, and one row of lookup counters.
 */

/** One remembered fix for one failure signature. JSON only. */
export interface FixEntry {
  /** See `failureSignature`. */
  signature: string;
  /** The failure type the signature starts with. */
  type: string;
  /** The fix, redacted. */
  fix: string;
  /** Times a retry after this fix passed. */
  worked: number;
  /** Times a retry after this fix failed (only counted once the fix is remembered). */
  failed: number;
  /** Epoch ms of the last time the fix was tried. */
  lastUsed: number;
}

/** What an adapter receives in `knownFixes`: the remembered fixes for its failure, best first. */
export interface KnownFix {
  fix: string;
  worked: number;
  failed: number;
  /** ISO-8601. */
  lastUsed: string;
}

/** How often the memory was asked, and how often it knew something. */
export interface FixMemoryStats {
  /** Adaptations that looked the failure up. */
  lookups: number;
  /** Lookups that found at least one remembered fix. */
  hits: number;
  /** Fixes tried from memory without asking the adapter. */
  reused: number;
}

/** Where fixes are remembered (memory, lowdb file, PostgreSQL table). */
export interface FixMemory {
  /** The remembered fixes for `signature`, best first (see `rankFixes`). */
  known(signature: string): Promise<FixEntry[]>;
  /** Counts one try of `fix` for `signature`: `worked` or `failed`, at `at` (epoch ms). */
  record(entry: { signature: string; type: string; fix: string }, outcome: 'worked' | 'failed', at: number): Promise<void>;
  /** Counts one lookup; `hit` when it found a fix, `reused` when a fix was tried from memory. */
  noteLookup(hit: boolean, reused: boolean): Promise<void>;
  /** Every entry, most recently used first. */
  list(): Promise<FixEntry[]>;
  stats(): Promise<FixMemoryStats>;
}

/** The contents of a fix memory, as the memory and lowdb implementations keep it. */
export interface FixMemoryData {
  version: 1;
  entries: FixEntry[];
  stats: FixMemoryStats;
}

/** An empty memory. */
export function emptyFixMemoryData(): FixMemoryData {
  return { version: 1, entries: [], stats: { lookups: 0, hits: 0, reused: 0 } };
}
