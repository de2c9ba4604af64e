/**
 * What only the actor's snapshots tell a run's telemetry: an attempt's classification (which
 * ends its span), escalations and resumes (events on the run span), decisions (a span from the
 * escalation to the decision), and the run's rest or interruption (which ends the run span).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import type { HistoryEvent } from '../taxonomy/history.js';
import type { RunStatus } from '../taxonomy/run-status.js';
import type { RunSpans } from './run-span.js';

/** Watches `actor` (call before `start`); `restingStatus` says what a snapshot stands for. */
export function watchRun(spans: RunSpans, actor: ActorRefFrom<RecoveryMachine>, restingStatus: (snapshot: SnapshotFrom<RecoveryMachine>) => RunStatus): void {
  const context = actor.getSnapshot().context;
  const seen = { through: context.history.at(-1)?.seq ?? 0 };
  spans.runId = context.runId;
  spans.runSpan.setAttribute('recover.run.id', context.runId);
  // A restored run may already rest (escalated, waiting for the decision this process brings):
  // the span ends at a rest reached here, or when the actor stops, as whatever it is then.
  const restoredThrough = seen.through;
  let last = actor.getSnapshot();
  let rested = false;
  actor.subscribe({
    next: (snapshot) => {
      last = snapshot;
      observe(spans, snapshot, seen);
      const status = restingStatus(snapshot);
      const progressed = (snapshot.context.history.at(-1)?.seq ?? 0) > restoredThrough;
      if (status !== 'running' && !rested && (progressed || snapshot.status === 'done')) {
        rested = true;
        spans.endRun(snapshot, status);
      } else if (status === 'running' && rested) {
        // Decided in this process and going on: the work continues in a new run span.
        rested = false;
        spans.reopenRun();
      }
    },
    complete: () => {
      if (rested) return;
      rested = true;
      const status = restingStatus(last);
      if (status !== 'running') return spans.endRun(last, status);
      spans.endAttempt('interrupted');
      spans.runSpan.setAttribute('recover.run.status', 'interrupted');
      spans.runSpan.end();
    },
  });
}

/** Ends a failed attempt's span with its classification, and turns history events not yet seen into telemetry. */
function observe(spans: RunSpans, snapshot: SnapshotFrom<RecoveryMachine>, seen: { through: number }): void {
  const c = snapshot.context;
  spans.runId ??= c.runId;
  if (spans.attempt && c.failure?.attempt === spans.attempt.n && !spans.attempt.failed) {
    spans.attempt.failed = true;
    const { type, category } = c.failure.classification;
    spans.attempt.span.setAttributes({ 'recover.failure.type': type, 'recover.failure.category': category, 'error.type': type });
    spans.failSpan(spans.attempt.span, type, c.failure.classification.evidence?.[0]?.match ?? type);
    spans.recordAttempt('failure', c.failure.classification, spans.attempt.durationMs);
    spans.endAttempt(null);
  }
  const history = c.history;
  let from = history.length;
  while (from > 0 && history[from - 1]!.seq > seen.through) from--;
  for (let i = from; i < history.length; i++) onEvent(spans, history[i]!, history);
  seen.through = history.at(-1)?.seq ?? seen.through;
}

function onEvent(spans: RunSpans, event: HistoryEvent, history: readonly HistoryEvent[]): void {
  if (event.phase === 'ESCALATE' && event.result === 'escalated') {
    spans.runSpan.addEvent('recover.escalation', { 'recover.reason': event.reason ?? 'unknown', 'recover.level': event.level, 'recover.attempt': event.attempt }, Date.parse(event.timestamp));
    spans.metrics.escalations.add(1, { 'recover.reason': event.reason ?? 'unknown' });
  } else if (event.phase === 'DECISION') {
    const escalated = [...history].reverse().find((e) => e.seq < event.seq && e.phase === 'ESCALATE' && e.result === 'escalated');
    const decidedAt = Date.parse(event.timestamp);
    const escalatedAt = escalated ? Date.parse(escalated.timestamp) : decidedAt;
    const choice = (event.message ?? '').split(':')[0] || event.result;
    const span = spans.tracer.startSpan('recover.decision', {
      startTime: escalatedAt,
      attributes: { 'recover.decision.choice': choice, 'recover.decision.timed_out': event.reason === 'decision_timeout', ...(spans.runId ? { 'recover.run.id': spans.runId } : {}) },
      links: [{ context: spans.runSpan.spanContext(), attributes: { 'recover.link': 'run' } }],
    }, spans.runContext);
    span.end(Math.max(decidedAt, escalatedAt));
    spans.metrics.decisionLatency.record(Math.max(0, decidedAt - escalatedAt) / 1_000, { 'recover.decision.choice': choice });
  } else if (event.phase === 'RESUME') {
    spans.runSpan.addEvent('recover.resume', { 'recover.resume.result': event.result, 'recover.attempt': event.attempt });
  }
}
