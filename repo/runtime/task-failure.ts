import type { Observation } from '../classify/types.js';

/**
 * Throw this from a task to report a failure with a full observation (exit code, output tails,
 * test results) instead of a bare error. `recover run` does this for every failed command.
 *
 * @example
 * ```ts
 * throw new TaskFailure('quota exceeded');                                  // observation: { message }
 * throw new TaskFailure('tests failed', { exitCode: 1, stderr, tests: { passed: 9, failed: 1, failing: ['login'] } });
 * ```
 */
export class TaskFailure extends Error {
  override readonly name = 'TaskFailure';
  /** What was seen. */
  readonly observation: Observation;

  /**
   * @param message - the error's message.
   * @param observation - what was seen. Default: `{ message }`, so the classifier reads the message
   *   as it would a thrown error's. A given observation is kept as it is (`recover run` passes
   *   one without the message, whose words would otherwise be classified too).
   */
  constructor(message: string, observation?: Observation) {
    super(message);
    this.observation = observation ?? { message };
  }
}
