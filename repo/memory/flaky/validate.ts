/** The shape check of a flaky memory file: a problem names the field, so a bad file is reported, never overwritten. */
import { memoryEntries } from '../file-entries.js';

const NUMBERS = [[1, 'at'], [2, 'passed'], [3, 'failed'], [4, 'flips']] as const;

/** Null when `data` is a flaky memory (version 1), else what is wrong with it (naming the field). */
export function flakyMemoryProblem(data: unknown): string | null {
  const framed = memoryEntries(data);
  if ('problem' in framed) return framed.problem;
  for (const [i, entry] of framed.entries.entries()) {
    for (const key of ['command', 'test'] as const) if (typeof entry[key] !== 'string') return `entries[${i}].${key} is not a string`;
    if (!Array.isArray(entry.runs)) return `entries[${i}].runs is not an array`;
    for (const [j, mark] of (entry.runs as unknown[]).entries()) {
      // [run, at, passed, failed, flips, firstFailed]: see MarkTuple.
      const at = `entries[${i}].runs[${j}]`;
      if (!Array.isArray(mark) || mark.length !== 6) return `${at} is not a mark [run, at, passed, failed, flips, firstFailed]`;
      if (typeof mark[0] !== 'string') return `${at}[0] (run) is not a string`;
      for (const [k, name] of NUMBERS) {
        if (typeof mark[k] !== 'number' || !Number.isFinite(mark[k]) || (mark[k] as number) < 0) return `${at}[${k}] (${name}) is not a non-negative number`;
      }
      if (mark[5] !== 0 && mark[5] !== 1) return `${at}[5] (firstFailed) is ${JSON.stringify(mark[5])}, not 0 or 1`;
    }
  }
  return null;
}
