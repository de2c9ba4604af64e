/**
 * The words and colours of the terminal progress output: the live line, one line per history
 * event, the summary. Pure string building; the reporter decides when and where to write.
 */
import type { Outcome } from '../../runtime/outcome.js';
import type { Category, HistoryEvent, Phase, Result } from '../../taxonomy/index.js';
import type { ProgressView } from './view.js';
import { formatDuration } from '../../policy/duration.js';
import { DECISION_NAME_LIST } from '../../policy/types.js';

export { formatDuration };

/** SGR codes used; colours are 3x, so "no colour" is checkable as "no `\x1b[3`". */
const SGR = { bold: 1, dim: 2, red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36 } as const;
/** A style of one piece of a line. */
export type Tone = keyof typeof SGR;
/** A piece of a line: text and, optionally, its style. */
export type Segment = readonly [text: string, tone?: Tone | null];

/** Spinner frames (braille dots: one cell wide in every common terminal font). */
export const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'] as const;

/**
 * Joins `segments` into one line, styled when `color`, cut to `width` visible characters (with
 * `…`) so it never wraps: a wrapped line cannot be redrawn in place with `\r`.
 * @param width visible characters allowed; default: no limit.
 */
export function paint(segments: readonly Segment[], color: boolean, width = Number.POSITIVE_INFINITY): string {
  let room = width;
  let out = '';
  for (const [text, tone] of segments) {
    if (room <= 0) break;
    const chars = [...text];
    const cut = chars.length > room;
    // Reserve the last cell for the ellipsis when cutting.
    const shown = cut ? `${chars.slice(0, Math.max(0, room - 1)).join('')}…` : text;
    room -= cut ? room : chars.length;
    out += color && tone ? `\x1b[${SGR[tone]}m${shown}\x1b[0m` : shown;
  }
  return out;
}

/** Time spent in a phase, for the live line: tenths of a second under a minute, so it ticks steadily. */
export function formatElapsed(ms: number): string {
  const value = Math.max(0, ms);
  return value >= 60_000 ? formatDuration(value) : `${(Math.floor(value / 100) / 10).toFixed(1)}s`;
}

/** A countdown: tenths of a second under a minute (so it visibly moves), rounded up so it reads 0.0s only at the end. */
export function formatCountdown(ms: number): string {
  const value = Math.max(0, ms);
  if (value >= 60_000) return formatDuration(Math.ceil(value / 1_000) * 1_000);
  return `${(Math.ceil(value / 100) / 10).toFixed(1)}s`;
}

/** Colour of a failure category: transient ones are expected to pass, fatal ones never will. */
function categoryTone(category: Category | null): Tone {
  if (category === 'transient') return 'yellow';
  if (category === 'fatal' || category === 'circular') return 'red';
  return 'magenta';
}

function phaseTone(phase: Phase | null): Tone {
  switch (phase) {
    case 'ESCALATE':
      return 'red';
    case 'RETRY':
      return 'yellow';
    case 'ADAPT':
    case 'ROLLBACK':
      return 'blue';
    default:
      return 'cyan';
  }
}

const RESULT_MARK: Partial<Record<Result, Segment>> = {
  success: ['✓', 'green'],
  failure: ['✗', 'red'],
  escalated: ['!', 'red'],
  adapted: ['→', 'blue'],
  rolled_back: ['↺', 'blue'],
  interrupted: ['↻', 'yellow'],
  resumed: ['↻', 'yellow'],
  flaky: ['~', 'yellow'],
  decided: ['»', 'cyan'],
};

/** `attempt 2/4`: the attempt against the budget. */
function attemptOf(attempt: number, maxAttempts: number | null): string {
  return maxAttempts === null ? `attempt ${attempt}` : `attempt ${attempt}/${maxAttempts}`;
}

/**
 * The live line: spinner, attempt n/N, phase, failure type and what is going on (the countdown
 * during a RETRY's backoff, else the time spent in this phase).
 * @param now the reporter's clock, in the same epoch as `view.waitUntil`.
 * @param since when this phase began on that clock.
 */
export function liveSegments(view: ProgressView, frame: number, now: number, since: number): Segment[] {
  const parts: Segment[] = [[SPINNER[frame % SPINNER.length]!, 'cyan'], [' '], [attemptOf(view.attempt, view.maxAttempts), 'bold']];
  if (view.phase) parts.push([' · '], [view.phase, phaseTone(view.phase)]);
  if (view.type) parts.push([' · '], [view.type, categoryTone(view.category)]);
  if (view.activity === 'waiting' && view.waitUntil !== null) {
    parts.push([' · '], [`retry in ${formatCountdown(view.waitUntil - now)}…`, 'yellow']);
  } else {
    const doing = view.activity === 'probing' ? 'flake probe: re-running unchanged'
      : view.activity === 'diagnosing' ? 'diagnosing'
        : view.activity === 'adapting' ? 'asking the adapter for a fix'
          : view.activity === 'rolling back' ? 'restoring the last known good state'
            : view.activity;
    parts.push([' · '], [doing], [` ${formatElapsed(now - since)}`, 'dim']);
  }
  return parts;
}

