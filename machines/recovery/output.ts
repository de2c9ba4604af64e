import type { FailureType, Level, Reason, RunStatus } from '../../src/taxonomy/index.js';
import type { RecoveryContext } from './types.js';

/** What the machine outputs when it reaches a final state (a parent's `onDone` receives it). */
export interface RecoveryOutput {
  runId: string;
  /** The final state's name (or, for a resting run, `escalated` / `running`). */
  status: RunStatus;
  /** Executions, the original run included. */
  attempts: number;
  /** Recovery passes. */
  iterations: number;
  level: Level;
  reason: Reason | null;
  /** The last failure's type (null when the first attempt passed). */
  type: FailureType | null;
}

/** The output of a final state. */
export function finalOutput(status: RunStatus, c: RecoveryContext): RecoveryOutput {
  return { runId: c.runId, status, attempts: c.attempt, iterations: c.iteration, level: c.level, reason: c.reason, type: c.failure?.classification.type ?? null };
}

/**
 * Whether `value` (a done event's output, typed unknown by XState) is a final state's summary:
 * every final state of the chart outputs one (`finalOutput`), so the machine's own output is it.
 */
export function isRecoveryOutput(value: unknown): value is RecoveryOutput {
  return typeof value === 'object' && value !== null && 'runId' in value && 'status' in value && 'attempts' in value;
}
