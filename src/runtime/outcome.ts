import type { SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import type { RecoveryOutput } from '../../machines/recovery/output.js';
import type { Classification } from '../classify/types.js';
import { observedStack, stackTop } from '../report/stack.js';
import { attemptsOf } from '../report/attempt-count.js';
import { FINAL_RUN_STATUSES, type HistoryEvent, type RunStatus } from '../taxonomy/index.js';

/**
 * How a recovery ended (or where it rests: `escalated` waits for a decision). `T` is what the task
 * resolves with (default `unknown`).
 */
export interface Outcome<T = unknown> extends Omit<RecoveryOutput, 'type'> {
  /** The last failure's classification (null when the first attempt passed). */
  classification: Classification | null;
  /**
   * The top of the last failure's stack: its message line and first frames (`stackTop`: 5 frames,
   * 1,000 characters), redacted; for a command, the first stack its output shows. `null` when it
   * had none (a rejected string, output without `at …` frames) or when nothing failed.
   */
  stack: string | null;
  history: HistoryEvent[];
  /**
   * What the passing attempt's task resolved with, when the status is a pass (`succeeded`,
   * `recovered`, `flaky`) and that attempt ran in this call; absent otherwise. In memory only:
   * never written to a checkpoint (it may not be JSON, or may hold a secret), so an outcome read
   * back from a store (a keyed run that had already finished, a run restored in its final
   * state) has none — keep what you need from it in your own state.
   */
  value?: T;
}

/** The statuses a run passed with: its outcome carries the passing attempt's `value`. */
export const PASSING_STATUSES: ReadonlySet<RunStatus> = new Set<RunStatus>(['succeeded', 'recovered', 'flaky']);

/** The run status a snapshot stands for. */
export function statusOf(snapshot: SnapshotFrom<RecoveryMachine>): RunStatus {
  const value = snapshot.value;
  if (typeof value === 'string') return FINAL_RUN_STATUSES.has(value as RunStatus) ? (value as RunStatus) : 'running';
  // `escalated` is compound (its value is `{ escalated: … }`): read as `matches('escalated')` would,
  // without the path it builds on every snapshot a run emits.
  return 'escalated' in value ? 'escalated' : 'running';
}

/** True when the run rests: final, or escalated and waiting for a human. */
export function isResting(snapshot: SnapshotFrom<RecoveryMachine>): boolean {
  return snapshot.status === 'done' || statusOf(snapshot) === 'escalated';
}

/**
 * The outcome a snapshot stands for; with `passed`, carrying `value` (what the passing attempt's
 * task resolved with: see `AttemptValue`) when the status is a pass. Built once, with or without
 * the value, not built and then copied to add it.
 */
export function outcomeOf(snapshot: SnapshotFrom<RecoveryMachine>, passed = false, value?: unknown): Outcome {
  const c = snapshot.context;
  const status = statusOf(snapshot);
  const classification = c.failure?.classification ?? null;
  const stack = stackTop(observedStack(c.failure?.observation));
  // Two literals of one field order, not `{ ...outcome, value }`: on this V8 (Node 20) a spread
  // that adds a key gives every copy a hidden class of its own (it cost ~2 µs a run, in a profile).
  if (passed && PASSING_STATUSES.has(status)) {
    return { runId: c.runId, status, attempts: c.attempt, iterations: c.iteration, level: c.level, reason: c.reason, classification, stack, history: c.history, value };
  }
  return { runId: c.runId, status, attempts: c.attempt, iterations: c.iteration, level: c.level, reason: c.reason, classification, stack, history: c.history };
}

/**
 * The outcome a stored run was left with, read from its record without restoring it: the fields
 * and order of {@link outcomeOf}, so a caller sees the same JSON as the process that ran it. It
 * has no `value` (values are never stored).
 */
export function storedOutcomeOf(record: { runId: string; status: RunStatus; history: HistoryEvent[]; checkpoint: { snapshot?: unknown } | null }): Outcome {
  const c = (record.checkpoint?.snapshot as { context?: Record<string, unknown> } | undefined)?.context ?? {};
  const failure = c.failure as { classification?: Outcome['classification']; observation?: { error?: unknown; stderr?: string; stdout?: string } } | null | undefined;
  return {
    runId: record.runId,
    status: record.status,
    attempts: attemptsOf(record),
    iterations: (c.iteration as number | undefined) ?? 0,
    level: (c.level as Outcome['level'] | undefined) ?? 'same',
    reason: (c.reason as Outcome['reason'] | undefined) ?? null,
    classification: failure?.classification ?? null,
    stack: stackTop(observedStack(failure?.observation)),
    history: record.history,
  };
}
