/**
 * The session recovery report (seed 004 "Recovery Report Generation"): totals, one row per failed
 * run, recommendations. For a supervisor's agents or a pipeline's steps.
 */
import { computeMetrics } from './metrics.js';
import { cell, table } from './markdown.js';
import { redactSecrets, type RedactPatterns } from '../redact/text.js';
import { runHistoryFacts, type RunHistoryFacts } from './run-history-facts.js';
import { actionLabel, adviceFor, outcomeLabel } from './session-lines.js';
import type { SessionInput, SessionRun } from './types.js';

/** Options of {@link sessionReport}. */
export interface SessionReportOptions {
  /** Redact secrets in the finished report. Default `true`. */
  redact?: boolean;
  /** Extra secret patterns. Default none. */
  redactPatterns?: RedactPatterns;
}

interface Row {
  unit: string;
  run: SessionRun;
  facts: RunHistoryFacts;
  order: number;
}

// `HH:MM` in UTC, the seed's format; the full timestamps are in the history and the event rows.
function clock(ms: number | null): string {
  return ms === null ? '—' : new Date(ms).toISOString().slice(11, 16);
}

/** Failed runs of the session, by time of first failure (undated ones last, in input order). */
function failedRows(session: SessionInput): Row[] {
  const rows: Row[] = [];
  for (const unit of session.units) {
    for (const run of unit.runs) {
      const facts = runHistoryFacts(run);
      if (facts.failed) rows.push({ unit: unit.id, run, facts, order: rows.length });
    }
  }
  const at = (r: Row) => r.facts.firstFailureAt ?? Number.POSITIVE_INFINITY;
  return rows.sort((a, b) => at(a) - at(b) || a.order - b.order);
}

/**
 * The session report in Markdown: `## Recovery Report`, `### Session: <id>`, the metric table
 * (Total Failures, Auto-Recovered, User Escalations, Rollbacks, Agent Skips, counted as
 * `computeMetrics` counts), `### Failure Details` (Time in UTC `HH:MM`, Agent, Type, Action,
 * Outcome; one row per failed run) and `### Recommendations` (one line per failed run, duplicates
 * dropped). Secrets are redacted unless `options.redact` is `false`.
 */
export function sessionReport(session: SessionInput, options: SessionReportOptions = {}): string {
  const runs = session.units.flatMap((u) => u.runs);
  const { totals } = computeMetrics(runs);
  const rows = failedRows(session);
  const advice = [...new Set(rows.map((r) => `${r.unit}: ${adviceFor(r.run, r.facts)}`))];
  const lines = [
    '## Recovery Report',
    '',
    `### Session: ${cell(session.sessionId)}`,
    '',
    ...table(['Metric', 'Value'], [
      ['Total Failures', String(totals.failures)],
      ['Auto-Recovered', String(totals.autoRecovered)],
      ['User Escalations', String(totals.escalations)],
      ['Rollbacks', String(totals.rollbacks)],
      ['Agent Skips', String(totals.skips)],
    ]),
    '',
    '### Failure Details',
    '',
    ...(rows.length === 0
      ? ['No failures.']
      : table(['Time', 'Agent', 'Type', 'Action', 'Outcome'], rows.map((r) => [
        clock(r.facts.firstFailureAt), r.unit, r.facts.type ?? 'UNKNOWN', actionLabel(r.facts), outcomeLabel(r.run.status, r.facts),
      ]))),
    '',
    '### Recommendations',
    '',
    ...(advice.length === 0 ? ['- No failures: no action needed.'] : advice.map((line) => `- ${cell(line)}`)),
  ];
  const text = `${lines.join('\n')}\n`;
  return options.redact === false ? text : redactSecrets(text, options.redactPatterns);
}
