/**
 * The words of the session report's failure table and recommendations, per run: what was done
 * (Action), how it ended (Outcome) and what to do about it. Seed 004's "Recovery Report".
 */
import { FAILURE_TYPES, type Reason, type RunStatus } from '../taxonomy/index.js';
import { sortedHistory } from './attempts.js';
import { recommendationsFor, TYPE_RECOMMENDATIONS } from './recommendations.js';
import type { RunHistoryFacts } from './run-history-facts.js';
import type { SessionRun } from './types.js';

const times = (word: string, n: number) => (n === 1 ? word : `${word} x${n}`);

/** The Action cell: e.g. `Retry x2`, `Adapt x3, Escalate`, `Rollback, Adapt`; `—` when nothing ran. */
export function actionLabel(facts: RunHistoryFacts): string {
  const parts: string[] = [];
  if (facts.rollbacks > 0) parts.push(times('Rollback', facts.rollbacks));
  if (facts.probes > 0) parts.push(times('Flake probe', facts.probes));
  if (facts.retries > 0) parts.push(times('Retry', facts.retries));
  if (facts.adapts > 0) parts.push(times('Adapt', facts.adapts));
  if (facts.handoffs > 0) parts.push(times('Handoff', facts.handoffs));
  if (facts.escalations > 0) parts.push(times('Escalate', facts.escalations));
  return parts.length > 0 ? parts.join(', ') : '—';
}

const OUTCOMES: Readonly<Record<RunStatus, string>> = {
  succeeded: '✅ Succeeded',
  recovered: '✅ Recovered',
  flaky: '⚠️ Flaky (passed on re-run)',
  escalated: '⏸️ Awaiting decision',
  skipped: '⏭️ Skipped',
  aborted: '⛔ Aborted',
  manual: '✋ Manual',
  handedOff: '🔄 Handed off',
  running: '⏳ Running',
};

/** The Outcome cell: the status, and the human's choices when there were any (`User: …`). */
export function outcomeLabel(status: RunStatus, facts: RunHistoryFacts): string {
  const base = OUTCOMES[status] ?? status;
  return facts.decisions.length > 0 ? `${base} (User: ${facts.decisions.join(' → ')})` : base;
}

/** Why the run stopped: its `reason`, else the last reason its history recorded. */
export function reasonOf(run: SessionRun): Reason | null {
  if (run.reason) return run.reason;
  const withReason = sortedHistory(run.history).filter((e) => e.phase === 'ESCALATE' && e.reason !== null);
  return withReason[withReason.length - 1]?.reason ?? null;
}

// Transient failures whose retry worked still say something about thresholds (seed 004:
// "consider increasing heartbeat threshold").
const THRESHOLD_TYPES = new Set(['TIMEOUT', 'HEARTBEAT_TIMEOUT', 'PROGRESS_STALL']);

/** One recommendation for one failed run (without the agent prefix). */
export function adviceFor(run: SessionRun, facts: RunHistoryFacts): string {
  const type = facts.type ?? 'UNKNOWN';
  if (facts.flaky) return `${type} was flaky (passed on an unchanged re-run); ${lower(TYPE_RECOMMENDATIONS.NON_DETERMINISTIC ?? '')}`;
  if (run.status === 'recovered' || run.status === 'succeeded') {
    const how = facts.adapts === 0 ? 'by retry' : `after ${facts.adapts} fix${facts.adapts === 1 ? '' : 'es'}`;
    if (FAILURE_TYPES[type].category === 'transient') {
      return THRESHOLD_TYPES.has(type)
        ? `${type} recovered ${how}; ${lower(TYPE_RECOMMENDATIONS[type] ?? '')}`
        : `${type} was transient and recovered ${how}; no action needed`;
    }
    return `${type} recovered ${how}; no action needed`;
  }
  const [first] = recommendationsFor(reasonOf(run), type);
  return `${type} ${STATUS_WORDS[run.status]}; ${lower(first ?? '')}`;
}

const STATUS_WORDS: Readonly<Record<RunStatus, string>> = {
  succeeded: 'succeeded', recovered: 'recovered', flaky: 'was flaky', escalated: 'is waiting for a decision',
  skipped: 'was skipped', aborted: 'was aborted', manual: 'was taken over by hand', handedOff: 'was handed off',
  running: 'is still running',
};

function lower(text: string): string {
  return text.replace(/[.]$/, '').replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());
}
