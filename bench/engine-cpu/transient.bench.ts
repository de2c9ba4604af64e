/**
 * The engine's transient recovery (bench:engine's scenario (b)) one run at a time against the
 * XState floor (and the engine's chart alone, engine/chart-alone.ts: the engine minus its
 * runtime), in two rows: every run failing with the same text (a flapping service: the
 * classification memo answers) and every run failing with a text of its own (the memo never
 * answers), so nobody reads the first row as the engine's cost for failures never seen before.
 * With BASE_DIST=<another build's dist>, that build's engine runs in the same rounds (an A/B in
 * one process: same load, heap and JIT state; its modules are loaded from its own files). One
 * heap is also its blind spot: what one build leaves to survive a young-generation GC is paid by
 * every contender's GCs, so a change in what survives shows in promotion.bench.ts (a fresh
 * process per contender), not here.
 *
 *   npm run build && node dist/bench/engine-cpu/transient.bench.js
 *   BASE_DIST=/tmp/base/dist BENCH_RUNS=1000 BENCH_ROUNDS=9 node dist/bench/engine-cpu/transient.bench.js
 *
 * Interleaved rounds (the order rotates), medians of CPU time (user + system) and wall per run.
 * Figures only.
 *
 * The two builds share one XState module (one node_modules) and one JIT, and which was loaded
 * first matters: an A/A run (two clones of one commit) gave the first-loaded engine 119.0 µs
 * against 131.3 on the same text, and a 5 % lead to the second on new texts. Run an A/B both
 * ways (each build's bench with the other as BASE_DIST) and compare each build in the same
 * position; or read promotion.bench.ts's CPU column (a fresh process per contender).
 */
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { recover } from '../../src/runtime/index.js';
import { runOnXStateFloor } from '../xstate-floor.js';
import { ADAPT, POLICY } from '../engine/contenders.js';
import { chartAlone } from '../engine/chart-alone.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const BASE = process.env.BASE_DIST;

type Recover = typeof recover;
/** A task that fails once with the error `make` gives, then passes. */
const once = (make: () => Error) => { let runs = 0; return () => { if (++runs === 1) throw make(); }; };
let port = 0;
const texts = {
  same: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  // A new port every run: a text the classifier has not seen in this process.
  distinct: () => Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${(port = (port + 1) % 60_000) + 1024}`), { code: 'ECONNREFUSED' }),
};

const engine = (run: Recover, make: () => Error) => () => run(once(make), { adapt: ADAPT, policy: POLICY });
const floor = (make: () => Error) => () => runOnXStateFloor(once(make));

async function main(): Promise<void> {
  const contenders = new Map<string, () => Promise<unknown>>([
    ['XState floor, same text', floor(texts.same)],
    ['engine, same text', engine(recover, texts.same)],
    ['XState floor, new text each run', floor(texts.distinct)],
    ['engine, new text each run', engine(recover, texts.distinct)],
    // The engine's chart with ready answers (no task, observation, classification, redaction):
    // what of the engine's distance to the floor is the chart's XState work, and what the runtime's.
    ['chart alone, same text', chartAlone('transient', { adapt: ADAPT, policy: POLICY })],
  ]);
  if (BASE) {
    const base = (await import(pathToFileURL(`${BASE}/src/runtime/index.js`).href)) as { recover: Recover };
    contenders.set('BASE engine, same text', engine(base.recover, texts.same));
    contenders.set('BASE engine, new text each run', engine(base.recover, texts.distinct));
  }
  for (const [name, make] of contenders) {
    const outcome = (await make()) as { status?: string; attempts?: number } | undefined;
    if (name.includes('engine') && (outcome?.status !== 'recovered' || outcome.attempts !== 2)) throw new Error(`${name}: ${outcome?.status} after ${outcome?.attempts} attempts`);
    for (let i = 0; i < 1000; i++) await make();
  }
  const names = [...contenders.keys()];
  const cpu = new Map<string, number[]>(names.map((n) => [n, []]));
  const wall = new Map<string, number[]>(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length]!;
      const make = contenders.get(name)!;
      const cpu0 = process.cpuUsage();
      const start = process.hrtime.bigint();
      for (let r = 0; r < RUNS; r++) await make();
      wall.get(name)!.push(Number(process.hrtime.bigint() - start) / 1000 / RUNS);
      const used = process.cpuUsage(cpu0);
      cpu.get(name)!.push((used.user + used.system) / RUNS);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const load = `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
  console.log(`engine-cpu: (b) one transient failure, retried at once — runs one at a time, ${RUNS} per sample, ${ROUNDS} interleaved rounds, medians; ${load}`);
  console.log(`${'what'.padEnd(34)} ${'CPU µs/run'.padStart(11)} ${'wall µs/run'.padStart(12)}   × floor (CPU, wall; same text / new text)`);
  for (const name of names) {
    const floorName = name.includes('new text') ? 'XState floor, new text each run' : 'XState floor, same text';
    const x = (m: Map<string, number[]>) => (median(m.get(name)!) / median(m.get(floorName)!)).toFixed(2);
    console.log(`${name.padEnd(34)} ${median(cpu.get(name)!).toFixed(1).padStart(11)} ${median(wall.get(name)!).toFixed(1).padStart(12)}   ${x(cpu)}× ${x(wall)}×`);
  }
}

await main();
