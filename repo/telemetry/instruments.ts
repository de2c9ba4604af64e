/**
 * The metric instruments of a recovery, made once per meter provider. Names follow the
 * OpenTelemetry conventions: dotted, unit in `unit` (durations in seconds), counters named for
 * what they count.
 */
import type { Counter, Histogram, MeterProvider } from '@opentelemetry/api';
import type { OtelApi } from './api.js';

/** The instrumentation scope every span and instrument is created under. */
export const SCOPE = 'recovery-protocol';

/** One recovery's instruments. */
export interface Instruments {
  /** `recover.runs` {`recover.run.status`}: runs that came to rest, by status. */
  runs: Counter;
  /** `recover.attempts` {`recover.attempt.outcome`, `recover.failure.type`, `error.type`}. */
  attempts: Counter;
  /** `recover.attempt.duration` (s) {`recover.attempt.outcome`}. */
  attemptDuration: Histogram;
  /** `recover.backoff.delay` (s): each wait before a retry. */
  backoffDelay: Histogram;
  /** `recover.escalations` {`recover.reason`}. */
  escalations: Counter;
  /** `recover.decision.latency` (s) {`recover.decision.choice`}: escalation to decision. */
  decisionLatency: Histogram;
  /** `recover.lease.takeovers`: runs taken over from a dead or expired owner (fleet mode). */
  takeovers: Counter;
}

const made = new WeakMap<MeterProvider, Instruments>();

/** The instruments of the global meter provider (made on first use). */
export function instruments(api: OtelApi): Instruments {
  const provider = api.metrics.getMeterProvider();
  let found = made.get(provider);
  if (found) return found;
  const meter = provider.getMeter(SCOPE);
  found = {
    runs: meter.createCounter('recover.runs', { description: 'Recovery runs that came to rest, by status', unit: '{run}' }),
    attempts: meter.createCounter('recover.attempts', { description: 'Attempts, by outcome and failure type', unit: '{attempt}' }),
    attemptDuration: meter.createHistogram('recover.attempt.duration', { description: 'How long an attempt ran', unit: 's' }),
    backoffDelay: meter.createHistogram('recover.backoff.delay', { description: 'Wait before a retry', unit: 's' }),
    escalations: meter.createCounter('recover.escalations', { description: 'Runs escalated to a human, by reason', unit: '{escalation}' }),
    decisionLatency: meter.createHistogram('recover.decision.latency', { description: 'From escalation to the decision', unit: 's' }),
    takeovers: meter.createCounter('recover.lease.takeovers', { description: 'Runs taken over from a dead or expired owner', unit: '{takeover}' }),
  };
  made.set(provider, found);
  return found;
}
