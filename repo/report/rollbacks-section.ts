/**
 * `### Rollbacks`: each rollback of the run and what it said, above all where the state it
 * replaced is kept and the command that brings it back (a person's edits undone by a `rollback`
 * decision must never be lost silently). Recorded text goes in code spans, as everywhere in the reports.
 */
import type { HistoryEvent } from '../taxonomy/index.js';
import { sortedHistory } from './attempts.js';
import { code } from './markdown.js';

/** The section's lines, or none when no rollback left a message. */
export function rollbacksSection(history: readonly HistoryEvent[]): string[] {
  const sorted = sortedHistory(history);
  const rollbacks = sorted.filter((e) => e.phase === 'ROLLBACK' && e.result === 'rolled_back' && e.message);
  if (rollbacks.length === 0) return [];
  // A rollback on a halt (security, data corruption) has no attempt after it: it follows the failed one.
  const lastAttempt = sorted.reduce((most, e) => Math.max(most, e.attempt), 0);
  const when = (e: HistoryEvent) => (e.attempt < lastAttempt ? `before attempt ${e.attempt + 1}` : `after attempt ${e.attempt}, before escalating`);
  return ['### Rollbacks', '', ...rollbacks.map((e, i) => `- Rollback ${i + 1} (${when(e)}): ${code(e.message!)}`), ''];
}
