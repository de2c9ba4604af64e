/**
 * One run's spans and metrics, observed from the runtime: the I/O slots are wrapped (so each
 * program runs under its span, with `TRACEPARENT` set for what it spawns) and the actor's
 * snapshots are watched (classification, escalation, decision and the final status are only
 * known there). The machine itself is not touched.
 *
 * Spans: `recover.run` ⊃ `recover.attempt`, `recover.diagnose`, `recover.adapt`,
 * `recover.rollback`, `recover.decision`; events on the run span: `recover.backoff`,
 * `recover.escalation`, `recover.resume`.
 */
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { RecoveryMachine, RecoverySlots } from '../../machines/recovery.machine.js';
import type { SlotWork } from '../../machines/shared.js';
import type { AttemptOutcome } from '../../machines/recovery/types.js';
import { redactSecrets } from '../redact/index.js';
import type { HistoryEvent } from '../taxonomy/history.js';
import type { RunStatus } from '../taxonomy/run-status.js';
import { otelApi, providersRegistered, type OtelApi } from './api.js';
import { instruments, SCOPE, type Instruments } from './instruments.js';
import type { TelemetryOptions } from './options.js';
import { parseTraceparent, traceparentOf, withTraceEnv } from './trace-env.js';

/** The I/O slots' work, as `slotWork` in `src/runtime/actors.ts` makes it. */
export type Slots = SlotWork<RecoverySlots>;

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

const RUN_ATTRIBUTES = (name: string): Attributes => ({ 'recover.run.name': name });

class Observed implements RunTelemetry {
  private readonly tracer: Tracer;
  private readonly metrics: Instruments;
  private readonly parent: Context;
  private runSpan: Span;
  private runContext: Context;
  private runId: string | null = null;
  private attempt: { n: number; span: Span; failed: boolean; durationMs: number | null } | null = null;
  private seen = 0;
  private actor: ActorRefFrom<RecoveryMachine> | null = null;

  private readonly name: string;
  private readonly now: () => number;

  constructor(private readonly api: OtelApi, private readonly options: TelemetryOptions, private readonly run: RunTelemetryInput) {
    // Redacted as the run records it (`recoveryInput`): a name is often a command line.
    this.name = redactSecrets(run.name, run.redact);
    this.now = run.now;
    this.tracer = api.trace.getTracer(SCOPE);
    this.metrics = instruments(api);
    this.parent = api.context.active();
    const linked = parseTraceparent(options.linkTo);
    this.runSpan = this.tracer.startSpan('recover.run', {
      attributes: { ...RUN_ATTRIBUTES(this.name), ...options.attributes },
      ...(linked ? { links: [{ context: { ...linked, isRemote: true }, attributes: { 'recover.link': 'earlier_process' } }] } : {}),
    }, this.parent);
    this.runContext = api.trace.setSpan(this.parent, this.runSpan);
  }

  get traceparent(): string {
    return traceparentOf(this.runSpan.spanContext());
  }

  wrap(slots: Slots): Slots {
    return {
      runTask: (args) => this.runAttempt(slots.runTask, args),
      sleepUntil: (args) => {
        // The same slot serves an escalation's decision timeout: that wait is not a backoff.
        if (this.actor?.getSnapshot().matches('escalated')) return slots.sleepUntil(args);
        const delayMs = Math.max(0, args.input.until - this.now());
        this.runSpan.addEvent('recover.backoff', { 'recover.backoff.delay_ms': delayMs, 'recover.backoff.until': new Date(args.input.until).toISOString() });
        this.metrics.backoffDelay.record(delayMs / 1_000);
        return slots.sleepUntil(args);
      },
      diagnose: (args) => this.program('recover.diagnose', {
        'recover.iteration': args.input.iteration, 'recover.diagnose.round': args.input.round, ...failureAttributes(args.input.failure.classification),
      }, () => slots.diagnose(args), (out) => ({
        'recover.diagnose.hypotheses': out.hypotheses.length,
        'recover.confidence': Math.max(0, ...out.hypotheses.map((h) => h.confidence)),
      })),
      adapt: (args) => this.program('recover.adapt', {
        'recover.iteration': args.input.iteration, 'recover.level': args.input.level, ...failureAttributes(args.input.failure.classification),
      }, () => slots.adapt(args), (out) => (out && out.fix !== null
        ? { 'recover.fix': out.fix, ...(out.confidence !== undefined ? { 'recover.confidence': out.confidence } : {}) }
        : { 'recover.adapt.result': 'no_alternative' })),
      rollback: (args) => this.program('recover.rollback', {
        'recover.rollback.reason': args.input.reason,
      }, () => slots.rollback(args), (out) => ({ 'recover.rollback.restored': out.restored })),
    };
  }