/** One finished history event on a terminal: the plain line's facts, with a mark, colour and the budget. */
export function eventSegments(event: HistoryEvent, maxAttempts: number | null): Segment[] {
  const parts: Segment[] = [RESULT_MARK[event.result] ?? ['•', 'dim'], [' '], [attemptOf(event.attempt, maxAttempts), 'bold'], [' · '], [event.phase, phaseTone(event.phase)], [` · ${event.result}`]];
  if (event.type) parts.push([' · '], [event.type, categoryTone(event.category)]);
  if (event.delayMs) parts.push([` · waited ${formatDuration(event.delayMs)}`, 'dim']);
  if (event.fix) parts.push([` · fix: ${event.fix}`]);
  if (event.message && event.result !== 'success') parts.push([` — ${event.message.split('\n')[0]!}`, 'dim']);
  return parts;
}

const STATUS_TONE: Record<string, Tone> = { succeeded: 'green', recovered: 'green', flaky: 'yellow', escalated: 'red', aborted: 'red' };

/** What the summary says, in both modes: status, type, attempts, duration, reason, run id. */
function summaryFacts(outcome: Outcome, durationMs: number, choices: readonly string[]) {
  return {
    type: outcome.classification ? ` (${outcome.classification.type})` : '',
    attempts: `after ${outcome.attempts} attempt(s) in ${formatDuration(durationMs)}`,
    reason: outcome.reason ? `, reason ${outcome.reason}` : '',
    hint: `recover decide ${outcome.runId} --choice ${choices.join('|')}`,
  };
}

/**
 * What each rollback of the run said (where the state it replaced is kept, and the command that
 * brings it back), repeated in the summary so nobody misses it: `rollback 1: replaced state kept as …`.
 */
function rollbackNotes(outcome: Outcome): string[] {
  return (outcome.history ?? []).filter((e) => e.phase === 'ROLLBACK' && e.message).map((e, i) => `rollback ${i + 1}: ${e.message!.split('\n')[0]!}`);
}

/**
 * The summary when stderr is not a terminal: the line the CLI has always printed, plus the
 * duration, and for an escalated run the decide hint (the run's own `choices`) on a second line.
 */
export function plainSummary(outcome: Outcome, durationMs: number, choices: readonly string[] = DECISION_NAME_LIST): string {
  const f = summaryFacts(outcome, durationMs, choices);
  let text = `recover: run ${outcome.runId} ${outcome.status}${f.type} ${f.attempts}${f.reason}\n`;
  for (const note of rollbackNotes(outcome)) text += `recover: ${note}\n`;
  if (outcome.status === 'escalated') text += `recover: decide with '${f.hint}'\n`;
  return text;
}

/** The summary on a terminal: a marked, coloured status line, then the decide hint when escalated. */
export function summarySegments(outcome: Outcome, durationMs: number, choices: readonly string[] = DECISION_NAME_LIST): Segment[][] {
  const f = summaryFacts(outcome, durationMs, choices);
  const tone = STATUS_TONE[outcome.status] ?? 'yellow';
  const mark = tone === 'green' ? '✓' : tone === 'red' ? '✗' : '•';
  const lines: Segment[][] = [[
    [mark, tone], [' '], [outcome.status, tone], [f.type], [` ${f.attempts}${f.reason}`], [` · run ${outcome.runId}`, 'dim'],
  ]];
  for (const note of rollbackNotes(outcome)) lines.push([['  ↺ ', 'blue'], [note]]);
  if (outcome.status === 'escalated') lines.push([['  decide with: ', 'dim'], [f.hint, 'bold']]);
  return lines;
}

/** A one-line progress message for a history event (stderr, when not `--json`). */
export function progressLine(event: HistoryEvent): string {
  const parts = [`recover: attempt ${event.attempt}`, event.phase, event.result];
  if (event.type) parts.push(event.type);
  if (event.delayMs) parts.push(`wait ${formatDuration(event.delayMs)}`);
  if (event.fix) parts.push(`fix: ${event.fix}`);
  if (event.message && event.result !== 'success') parts.push(`— ${event.message.split('\n')[0]!.slice(0, 160)}`);
  return `${parts.join(' · ')}\n`;
}
