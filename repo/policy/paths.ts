/**
 * Property paths and "did you mean" hints for validation messages. Paths read like the code a
 * user would write to reach the field: `categories.transient.delaysMs[1]`, `types["my type"]`.
 */

import { editDistance } from './edit-distance.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `base` + `.key`, or `base["key"]` when the key is not an identifier (spaces, dots, empty). */
export function joinKey(base: string, key: string): string {
  if (!IDENTIFIER.test(key)) return `${base}[${JSON.stringify(key)}]`;
  return base === '' ? key : `${base}.${key}`;
}

/** `base[index]`. */
export function joinIndex(base: string, index: number): string {
  return `${base}[${index}]`;
}

/**
 * The closest known name to a misspelt one (`delayMs` → `delaysMs`, `rate_limit` → `RATE_LIMIT`),
 * or undefined when nothing is close. Case is ignored and a swap of two adjacent letters is one
 * edit (`lsit` → `list`, see edit-distance.ts); at most a third of the name's letters may
 * differ, so a hint is offered only when it is probably right.
 */
export function closest(name: string, known: readonly string[]): string | undefined {
  // Long keys (pasted garbage) are not worth comparing, and bounding keeps validation linear.
  if (name.length > 64) return undefined;
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase(), limit);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * ` (did you mean X?)`, else ` (one of a, b, c)` when `list` (short lists only), else nothing:
 * to append to an "is not a known …" message.
 */
export function hint(name: string, known: readonly string[], list = true): string {
  const guess = closest(name, known);
  if (guess !== undefined) return ` (did you mean ${guess}?)`;
  return list ? ` (one of ${known.join(', ')})` : '';
}
