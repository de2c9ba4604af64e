/**
 * The run page's timeline: one table row per history event (phase, type, delay, duration, fix…).
 * Accepts full HistoryEvents or any subset of their fields, so a partial history still renders.
 */
import type { HistoryEvent } from '../taxonomy/history.js';
import { escapeHtml } from './escape.js';
import { formatMs } from './labels.js';

/** A history event as the timeline reads it: only `phase` is required. */
export type TimelineEvent = Pick<HistoryEvent, 'phase'> & Partial<Omit<HistoryEvent, 'phase'>>;

const COLUMNS = ['#', 'time', 'phase', 'iteration', 'attempt', 'result', 'type', 'delay', 'duration', 'fix', 'note'] as const;

const ms = (v: number | null | undefined): string => (typeof v === 'number' ? formatMs(v) : '');
const text = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : String(v));

/** One event's cells, in {@link COLUMNS} order, as plain text. */
export function timelineCells(e: TimelineEvent, index: number): string[] {
  const note = [e.reason, e.message].filter((x): x is string => typeof x === 'string' && x !== '').join(': ');
  return [
    text(e.seq ?? index + 1), text(e.timestamp), e.phase, text(e.iteration), text(e.attempt), text(e.result),
    text(e.type), ms(e.delayMs), ms(e.durationMs), text(e.fix), note,
  ];
}

/** The timeline as an HTML table (escaped); rows carry `data-phase` and a `phase-…` class for styling. */
export function timelineTable(history: readonly TimelineEvent[]): string {
  if (history.length === 0) return '<p class="empty">No history recorded.</p>';
  const head = COLUMNS.map((c) => `<th scope="col">${c}</th>`).join('');
  const rows = history.map((e, i) => {
    const cells = timelineCells(e, i).map((c, j) => `<td class="${COLUMNS[j] === '#' ? 'seq' : COLUMNS[j]}">${escapeHtml(c)}</td>`).join('');
    const phase = escapeHtml(e.phase.toLowerCase());
    return `<tr class="phase-${phase}" data-phase="${escapeHtml(e.phase)}">${cells}</tr>`;
  });
  return `<table class="timeline"><thead><tr>${head}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}
