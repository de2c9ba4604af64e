/**
 * One persisted run's context: everything `drive` needs to execute it, built once by whoever
 * starts or continues the run (persisted.ts: `recoverPersisted`, `continueKeyed`, `continueHeld`)
 * and read as it is from then on, so the run's options are not renamed on the way.
 *
 * Where each field comes from ("new": `recoverPersisted` starting a run; "continued": `resume`,
 * a keyed run found in the store, a fleet worker's takeover or decision), and what survives into
 * the next process that continues the run (a resume, a takeover by a worker, a decision):
 *
 * | field               | new                                                | continued                                                      | survives                                  |
 * |---------------------|----------------------------------------------------|----------------------------------------------------------------|-------------------------------------------|
 * | task                | the caller's                                       | the caller's (the CLI rebuilds it from meta; a worker, from its registry and the stored input) | never stored |
 * | options             | the caller's (a keyed run: with the key's run id)  | the caller's, with the run id and `telemetry.linkTo` = the stored `meta.traceparent` | no: each process passes its own; what must last is in the checkpoint (policy, rules, timeout, last known good, which slots the run has: the diagnoser, adapter and rollback it was started with, whose programs `options` must provide) or meta |
 * | clock               | `options.clock`, default real time                 | the same                                                       | no                                        |
 * | identity.runId      | the key's, else `options.runId`, else a new id     | the stored run's                                               | always                                    |
 * | identity.task       | `options.name` redacted, default `'task'`          | the stored run's                                               | always                                    |
 * | identity.createdAt  | the clock, now                                     | the stored run's                                               | always                                    |
 * | identity.meta       | `options.meta` (+ `runKey`), redacted              | stored meta + `options.meta` + what `admit` returns, redacted, without `attemptProcesses` | always, merged: a takeover adds `takeovers`, a decision `decisions`; `drive` adds `traceparent`, each checkpoint `attemptProcesses` |
 * | redact              | `options.redact` compiled (`compileRedaction`); `options.redact` becomes this same list | the same | no: each process compiles its own (the CLI's from the config it loads) |
 * | lease               | acquired from `options.store` (a worker's claimed store hands over its claim's) | the same                   | no: released when the run ends; the fence only grows |
 * | stored.committed    | 0                                                  | the stored log's length                                        | (the log itself survives)                 |
 * | stored.policy       | `options.policy`                                   | the stored checkpoint's policy config                          | always (every checkpoint keeps it)        |
 * | decision            | none                                               | `resume`'s; a keyed run's when it rests escalated; a worker's claimed one | applied once (a DECISION event), then gone |
 * | shownThrough        | 0                                                  | the last stored event's `seq`                                  | no                                        |
 */
import type { Lease } from '../store/types.js';
import type { PolicyConfig } from '../policy/types.js';
import type { RunIdentity } from './checkpointer.js';
import type { Clock } from './clock.js';
import type { Task } from './options.js';
import type { PersistedOptions } from './persisted-options.js';
import type { RunDecision } from './run-key.js';

/** What the store already holds of a run, for the next checkpoints. */
export interface StoredProgress {
  /** Events already committed (a new run: 0). */
  committed: number;
  /** The policy config the run's policy was resolved from, kept in every checkpoint. Undefined: the defaults. */
  policy: PolicyConfig | undefined;
}

/** One persisted run, as `drive` executes it (see the table above for where each field comes from). */
export interface RunContext<T = unknown> {
  /** The work; what its passing attempt resolves with is the outcome's `value`. */
  readonly task: Task<T>;
  /** The options the run executes with (slots, policy, redaction, store, callbacks). */
  readonly options: PersistedOptions;
  /** `options.clock`, default real time. */
  readonly clock: Clock;
  /** What every checkpoint of the run repeats: its id, task name, creation time and meta. */
  readonly identity: RunIdentity;
  /**
   * The run's extra secret patterns, compiled once as the context is built; the context's
   * `options.redact` is this same list, so the run's work (`bindRun`) reads it as it is. Default:
   * none (the built-in rules alone).
   */
  readonly redact: readonly RegExp[];
  /** This process's ownership of the run, released when `drive` ends. */
  readonly lease: Lease;
  readonly stored: StoredProgress;
  /** The answer to the run's escalation, applied once the run is restored in `escalated`. Default: none. */
  readonly decision: RunDecision | undefined;
  /** `onEvent` has heard the events up to this `seq` already (a continued run restores them). Default 0. */
  readonly shownThrough: number;
}
