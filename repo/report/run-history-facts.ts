/**
 * What one run's history says, in the few facts metrics and the session report count. One place,
 * so `recover stats` and the session report can never disagree on what a failure or an
 * escalation is.
 */
import { RUN_STATUS_MEANINGS, type FailureType, type HistoryEvent } from '../taxonomy/index.js';
import { decisions, escalationCount, originalType, sortedHistory, summarizeAttempts } from './attempts.js';
import type { MetricsRunInput } from './types.js';

/** Facts about one run, read from its history and status. */
export interface RunHistoryFacts {
  /** The run failed at least once (a PAUSE or failure event, or a status only a failure reaches). */
  failed: boolean;
  /** The original failure's type (`UNKNOWN` for a failed run with none recorded); `null` if it never failed. */
  type: FailureType | null;
  /** Times a human was asked. */
  escalations: number;
  /** The human's choices, oldest first. */
  decisions: string[];
  rollbacks: number;
  handoffs: number;
  /** Status `flaky`, or a non-deterministic failure found by the flake probe. */
  flaky: boolean;
  /** Epoch ms of the first failure, when its timestamp parses. */
  firstFailureAt: number | null;
  /** Epoch ms of the last success, when its timestamp parses. */
  lastSuccessAt: number | null;
  /** Retries without a fix of their own (same approach, by decision, after a rollback), adapted fixes tried, and flake probes (see `summarizeAttempts`). */
  retries: number;
  adapts: number;
  probes: number;
}

function time(event: HistoryEvent | undefined): number | null {
  if (!event) return null;
  const ms = Date.parse(event.timestamp);
  return Number.isNaN(ms) ? null : ms;
}

/** The facts of one run. Pure. */
export function runHistoryFacts(run: MetricsRunInput): RunHistoryFacts {
  const history = sortedHistory(run.history ?? []);
  const count = (test: (e: HistoryEvent) => boolean) => history.filter(test).length;
  const firstFailure = history.find((e) => e.phase === 'PAUSE' || e.result === 'failure');
  // A status this version does not know (input built by hand) counts as failed: only `succeeded` and `running` say it never did.
  const failed = firstFailure !== undefined || RUN_STATUS_MEANINGS[run.status]?.failed !== false;
  const lastSuccess = [...history].reverse().find((e) => e.result === 'success');
  const kinds = summarizeAttempts(history).map((a) => a.kind);
  return {
    failed,
    type: failed ? originalType(history) ?? run.classification?.type ?? 'UNKNOWN' : null,
    escalations: escalationCount(history, run.status),
    decisions: decisions(history),
    rollbacks: count((e) => e.result === 'rolled_back'),
    handoffs: Math.max(count((e) => e.result === 'handed_off'), run.status === 'handedOff' ? 1 : 0),
    flaky: run.status === 'flaky' || run.reason === 'non_deterministic_failure' ||
      history.some((e) => e.result === 'flaky' || e.reason === 'non_deterministic_failure'),
    firstFailureAt: time(firstFailure),
    lastSuccessAt: time(lastSuccess),
    retries: kinds.filter((k) => k !== 'fix' && k !== 'probe').length,
    adapts: kinds.filter((k) => k === 'fix').length,
    probes: kinds.filter((k) => k === 'probe').length,
  };
}
