/**
 * Where the engine's CPU time per run of (b) goes, against the XState floor's (and the engine's
 * chart alone, engine/chart-alone.ts), by function: each runs one at a time in this process, in alternating rounds, each round under V8's sampling CPU
 * profiler (the inspector's, started and stopped around the contender alone), self time summed
 * per function and divided by the runs. What the `--cpu-prof` flag gives, split by contender.
 *
 *   npm run build && node --expose-gc dist/bench/engine-cpu/profile.js [--top N] [--by function|file]
 *   BENCH_RUNS=2000 BENCH_ROUNDS=7 node dist/bench/engine-cpu/profile.js
 *
 * Sampled (one sample per 50 µs of CPU by default, BENCH_PROFILE_INTERVAL_US): a row under
 * ~0.5 µs per run is noise; read rows against each other and against the floor's, not as times.
 * The profiler itself slows every contender alike. Figures only.
 */
import { Session } from 'node:inspector/promises';
import { availableParallelism, loadavg } from 'node:os';
import { CONTENDERS, placeOf, type CallFrame } from './runs.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const INTERVAL_US = Number(process.env.BENCH_PROFILE_INTERVAL_US ?? 50);

/** One node of a `Profiler.stop` profile (the fields read here). */
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (flag: string) => { const at = args.indexOf(flag); return at === -1 ? undefined : args[at + 1]; };
  const by = option('--by') === 'file' ? 'file' : 'function';
  const top = Number(option('--top') ?? 40);
  const names = Object.keys(CONTENDERS);
  for (const name of names) for (let i = 0; i < 1000; i++) await CONTENDERS[name]!();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: INTERVAL_US });
  // µs of self time per run, by place, per contender (summed over rounds, divided at the end).
  const self = new Map<string, Map<string, number>>(names.map((n) => [n, new Map()]));
  const cpu = new Map<string, number[]>(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length]!;
      const run = CONTENDERS[name]!;
      (globalThis as { gc?: () => void }).gc?.();
      await session.post('Profiler.start');
      const cpu0 = process.cpuUsage();
      for (let r = 0; r < RUNS; r++) await run();
      const used = process.cpuUsage(cpu0);
      const { profile } = await session.post('Profiler.stop');
      cpu.get(name)!.push((used.user + used.system) / RUNS);
      const nodes = profile.nodes as unknown as ProfileNode[];
      // Each sample stands for the time to the next one (timeDeltas), summed per node.
      const timeOf = new Map<number, number>();
      const samples = profile.samples ?? [];
      const deltas = profile.timeDeltas ?? [];
      for (let s = 0; s < samples.length; s++) timeOf.set(samples[s]!, (timeOf.get(samples[s]!) ?? 0) + (deltas[s + 1] ?? INTERVAL_US));
      const byPlace = self.get(name)!;
      for (const node of nodes) {
        const us = timeOf.get(node.id);
        if (!us) continue;
        const place = placeOf(node.callFrame, by);
        byPlace.set(place, (byPlace.get(place) ?? 0) + us / RUNS / ROUNDS);
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const floor = self.get('XState floor')!;
  const chart = self.get('chart alone')!;
  const engine = self.get('engine')!;
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  console.log(`engine-cpu profile: (b) one at a time, ${RUNS} runs × ${ROUNDS} alternating rounds, sampled every ${INTERVAL_US} µs; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  console.log(`CPU µs/run (process.cpuUsage, median, profiler on): ${names.map((n) => `${n} ${median(cpu.get(n)!).toFixed(1)}`).join(', ')}; sampled self time: floor ${total(floor).toFixed(1)}, chart ${total(chart).toFixed(1)}, engine ${total(engine).toFixed(1)}`);
  console.log(`${'floor'.padStart(7)} ${'chart'.padStart(7)} ${'engine'.padStart(7)} ${'e − f'.padStart(7)}  self µs/run by ${by}, largest engine − floor first`);
  const places = [...new Set([...floor.keys(), ...engine.keys()])];
  places.sort((a, b) => (engine.get(b) ?? 0) - (floor.get(b) ?? 0) - ((engine.get(a) ?? 0) - (floor.get(a) ?? 0)));
  for (const place of places.slice(0, top)) {
    const f = floor.get(place) ?? 0;
    const e = engine.get(place) ?? 0;
    console.log(`${f.toFixed(2).padStart(7)} ${(chart.get(place) ?? 0).toFixed(2).padStart(7)} ${e.toFixed(2).padStart(7)} ${(e - f).toFixed(2).padStart(7)}  ${place}`);
  }
}

await main();
