/**
 * What a failed attempt costs the engine, split: runs of bench:engine's (b) one at a time in this
 * process, interleaved rounds, medians of CPU time per run, beside the XState floor and the
 * engine's chart alone (which never sees an Error), with the task's Error made four ways:
 *   fresh          — a new Error each run (what a task does): V8 formats its stack when the
 *                    runtime first reads `error.stack`, and every text made from it is new;
 *   stack preset   — a new Error whose `stack` was set to one shared string: no formatting, and
 *                    the runtime's string work meets the same string object every run;
 *   stack copied   — a new Error whose `stack` is a fresh copy of that text (the copy's own cost
 *                    is printed on a row of its own): no formatting, but new strings to scan,
 *                    key and redact;
 *   one Error      — the same Error object every run (stack formatted once).
 * Also (a), a first attempt that passes, for the engine and the chart alone: the runtime's cost
 * of a run that never fails.
 *
 *   npm run build && node dist/bench/engine-cpu/failure-cost.bench.js
 *
 * Figures only; read rows against each other in one run (the same heap and JIT state).
 */
import { availableParallelism, loadavg } from 'node:os';
import { recover } from '../../src/runtime/index.js';
import { runOnXStateFloor } from '../xstate-floor.js';
import { ADAPT, POLICY } from '../engine/contenders.js';
import { chartAlone } from '../engine/chart-alone.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const ONE = refused();
const STACK = ONE.stack!;
/** A new string with the text of `text` (not the same object, not a slice of it). */
const copyOf = (text: string) => text.split('').join('');
/** A task that throws `make()` on its first attempt, then passes. */
const once = (make: () => Error) => { let runs = 0; return () => { if (++runs === 1) throw make(); }; };
const engine = (make: () => Error) => () => recover(once(make), { adapt: ADAPT, policy: POLICY });

const CONTENDERS: Record<string, () => Promise<unknown>> = {
  'XState floor (b)': () => runOnXStateFloor(once(refused)),
  'chart alone (b)': chartAlone('transient', { adapt: ADAPT, policy: POLICY }),
  'engine (b), fresh': engine(refused),
  'engine (b), stack preset': engine(() => Object.assign(refused(), { stack: STACK })),
  'engine (b), stack copied': engine(() => Object.assign(refused(), { stack: copyOf(STACK) })),
  '  (the copy alone)': () => Promise.resolve(copyOf(STACK)),
  'engine (b), one Error': engine(() => ONE),
  'chart alone (a)': chartAlone('ok', { adapt: ADAPT, policy: POLICY }),
  'engine (a)': () => recover(() => undefined, { adapt: ADAPT, policy: POLICY }),
};

async function main(): Promise<void> {
  const names = Object.keys(CONTENDERS);
  for (const name of names) for (let i = 0; i < 1000; i++) await CONTENDERS[name]!();
  const cpu = new Map<string, number[]>(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length]!;
      const run = CONTENDERS[name]!;
      const cpu0 = process.cpuUsage();
      for (let r = 0; r < RUNS; r++) await run();
      const used = process.cpuUsage(cpu0);
      cpu.get(name)!.push((used.user + used.system) / RUNS);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const floor = median(cpu.get('XState floor (b)')!);
  console.log(`engine-cpu failure cost: runs one at a time, ${RUNS} per sample, ${ROUNDS} interleaved rounds, medians; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  console.log(`${'what'.padEnd(28)} ${'CPU µs/run'.padStart(11)}   × floor (b)`);
  for (const name of names) console.log(`${name.padEnd(28)} ${median(cpu.get(name)!).toFixed(1).padStart(11)}   ${(median(cpu.get(name)!) / floor).toFixed(2)}×`);
}

await main();
