/**
 * The I/O slots of a run, each program under its span (`recover.attempt`, `recover.diagnose`,
 * `recover.adapt`, `recover.rollback`) with `TRACEPARENT` set for what it spawns; a backoff is an
 * event on the run span.
 */
import type { Attributes } from '@opentelemetry/api';
import type { ActorRefFrom } from 'xstate';
import type { RecoveryMachine, RecoverySlots } from '../../machines/recovery.machine.js';
import type { SlotWork } from '../../machines/shared.js';
import type { AttemptOutcome } from '../../machines/recovery/types.js';
import { redactSecrets } from '../redact/index.js';
import type { TelemetryOptions } from './options.js';
import type { RunSpans } from './run-span.js';

/** The I/O slots' work, as `slotWork` in `src/runtime/actors.ts` makes it. */
export type Slots = SlotWork<RecoverySlots>;

/** What the wrapped slots need besides the spans: the run's clock, secrets, and its actor once attached. */
export interface SlotSpansInput {
  now: () => number;
  redact: readonly RegExp[];
  actor: () => ActorRefFrom<RecoveryMachine> | null;
}

/** `slots`, each running under its span. */
export function wrapSlots(spans: RunSpans, options: TelemetryOptions, run: SlotSpansInput, slots: Slots): Slots {
  return {
    runTask: (args) => runAttempt(spans, options, slots.runTask, args),
    sleepUntil: (args) => {
      // The same slot serves an escalation's decision timeout: that wait is not a backoff.
      if (run.actor()?.getSnapshot().matches('escalated')) return slots.sleepUntil(args);
      const delayMs = Math.max(0, args.input.until - run.now());
      spans.runSpan.addEvent('recover.backoff', { 'recover.backoff.delay_ms': delayMs, 'recover.backoff.until': new Date(args.input.until).toISOString() });
      spans.metrics.backoffDelay.record(delayMs / 1_000);
      return slots.sleepUntil(args);
    },
    diagnose: (args) => program(spans, run, 'recover.diagnose', {
      'recover.iteration': args.input.iteration, 'recover.diagnose.round': args.input.round, ...failureAttributes(args.input.failure.classification),
    }, () => slots.diagnose(args), (out) => ({
      'recover.diagnose.hypotheses': out.hypotheses.length,
      'recover.confidence': Math.max(0, ...out.hypotheses.map((h) => h.confidence)),
    })),
    adapt: (args) => program(spans, run, 'recover.adapt', {
      'recover.iteration': args.input.iteration, 'recover.level': args.input.level, ...failureAttributes(args.input.failure.classification),
    }, () => slots.adapt(args), (out) => (out && out.fix !== null
      ? { 'recover.fix': out.fix, ...(out.confidence !== undefined ? { 'recover.confidence': out.confidence } : {}) }
      : { 'recover.adapt.result': 'no_alternative' })),
    rollback: (args) => program(spans, run, 'recover.rollback', {
      'recover.rollback.reason': args.input.reason,
    }, () => slots.rollback(args), (out) => ({ 'recover.rollback.restored': out.restored })),
  };
}

async function runAttempt(spans: RunSpans, options: TelemetryOptions, work: Slots['runTask'], args: Parameters<Slots['runTask']>[0]): Promise<AttemptOutcome> {
  const { input } = args;
  const agent = options.agent;
  const span = spans.tracer.startSpan('recover.attempt', {
    attributes: {
      'recover.run.id': input.runId, 'recover.attempt': input.attempt, 'recover.iteration': input.iteration, 'recover.attempt.probe': input.probe,
      ...(input.approach ? { 'recover.fix': input.approach } : {}),
      ...(agent ? { 'gen_ai.operation.name': 'invoke_agent', ...(agent.name ? { 'gen_ai.agent.name': agent.name } : {}), ...(agent.provider ? { 'gen_ai.provider.name': agent.provider } : {}) } : {}),
    },
  }, spans.runContext);
  spans.endAttempt(null);
  spans.attempt = { n: input.attempt, span, failed: false, durationMs: null };
  const outcome = await spans.under(input.runId, span, () => work(args));
  if (spans.attempt?.span === span) spans.attempt.durationMs = outcome.durationMs;
  if (!outcome.ok) {
    const exitCode = outcome.observation.exitCode;
    if (typeof exitCode === 'number') span.setAttribute('process.exit.code', exitCode);
    // The classification comes with the next snapshot (see `observe` in run-events.ts), which ends the span.
  } else if (spans.attempt?.span === span) {
    spans.recordAttempt('success', null, outcome.durationMs);
    spans.endAttempt(null);
  }
  return outcome;
}

async function program<O>(spans: RunSpans, run: SlotSpansInput, name: string, attributes: Attributes & { 'recover.run.id'?: string }, work: () => Promise<O>, result: (out: O) => Attributes): Promise<O> {
  const span = spans.tracer.startSpan(name, { attributes: { ...attributes, ...(spans.runId ? { 'recover.run.id': spans.runId } : {}) } }, spans.runContext);
  try {
    const out = await spans.under(spans.runId ?? '', span, work);
    span.setAttributes(result(out));
    return out;
  } catch (error) {
    // An adapter's or diagnoser's error may quote what it was given: exported redacted, as the run records it.
    spans.failSpan(span, error instanceof Error ? error.name : 'Error', redactSecrets(error instanceof Error ? error.message : String(error), run.redact));
    throw error;
  } finally {
    span.end();
  }
}

function failureAttributes(classification: { type: string; category: string }): Attributes {
  return { 'recover.failure.type': classification.type, 'recover.failure.category': classification.category };
}
