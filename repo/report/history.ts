/**
 * The recovery event log (UC-AP-004 §8 and §13, AC-008) as YAML for people and JSON for programs.
 *
 * Layout (decided here): a top-level list of events, oldest first, each with exactly the fields of
 * the `HistoryEvent` contract in contract order, under their contract names. So
 * `recover history --format json` parses straight back into `HistoryEvent[]`, and the YAML is the
 * same data (`yaml.parse(historyToYaml(h))` deep-equals `JSON.parse(historyToJson(h))`). The seed's
 * `recovery_event:` wrapper is dropped; its fields map as `error_type` → `type`, `error_message`
 * → `message`, `fix_description` → `fix`, `hypothesis`/`confidence` → `hypotheses`/`confidence`;
 * `phase`, `iteration`, `timestamp` and `result` keep their names.
 */
import { stringify } from 'yaml';
import type { HistoryEvent } from '../taxonomy/index.js';
import { sortedHistory } from './attempts.js';
import { redactDeep, type RedactPatterns } from '../redact/index.js';

/** Options of {@link historyToYaml} and {@link historyToJson}. */
export interface HistoryFormatOptions {
  /** Redact secrets in every string. Default `true`. */
  redact?: boolean;
  /** Extra secret patterns. Default none. */
  redactPatterns?: RedactPatterns;
  /** Written as a leading `# run: …` comment in YAML (JSON has no comments). Default none. */
  runId?: string;
}

// Non-finite and negative-zero numbers would print differently in YAML and JSON.
function num(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value + 0 : null;
}

// ISO-8601 in UTC always (UC-AP-004 §13). Only date-like text is converted (ISO with any offset,
// or an HTTP date): Date.parse also accepts "1" or "x 2", which are not timestamps.
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}|^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} /;
/** `timestamp` as ISO-8601 UTC when it is date-like; otherwise as written. */
export function isoTimestamp(timestamp: string): string {
  const text = String(timestamp);
  const ms = DATE_LIKE.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(ms) ? text : new Date(ms).toISOString();
}

/** One event with exactly the contract's fields, in contract order. */
function normalise(e: HistoryEvent): HistoryEvent {
  return {
    seq: num(e.seq) ?? 0,
    phase: e.phase,
    iteration: num(e.iteration) ?? 0,
    attempt: num(e.attempt) ?? 0,
    timestamp: isoTimestamp(e.timestamp),
    result: e.result,
    type: e.type ?? null,
    category: e.category ?? null,
    message: e.message ?? null,
    hypotheses: (e.hypotheses ?? []).map((h) => ({ text: String(h.text), confidence: num(h.confidence) ?? 0 })),
    confidence: num(e.confidence),
    fix: e.fix ?? null,
    delayMs: num(e.delayMs),
    durationMs: num(e.durationMs),
    level: e.level,
    reason: e.reason ?? null,
    // Only where recorded (RETRY events since it was): an older history's absence is not `false`.
    ...(typeof e.contextRefreshed === 'boolean' ? { contextRefreshed: e.contextRefreshed } : {}),
  };
}

/** The events as written: sorted by `seq`, normalised, redacted unless told otherwise. */
export function historyRecords(history: readonly HistoryEvent[], options: HistoryFormatOptions = {}): HistoryEvent[] {
  const records = sortedHistory(history).map(normalise);
  return options.redact === false ? records : redactDeep(records, options.redactPatterns);
}

/** The history as pretty JSON (2-space indent, trailing newline). */
export function historyToJson(history: readonly HistoryEvent[], options: HistoryFormatOptions = {}): string {
  return `${JSON.stringify(historyRecords(history, options), null, 2)}\n`;
}

/** The history as YAML (long lines are not folded, so messages stay greppable). */
export function historyToYaml(history: readonly HistoryEvent[], options: HistoryFormatOptions = {}): string {
  const records = historyRecords(history, options);
  const body = records.length === 0 ? '[]\n' : stringify(records, { lineWidth: 0 });
  const runId = options.runId?.replace(/[\r\n]+/g, ' ');
  return runId ? `# run: ${runId}\n${body}` : body;
}
