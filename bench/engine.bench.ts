/**
 * npm run bench:engine — full recovery cycles per second (fail → pause → diagnose → adapt →
 * retry → success, zero delays, in memory) next to a bare retry loop calling the same
 * `classify`, cockatiel's retry policy and p-retry doing the same two attempts; then 10,000
 * concurrent recoveries in one process (wall time, peak RSS). Figures only.
 */
import { handleAll, retry, ConstantBackoff } from 'cockatiel';
import pRetry from 'p-retry';
import { classify } from '../src/classify/index.js';
import { recover } from '../src/runtime/index.js';
import { fmt, microsPerCall, peakRss } from './measure.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5000);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 10_000);
const failure = () => Object.assign(new Error('AssertionError: expected 200 but got 404'), { name: 'AssertionError' });

/** A task that fails once, then passes: exactly one recovery iteration. */
function failsOnce() {
  let runs = 0;
  return () => { if (++runs === 1) throw failure(); };
}

const engine = () => recover(failsOnce(), { adapt: () => ({ fix: 'compare status codes as numbers' }), policy: { flakeProbe: false } });

async function bareLoop() {
  const task = failsOnce();
  for (let attempt = 1; attempt <= 4; attempt++) {
    try { return task(); } catch (error) {
      const c = classify({ error });
      if (c.category === 'fatal') throw error;
    }
  }
}

const cockatielPolicy = retry(handleAll, { maxAttempts: 3, backoff: new ConstantBackoff(0) });
const cockatiel = () => { const task = failsOnce(); return cockatielPolicy.execute(() => task()); };
const pretry = () => { const task = failsOnce(); return pRetry(async () => task(), { retries: 3, minTimeout: 0, maxTimeout: 0 }); };

async function main() {
  const outcome = await engine();
  if (outcome.status !== 'recovered') throw new Error(`engine bench task did not recover: ${outcome.status}`);
  console.log(`bench:engine — one recovered run = 2 attempts, 1 iteration; ${RUNS} runs each (Node ${process.version})\n`);
  const rows: Array<[string, number]> = [
    ['bare loop + classify', await microsPerCall(bareLoop, RUNS)],
    ['cockatiel retry', await microsPerCall(cockatiel, RUNS)],
    ['p-retry', await microsPerCall(pretry, RUNS)],
    ['recovery-protocol', await microsPerCall(engine, RUNS)],
  ];
  const bare = rows[0]![1];
  console.log('what                      µs/run   runs/s    × bare loop');
  for (const [name, us] of rows) console.log(`${name.padEnd(22)} ${fmt(us, 1, 9)} ${fmt(1e6 / us, 0, 9)} ${fmt(us / bare, 1, 10)}`);
  const ours = rows[3]![1];
  console.log(`\nengine overhead per iteration (recovery-protocol − bare loop): ${(ours - bare).toFixed(1)} µs  (aim ≤ 50 µs)`);

  (globalThis as { gc?: () => void }).gc?.();
  const pStart = process.hrtime.bigint();
  const { peakMb: pPeak } = await peakRss(() => Promise.all(Array.from({ length: CONCURRENT }, pretry)));
  console.log(`${CONCURRENT} concurrent p-retry runs: ${(Number(process.hrtime.bigint() - pStart) / 1e6).toFixed(0)} ms wall, peak RSS ${pPeak.toFixed(0)} MB (baseline, measured first so its heap does not include ours)`);
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.hrtime.bigint();
  const { result, peakMb } = await peakRss(() => Promise.all(Array.from({ length: CONCURRENT }, engine)));
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const recovered = result.filter((o) => o.status === 'recovered').length;
  console.log(`\n${CONCURRENT} concurrent recoveries: ${wallMs.toFixed(0)} ms wall, peak RSS ${peakMb.toFixed(0)} MB (aim < 300 MB), ${recovered} recovered`);

}

await main();
