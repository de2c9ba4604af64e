/**
 * npm run bench:telemetry — what OpenTelemetry costs a `recover()` run, in four settings measured
 * in interleaved rounds (each figure the median of BENCH_ROUNDS rounds of BENCH_RUNS runs):
 *   baseline  `telemetry: { enabled: false }`: the api is never consulted;
 *   off       the api installed, no provider registered (the default for a library user);
 *   no-op     a registered provider whose spans do not record and whose meter is the api's no-op;
 *   sdk       the real SDK: BasicTracerProvider + SimpleSpanProcessor + InMemorySpanExporter,
 *             MeterProvider + an in-memory metric exporter, the async-hooks context manager.
 * Two scenarios, zero delays, in memory: the first attempt passes; one systematic failure, then
 * pause → diagnose → adapt → retry → success (run, 2 attempts and an adapt span). Figures only.
 * Time is this process's CPU time (user + system, `process.cpuUsage`), not wall time: on a shared
 * machine the wall clock also counts the time other processes held the cores. The load still
 * drifts between rounds, so the ratio to the baseline is taken within each round (settings
 * measured back to back) and its median and range over the rounds printed: the range says how
 * much of a ratio is noise. Last, the check itself that a run makes with telemetry off (and no
 * fix memory), `runExtensions`, timed alone against the baseline run it is part of.
 */
import { context, createNoopMeter, INVALID_SPAN_CONTEXT, metrics, trace, type MeterProvider, type TracerProvider } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider as SdkMeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { recover, type RecoveryOptions } from '../src/runtime/index.js';
import { realClock } from '../src/runtime/clock.js';
import { runExtensions } from '../src/runtime/run-extensions.js';
import { fmt } from './measure.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

type Setting = 'baseline' | 'off' | 'no-op' | 'sdk';
type Scenario = 'ok' | 'systematic';

const noopTracerProvider: TracerProvider = {
  getTracer: () => ({
    startSpan: () => trace.wrapSpanContext(INVALID_SPAN_CONTEXT),
    startActiveSpan: ((_name: string, ...rest: unknown[]) => (rest.at(-1) as (s: unknown) => unknown)(trace.wrapSpanContext(INVALID_SPAN_CONTEXT))) as never,
  }),
};
const noopMeterProvider: MeterProvider = { getMeter: () => createNoopMeter() };

const spans = new InMemorySpanExporter();
const sdkTracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
const sdkMeter = new SdkMeterProvider({
  readers: [new PeriodicExportingMetricReader({ exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE), exportIntervalMillis: 3_600_000 })],
});
const contextManager = new AsyncLocalStorageContextManager();

function use(setting: Setting): void {
  trace.disable();
  metrics.disable();
  context.disable();
  if (setting === 'no-op') {
    trace.setGlobalTracerProvider(noopTracerProvider);
    metrics.setGlobalMeterProvider(noopMeterProvider);
  } else if (setting === 'sdk') {
    context.setGlobalContextManager(contextManager.enable());
    trace.setGlobalTracerProvider(sdkTracer);
    metrics.setGlobalMeterProvider(sdkMeter);
  }
}

function run(scenario: Scenario, setting: Setting): () => Promise<unknown> {
  const options: RecoveryOptions = {
    policy: { maxDelayMs: 0, jitterSeed: 1 },
    adapt: () => ({ fix: 'use the other endpoint', confidence: 0.9 }),
    ...(setting === 'baseline' ? { telemetry: { enabled: false } } : {}),
  };
  return () => {
    let calls = 0;
    return recover(() => {
      if (scenario === 'systematic' && calls++ === 0) throw Object.assign(new Error('AssertionError: expected 200 but got 404'), { name: 'AssertionError' });
    }, options);
  };
}

/** CPU µs per call of `fn` (after a warm-up), this process's user + system time. */
async function cpuMicrosPerCall(fn: () => unknown, iterations: number, warmup: number): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / iterations;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const SETTINGS: Setting[] = ['baseline', 'off', 'no-op', 'sdk'];
const baselines = new Map<Scenario, number[]>();
console.log(`recover() with telemetry: ${RUNS} runs × ${ROUNDS} interleaved rounds, median CPU µs/run (median ratio to the baseline of the same round)\n`);
for (const scenario of ['ok', 'systematic'] as const) {
  const samples = new Map<Setting, number[]>(SETTINGS.map((s) => [s, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate the order each round so no setting always runs warm or cold.
    for (const setting of SETTINGS.map((_, i) => SETTINGS[(i + round) % SETTINGS.length]!)) {
      use(setting);
      samples.get(setting)!.push(await cpuMicrosPerCall(run(scenario, setting), RUNS, Math.min(200, RUNS)));
      spans.reset();
    }
  }
  const base = samples.get('baseline')!;
  baselines.set(scenario, base);
  console.log(`scenario: ${scenario === 'ok' ? 'first attempt passes' : 'systematic failure → adapt → success'}`);
  for (const setting of SETTINGS) {
    const own = samples.get(setting)!;
    const ratios = own.map((m, round) => m / base[round]!);
    const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    console.log(`  ${setting.padEnd(9)} ${fmt(median(own))} µs/run   ×${median(ratios).toFixed(3)} (per round ${range})`);
  }
  console.log('');
}
use('off');
// The whole of what telemetry off adds to a run: one call deciding there is nothing to add.
const CHECKS = RUNS * 100;
const checks: number[] = [];
for (let round = 0; round < ROUNDS; round++) checks.push(await cpuMicrosPerCall(() => runExtensions({}, realClock, []), CHECKS, CHECKS / 10));
const offCheck = median(checks);
const okBaseline = median(baselines.get('ok')!);
console.log(`telemetry off, the check alone (runExtensions, no provider): ${fmt(offCheck * 1_000, 0)} ns/run = ${((offCheck / okBaseline) * 100).toFixed(3)} % of a baseline run (first attempt passes)`);
await sdkTracer.shutdown();
await sdkMeter.shutdown();
