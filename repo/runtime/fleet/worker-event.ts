/** What a fleet worker reports, one event at a time (`recover worker --json` prints one a line). */
import type { RunFencedError } from '../../store/errors.js';
import type { LeaseHolder } from '../../store/types.js';

/** What a worker reports. */
export type WorkerEvent =
  | { type: 'claimed'; runId: string; fence: number; resumed: boolean; tookOverFrom: LeaseHolder | null }
  | { type: 'finished'; runId: string; fence: number; status: string }
  | { type: 'lost'; runId: string; fence: number; error: RunFencedError }
  | { type: 'interrupted'; runId: string; fence: number }
  | { type: 'lapsed'; runId: string; fence: number; attempt: number }
  | { type: 'notice'; runId: string; message: string }
  /** The database stopped answering (said once per outage; the worker keeps trying with backoff), or answers again. */
  | { type: 'store'; state: 'lost'; error: unknown }
  | { type: 'store'; state: 'back'; afterMs: number }
  | { type: 'error'; runId: string | null; error: unknown };
