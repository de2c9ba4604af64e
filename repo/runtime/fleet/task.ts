/**
 * What a fleet task is: the type the worker runs and every registered task (the built-in
 * `command` task among them) implements. In a module of its own, below both, so the worker and
 * the tasks it registers do not import each other.
 */
import type { TaskContext } from '../options.js';

/** What a fleet task is given: the attempt's context, the run's input and its owner's fence. */
export interface FleetTaskContext extends TaskContext {
  /** The JSON the run was submitted with. */
  input: unknown;
  /** The fence of this ownership: an idempotency key for the task's own side effects. */
  fence: number;
  /** `RECOVERY_RUN_ID`, `RECOVERY_ATTEMPT` and `RECOVERY_FENCE`, for the programs the task starts. */
  env: Record<string, string>;
  /**
   * The start deadline on the host clock (`hostClock()`) for a program this attempt starts: give
   * it to `runCommandOnce`/`commandTask` as `startBy`, so a worker paused past its lease never
   * starts it late. Undefined where the host has no such clock.
   */
  startBy?: number;
}

/** A task registered by name: another machine runs it, so it is named, never passed. */
export type FleetTask = (ctx: FleetTaskContext) => unknown;