  attach(actor: ActorRefFrom<RecoveryMachine>): void {
    this.actor = actor;
    const context = actor.getSnapshot().context;
    this.seen = context.history.at(-1)?.seq ?? 0;
    this.runId = context.runId;
    this.runSpan.setAttribute('recover.run.id', context.runId);
    // A restored run may already rest (escalated, waiting for the decision this process brings):
    // the span ends at a rest reached here, or when the actor stops, as whatever it is then.
    const restoredThrough = this.seen;
    let last = actor.getSnapshot();
    let rested = false;
    actor.subscribe({
      next: (snapshot) => {
        last = snapshot;
        this.observe(snapshot);
        const status = this.run.restingStatus(snapshot);
        const progressed = (snapshot.context.history.at(-1)?.seq ?? 0) > restoredThrough;
        if (status !== 'running' && !rested && (progressed || snapshot.status === 'done')) {
          rested = true;
          this.endRun(snapshot, status);
        } else if (status === 'running' && rested) {
          // Decided in this process and going on: the work continues in a new run span.
          rested = false;
          this.reopenRun();
        }
      },
      complete: () => {
        if (rested) return;
        rested = true;
        const status = this.run.restingStatus(last);
        if (status !== 'running') return this.endRun(last, status);
        this.endAttempt('interrupted');
        this.runSpan.setAttribute('recover.run.status', 'interrupted');
        this.runSpan.end();
      },
    });
  }

  private async runAttempt(work: Slots['runTask'], args: Parameters<Slots['runTask']>[0]): Promise<AttemptOutcome> {
    const { input } = args;
    const agent = this.options.agent;
    const span = this.tracer.startSpan('recover.attempt', {
      attributes: {
        'recover.run.id': input.runId, 'recover.attempt': input.attempt, 'recover.iteration': input.iteration, 'recover.attempt.probe': input.probe,
        ...(input.approach ? { 'recover.fix': input.approach } : {}),
        ...(agent ? { 'gen_ai.operation.name': 'invoke_agent', ...(agent.name ? { 'gen_ai.agent.name': agent.name } : {}), ...(agent.provider ? { 'gen_ai.provider.name': agent.provider } : {}) } : {}),
      },
    }, this.runContext);
    this.endAttempt(null);
    this.attempt = { n: input.attempt, span, failed: false, durationMs: null };
    const outcome = await this.under(input.runId, span, () => work(args));
    if (this.attempt?.span === span) this.attempt.durationMs = outcome.durationMs;
    if (!outcome.ok) {
      const exitCode = outcome.observation.exitCode;
      if (typeof exitCode === 'number') span.setAttribute('process.exit.code', exitCode);
      // The classification comes with the next snapshot (see `observe`), which ends the span.
    } else if (this.attempt?.span === span) {
      this.recordAttempt('success', null, outcome.durationMs);
      this.endAttempt(null);
    }
    return outcome;
  }

  private async program<O>(name: string, attributes: Attributes & { 'recover.run.id'?: string }, work: () => Promise<O>, result: (out: O) => Attributes): Promise<O> {
    const span = this.tracer.startSpan(name, { attributes: { ...attributes, ...(this.runId ? { 'recover.run.id': this.runId } : {}) } }, this.runContext);
    try {
      const out = await this.under(this.runId ?? '', span, work);
      span.setAttributes(result(out));
      return out;
    } catch (error) {
      // An adapter's or diagnoser's error may quote what it was given: exported redacted, as the run records it.
      this.failSpan(span, error instanceof Error ? error.name : 'Error', redactSecrets(error instanceof Error ? error.message : String(error), this.run.redact));
      throw error;
    } finally {
      span.end();
    }
  }

  /** Runs `work` with `span` current: in OpenTelemetry's context and as `TRACEPARENT` of the programs the run spawns. */
  private under<T>(runId: string, span: Span, work: () => Promise<T>): Promise<T> {
    const context = this.api.trace.setSpan(this.runContext, span);
    return withTraceEnv(runId, { TRACEPARENT: traceparentOf(span.spanContext()) }, () => this.api.context.with(context, work));
  }

