/**
 * The edit distance behind every "did you mean": optimal string alignment (restricted
 * Damerau–Levenshtein). An insertion, a deletion, a substitution and a swap of two adjacent
 * characters each cost 1, so `lsit` is one edit from `list` and `prnue` one from `prune` — the
 * typos people make most, which plain Levenshtein counts as two.
 */

/**
 * Optimal-string-alignment distance between `a` and `b`, case-sensitive (callers fold case).
 * Pure and total: any two strings, no throw.
 * @param limit stop early and return `limit + 1` as soon as the distance is known to exceed it
 *   (a row's minimum never decreases, swaps included, so the early exit is exact); default no limit.
 * @returns the distance, or `limit + 1` when it is larger than `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rows: a swap at (i, j) looks back two rows, to (i - 2, j - 2).
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  const distance = previous[b.length]!;
  return distance > limit ? limit + 1 : distance;
}
