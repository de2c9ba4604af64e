/** How remembered fixes are ordered and which one is worth trying without asking the adapter. */
import type { FixEntry, KnownFix } from './types.js';

/** Laplace-smoothed success rate: an untried fix scores 0.5, one success 0.67, a success and a failure 0.5. */
export function fixScore(entry: Pick<FixEntry, 'worked' | 'failed'>): number {
  return (entry.worked + 1) / (entry.worked + entry.failed + 2);
}

/** Best first: higher score, then more successes, then more recently used, then by fix text. */
export function rankFixes(entries: readonly FixEntry[]): FixEntry[] {
  return [...entries].sort((a, b) => fixScore(b) - fixScore(a) || b.worked - a.worked || b.lastUsed - a.lastUsed || (a.fix < b.fix ? -1 : a.fix > b.fix ? 1 : 0));
}

/** The fix to try first without the adapter: the best one not tried in this run that has worked more often than it failed. */
export function reusableFix(ranked: readonly FixEntry[], tried: readonly string[]): FixEntry | null {
  return ranked.find((e) => e.worked > e.failed && !tried.includes(e.fix)) ?? null;
}

/** The `knownFixes` an adapter receives. */
export function knownFixesOf(ranked: readonly FixEntry[]): KnownFix[] {
  return ranked.map((e) => ({ fix: e.fix, worked: e.worked, failed: e.failed, lastUsed: new Date(e.lastUsed).toISOString() }));
}
