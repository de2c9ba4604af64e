/**
 * What of a run outlives the young generation: the engine's transient recovery (bench:engine's
 * scenario (b)) and the XState floor, one run at a time, each in a fresh process of its own, in
 * alternating rounds — old-space growth per run (bytes promoted or allocated there, dead or
 * alive, between two full GCs' worth of runs) beside CPU time per run.
 *
 * Why separate processes: an A/B in one process (transient.bench.ts's BASE_DIST) shares one heap,
 * so what one contender leaves to survive a scavenge is paid for by every contender's GCs; a
 * change in what survives shows only here. A run that is promoted before it dies costs the copy
 * and, later, the full GC that frees it: a WeakMap entry left to the collector kept each run
 * alive until a full GC (src/runtime/actors.ts, `releaseRun`). With BASE_DIST=<another build's
 * dist>, that build's engine runs in the same alternation.
 *
 *   npm run build && node dist/bench/engine-cpu/promotion.bench.js
 *   BASE_DIST=/tmp/base/dist BENCH_ROUNDS=5 node dist/bench/engine-cpu/promotion.bench.js
 *   node --no-allocation-site-pretenuring dist/bench/engine-cpu/promotion.bench.js   (V8 flags reach the children)
 *
 * Medians of the rounds. Figures only.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getHeapSpaceStatistics } from 'node:v8';

const RUNS = Number(process.env.BENCH_RUNS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BASE = process.env.BASE_DIST;
const OWN_DIST = fileURLToPath(new URL('../../', import.meta.url));

/** One measurement, in this process: `who` is `floor` or `engine`, from the build at `dist`. */
async function measure(who: string, dist: string): Promise<void> {
  const { recover } = (await import(pathToFileURL(`${dist}/src/runtime/index.js`).href)) as typeof import('../../src/runtime/index.js');
  const { runOnXStateFloor } = (await import(pathToFileURL(`${dist}/bench/xstate-floor.js`).href)) as typeof import('../xstate-floor.js');
  const { ADAPT, POLICY } = (await import(pathToFileURL(`${dist}/bench/engine/contenders.js`).href)) as typeof import('../engine/contenders.js');
  const once = () => { let runs = 0; return () => { if (++runs === 1) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }); }; };
  const run = who === 'floor' ? () => runOnXStateFloor(once()) : () => recover(once(), { adapt: ADAPT, policy: POLICY });
  const oldSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
  for (let i = 0; i < 3_000; i++) await run();
  (globalThis as { gc?: () => void }).gc?.();
  const before = oldSpace();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) await run();
  const used = process.cpuUsage(cpu0);
  console.log(JSON.stringify({ oldSpaceBytes: (oldSpace() - before) / RUNS, cpuUs: (used.user + used.system) / RUNS }));
}

async function main(): Promise<void> {
  const contenders: [string, string, string][] = [['XState floor', 'floor', OWN_DIST], ['engine', 'engine', OWN_DIST]];
  if (BASE) contenders.push(['BASE engine', 'engine', BASE]);
  const figures = new Map(contenders.map(([name]) => [name, { old: [] as number[], cpu: [] as number[] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < contenders.length; i++) {
      const [name, who, dist] = contenders[(i + round) % contenders.length]!;
      const out = execFileSync(process.execPath, [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url), who, dist], { encoding: 'utf8', env: { ...process.env, BENCH_CHILD: '1' } });
      const { oldSpaceBytes, cpuUs } = JSON.parse(out.trim().split('\n').pop()!) as { oldSpaceBytes: number; cpuUs: number };
      figures.get(name)!.old.push(oldSpaceBytes);
      figures.get(name)!.cpu.push(cpuUs);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const floorCpu = median(figures.get('XState floor')!.cpu);
  console.log(`engine-cpu promotion: (b) one transient failure, retried at once — ${RUNS} runs one at a time per process, ${ROUNDS} alternating rounds, medians; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  console.log(`${'what'.padEnd(14)} ${'old space B/run'.padStart(16)} ${'CPU µs/run'.padStart(11)}   × floor (CPU)   (old space per run: range)`);
  for (const [name, { old, cpu }] of figures) {
    console.log(`${name.padEnd(14)} ${median(old).toFixed(0).padStart(16)} ${median(cpu).toFixed(1).padStart(11)}   ${(median(cpu) / floorCpu).toFixed(2).padStart(12)}×   (${Math.min(...old).toFixed(0)}–${Math.max(...old).toFixed(0)})`);
  }
}

if (process.env.BENCH_CHILD === '1') await measure(process.argv[2]!, process.argv[3]!);
else await main();
