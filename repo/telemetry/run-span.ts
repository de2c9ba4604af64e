/**
 * One run's spans as they stand: the `recover.run` span (reopened when an escalated run is
 * decided and goes on), the attempt in flight, and what ends them; the metrics recorded as they
 * end. Shared by the slot wrapping (slot-spans.ts) and the snapshot watch (run-events.ts).
 */
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import type { RunStatus } from '../taxonomy/run-status.js';
import type { OtelApi } from './api.js';
import { instruments, SCOPE, type Instruments } from './instruments.js';
import type { TelemetryOptions } from './options.js';
import { parseTraceparent, traceparentOf, withTraceEnv } from './trace-env.js';

const RUN_ATTRIBUTES = (name: string): Attributes => ({ 'recover.run.name': name });

/** The attempt whose span is open: its number, whether it failed, the task's own duration. */
export interface OpenAttempt { n: number; span: Span; failed: boolean; durationMs: number | null }

/** A run's span state; `name` is the run's name already redacted. */
export class RunSpans {
  readonly tracer: Tracer;
  readonly metrics: Instruments;
  readonly #parent: Context;
  runSpan: Span;
  runContext: Context;
  runId: string | null = null;
  attempt: OpenAttempt | null = null;

  constructor(readonly api: OtelApi, private readonly options: TelemetryOptions, private readonly name: string) {
    this.tracer = api.trace.getTracer(SCOPE);
    this.metrics = instruments(api);
    this.#parent = api.context.active();
    const linked = parseTraceparent(options.linkTo);
    this.runSpan = this.tracer.startSpan('recover.run', {
      attributes: { ...RUN_ATTRIBUTES(this.name), ...options.attributes },
      ...(linked ? { links: [{ context: { ...linked, isRemote: true }, attributes: { 'recover.link': 'earlier_process' } }] } : {}),
    }, this.#parent);
    this.runContext = api.trace.setSpan(this.#parent, this.runSpan);
  }

  /** The `traceparent` of the run span. */
  get traceparent(): string {
    return traceparentOf(this.runSpan.spanContext());
  }

  /** Runs `work` with `span` current: in OpenTelemetry's context and as `TRACEPARENT` of the programs the run spawns. */
  under<T>(runId: string, span: Span, work: () => Promise<T>): Promise<T> {
    const context = this.api.trace.setSpan(this.runContext, span);
    return withTraceEnv(runId, { TRACEPARENT: traceparentOf(span.spanContext()) }, () => this.api.context.with(context, work));
  }

  recordAttempt(outcome: 'success' | 'failure', classification: { type: string } | null, durationMs: number | null): void {
    const attributes: Attributes = { 'recover.attempt.outcome': outcome, ...(classification ? { 'recover.failure.type': classification.type, 'error.type': classification.type } : {}) };
    this.metrics.attempts.add(1, attributes);
    // A watch failure (no heartbeat) ends the attempt without the task's own duration.
    if (durationMs !== null) this.metrics.attemptDuration.record(durationMs / 1_000, { 'recover.attempt.outcome': outcome });
  }

  endAttempt(status: string | null): void {
    if (!this.attempt) return;
    this.attempt.span.setAttribute('recover.attempt.outcome', status ?? (this.attempt.failed ? 'failure' : 'success'));
    this.attempt.span.end();
    this.attempt = null;
  }

  failSpan(span: Span, errorType: string, message: string): void {
    span.setAttribute('error.type', errorType);
    span.setStatus({ code: this.api.SpanStatusCode.ERROR, message });
  }

  endRun(snapshot: SnapshotFrom<RecoveryMachine>, status: RunStatus): void {
    const c = snapshot.context;
    this.endAttempt(null);
    this.runSpan.setAttributes({
      'recover.run.id': c.runId, 'recover.run.status': status, 'recover.run.attempts': c.attempt,
      'recover.run.iterations': c.iteration, 'recover.level': c.level, ...(c.reason ? { 'recover.reason': c.reason } : {}),
    });
    if (status === 'escalated' || status === 'aborted') this.failSpan(this.runSpan, c.reason ?? status, `run ${status}${c.reason ? `: ${c.reason}` : ''}`);
    this.runSpan.end();
    this.metrics.runs.add(1, { 'recover.run.status': status });
  }

  reopenRun(): void {
    const previous = this.runSpan.spanContext();
    this.runSpan = this.tracer.startSpan('recover.run', {
      attributes: { ...RUN_ATTRIBUTES(this.name), ...this.options.attributes, ...(this.runId ? { 'recover.run.id': this.runId } : {}) },
      links: [{ context: previous, attributes: { 'recover.link': 'escalated_run' } }],
    }, this.#parent);
    this.runContext = this.api.trace.setSpan(this.#parent, this.runSpan);
  }
}
