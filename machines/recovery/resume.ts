import type { RecoveryContext } from './types.js';
import { appendHistory } from './history.js';
import { produce } from 'immer';

/** The part of a persisted snapshot a resume looks at. */
interface PersistedLike {
  value: unknown;
  context: RecoveryContext;
  [key: string]: unknown;
}

/**
 * A checkpoint taken while an attempt was running means the process died mid-attempt: the
 * attempt will be re-run (at-least-once), and history says so with one RESUME/interrupted event.
 * Other checkpoints are returned unchanged. Pure: the caller passes the time.
 */
export function markInterrupted<T extends PersistedLike>(snapshot: T, now: number): T {
  const value = snapshot.value;
  const midAttempt = (typeof value === 'object' && value !== null && 'executing' in value) || JSON.stringify(value).includes('"probeFlake"');
  if (!midAttempt) return snapshot;
  const context = produce(snapshot.context, (d) => {
    appendHistory(d as RecoveryContext, { phase: 'RESUME', result: 'interrupted', reason: 'interrupted', at: Math.max(now, d.clockAt), message: `attempt ${d.attempt} was interrupted; running it again` });
  });
  return { ...snapshot, context };
}
