/** The two updates of a fix memory's data, pure: shared by the memory and lowdb implementations. */
import type { FixMemoryData } from './types.js';

/** Most entries kept: the least recently used go first (a memory is a cache of what worked). */
export const MAX_ENTRIES = 5_000;

/** `data` with one more `worked` or `failed` for (signature, fix); a failure of an unknown fix is not remembered. */
export function applyRecord(data: FixMemoryData, entry: { signature: string; type: string; fix: string }, outcome: 'worked' | 'failed', at: number): FixMemoryData {
  const index = data.entries.findIndex((e) => e.signature === entry.signature && e.fix === entry.fix);
  if (index === -1 && outcome === 'failed') return data;
  const entries = [...data.entries];
  const before = index === -1 ? { ...entry, worked: 0, failed: 0, lastUsed: at } : entries[index]!;
  const after = { ...before, worked: before.worked + (outcome === 'worked' ? 1 : 0), failed: before.failed + (outcome === 'failed' ? 1 : 0), lastUsed: Math.max(before.lastUsed, at) };
  if (index === -1) entries.push(after);
  else entries[index] = after;
  if (entries.length > MAX_ENTRIES) {
    entries.sort((a, b) => b.lastUsed - a.lastUsed);
    entries.length = MAX_ENTRIES;
  }
  return { ...data, entries };
}

/** `data` with one more lookup counted. */
export function applyLookup(data: FixMemoryData, hit: boolean, reused: boolean): FixMemoryData {
  const { lookups, hits, reused: fromMemory } = data.stats;
  return { ...data, stats: { lookups: lookups + 1, hits: hits + (hit ? 1 : 0), reused: fromMemory + (reused ? 1 : 0) } };
}
