/**
 * The task's return value, from the attempt that passed to the outcome, beside the machine: its
 * context is JSON only and checkpointed, and a task's value may be anything (a class instance, a
 * stream, a token), so it never enters the context, history, checkpoints or traces.
 */
import type { SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import { outcomeOf as outcomeOfSnapshot, PASSING_STATUSES, type Outcome } from './outcome.js';

/** The value the latest attempt of one run passed with, in this process's memory only. */
export class AttemptValue {
  #passed = false;
  #value: unknown = undefined;

  /** An attempt starts: what an earlier attempt (a flake probe, a pass before a decision) resolved with no longer stands. */
  clear(): void {
    this.#passed = false;
    this.#value = undefined;
  }

  /** The attempt passed with `value`. */
  passed(value: unknown): void {
    this.#passed = true;
    this.#value = value;
  }

  /**
   * `outcome` with `value` set when the run passed with an attempt that passed here; as it is
   * otherwise (a run that ended in another process, or restored already final, has no value).
   */
  outcomeOf<T>(outcome: Outcome): Outcome<T> {
    if (!this.#passed || !PASSING_STATUSES.has(outcome.status)) return outcome as Outcome<T>;
    // One literal, not `{ ...outcome, value }`: on this V8 (Node 20) a spread that adds a key
    // gives every copy a hidden class of its own (it cost ~2 µs a run, in a profile).
    const { runId, status, attempts, iterations, level, reason, classification, stack, history } = outcome;
    return { runId, status, attempts, iterations, level, reason, classification, stack, history, value: this.#value as T };
  }

  /**
   * {@link outcomeOf} of the outcome `snapshot` stands for, built once (with the value, or
   * without), not built and then copied to add the value.
   */
  outcomeFrom<T>(snapshot: SnapshotFrom<RecoveryMachine>): Outcome<T> {
    return outcomeOfSnapshot(snapshot, this.#passed, this.#value) as Outcome<T>;
  }
}
