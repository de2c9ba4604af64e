/**
 * npm run bench:engine — what the recovery engine costs per run, beside the XState floor (the
 * smallest XState machine doing the same attempts, bench/xstate-floor.ts), a bare retry loop
 * calling the same `classify`, p-retry and cockatiel doing the same attempts, in three scenarios
 * (zero delays, in memory; see engine/contenders.ts):
 *   (i)   runs one at a time (each awaited before the next), interleaved rounds, medians, in
 *         this process — issue #27's measure of a recovered run against the floor;
 *   (ii)  the same in batches of concurrent runs (BENCH_BATCH started at once);
 *   (iii) BENCH_CONCURRENT concurrent runs of (b), each contender in a fresh process per
 *         repetition (BENCH_CONCURRENT_REPEATS): wall and CPU time, peak RSS and heap (the
 *         engine's chart alone too), each run's result consumed as it arrives (like for like)
 *         and, as before, every result held to the end (engine/concurrent-entry.ts);
 *   (iv)  persisted runs (engine/persisted.ts), and the persisted transient recovery's CPU time
 *         against the like-for-like baseline that writes before every attempt.
 * (i) and (ii) also time the engine's chart alone (engine/chart-alone.ts): what of the engine's
 * distance to the floor is the chart's own XState work, and what the runtime around it.
 * BENCH_RUNS runs per sample, BENCH_ROUNDS rounds, BENCH_PERSISTED_RUNS per persisted sample
 * (disk runs are slow); BENCH_ONLY=persisted skips (i)–(iii). Figures and ratios only.
 */
import { availableParallelism, loadavg } from 'node:os';
import { fmt } from './measure.js';
import { concurrentRuns } from './engine/concurrent.js';
import { CONTENDER_NAMES, ENGINE, FLOOR, LABEL, SCENARIOS, checkEngine, type ContenderName } from './engine/contenders.js';
import { persistedRuns } from './engine/persisted.js';
import { measureRounds, type Figures, type Pacing } from './engine/rounds.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 10_000);
const REPEATS = Number(process.env.BENCH_CONCURRENT_REPEATS ?? 3);
const PERSISTED_RUNS = Number(process.env.BENCH_PERSISTED_RUNS ?? 500);
const PRETRY: ContenderName = 'p-retry + classify';
const CHART: ContenderName = 'recovery chart alone';

const load = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;

/** One table of medians (wall and CPU µs/run), with each contender's ratio to the floor and to p-retry + classify. */
function print(title: string, figures: Figures): void {
  console.log(`\n${title} — ${load()}`);
  console.log(`${'what'.padEnd(22)}  wall µs/run: (a)     (b)     (c)   CPU µs/run: (a)     (b)     (c)   (b) × floor wall  CPU`);
  for (const name of CONTENDER_NAMES) {
    const wall = SCENARIOS.map((s) => fmt(figures.wall(name, s), 1, 8)).join('');
    const cpu = SCENARIOS.map((s) => fmt(figures.cpu(name, s), 1, 8)).join('');
    const x = (of: Figures['wall']) => fmt(of(name, 'transient') / of(FLOOR, 'transient'), 2, 6);
    console.log(`${name.padEnd(22)} ${wall.padStart(24)}    ${cpu.padStart(24)}   ${x(figures.wall)}${x(figures.cpu).padStart(11)}`);
  }
  const ratio = (base: ContenderName, of: Figures['wall']) => SCENARIOS.map((s) => `${LABEL[s]} ${(of(ENGINE, s) / of(base, s)).toFixed(2)}×`).join('  ');
  console.log(`  engine / XState floor, wall: ${ratio(FLOOR, figures.wall)}   CPU: ${ratio(FLOOR, figures.cpu)}   (goal, one at a time: (b) ≤ 1.5×)`);
  console.log(`  engine / ${PRETRY}, wall: ${ratio(PRETRY, figures.wall)}   CPU: ${ratio(PRETRY, figures.cpu)}`);
  console.log(`  ${CHART} / XState floor (what the chart's own XState work costs, before the runtime), wall: ${SCENARIOS.map((s) => `${LABEL[s]} ${(figures.wall(CHART, s) / figures.wall(FLOOR, s)).toFixed(2)}×`).join('  ')}   CPU: ${SCENARIOS.map((s) => `${LABEL[s]} ${(figures.cpu(CHART, s) / figures.cpu(FLOOR, s)).toFixed(2)}×`).join('  ')}`);
}

