/**
 * The built CLI with OTEL_EXPORTER_OTLP_ENDPOINT set: `recover run` exports its spans to a real
 * OTLP/HTTP receiver on 127.0.0.1, under the TRACEPARENT it was started with, and hands each
 * program the TRACEPARENT of its span. The same runs feed the fix memory: `recover fixes` lists
 * it, `recover run --reuse-fixes` reuses it without the adapter, `recover stats` shows the hit rate.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../telemetry/otlp-receiver.js';
import { recoverAsync, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const TASK = join(FIXTURES, 'traced-task.mjs');
const HOOK = join(FIXTURES, 'traced-hook.mjs');
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

let receiver: OtlpReceiver;
beforeAllBuilt();
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n');
const tp = (span: ReceivedSpan) => `00-${span.traceId}-${span.spanId}-01`;

describe('recover run with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const store = mkdtempSync(join(tmpdir(), 'telemetry-store-'));
  const run = (cwd: string, extra: string[] = []) => recoverAsync(cwd, [
    'run', '--json', '--store', store, ...extra,
    '--adapter', `${process.execPath} ${HOOK} hooks.log`, '--diagnoser', `${process.execPath} ${HOOK} hooks.log`,
    '--', process.execPath, TASK, 'task.log',
  ], 60_000, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, TRACEPARENT: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`, OTEL_SERVICE_NAME: '' });

  it('exports the run under the caller\'s trace, and every program joins it', async () => {
    const cwd = tempCwd();
    const result = await run(cwd);
    expect(result.status, result.stderr).toBe(0);
    const outcome = JSON.parse(result.stdout) as { runId: string; status: string };
    expect(outcome.status).toBe('recovered');

    const spans = receiver.spans.filter((s) => s.traceId === CALLER_TRACE);
    const run1 = spans.find((s) => s.name === 'recover.run')!;
    expect(run1.parentSpanId).toBe(CALLER_SPAN);
    expect(run1.resource['service.name']).toBe('recover');
    expect(run1.attributes).toMatchObject({ 'recover.run.id': outcome.runId, 'recover.run.status': 'recovered', 'recover.run.attempts': 2 });
    const attempts = spans.filter((s) => s.name === 'recover.attempt').sort((a, b) => Number(a.attributes['recover.attempt']) - Number(b.attributes['recover.attempt']));
    expect(attempts.map((a) => [a.parentSpanId, a.attributes['recover.attempt.outcome']])).toEqual([[run1.spanId, 'failure'], [run1.spanId, 'success']]);
    expect(attempts[0]!.attributes).toMatchObject({ 'process.exit.code': 1, 'error.type': 'CLI_CRASH' });
    const diagnose = spans.find((s) => s.name === 'recover.diagnose')!;
    const adapt = spans.find((s) => s.name === 'recover.adapt')!;
    expect([diagnose.parentSpanId, adapt.parentSpanId]).toEqual([run1.spanId, run1.spanId]);

    // The command saw TRACEPARENT with the run's trace id, naming its attempt's span.
    expect(lines(join(cwd, 'task.log'))).toEqual(attempts.map(tp));
    expect(lines(join(cwd, 'task.log')).every((line) => line.includes(CALLER_TRACE))).toBe(true);
    expect(lines(join(cwd, 'hooks.log')).map((l) => JSON.parse(l) as unknown)).toEqual([
      { phase: 'DIAGNOSE', traceparent: tp(diagnose), knownFixes: null },
      { phase: 'ADAPT', traceparent: tp(adapt), knownFixes: [] },
    ]);
    expect(receiver.metricNames.has('recover.runs')).toBe(true);
  });

  it('remembers the fix; --reuse-fixes recovers the next run with it without the adapter; fixes and stats show it', async () => {
    const cwd = tempCwd();
    const result = await run(cwd, ['--reuse-fixes']);
    expect(result.status, result.stderr).toBe(0);
    // The diagnoser ran; the adapter did not: the remembered fix was handed to the command.
    expect(lines(join(cwd, 'hooks.log')).map((l) => (JSON.parse(l) as { phase: string }).phase)).toEqual(['DIAGNOSE']);
    expect(lines(join(cwd, 'task.log'))).toHaveLength(2);

    const fixes = await recoverAsync(cwd, ['fixes', '--json', '--store', store]);
    expect(fixes.status, fixes.stderr).toBe(0);
    expect(JSON.parse(fixes.stdout)).toEqual([expect.objectContaining({ type: 'CLI_CRASH', fix: 'set server.port in config', worked: 2, failed: 0 })]);
    const stats = await recoverAsync(cwd, ['stats', '--json', '--store', store]);
    expect((JSON.parse(stats.stdout) as { fixMemory: unknown }).fixMemory).toEqual({ entries: 1, signatures: 1, lookups: 2, hits: 1, hitRate: 0.5, reused: 1 });
  });

  it('a damaged fixes.json: recover fixes exits 74 naming the file and leaves it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'telemetry-bad-'));
    writeFileSync(join(dir, 'fixes.json'), '{"version": 1');
    const result = await recoverAsync(dir, ['fixes', '--store', dir]);
    expect(result.status).toBe(74);
    expect(result.stderr).toContain(`fix memory ${join(dir, 'fixes.json')}: not valid JSON`);
    expect(readFileSync(join(dir, 'fixes.json'), 'utf8')).toBe('{"version": 1');
  });
});

describe('recover run with the collector down', () => {
  it('does not wait on the exporters past the shutdown bound: a note, and the run\'s own exit code', async () => {
    const { createServer } = await import('node:net');
    // A port that was bound and closed: nothing listens, every export is refused.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as { port: number };
        server.close(() => resolve(p));
      });
    });
    const result = await recoverAsync(tempCwd(), ['run', '--', process.execPath, '-e', '0'], 60_000, { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`telemetry export did not finish within 2000 ms \\(is the collector at http://127\\.0\\.0\\.1:${port} reachable\\?\\)`));
  });
});
