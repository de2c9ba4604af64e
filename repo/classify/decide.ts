import { FAILURE_TYPES } from '../taxonomy/index.js';
import { promoteRootCause } from './cause.js';
import { EVIDENCE_CONFIDENCE } from './priority.js';
import type { RetryHint } from './retry-after.js';
import type { Candidate } from './rule.js';
import type { Classification, Evidence } from './types.js';

/** At most this many evidence entries per result. */
export const MAX_EVIDENCE = 8;

/**
 * Orders candidates best first (negative when `a` is better): the tier of DESIGN's order, then within a tier the more exact
 * layer (a tool's rule before a registry's code before a lexicon word), then priority, then
 * confidence, then rule order.
 */
export function betterCandidate(a: Candidate, b: Candidate): number {
  return a.tier - b.tier || a.layer - b.layer || b.priority - a.priority || b.confidence - a.confidence || a.order - b.order;
}

/** Evidence kinds that carry no words of the failure: a line of its output is shown beside them. */
const WORDLESS: ReadonlySet<Evidence['source']> = new Set(['exitCode', 'signal', 'status', 'default']);

/**
 * Turns the matched rules into the verdict: the best candidate's type (a root cause before the
 * generic verdict that wraps it, see cause.ts), its confidence raised a
 * little by every other piece of evidence for the same type, and the evidence, the winner's
 * type first. A rate limit with a retry-after hint becomes RATE_LIMIT_TIMED. When nothing
 * matched, or the winner is an exit code, signal or status, `informativeLine` (the failure's
 * most telling line) is evidence too, so a reader never sees a placeholder instead of the error.
 */
export function decide(candidates: Candidate[], hint: RetryHint | null, informativeLine: () => Evidence | null): Classification {
  if (candidates.length === 0) {
    const evidence: Evidence[] = [informativeLine() ?? { rule: 'default', source: 'default', match: '' }];
    if (hint !== null) evidence.push({ rule: 'retry-after', source: hint.source, match: hint.match });
    return result('UNKNOWN', EVIDENCE_CONFIDENCE.unknown, hint, evidence);
  }
  sortCandidates(candidates);
  promoteRootCause(candidates);
  const best = candidates[0]!;
  const evidence: Evidence[] = [];
  let corroborating = 0;
  // The winner's type first, the rest after, each group best first (the sort is stable); a rule
  // seen again from the same source adds nothing.
  const seen = candidates.length > SMALL ? new Set<string>() : undefined;
  for (let pass = 0; pass < 2; pass++) {
    const winners = pass === 0;
    for (let i = 0; i < candidates.length; i++) {
      const c = candidates[i]!;
      if ((c.type === best.type) !== winners) continue;
      if (seen !== undefined) {
        const key = `${c.rule}\u0000${c.source}`;
        if (seen.has(key)) continue;
        seen.add(key);
      } else if (shownBefore(candidates, i, best.type)) continue;
      if (winners && c !== best) corroborating++;
      if (evidence.length < MAX_EVIDENCE) evidence.push({ rule: c.rule, source: c.source, match: c.match });
    }
  }
  if (WORDLESS.has(best.source)) {
    const line = informativeLine();
    if (line !== null) {
      if (evidence.length >= MAX_EVIDENCE) evidence.pop();
      evidence.splice(1, 0, line);
    }
  }
  if (hint !== null) evidence.push({ rule: 'retry-after', source: hint.source, match: hint.match });
  const confidence = Math.min(EVIDENCE_CONFIDENCE.max, best.confidence + corroborating * EVIDENCE_CONFIDENCE.corroboration);
  const type = best.type === 'RATE_LIMIT' && hint !== null ? 'RATE_LIMIT_TIMED' : best.type;
  return result(type, confidence, hint, evidence);
}

/** Up to this many candidates are sorted and told apart without allocating (most failures have a handful). */
const SMALL = 16;

/** Sorts best first ({@link betterCandidate}), stably: an insertion sort for a few, `Array.prototype.sort` for more. */
function sortCandidates(candidates: Candidate[]): void {
  if (candidates.length > SMALL) {
    candidates.sort(betterCandidate);
    return;
  }
  for (let i = 1; i < candidates.length; i++) {
    const c = candidates[i]!;
    let j = i - 1;
    for (; j >= 0 && betterCandidate(candidates[j]!, c) > 0; j--) candidates[j + 1] = candidates[j]!;
    candidates[j + 1] = c;
  }
}

/**
 * True when a candidate with the rule and source of `candidates[i]` comes before it in the order
 * evidence is listed: the winner's type (`bestType`) first, then the rest, each in array order.
 */
function shownBefore(candidates: readonly Candidate[], i: number, bestType: Candidate['type']): boolean {
  const c = candidates[i]!;
  const winner = c.type === bestType;
  for (let j = 0; j < candidates.length; j++) {
    const d = candidates[j]!;
    if (j === i || d.rule !== c.rule || d.source !== c.source) continue;
    const dWinner = d.type === bestType;
    if (dWinner === winner ? j < i : dWinner) return true;
  }
  return false;
}

function result(type: Classification['type'], confidence: number, hint: RetryHint | null, evidence: Evidence[]): Classification {
  const info = FAILURE_TYPES[type];
  const rounded = Math.round(confidence * 100) / 100;
  // Two literals rather than a spread of an optional field: one object per classification.
  return hint === null
    ? { type, category: info.category, severity: info.severity, action: info.action, confidence: rounded, evidence }
    : { type, category: info.category, severity: info.severity, action: info.action, confidence: rounded, retryAfterMs: hint.ms, evidence };
}