async function inMemory(): Promise<void> {
  await checkEngine();
  console.log(`bench:engine — Node ${process.version}; ${RUNS} runs per sample, ${ROUNDS} interleaved rounds, medians`);
  console.log('(a) first attempt succeeds · (b) one transient failure, retried after 0 ms · (c) one systematic failure: pause → diagnose → adapt → retry');
  const rounds = (pacing: Pacing) => measureRounds({ contenders: CONTENDER_NAMES, rounds: ROUNDS, runs: RUNS, pacing });
  print('(i) runs one at a time', await rounds({ kind: 'one at a time' }));
  print(`(ii) batches of ${BATCH} concurrent runs`, await rounds({ kind: 'batches', size: BATCH }));

  // The chart alone too: what of the engine's memory and time at this scale is the chart's own.
  const contenders: ContenderName[] = ['p-retry', FLOOR, ENGINE, CHART];
  console.log(`\n(iii) ${CONCURRENT} concurrent runs of (b), all started at once, each contender in a fresh process, median of ${REPEATS} — ${load()}`);
  console.log('  each run\'s result consumed as it arrives (like for like: every contender charged for what its runs hold in flight), and, as this bench measured before, all results held until the last run ends (the engine then also keeps each outcome with its history, the chart alone its output, the floor nothing):');
  const results = concurrentRuns(contenders, CONCURRENT, REPEATS, ['consumed', 'held']);
  for (const mode of ['consumed', 'held'] as const) {
    const byName = results.get(mode)!;
    console.log(`  ${mode === 'consumed' ? 'results consumed as they arrive' : 'all results held (the earlier figure)'}:`);
    const floor = byName.get(FLOOR)!.median;
    for (const name of contenders) {
      const { median: m, all } = byName.get(name)!;
      const range = (field: 'wallMs' | 'peakRssMb') => `${Math.min(...all.map((r) => r[field])).toFixed(0)}–${Math.max(...all.map((r) => r[field])).toFixed(0)}`;
      console.log(`    ${name.padEnd(20)} ${fmt(m.wallMs, 0, 6)} ms wall (${range('wallMs')}), ${fmt(m.cpuMs, 0, 5)} ms CPU; peak RSS ${fmt(m.peakRssMb, 0, 4)} MB (${range('peakRssMb')}; ${(m.peakRssMb - m.rssBeforeMb).toFixed(0)} over the ${m.rssBeforeMb.toFixed(0)} it started with), peak heap ${fmt(m.peakHeapMb, 0, 4)} MB; ${m.done} ended as expected`);
    }
    const us = byName.get(ENGINE)!.median;
    console.log(`    engine / XState floor: wall ${(us.wallMs / floor.wallMs).toFixed(2)}×, CPU ${(us.cpuMs / floor.cpuMs).toFixed(2)}×, peak RSS ${(us.peakRssMb / floor.peakRssMb).toFixed(2)}×  (goal: time ≤ 1.3×, peak RSS < 250 MB)`);
    const chart = byName.get(CHART)!.median;
    console.log(`    ${CHART} / XState floor: wall ${(chart.wallMs / floor.wallMs).toFixed(2)}×, CPU ${(chart.cpuMs / floor.cpuMs).toFixed(2)}×, peak RSS ${(chart.peakRssMb / floor.peakRssMb).toFixed(2)}× (${chart.peakRssMb.toFixed(0)} MB): the chart's own XState work, before the runtime`);
  }
}

if (process.env.BENCH_ONLY !== 'persisted') await inMemory();
await persistedRuns(PERSISTED_RUNS, Number(process.env.BENCH_ROUNDS ?? 3));
