/**
 * Telemetry through the library: an application registers the SDK (exporting OTLP/HTTP to a real
 * receiver on 127.0.0.1) and calls `recover()` inside its own span; a real command, adapter and
 * diagnoser run. What arrives is decoded and checked: names, parent/child links, attributes, and
 * the TRACEPARENT each program saw.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adapterCommand, diagnoserCommand } from '../../src/runtime/program-hooks.js';
import { commandTask } from '../../src/runtime/command.js';
import { recover } from '../../src/runtime/recovery.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';
import { registerSdk } from './sdk.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

let receiver: OtlpReceiver;
beforeEach(async () => {
  receiver = await startOtlpReceiver();
});
afterEach(async () => {
  await receiver.close();
});

const byName = (spans: ReceivedSpan[], name: string) => spans.filter((s) => s.name === name);
const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n');

describe('recover() with a registered SDK', () => {
  it('exports the run, its attempts, diagnosis and adaptation as one trace under the caller\'s span', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'telemetry-lib-'));
    const taskLog = join(cwd, 'task.log');
    const hookLog = join(cwd, 'hooks.log');
    const sdk = registerSdk(receiver.endpoint);
    let stepTraceId = '';
    let stepSpanId = '';
    const outcome = await sdk.tracer.startActiveSpan('agent.step', async (step) => {
      stepTraceId = step.spanContext().traceId;
      stepSpanId = step.spanContext().spanId;
      try {
        return await recover(commandTask(process.execPath, [join(FIXTURES, 'traced-task.mjs'), taskLog], { cwd }), {
          name: 'serve', policy: { maxDelayMs: 5 },
          adapt: adapterCommand([process.execPath, join(FIXTURES, 'traced-hook.mjs'), hookLog], { cwd }),
          diagnose: diagnoserCommand([process.execPath, join(FIXTURES, 'traced-hook.mjs'), hookLog], { cwd }),
          telemetry: { agent: { name: 'coder', provider: 'anthropic' } },
        });
      } finally {
        step.end();
      }
    });
    await sdk.stop();
    expect(outcome.status).toBe('recovered');

    const spans = receiver.spans;
    expect([...receiver.contentTypes]).toContain('application/json');
    const [run] = byName(spans, 'recover.run');
    expect(run).toBeDefined();
    // The run joins the caller's trace, under the caller's span.
    expect(run!.traceId).toBe(stepTraceId);
    expect(run!.parentSpanId).toBe(stepSpanId);
    expect(run!.attributes).toMatchObject({
      'recover.run.id': outcome.runId, 'recover.run.name': 'serve', 'recover.run.status': 'recovered',
      'recover.run.attempts': 2, 'recover.level': outcome.level,
    });
    expect(run!.resource['service.name']).toBe('library-test');

    const attempts = byName(spans, 'recover.attempt').sort((a, b) => Number(a.attributes['recover.attempt']) - Number(b.attributes['recover.attempt']));
    expect(attempts.map((a) => a.attributes['recover.attempt'])).toEqual([1, 2]);
    for (const a of attempts) {
      expect(a.parentSpanId).toBe(run!.spanId);
      expect(a.traceId).toBe(stepTraceId);
      expect(a.attributes['gen_ai.operation.name']).toBe('invoke_agent');
      expect(a.attributes['gen_ai.agent.name']).toBe('coder');
    }
    expect(attempts[0]!.attributes).toMatchObject({
      'recover.attempt.outcome': 'failure', 'recover.failure.type': 'CLI_CRASH', 'recover.failure.category': 'systematic',
      'error.type': 'CLI_CRASH', 'process.exit.code': 1,
    });
    expect(attempts[0]!.status.code).toBe(2); // STATUS_CODE_ERROR
    expect(attempts[1]!.attributes['recover.attempt.outcome']).toBe('success');
    expect(attempts[1]!.attributes['recover.fix']).toBe('set server.port in config');
    expect(attempts[1]!.attributes['error.type']).toBeUndefined();

    const [diagnose] = byName(spans, 'recover.diagnose');
    expect(diagnose!.parentSpanId).toBe(run!.spanId);
    expect(diagnose!.attributes).toMatchObject({ 'recover.diagnose.hypotheses': 1, 'recover.confidence': 0.8, 'recover.failure.type': 'CLI_CRASH' });
    const [adapt] = byName(spans, 'recover.adapt');
    expect(adapt!.parentSpanId).toBe(run!.spanId);
    expect(adapt!.attributes).toMatchObject({ 'recover.fix': 'set server.port in config', 'recover.confidence': 0.9 });

    // Each program saw TRACEPARENT naming the span it ran under, in the run's trace.
    const tp = (span: ReceivedSpan) => `00-${span.traceId}-${span.spanId}-01`;
    expect(lines(taskLog)).toEqual(attempts.map(tp));
    const hooks = lines(hookLog).map((l) => JSON.parse(l) as { phase: string; traceparent: string });
    expect(hooks).toEqual([
      { phase: 'DIAGNOSE', traceparent: tp(diagnose!), knownFixes: null },
      { phase: 'ADAPT', traceparent: tp(adapt!), knownFixes: null },
    ]);

    for (const name of ['recover.runs', 'recover.attempts', 'recover.attempt.duration']) expect(receiver.metricNames.has(name)).toBe(true);
    expect(receiver.points('recover.runs')).toEqual([{ attributes: { 'recover.run.status': 'recovered' }, value: 1 }]);
    expect(receiver.points('recover.attempts').map((p) => p.attributes['recover.attempt.outcome']).sort()).toEqual(['failure', 'success']);
  });

  it('exports the run\'s name and a failing adapter\'s error redacted: built-in secrets and the run\'s own patterns', async () => {
    const sdk = registerSdk(receiver.endpoint);
    const token = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB';
    const outcome = await recover((ctx) => {
      if (!ctx.approach) throw new Error('AssertionError: expected 200 but got 404');
    }, {
      name: `deploy --token ${token}`, policy: { maxDelayMs: 1 }, redact: ['internal-[a-z]+'],
      adapt: () => {
        throw new Error(`adapter refused: GITHUB_TOKEN=${token} for internal-billing`);
      },
    });
    await sdk.stop();
    expect(outcome.status).toBe('escalated');
    const adapt = receiver.spans.filter((s) => s.name === 'recover.adapt');
    expect(adapt.length).toBeGreaterThan(0);
    for (const span of adapt) {
      expect(span.status.code).toBe(2);
      expect(span.status.message).toContain('adapter refused');
      expect(span.status.message).not.toContain(token.slice(4));
      expect(span.status.message).not.toContain('internal-billing');
    }
    expect(receiver.spans.find((s) => s.name === 'recover.run')!.attributes['recover.run.name']).toMatch(/^deploy --token /);
    expect(JSON.stringify(receiver.spans)).not.toContain(token.slice(4));
  });

  it('records a backoff wait as an event of the run and in the backoff histogram', async () => {
    const sdk = registerSdk(receiver.endpoint);
    let calls = 0;
    const outcome = await recover(() => {
      if (calls++ === 0) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    }, { policy: { types: { NETWORK: { delaysMs: [15] } } } });
    await sdk.stop();
    expect(outcome.status).toBe('recovered');
    const run = receiver.spans.find((s) => s.name === 'recover.run')!;
    const waits = run.events.filter((e) => e.name === 'recover.backoff');
    expect(waits).toHaveLength(1);
    // What was left of the 15 ms delay when the wait began: never more than the delay.
    expect(waits[0]!.attributes['recover.backoff.delay_ms']).toBeLessThanOrEqual(15);
    expect(receiver.points('recover.backoff.delay')).toEqual([{ attributes: {}, value: 1 }]);
    expect(receiver.spans.filter((s) => s.name === 'recover.attempt').map((s) => s.attributes['recover.failure.type'] ?? null).sort()).toEqual(['NETWORK', null]);
  });
});
