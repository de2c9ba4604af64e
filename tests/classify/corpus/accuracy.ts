import { classify } from '../../../src/classify/index.js';
import type { CorpusEntry } from './entry.js';
import { isFirstSight } from './first-sight.js';

/**
 * The held-out part: about one entry in five, chosen by a hash of its id so that the split is
 * fixed before any rule is written and does not move when entries are added. Rules were written
 * looking only at the other part; this one measures how they do on text they were not fitted to.
 */
export function isHeldOut(id: string): boolean {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) % 5 === 0;
}

/** One entry's verdict. */
export interface Verdict {
  entry: CorpusEntry;
  got: string;
  ok: boolean;
}

/** Classifies every entry (at a fixed clock, so HTTP dates read the same on every run). */
export function judge(entries: readonly CorpusEntry[]): Verdict[] {
  return entries.map((entry) => {
    const got = classify(entry.observation, { now: Date.UTC(2026, 0, 1) }).type;
    return { entry, got, ok: got === entry.type };
  });
}

/**
 * The part an entry belongs to. First-sight entries are their own part whatever their hash: rules
 * were not written from them either, but they measure unseen tools, and a miss there must not
 * fail the development part nor lower the held-out figure that the suite requires.
 */
export function partOf(id: string): 'development' | 'held-out' | 'first-sight' {
  if (isFirstSight(id)) return 'first-sight';
  return isHeldOut(id) ? 'held-out' : 'development';
}

/** Accuracy per source, then the development, held-out and first-sight parts and all, as printable lines. */
export function accuracyReport(verdicts: readonly Verdict[]): string[] {
  const pct = (ok: number, n: number): string => `${((100 * ok) / Math.max(1, n)).toFixed(1).padStart(5)} %  (${ok}/${n})`;
  const bySource = new Map<string, Verdict[]>();
  for (const v of verdicts) bySource.set(v.entry.source, [...(bySource.get(v.entry.source) ?? []), v]);
  const lines = [...bySource].sort(([a], [b]) => a.localeCompare(b)).map(([source, vs]) => `${source.padEnd(16)} ${pct(vs.filter((v) => v.ok).length, vs.length)}`);
  const part = (vs: readonly Verdict[]): string => pct(vs.filter((v) => v.ok).length, vs.length);
  const held = verdicts.filter((v) => partOf(v.entry.id) === 'held-out');
  const dev = verdicts.filter((v) => partOf(v.entry.id) === 'development');
  const first = verdicts.filter((v) => partOf(v.entry.id) === 'first-sight');
  lines.push('', `development      ${part(dev)}`, `held-out         ${part(held)}`, `first sight      ${part(first)}`, `all              ${part(verdicts)}`);
  return lines;
}
