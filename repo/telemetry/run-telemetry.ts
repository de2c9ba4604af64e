/**
 * One run's spans and metrics, observed from the runtime: the I/O slots are wrapped (so each
 * program runs under its span, with `TRACEPARENT` set for what it spawns) and the actor's
 * snapshots are watched (classification, escalation, decision and the final status are only
 * known there). The machine itself is not touched.
 *
 * Spans: `recover.run` ⊃ `recover.attempt`, `recover.diagnose`, `recover.adapt`,
 * `recover.rollback`, `recover.decision`; events on the run span: `recover.backoff`,
 * `recover.escalation`, `recover.resume`.
 *
 * The run's span state is in run-span.ts, the slots' spans in slot-spans.ts, what the snapshots
 * tell in run-events.ts.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import { redactSecrets } from '../redact/index.js';
import type { RunStatus } from '../taxonomy/run-status.js';
import { otelApi, providersRegistered, type OtelApi } from './api.js';
import type { TelemetryOptions } from './options.js';
import { watchRun } from './run-events.js';
import { RunSpans } from './run-span.js';
import { wrapSlots, type Slots } from './slot-spans.js';

export type { Slots } from './slot-spans.js';

/** A run's telemetry: wrap its slots, attach its actor. */
export interface RunTelemetry {
  /** The `traceparent` of the run span (kept with a persisted run, see `linkTo`). */
  readonly traceparent: string;
  /** The slots, each running under its span. */
  wrap(slots: Slots): Slots;
  /** Watch the actor (call before `start`). */
  attach(actor: ActorRefFrom<RecoveryMachine>): void;
}

/**
 * The telemetry of one run, or null when it is off: `@opentelemetry/api` absent, no provider
 * registered, or `options.enabled === false`. Null costs the caller nothing further.
 */
export function runTelemetry(options: TelemetryOptions | undefined, run: RunTelemetryInput): RunTelemetry | null {
  if (options?.enabled === false) return null;
  const api = otelApi();
  if (!api) return null;
  const registered = providersRegistered(api);
  if (!registered.traces && !registered.metrics) return null;
  return new Observed(api, options ?? {}, run);
}

/** What a run's telemetry needs from the runtime (which owns these definitions). */
export interface RunTelemetryInput {
  /** The run's name (`RecoveryOptions.name`), as given (exported redacted). */
  name: string;
  /** The run's clock, epoch ms. */
  now: () => number;
  /** The status a snapshot stands for: `running` until the run rests (final, or escalated). */
  restingStatus: (snapshot: SnapshotFrom<RecoveryMachine>) => RunStatus;
  /** The run's extra secret patterns: what a program's error says is redacted before it is exported. */
  redact: readonly RegExp[];
}

class Observed implements RunTelemetry {
  readonly #spans: RunSpans;
  #actor: ActorRefFrom<RecoveryMachine> | null = null;

  constructor(api: OtelApi, private readonly options: TelemetryOptions, private readonly run: RunTelemetryInput) {
    // Redacted as the run records it (`recoveryInput`): a name is often a command line.
    this.#spans = new RunSpans(api, options, redactSecrets(run.name, run.redact));
  }

  get traceparent(): string {
    return this.#spans.traceparent;
  }

  wrap(slots: Slots): Slots {
    return wrapSlots(this.#spans, this.options, { now: this.run.now, redact: this.run.redact, actor: () => this.#actor }, slots);
  }

  attach(actor: ActorRefFrom<RecoveryMachine>): void {
    this.#actor = actor;
    watchRun(this.#spans, actor, this.run.restingStatus);
  }
}
