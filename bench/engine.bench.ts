/**
 * npm run bench:engine — what the recovery engine costs per run, next to a bare retry loop
 * calling the same `classify`, p-retry and cockatiel's retry policy doing the same attempts, in
 * three scenarios (zero delays, in memory):
 *   (a) the first attempt succeeds (the fixed cost of starting and stopping a run);
 *   (b) one transient failure (NETWORK), then success: retried unchanged after a 0 ms backoff;
 *   (c) one systematic failure, then success: pause → diagnose → adapt → retry (issue #3's cycle).
 * Each figure is the median of BENCH_ROUNDS interleaved rounds of BENCH_RUNS runs, so the
 * baselines are measured in the same conditions as ours. Then 10,000 concurrent recoveries (b)
 * in one process, wall time and peak RSS, next to p-retry's in the same run. Figures only.
 */
import { handleAll, retry, ConstantBackoff } from 'cockatiel';
import pRetry from 'p-retry';
import { classify } from '../src/classify/index.js';
import { recover, type RecoveryOptions } from '../src/runtime/index.js';
import { fmt, microsPerCall, peakRss } from './measure.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 10_000);

type Scenario = 'ok' | 'transient' | 'systematic';
const transientFailure = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const systematicFailure = () => Object.assign(new Error('AssertionError: expected 200 but got 404'), { name: 'AssertionError' });

/** A task that fails `scenario`'s way once, then passes (or passes at once for 'ok'). */
function task(scenario: Scenario) {
  if (scenario === 'ok') return () => undefined;
  const failure = scenario === 'transient' ? transientFailure : systematicFailure;
  let runs = 0;
  return () => { if (++runs === 1) throw failure(); };
}

// Zero delays everywhere: the transient category's default backoff (5 s, 10 s, 20 s) becomes 0.
const policy = { flakeProbe: false, categories: { transient: { delaysMs: [0] } } } satisfies RecoveryOptions['policy'];
const adapt: RecoveryOptions['adapt'] = () => ({ fix: 'compare status codes as numbers' });
const EXPECTED: Record<Scenario, string> = { ok: 'succeeded', transient: 'recovered', systematic: 'recovered' };

const ours = (s: Scenario) => () => recover(task(s), { adapt, policy });

const bareLoop = (s: Scenario) => async () => {
  const run = task(s);
  for (let attempt = 1; attempt <= 4; attempt++) {
    try { return run(); } catch (error) {
      const c = classify({ error });
      if (c.category === 'fatal') throw error;
    }
  }
};

const cockatielPolicy = retry(handleAll, { maxAttempts: 3, backoff: new ConstantBackoff(0) });
const cockatiel = (s: Scenario) => () => { const run = task(s); return cockatielPolicy.execute(() => run()); };
const pretry = (s: Scenario) => () => { const run = task(s); return pRetry(async () => run(), { retries: 3, minTimeout: 0, maxTimeout: 0 }); };

const CONTENDERS = [
  ['bare loop + classify', bareLoop],
  ['p-retry', pretry],
  ['cockatiel retry', cockatiel],
  ['recovery-protocol', ours],
] as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function main() {
  for (const s of ['ok', 'transient', 'systematic'] as const) {
    const outcome = await ours(s)();
    if (outcome.status !== EXPECTED[s] || outcome.attempts !== (s === 'ok' ? 1 : 2)) throw new Error(`engine bench, ${s}: ${outcome.status} after ${outcome.attempts} attempts`);
  }
  console.log(`bench:engine — ${RUNS} runs × ${ROUNDS} interleaved rounds per figure, median µs/run (Node ${process.version})`);
  console.log('(a) first attempt succeeds · (b) one transient failure, retried after 0 ms · (c) one systematic failure: pause → diagnose → adapt → retry\n');

  const scenarios = ['ok', 'transient', 'systematic'] as const;
  const samples = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of scenarios) {
      for (const [name, make] of CONTENDERS) {
        gc();
        const us = await microsPerCall(make(s), RUNS, round === 0 ? Math.min(1000, RUNS) : 100);
        samples.set(`${name}/${s}`, [...(samples.get(`${name}/${s}`) ?? []), us]);
      }
    }
  }
  const fig = (name: string, s: Scenario) => median(samples.get(`${name}/${s}`)!);

  console.log('what                      (a) µs/run  (b) µs/run  (c) µs/run   (b) × bare');
  for (const [name] of CONTENDERS) {
    console.log(`${name.padEnd(22)} ${fmt(fig(name, 'ok'), 1, 12)}${fmt(fig(name, 'transient'), 1, 12)}${fmt(fig(name, 'systematic'), 1, 12)}${fmt(fig(name, 'transient') / fig(CONTENDERS[0][0], 'transient'), 1, 12)}`);
  }
  const bare = CONTENDERS[0][0];
  const us = 'recovery-protocol';
  const over = (s: Scenario) => fig(us, s) - fig(bare, s);
  console.log(`\nengine overhead (recovery-protocol − bare loop):`);
  console.log(`  (a) per run, first attempt passes:            ${over('ok').toFixed(1)} µs`);
  console.log(`  (b) per run with one transient recovery:      ${over('transient').toFixed(1)} µs  → per recovery cycle beyond (a): ${(over('transient') - over('ok')).toFixed(1)} µs`);
  console.log(`  (c) per run with one adapt cycle:             ${over('systematic').toFixed(1)} µs  → per recovery cycle beyond (a): ${(over('systematic') - over('ok')).toFixed(1)} µs`);
  console.log('  (aim: ≤ 50 µs engine overhead per recovery cycle)');

  // Concurrency: p-retry first, so its heap does not include ours; a GC between the two.
  console.log(`\n${CONCURRENT} concurrent runs of (b), all started at once:`);
  for (const [name, make] of [['p-retry', pretry], ['recovery-protocol', ours]] as const) {
    gc();
    const rssBefore = process.memoryUsage().rss / 1024 / 1024;
    const start = process.hrtime.bigint();
    const cpuStart = process.cpuUsage();
    const run: () => Promise<unknown> = make('transient');
    const { result, peakMb } = await peakRss(() => Promise.all(Array.from({ length: CONCURRENT }, run)));
    const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
    const cpu = process.cpuUsage(cpuStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const done = name === 'recovery-protocol' ? (result as Array<{ status: string }>).filter((o) => o.status === 'recovered').length : result.length;
    console.log(`  ${name.padEnd(18)} ${fmt(wallMs, 0, 7)} ms wall (${cpuMs.toFixed(0)} ms CPU, GC threads included), peak RSS ${fmt(peakMb, 0, 4)} MB (RSS before ${rssBefore.toFixed(0)} MB)${name === 'recovery-protocol' ? `, ${done} recovered (aim < 300 MB)` : ''}`);
  }
}

await main();
