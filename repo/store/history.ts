/**
 * The event-log rules every store shares: events are numbered 1..n, a commit continues the log
 * exactly, a retried commit is harmless, and nothing ever removes an event.
 */
import type { HistoryEvent } from '../taxonomy/history.js';
import { HistorySequenceError, InvalidRunRecordError } from './errors.js';
import { jsonEqual } from './json-equal.js';
import { assertRunId } from './run-id.js';
import type { Checkpoint } from './types.js';
import { eventProblem, runHeadProblem } from './validate.js';

/**
 * What every store checks before a commit touches anything: a safe run id and a head of the
 * right shape for that run. The error to reject with, or null.
 */
export function commitArgumentsError(runId: string, checkpoint: Checkpoint): Error | null {
  try {
    assertRunId(runId);
  } catch (error) {
    return error as Error;
  }
  const problem = runHeadProblem(checkpoint?.head, runId);
  return problem === null ? null : new InvalidRunRecordError(runId, problem.field, problem.problem);
}

/** A commit's events split into the new ones and the ones it repeats (to compare with the log). */
export interface SplitEvents {
  /** Events with a seq already committed: each must equal the committed event (see `assertRepeatsMatch`). */
  repeated: HistoryEvent[];
  /** Events continuing the log, seq committed + 1, + 2, … */
  fresh: HistoryEvent[];
}

/**
 * Splits `events` for a log holding `committed` events. Rules, per event in order:
 * - seq = next: new (appended);
 * - seq already committed: repeated, skipped if identical (a commit retried after a crash or a
 *   timeout does not duplicate events), `HistorySequenceError` kind `conflict` if not;
 * - seq beyond next (or not a whole number): `HistorySequenceError` kind `gap`.
 * A new event that breaks the event shape throws `InvalidRunRecordError` naming the field.
 * A throw means nothing of the commit applies.
 */
export function splitEvents(runId: string, committed: number, events: readonly HistoryEvent[]): SplitEvents {
  const repeated: HistoryEvent[] = [];
  const fresh: HistoryEvent[] = [];
  for (const event of events) {
    const next = committed + fresh.length + 1;
    const seq: unknown = (event as { seq?: unknown } | null)?.seq;
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1 || seq > next) {
      throw new HistorySequenceError(runId, 'gap', next, typeof seq === 'number' ? seq : Number.NaN);
    }
    if (seq === next) {
      const problem = eventProblem(event, seq);
      if (problem !== null) throw new InvalidRunRecordError(runId, `events[seq ${seq}]${problem.field ? `.${problem.field}` : ''}`, problem.problem);
      fresh.push(event);
    } else if (seq > committed) {
      // The same seq twice in one batch: harmless only when identical.
      if (!jsonEqual(fresh[seq - committed - 1], event)) throw new HistorySequenceError(runId, 'conflict', next, seq);
    } else {
      repeated.push(event);
    }
  }
  return { repeated, fresh };
}

/** Throws `HistorySequenceError` kind `conflict` when a repeated event differs from the committed one. */
export function assertRepeatsMatch(runId: string, log: readonly HistoryEvent[], repeated: readonly HistoryEvent[], next: number): void {
  for (const event of repeated) {
    if (!jsonEqual(log[event.seq - 1], event)) throw new HistorySequenceError(runId, 'conflict', next, event.seq);
  }
}
