/**
 * Reading a run's history back into the story a person wants: the original error, and for each
 * recovery iteration the fix, what happened and what the diagnosis made of it.
 *
 * Works from `seq` order rather than grouping by iteration number, so a budget reset
 * (retry-fresh) that starts iterations at 1 again does not merge two cycles.
 *
 * The machine's event sequence (machines/recovery/actions.ts): PAUSE (failure) → DIAGNOSE
 * (diagnosed) → ADAPT (adapted, with the fix) → RETRY (success | failure | flaky); a transient
 * retry has no ADAPT; a rejected fix is ADAPT (failure) with reason `infinite_loop` or
 * `circular_fix`; DECISION carries the choice (or the guidance) as its message.
 */
import type { HistoryEvent, Hypothesis } from '../taxonomy/index.js';
import { DECISION_NAMES, decisionChoiceOf } from '../policy/types.js';

/** One recovery iteration as told by the reports. */
export interface AttemptSummary {
  iteration: number;
  /**
   * `fix`: an adapted approach was tried; `same`: the same approach was retried (transient);
   * `probe`: the flake probe re-ran unchanged (part of diagnosis, not an iteration);
   * `guided`: retried with a human's guidance (`retry-with`); `fresh`: retried from scratch by
   * decision (`retry-fresh`); `rolledBack`: retried after a rollback to the last known good state.
   */
  kind: 'fix' | 'same' | 'probe' | 'guided' | 'fresh' | 'rolledBack';
  /** The fix applied; `null` unless `kind` is `fix`. */
  fix: string | null;
  /** The human's guidance; `null` unless `kind` is `guided` and guidance was given. */
  guidance: string | null;
  level: HistoryEvent['level'];
  /** The event that recorded what the execution did; `null` when it never reported. */
  outcome: HistoryEvent | null;
  /**
   * What the diagnosis concluded from this attempt's outcome (the seed's layout); when no
   * diagnosis followed, the hypothesis the fix acted on.
   */
  hypothesis: Hypothesis | null;
  /** Which of the two {@link hypothesis} is. */
  hypothesisSource: 'after' | 'before' | null;
}

const RETRY_OUTCOMES = new Set<HistoryEvent['result']>(['success', 'failure', 'flaky']);

/** An execution's report: a RETRY success/failure/flaky, or a PAUSE that opened the next pass. */
function isOutcome(e: HistoryEvent): boolean {
  return (e.phase === 'RETRY' && RETRY_OUTCOMES.has(e.result)) || (e.phase === 'PAUSE' && e.result === 'failure');
}

/** History sorted by `seq` (a copy: callers' arrays are never reordered). */
export function sortedHistory(history: readonly HistoryEvent[]): HistoryEvent[] {
  return [...history].sort((a, b) => a.seq - b.seq);
}

/** The hypothesis with the highest confidence (the first on ties), or `null`. */
export function topHypothesis(hypotheses: readonly Hypothesis[] | null | undefined): Hypothesis | null {
  let best: Hypothesis | null = null;
  for (const h of hypotheses ?? []) if (best === null || h.confidence > best.confidence) best = h;
  return best;
}

/** The event that recorded the original failure: the first failure or PAUSE event. */
export function originalFailure(history: readonly HistoryEvent[]): HistoryEvent | null {
  return sortedHistory(history).find((e) => e.result === 'failure' || e.phase === 'PAUSE') ?? null;
}

/** The type of the original failure: the first non-null `type` in history. */
export function originalType(history: readonly HistoryEvent[]): HistoryEvent['type'] {
  return sortedHistory(history).find((e) => e.type !== null)?.type ?? null;
}

interface Draft {
  anchor: HistoryEvent;
  kind: AttemptSummary['kind'];
  guidance?: string | null;
  outcome: HistoryEvent | null;
  after: Hypothesis | null;
}

/** What a DECISION or ROLLBACK event makes of the next plain retry; null for other events. */
function retryCause(e: HistoryEvent): { kind: AttemptSummary['kind']; guidance: string | null } | null {
  if (e.phase === 'ROLLBACK' && e.result === 'rolled_back') return { kind: 'rolledBack', guidance: null };
  const choice = decisionChoice(e);
  if (choice === 'retry-fresh') return { kind: 'fresh', guidance: null };
  if (choice === 'rollback') return { kind: 'rolledBack', guidance: null };
  if (choice === 'retry-with') {
    // The machine records `retry-with-modifications: GUIDANCE`, or the bare choice without guidance.
    const text = (e.message ?? '').trim();
    const guidance = text.replace(/^retry-with(-modifications)?(:\s*|$)/, '').trim();
    return { kind: 'guided', guidance: guidance === '' ? null : guidance };
  }
  return null;
}

/**
 * The flake probe's RETRY: marked `flake_probe` when it failed, `flaky` when it passed. A history
 * written before the mark numbered the probe below the DIAGNOSE that ran it (`diagnosedIteration`),
 * as it did not start an iteration; that is read as a probe too, unless a decision caused the retry.
 */
