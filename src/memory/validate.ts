/** The shape check of a fix memory file: a problem names the field, so a bad file is reported, never overwritten. */
import type { FixMemoryData } from './types.js';

/** Null when `data` is a fix memory (version 1), else what is wrong with it (naming the field). */
export function fixMemoryProblem(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'the file is not a JSON object';
  const d = data as Record<string, unknown>;
  if (d.version !== 1) return `"version" is ${JSON.stringify(d.version)}; this release reads version 1`;
  if (!Array.isArray(d.entries)) return '"entries" is not an array';
  for (const [i, e] of (d.entries as unknown[]).entries()) {
    const entry = e as Record<string, unknown> | null;
    if (typeof entry !== 'object' || entry === null) return `entries[${i}] is not an object`;
    for (const key of ['signature', 'type', 'fix'] as const) if (typeof entry[key] !== 'string') return `entries[${i}].${key} is not a string`;
    for (const key of ['worked', 'failed', 'lastUsed'] as const) {
      if (typeof entry[key] !== 'number' || !Number.isFinite(entry[key]) || (entry[key] as number) < 0) return `entries[${i}].${key} is not a non-negative number`;
    }
  }
  const stats = d.stats as Record<string, unknown> | null;
  if (typeof stats !== 'object' || stats === null) return '"stats" is not an object';
  for (const key of ['lookups', 'hits', 'reused'] as const) if (typeof stats[key] !== 'number') return `stats.${key} is not a number`;
  return null;
}

/** Narrowing form of {@link fixMemoryProblem}. */
export function isFixMemoryData(data: unknown): data is FixMemoryData {
  return fixMemoryProblem(data) === null;
}
