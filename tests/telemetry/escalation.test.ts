/**
 * Escalation and decision telemetry: a persisted run escalates in one "process" (its run span
 * ends in error with an escalation event), a decision resumes it later: the decision span covers
 * the wait, and the resumed run span links back to the run span that escalated. All exported to
 * a real OTLP/HTTP receiver.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recoverPersisted, resume } from '../../src/runtime/persisted.js';
import { memoryStore } from '../../src/store/memory-store.js';
import { startOtlpReceiver, type OtlpReceiver } from './otlp-receiver.js';
import { registerSdk } from './sdk.js';

let receiver: OtlpReceiver;
beforeEach(async () => {
  receiver = await startOtlpReceiver();
});
afterEach(async () => {
  await receiver.close();
});

const unauthorized = () => {
  throw Object.assign(new Error('HTTP 401 Unauthorized'), { status: 401 });
};

describe('escalation and decision', () => {
  it('ends the escalated run in error, and links the decision to it', async () => {
    const store = memoryStore();
    let sdk = registerSdk(receiver.endpoint);
    const escalated = await recoverPersisted(unauthorized, { store, name: 'deploy' });
    await sdk.stop();
    expect(escalated.status).toBe('escalated');
    const first = receiver.spans.find((s) => s.name === 'recover.run')!;
    expect(first.attributes).toMatchObject({ 'recover.run.status': 'escalated', 'recover.reason': escalated.reason!, 'error.type': escalated.reason! });
    expect(first.status.code).toBe(2);
    expect(first.events.find((e) => e.name === 'recover.escalation')!.attributes).toMatchObject({ 'recover.reason': escalated.reason! });
    expect((await store.load(escalated.runId))!.meta.traceparent).toBe(`00-${first.traceId}-${first.spanId}-01`);

    sdk = registerSdk(receiver.endpoint);
    const decided = await resume(escalated.runId, { store, task: unauthorized, decision: { choice: 'skip' } });
    await sdk.stop();
    expect(decided.status).toBe('skipped');
    const second = receiver.spans.filter((s) => s.name === 'recover.run').find((s) => s.spanId !== first.spanId)!;
    expect(second.links).toEqual([{ traceId: first.traceId, spanId: first.spanId, attributes: { 'recover.link': 'earlier_process' } }]);
    expect(second.attributes['recover.run.status']).toBe('skipped');
    const decision = receiver.spans.find((s) => s.name === 'recover.decision')!;
    expect(decision.parentSpanId).toBe(second.spanId);
    expect(decision.attributes).toMatchObject({ 'recover.decision.choice': 'skip', 'recover.run.id': escalated.runId });
    expect(receiver.points('recover.decision.latency')).toEqual([{ attributes: { 'recover.decision.choice': 'skip' }, value: 1 }]);
    expect(receiver.points('recover.runs')).toEqual([{ attributes: { 'recover.run.status': 'skipped' }, value: 1 }]);
  });

  it('counts escalations by reason', async () => {
    const sdk = registerSdk(receiver.endpoint);
    const outcome = await recoverPersisted(unauthorized, { store: memoryStore() });
    await sdk.stop();
    expect(receiver.points('recover.escalations')).toEqual([{ attributes: { 'recover.reason': outcome.reason! }, value: 1 }]);
  });
});
