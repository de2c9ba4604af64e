/** The shape check of a flaky memory file: a problem names the field, so a bad file is reported, never overwritten. */

const STATUSES = ['passed', 'failed'];

/** Null when `data` is a flaky memory (version 1), else what is wrong with it (naming the field). */
export function flakyMemoryProblem(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'the file is not a JSON object';
  const d = data as Record<string, unknown>;
  if (d.version !== 1) return `"version" is ${JSON.stringify(d.version)}; this release reads version 1`;
  if (!Array.isArray(d.entries)) return '"entries" is not an array';
  for (const [i, e] of (d.entries as unknown[]).entries()) {
    const entry = e as Record<string, unknown> | null;
    if (typeof entry !== 'object' || entry === null) return `entries[${i}] is not an object`;
    for (const key of ['command', 'test'] as const) if (typeof entry[key] !== 'string') return `entries[${i}].${key} is not a string`;
    if (!Array.isArray(entry.runs)) return `entries[${i}].runs is not an array`;
    for (const [j, m] of (entry.runs as unknown[]).entries()) {
      const mark = m as Record<string, unknown> | null;
      const at = `entries[${i}].runs[${j}]`;
      if (typeof mark !== 'object' || mark === null) return `${at} is not an object`;
      if (typeof mark.run !== 'string') return `${at}.run is not a string`;
      for (const key of ['at', 'passed', 'failed', 'flips'] as const) {
        if (typeof mark[key] !== 'number' || !Number.isFinite(mark[key]) || (mark[key] as number) < 0) return `${at}.${key} is not a non-negative number`;
      }
      if (!STATUSES.includes(mark.first as string)) return `${at}.first is ${JSON.stringify(mark.first)}, not "passed" or "failed"`;
    }
  }
  return null;
}
