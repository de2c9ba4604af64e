import type { Observation } from '../classify/types.js';

/**
 * Throw this from a task to report a failure with a full observation (exit code, output tails,
 * test results) instead of a bare error. `recover run` does this for every failed command.
 */
export class TaskFailure extends Error {
  override readonly name = 'TaskFailure';
  /** What was seen. */
  readonly observation: Observation;

  constructor(message: string, observation: Observation) {
    super(message);
    this.observation = observation;
  }
}
