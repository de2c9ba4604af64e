/**
 * Loop detection from history, pure: seed 001's circular fix (similar approaches, by keyword
 * Jaccard similarity) and UC-AP-004 Exc-4's repeated fix (the same fix again, A B A included).
 */

/** Seed 001's stop words, left out of an approach's keywords. */
export const STOP_WORDS: ReadonlySet<string> = new Set(['with', 'using', 'the', 'a', 'an', 'and', 'or', 'but', 'in', 'on', 'at', 'to', 'for', 'trying']);

/** Only this much of an approach is read: approaches are one-line descriptions. */
const MAX_APPROACH = 10_000;

/**
 * Keywords of an approach: lower-cased words (letters and digits; `async/await` is two words)
 * minus {@link STOP_WORDS}.
 */
export function keywords(text: string): Set<string> {
  const words = new Set<string>();
  if (typeof text !== 'string') return words;
  for (const word of text.slice(0, MAX_APPROACH).toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word !== '' && !STOP_WORDS.has(word)) words.add(word);
  }
  return words;
}

/**
 * Jaccard similarity |A ∩ B| / |A ∪ B|, in [0, 1] and symmetric. Two empty sets share nothing
 * to compare, so their similarity is 0 (two blank approaches are not evidence of a loop).
 */
export function jaccard(a: ReadonlySet<string> | readonly string[], b: ReadonlySet<string> | readonly string[]): number {
  const setA = a instanceof Set ? a : new Set(a);
  const setB = b instanceof Set ? b : new Set(b);
  const [small, large] = setA.size <= setB.size ? [setA, setB] : [setB, setA];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared++;
  const union = setA.size + setB.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** Options of {@link detectCircularFix}; the defaults are seed 001's. */
export interface CircularFixOptions {
  /** How many of the latest previous approaches are compared. Default 3. */
  window?: number;
  /** Similar when the similarity is strictly above this. Default 0.3. */
  threshold?: number;
  /** Circular when at least this many are similar. Default 2. */
  minSimilar?: number;
}

/** The verdict of {@link detectCircularFix}. */
export interface CircularFixResult {
  circular: boolean;
  /** Similarity of the current approach to each compared previous one, oldest first. */
  similarities: number[];
}

/**
 * Seed 001's CIRCULAR_FIX: the current approach is compared with each of the last 3 previous
 * ones; it is circular when 2 or more are similar (Jaccard > 0.3) and at least 2 exist.
 */
export function detectCircularFix(previousApproaches: readonly string[], currentApproach: string, options: CircularFixOptions = {}): CircularFixResult {
  const window = options.window ?? 3;
  const threshold = options.threshold ?? 0.3;
  const minSimilar = options.minSimilar ?? 2;
  const previous = Array.isArray(previousApproaches) ? previousApproaches.filter((p): p is string => typeof p === 'string') : [];
  const current = keywords(currentApproach);
  const similarities = previous.slice(-window).map((p) => jaccard(current, keywords(p)));
  const similar = similarities.filter((s) => s > threshold).length;
  return { circular: previous.length >= 2 && similar >= minSimilar, similarities };
}

/**
 * A fix description reduced to what identifies it: lower-case, whitespace collapsed, trailing
 * punctuation and spaces trimmed ("Add null check." equals "add  null check").
 */
export function normaliseFix(fix: string): string {
  if (typeof fix !== 'string') return '';
  const text = fix.slice(0, MAX_APPROACH).toLowerCase().replace(/\s+/g, ' ');
  // A loop, not /[…]+$/: that regex is quadratic on long punctuation runs.
  let end = text.length;
  while (end > 0 && TRAILING.has(text[end - 1]!)) end--;
  return text.slice(0, end).trim();
}

const TRAILING = new Set([' ', '.', ',', ';', ':', '!', '?', '…']);

/** The verdict of {@link detectRepeatedFix}. */
export interface RepeatedFixResult {
  repeated: boolean;
  /** Index in `previousFixes` of the first equal fix, or null. */
  matchIndex: number | null;
}

/**
 * UC-AP-004 Exc-4: the fix repeats when its normalised description equals ANY earlier one
 * (so A, B, A is caught, not only A, A). A blank fix describes nothing and never repeats.
 */
export function detectRepeatedFix(previousFixes: readonly string[], fix: string): RepeatedFixResult {
  const target = normaliseFix(fix);
  if (target === '' || !Array.isArray(previousFixes)) return { repeated: false, matchIndex: null };
  const index = previousFixes.findIndex((p) => normaliseFix(p) === target);
  return index === -1 ? { repeated: false, matchIndex: null } : { repeated: true, matchIndex: index };
}