function isProbe(e: HistoryEvent, diagnosedIteration: number, caused: boolean): boolean {
  return e.result === 'flaky' || e.reason === 'flake_probe' || (!caused && e.iteration < diagnosedIteration);
}

/**
 * Every recovery iteration of a run (and the flake probe), oldest first. One pass in `seq` order:
 * an ADAPT opens an attempt that the next outcome closes; a RETRY outcome with nothing open is a
 * same-approach retry, or the flake probe (see `isProbe`; the probe does not start an iteration);
 * the first DIAGNOSE after an outcome is what the diagnosis made of it.
 */
export function summarizeAttempts(history: readonly HistoryEvent[]): AttemptSummary[] {
  const drafts: Draft[] = [];
  let open: Draft | null = null;
  let last: Draft | null = null;
  let diagnosedIteration = 0;
  // A decision or rollback describes the plain retry that follows it (not one with a fix: the fix does).
  let cause = null as ReturnType<typeof retryCause>;
  for (const e of sortedHistory(history)) {
    const caused = retryCause(e);
    if (caused) {
      // A rollback after a retry-with decision keeps the guidance the human gave.
      cause = caused.kind === 'rolledBack' && cause?.kind === 'guided' ? cause : caused;
      continue;
    }
    if (e.phase === 'ADAPT' && e.result === 'adapted') {
      cause = null;
      // A fix chosen again before anything ran (e.g. after a rollback) replaces the open one.
      if (open) open.anchor = e;
      else drafts.push((open = { anchor: e, kind: 'fix', outcome: null, after: null }));
      last = open;
    } else if (open && isOutcome(e)) {
      open.outcome = e;
      open = null;
    } else if (!open && e.phase === 'RETRY' && RETRY_OUTCOMES.has(e.result)) {
      const kind = isProbe(e, diagnosedIteration, cause !== null) ? 'probe' : cause?.kind ?? 'same';
      drafts.push((last = { anchor: e, kind, guidance: kind === 'guided' ? cause?.guidance ?? null : null, outcome: e, after: null }));
      cause = null;
    } else if (e.phase === 'DIAGNOSE' && e.result === 'diagnosed') {
      diagnosedIteration = e.iteration;
      if (!open && last?.outcome && last.after === null) last.after = topHypothesis(e.hypotheses);
    }
  }
  return drafts.map(({ anchor, kind, guidance, outcome, after }) => {
    const before = after === null ? topHypothesis(anchor.hypotheses) : null;
    return {
      iteration: anchor.iteration,
      kind,
      fix: kind === 'fix' ? anchor.fix : null,
      guidance: guidance ?? null,
      level: anchor.level,
      outcome,
      hypothesis: after ?? before,
      hypothesisSource: after !== null ? 'after' : before !== null ? 'before' : null,
    };
  });
}

/** One fix of a loop: every adapted fix, then the rejected one that closed the loop. */
export interface LoopFix {
  iteration: number;
  fix: string;
  rejected: boolean;
}

/** The fixes an escalation for a loop is about, oldest first. */
export function loopFixes(history: readonly HistoryEvent[]): LoopFix[] {
  const out: LoopFix[] = [];
  for (const e of sortedHistory(history)) {
    if (e.phase !== 'ADAPT' || e.fix === null) continue;
    if (e.result === 'adapted') out.push({ iteration: e.iteration, fix: e.fix, rejected: false });
    else if (e.result === 'failure' && (e.reason === 'infinite_loop' || e.reason === 'circular_fix')) {
      out.push({ iteration: e.iteration, fix: e.fix, rejected: true });
    }
  }
  return out;
}

const BY_RESULT: Partial<Record<HistoryEvent['result'], string>> = { skipped: 'skip', aborted: 'abort', manual: 'manual' };

/**
 * The human's choice recorded by a DECISION event, as a `recover decide --choice` value. The
 * machine writes the choice as the message, or the guidance instead for a retry with
 * modifications; skip, abort and manual also show in the result. `null` for other events.
 */
export function decisionChoice(event: HistoryEvent): string | null {
  if (event.phase !== 'DECISION') return null;
  const byResult = BY_RESULT[event.result];
  if (byResult) return byResult;
  const named = decisionChoiceOf((event.message ?? '').trim());
  if (named) return DECISION_NAMES[named];
  return event.message ? 'retry-with' : null;
}

/** The choices of every DECISION event, oldest first (unreadable ones as `decided`). */
export function decisions(history: readonly HistoryEvent[]): string[] {
  return sortedHistory(history)
    .filter((e) => e.phase === 'DECISION')
    .map((e) => decisionChoice(e) ?? 'decided');
}

/** True for an event that asked a human: an ESCALATE event with result `escalated`. */
export function isEscalation(event: HistoryEvent): boolean {
  return event.phase === 'ESCALATE' && event.result === 'escalated';
}

/** How many times the run asked a human (at least 1 when it rests `escalated`). */
export function escalationCount(history: readonly HistoryEvent[], status: string): number {
  const count = history.filter(isEscalation).length;
  return count === 0 && status === 'escalated' ? 1 : count;
}