  private observe(snapshot: SnapshotFrom<RecoveryMachine>): void {
    const c = snapshot.context;
    this.runId ??= c.runId;
    if (this.attempt && c.failure?.attempt === this.attempt.n && !this.attempt.failed) {
      this.attempt.failed = true;
      const { type, category } = c.failure.classification;
      this.attempt.span.setAttributes({ 'recover.failure.type': type, 'recover.failure.category': category, 'error.type': type });
      this.failSpan(this.attempt.span, type, c.failure.classification.evidence?.[0]?.match ?? type);
      this.recordAttempt('failure', c.failure.classification, this.attempt.durationMs);
      this.endAttempt(null);
    }
    const history = c.history;
    let from = history.length;
    while (from > 0 && history[from - 1]!.seq > this.seen) from--;
    for (let i = from; i < history.length; i++) this.onEvent(history[i]!, history);
    this.seen = history.at(-1)?.seq ?? this.seen;
  }

  private onEvent(event: HistoryEvent, history: readonly HistoryEvent[]): void {
    if (event.phase === 'ESCALATE' && event.result === 'escalated') {
      this.runSpan.addEvent('recover.escalation', { 'recover.reason': event.reason ?? 'unknown', 'recover.level': event.level, 'recover.attempt': event.attempt }, Date.parse(event.timestamp));
      this.metrics.escalations.add(1, { 'recover.reason': event.reason ?? 'unknown' });
    } else if (event.phase === 'DECISION') {
      const escalated = [...history].reverse().find((e) => e.seq < event.seq && e.phase === 'ESCALATE' && e.result === 'escalated');
      const decidedAt = Date.parse(event.timestamp);
      const escalatedAt = escalated ? Date.parse(escalated.timestamp) : decidedAt;
      const choice = (event.message ?? '').split(':')[0] || event.result;
      const span = this.tracer.startSpan('recover.decision', {
        startTime: escalatedAt,
        attributes: { 'recover.decision.choice': choice, 'recover.decision.timed_out': event.reason === 'decision_timeout', ...(this.runId ? { 'recover.run.id': this.runId } : {}) },
        links: [{ context: this.runSpan.spanContext(), attributes: { 'recover.link': 'run' } }],
      }, this.runContext);
      span.end(Math.max(decidedAt, escalatedAt));
      this.metrics.decisionLatency.record(Math.max(0, decidedAt - escalatedAt) / 1_000, { 'recover.decision.choice': choice });
    } else if (event.phase === 'RESUME') {
      this.runSpan.addEvent('recover.resume', { 'recover.resume.result': event.result, 'recover.attempt': event.attempt });
    }
  }

  private recordAttempt(outcome: 'success' | 'failure', classification: { type: string } | null, durationMs: number | null): void {
    const attributes: Attributes = { 'recover.attempt.outcome': outcome, ...(classification ? { 'recover.failure.type': classification.type, 'error.type': classification.type } : {}) };
    this.metrics.attempts.add(1, attributes);
    // A watch failure (no heartbeat) ends the attempt without the task's own duration.
    if (durationMs !== null) this.metrics.attemptDuration.record(durationMs / 1_000, { 'recover.attempt.outcome': outcome });
  }

  private endAttempt(status: string | null): void {
    if (!this.attempt) return;
    this.attempt.span.setAttribute('recover.attempt.outcome', status ?? (this.attempt.failed ? 'failure' : 'success'));
    this.attempt.span.end();
    this.attempt = null;
  }

  private failSpan(span: Span, errorType: string, message: string): void {
    span.setAttribute('error.type', errorType);
    span.setStatus({ code: this.api.SpanStatusCode.ERROR, message });
  }

  private endRun(snapshot: SnapshotFrom<RecoveryMachine>, status: RunStatus): void {
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

  private reopenRun(): void {
    const previous = this.runSpan.spanContext();
    this.runSpan = this.tracer.startSpan('recover.run', {
      attributes: { ...RUN_ATTRIBUTES(this.name), ...this.options.attributes, ...(this.runId ? { 'recover.run.id': this.runId } : {}) },
      links: [{ context: previous, attributes: { 'recover.link': 'escalated_run' } }],
    }, this.parent);
    this.runContext = this.api.trace.setSpan(this.parent, this.runSpan);
  }
}

function failureAttributes(classification: { type: string; category: string }): Attributes {
  return { 'recover.failure.type': classification.type, 'recover.failure.category': classification.category };
}
