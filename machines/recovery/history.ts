import type { HistoryEvent, Phase, Reason, Result } from '../../src/taxonomy/index.js';
import type { RecoveryContext } from './types.js';

/** The fields a phase event sets; everything else is filled from context. */
export interface PhaseEventFields {
  phase: Phase;
  result: Result;
  at?: number;
  reason?: Reason | null;
  message?: string | null;
  fix?: string | null;
  confidence?: number | null;
  delayMs?: number | null;
  durationMs?: number | null;
  /**
   * Override: the pass the event belongs to when it is not the current one (PAUSE and DIAGNOSE
   * open the next pass, see `openedPass`). Default: the current iteration.
   */
  iteration?: number;
}

/** A message cut to a size a history file and a report can carry. */
export function boundedMessage(text: string | null | undefined, max = 500): string | null {
  if (text == null) return null;
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Most lines of a stack kept (UC-AP-004 AC-001: where it was thrown, for the diagnoser, adapter and report). */
export const MAX_STACK_LINES = 20;
/** Most characters of a stack kept. */
export const MAX_STACK_CHARS = 2_000;

/**
 * The top of a stack (the message and the innermost frames), bounded in lines and characters; a
 * stack already within both bounds (most are) is returned as it is, not split and joined again.
 */
export function boundedStack(stack: string): string {
  if (withinStackBounds(stack)) return stack;
  const lines = stack.split('\n', MAX_STACK_LINES + 1);
  const kept = lines.length > MAX_STACK_LINES ? `${lines.slice(0, MAX_STACK_LINES).join('\n')}\n    …` : lines.join('\n');
  return kept.length > MAX_STACK_CHARS ? `${kept.slice(0, MAX_STACK_CHARS - 1)}…` : kept;
}

/** True when `stack` has at most `MAX_STACK_LINES` lines and `MAX_STACK_CHARS` characters. */
function withinStackBounds(stack: string): boolean {
  if (stack.length > MAX_STACK_CHARS) return false;
  let lines = 1;
  for (let at = stack.indexOf('\n'); at !== -1; at = stack.indexOf('\n', at + 1)) if (++lines > MAX_STACK_LINES) return false;
  return true;
}

/**
 * Append one history event to a draft context. `seq` continues the history by exactly one, so a
 * store can refuse gaps and duplicates; the timestamp is the latest time the machine has heard of.
 * Iterations are numbered from 1 (UC-AP-004 §13): an event before the first pass begins (the
 * original run's failure, its diagnosis, an escalation from it, a fresh start's first run)
 * belongs to pass 1, the one it opens, never to a pass 0.
 */
export function appendHistory(draft: RecoveryContext, fields: PhaseEventFields): void {
  const at = fields.at ?? draft.clockAt;
  if (at > draft.clockAt) draft.clockAt = at;
  const failure = draft.failure;
  const last = draft.history[draft.history.length - 1];
  const event: HistoryEvent = {
    seq: (last?.seq ?? 0) + 1,
    phase: fields.phase,
    iteration: Math.max(1, fields.iteration ?? draft.iteration),
    attempt: draft.attempt,
    timestamp: isoTime(at),
    result: fields.result,
    type: failure?.classification.type ?? null,
    category: failure?.classification.category ?? null,
    message: fields.message !== undefined ? fields.message : boundedMessage(failureMessage(draft)),
    hypotheses: draft.pass.diagnosis?.hypotheses ?? [],
    confidence: fields.confidence !== undefined ? fields.confidence : draft.pass.diagnosis?.confidence ?? null,
    fix: fields.fix !== undefined ? fields.fix : draft.next.approach,
    delayMs: fields.delayMs ?? null,
    durationMs: fields.durationMs ?? null,
    level: draft.level,
    reason: fields.reason ?? null,
    // A RETRY reports an execution: whether it started from a fresh context (seed 004's context_refreshed).
    ...(fields.phase === 'RETRY' ? { contextRefreshed: draft.next.refreshContext } : {}),
  };
  // A new array: snapshots share the old one (drafts are shallow copies). `concat` sizes it
  // exactly; a spread grows it as a push does (17 slots for one event: ~200 B instead of ~70,
  // held by every run in flight and by each snapshot's copy).
  draft.history = draft.history.concat([event]);
}

/** The last time formatted, and its text: a step records its events at one time (PAUSE and DIAGNOSE, say). */
let lastIsoAt = Number.NaN;
let lastIso = '';

/** Epoch ms as ISO-8601 text, formatted once for a run of events at the same time. */
function isoTime(at: number): string {
  if (at !== lastIsoAt) {
    lastIso = new Date(at).toISOString();
    lastIsoAt = at;
  }
  return lastIso;
}

/** The most telling line of the current failure: evidence first, then the observation's text. */
export function failureMessage(context: Pick<RecoveryContext, 'failure'>): string | null {
  const failure = context.failure;
  if (!failure) return null;
  const { observation, classification } = failure;
  const fromEvidence = classification.evidence.find((e) => e.source !== 'default')?.match;
  const error = observation.error as { message?: unknown } | undefined;
  return (
    observation.message ??
    (typeof error?.message === 'string' ? error.message : undefined) ??
    fromEvidence ??
    lastLine(observation.stderr) ??
    lastLine(observation.stdout) ??
    null
  );
}

function lastLine(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const lines = text.trimEnd().split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]?.trim();
    if (line) return line;
  }
  return undefined;
}
