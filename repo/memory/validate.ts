/** The shape check of a fix memory file: a problem names the field, so a bad file is reported, never overwritten. */
import { memoryEntries } from './file-entries.js';
import type { FixMemoryData } from './types.js';

/** Null when `data` is a fix memory (version 1), else what is wrong with it (naming the field). */
export function fixMemoryProblem(data: unknown): string | null {
  const framed = memoryEntries(data);
  if ('problem' in framed) return framed.problem;
  for (const [i, entry] of framed.entries.entries()) {
    for (const key of ['signature', 'type', 'fix'] as const) if (typeof entry[key] !== 'string') return `entries[${i}].${key} is not a string`;
    for (const key of ['worked', 'failed', 'lastUsed'] as const) {
      if (typeof entry[key] !== 'number' || !Number.isFinite(entry[key]) || (entry[key] as number) < 0) return `entries[${i}].${key} is not a non-negative number`;
    }
  }
  const stats = (data as { stats?: unknown }).stats as Record<string, unknown> | null;
  if (typeof stats !== 'object' || stats === null) return '"stats" is not an object';
  for (const key of ['lookups', 'hits', 'reused'] as const) if (typeof stats[key] !== 'number') return `stats.${key} is not a number`;
  return null;
}

/** Narrowing form of {@link fixMemoryProblem}. */
export function isFixMemoryData(data: unknown): data is FixMemoryData {
  return fixMemoryProblem(data) === null;
}
