/**
 * The history rules both stores share: history is numbered 1..n, an append continues it
 * exactly, a retried append is harmless, and nothing ever removes an event.
 */
import type { HistoryEvent } from '../taxonomy/history.js';
import { HistorySequenceError } from './errors.js';
import { jsonEqual } from './json-equal.js';

/**
 * The stored history extended by `events`, or null when every event was already stored.
 *
 * Rules, per event in order (the next expected seq is the last stored seq + 1):
 * - seq = next: appended;
 * - seq already stored and the event is identical (JSON-equal): skipped, so an append retried
 *   after a crash or a timeout does not duplicate events;
 * - seq already stored with a different event: `HistorySequenceError` kind `conflict`;
 * - seq beyond next (or not a whole number): `HistorySequenceError` kind `gap`.
 * A throw means nothing of the batch applies.
 */
export function extendHistory(runId: string, stored: readonly HistoryEvent[], events: readonly HistoryEvent[]): HistoryEvent[] | null {
  const result = stored.slice();
  for (const event of events) {
    const next = result.length + 1;
    const seq: unknown = event.seq;
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1 || seq > next) {
      throw new HistorySequenceError(runId, 'gap', next, typeof seq === 'number' ? seq : Number.NaN);
    }
    if (seq === next) {
      result.push(event);
    } else if (!jsonEqual(result[seq - 1], event)) {
      throw new HistorySequenceError(runId, 'conflict', next, seq);
    }
  }
  return result.length === stored.length ? null : result;
}

/**
 * Throws `HistorySequenceError` kind `shrink` when a save would store fewer events than are
 * stored: a process holding a stale copy of the run must not erase what another wrote.
 */
export function assertNoEventsDropped(runId: string, storedCount: number, savedCount: number): void {
  if (savedCount < storedCount) throw new HistorySequenceError(runId, 'shrink', storedCount, savedCount);
}
