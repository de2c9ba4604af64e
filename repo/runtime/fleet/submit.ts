/** Queuing a run for the fleet: any worker that has the task registered under its name runs it. */
import { enqueue } from '../../store/postgres/queue.js';
import type { PostgresStore } from '../../store/postgres/store.js';
import type { PolicyConfig } from '../../policy/types.js';
import { newRunId } from '../recovery.js';

/** Options of `submit`. Every field optional. */
export interface SubmitOptions {
  /** Default: a time-ordered random id. */
  runId?: string;
  /** What is being recovered, for reports. Default: the task's name. */
  name?: string;
  /** Policy config. Default: DESIGN.md's table. */
  policy?: PolicyConfig;
  /** The first attempt's timeout in ms. Default: none. */
  timeoutMs?: number;
}

/** What a queued run carries to the worker that claims it (the `input` column). */
export interface Submission {
  input: unknown;
  options: Omit<SubmitOptions, 'runId'>;
}

/**
 * Queues a run of the task registered as `taskName` with `input` (JSON) and returns its run id.
 * A worker (`createWorker`, `recover worker`) on any machine claims and runs it.
 */
export async function submit(store: PostgresStore, taskName: string, input: unknown, options: SubmitOptions = {}): Promise<string> {
  const { runId = newRunId(Date.now()), ...rest } = options;
  const submission: Submission = { input: input ?? null, options: { name: taskName, ...rest } };
  await enqueue(store, { runId, taskName, input: submission });
  return runId;
}
