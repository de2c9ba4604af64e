/**
 * Every recovery event of a session as a row of seed 004's `recovery_events` audit table, for
 * JSON-lines output (`recovery_events.jsonl`) or a database insert.
 */
import { FAILURE_TYPES } from '../taxonomy/index.js';
import { decisionChoice, isEscalation, sortedHistory } from './attempts.js';
import { isoTimestamp } from './history.js';
import { redactSecrets, type RedactPatterns } from '../redact/text.js';
import { runHistoryFacts } from './run-history-facts.js';
import type { RecoveryEventRow, SessionInput } from './types.js';

/** Options of {@link recoveryEventRows}. */
export interface EventRowOptions {
  /** Redact secrets in `notes`. Default `true`. */
  redact?: boolean;
  /** Extra secret patterns. Default none. */
  redactPatterns?: RedactPatterns;
}

/**
 * One row per history event of every run, units in input order, each run's events by `seq`.
 * `id` is `${sessionId}:${unitId}:${n}` with n counting the unit's rows from 1, so the same
 * session always gives the same ids. `failure_type` is the event's type, else the run's original
 * type (events before classification carry none); `severity` the taxonomy's; `recovery_action`
 * the phase; `outcome` the result; `user_escalated` is true on ESCALATE and DECISION rows;
 * `user_decision` the DECISION's `--choice` value; `notes` joins message, fix, reason and
 * "context refreshed" for a retry that started from a fresh context.
 */
export function recoveryEventRows(session: SessionInput, options: EventRowOptions = {}): RecoveryEventRow[] {
  const rows: RecoveryEventRow[] = [];
  const redact = (text: string) => (options.redact === false ? text : redactSecrets(text, options.redactPatterns));
  for (const unit of session.units) {
    let n = 0;
    for (const run of unit.runs) {
      const runType = runHistoryFacts(run).type ?? 'UNKNOWN';
      for (const event of sortedHistory(run.history)) {
        const type = event.type ?? runType;
        const choice = decisionChoice(event);
        // Seed 004's recovery_action.context_refreshed has no column of its own: it is a note.
        const refreshed = event.contextRefreshed === true ? 'context refreshed' : null;
        const notes = [event.message, event.fix && `fix: ${event.fix}`, event.reason && `reason: ${event.reason}`, refreshed]
          .filter((part): part is string => typeof part === 'string' && part !== '')
          .join(' | ');
        n += 1;
        rows.push({
          id: `${session.sessionId}:${unit.id}:${n}`,
          session_id: session.sessionId,
          agent_id: unit.id,
          event_timestamp: isoTimestamp(event.timestamp),
          failure_type: type,
          severity: FAILURE_TYPES[type]?.severity ?? 'medium',
          recovery_action: event.phase,
          attempt_number: event.attempt ?? null,
          outcome: event.result,
          checkpoint_id: run.checkpointId ?? null,
          user_escalated: isEscalation(event) || event.phase === 'DECISION',
          user_decision: choice,
          notes: notes === '' ? null : redact(notes),
        });
      }
    }
  }
  return rows;
}

/** Rows as JSON lines: one object per line, a trailing newline; empty for no rows. */
export function toJsonLines(rows: readonly RecoveryEventRow[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length > 0 ? '\n' : '');
}
