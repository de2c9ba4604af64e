/** A fix memory in the process's memory: for tests, and for runs that share nothing. */
import { rankFixes } from './rank.js';
import { applyLookup, applyRecord } from './update.js';
import { emptyFixMemoryData, type FixEntry, type FixMemory } from './types.js';

/** A fresh, empty in-memory fix memory. */
export function memoryFixMemory(): FixMemory {
  let data = emptyFixMemoryData();
  return {
    known: async (signature) => rankFixes(data.entries.filter((e) => e.signature === signature)).map(copy),
    record: async (entry, outcome, at) => void (data = applyRecord(data, entry, outcome, at)),
    noteLookup: async (hit, reused) => void (data = applyLookup(data, hit, reused)),
    list: async () => byLastUsed(data.entries).map(copy),
    stats: async () => ({ ...data.stats }),
  };
}

const copy = (e: FixEntry): FixEntry => ({ ...e });

/** Most recently used first, then by signature and fix. */
export function byLastUsed(entries: readonly FixEntry[]): FixEntry[] {
  return [...entries].sort((a, b) => b.lastUsed - a.lastUsed || a.signature.localeCompare(b.signature) || a.fix.localeCompare(b.fix));
}
