/**
 * Recovery metrics over many runs (`recover stats --json`; UC-AP-004 §13 "success metrics").
 * Pure: the same runs always give the same numbers.
 */
import type { FailureType } from '../taxonomy/index.js';
import { runHistoryFacts } from './run-history-facts.js';
import type { Metrics, MetricsRunInput, TypeMetrics } from './types.js';

/**
 * Metrics over `runs` (any `RunReportInput` qualifies). Counting rules:
 * - `failures`, `autoRecovered` (status `recovered` with no human decision in its history),
 *   `skips`, `aborts`, `flaky` count runs; `escalations`, `rollbacks` and `handedOff` count events
 *   (a run can be escalated, decided and escalated again).
 * - `flakeRate` = flaky / failures (0 without failures).
 * - `meanTimeToRecoverMs`: over runs with status `recovered`, first failure to last success, from
 *   history timestamps, rounded to the millisecond; `null` when no recovered run has both.
 * - `byType` keys each failed run by its original failure's type: `failures`, `recovered`
 *   (status `recovered`), `escalated` (escalated at least once).
 */
export function computeMetrics(runs: readonly MetricsRunInput[]): Metrics {
  const totals: Metrics['totals'] = {
    runs: 0, failures: 0, autoRecovered: 0, escalations: 0, rollbacks: 0, skips: 0, aborts: 0, flaky: 0, handedOff: 0,
  };
  const byType: Partial<Record<FailureType, TypeMetrics>> = {};
  const recoveryTimes: number[] = [];
  for (const run of runs) {
    const facts = runHistoryFacts(run);
    totals.runs += 1;
    totals.escalations += facts.escalations;
    totals.rollbacks += facts.rollbacks;
    totals.handedOff += facts.handoffs;
    if (run.status === 'skipped') totals.skips += 1;
    if (run.status === 'aborted') totals.aborts += 1;
    if (facts.flaky) totals.flaky += 1;
    if (!facts.failed || facts.type === null) continue;
    totals.failures += 1;
    const recovered = run.status === 'recovered';
    if (recovered && facts.decisions.length === 0) totals.autoRecovered += 1;
    const entry = (byType[facts.type] ??= { failures: 0, recovered: 0, escalated: 0 });
    entry.failures += 1;
    if (recovered) entry.recovered += 1;
    if (facts.escalations > 0) entry.escalated += 1;
    if (recovered && facts.firstFailureAt !== null && facts.lastSuccessAt !== null && facts.lastSuccessAt >= facts.firstFailureAt) {
      recoveryTimes.push(facts.lastSuccessAt - facts.firstFailureAt);
    }
  }
  return {
    totals,
    flakeRate: totals.failures === 0 ? 0 : totals.flaky / totals.failures,
    meanTimeToRecoverMs: recoveryTimes.length === 0
      ? null
      : Math.round(recoveryTimes.reduce((sum, ms) => sum + ms, 0) / recoveryTimes.length),
    byType,
  };
}
