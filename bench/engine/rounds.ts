/**
 * Interleaved rounds in one process: every round measures every contender in every scenario,
 * in an order that rotates from round to round, so each contender sees the same conditions
 * (load, heap, JIT state) as the others; a figure is the median of its rounds. A sample is
 * `runs` runs made one at a time (each awaited before the next starts) or in batches (`batch`
 * runs started at once, awaited together), timed in wall and in CPU time (user + system, every
 * thread of the process: the GC's too). No forced GC before a sample: a full collection made the
 * samples after it 2–3× slower for every contender (code and feedback are rebuilt, and the
 * collector's threads still sweep), which is not how a run in a long-lived process finds it.
 * Figures only.
 */
import { CONTENDERS, SCENARIOS, type ContenderName, type Scenario } from './contenders.js';

/** How one sample starts its runs. */
export type Pacing = { kind: 'one at a time' } | { kind: 'batches'; size: number };

/** What {@link measureRounds} does. */
export interface RoundsOptions {
  contenders: readonly ContenderName[];
  rounds: number;
  /** Runs per sample. */
  runs: number;
  pacing: Pacing;
  /** Runs before the first round, per contender and scenario (compiles what a run needs). Default 1000. */
  warmup?: number;
}

/** Medians per contender and scenario, in µs per run. */
export interface Figures {
  wall(name: ContenderName, s: Scenario): number;
  cpu(name: ContenderName, s: Scenario): number;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `runs` runs of `make()`, paced as asked; resolves when all have settled. */
async function sample(make: () => Promise<unknown>, runs: number, pacing: Pacing): Promise<void> {
  if (pacing.kind === 'one at a time') {
    for (let i = 0; i < runs; i++) await make();
    return;
  }
  for (let done = 0; done < runs; done += pacing.size) {
    await Promise.all(Array.from({ length: Math.min(pacing.size, runs - done) }, make));
  }
}

/** Every contender in every scenario, `rounds` interleaved rounds of `runs` runs each. */
export async function measureRounds(options: RoundsOptions): Promise<Figures> {
  const { contenders, rounds, runs, pacing } = options;
  const wall = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  const makers = new Map(contenders.map((name) => [name, new Map(SCENARIOS.map((s) => [s, CONTENDERS[name](s)]))]));
  for (const name of contenders) for (const s of SCENARIOS) await sample(makers.get(name)!.get(s)!, options.warmup ?? 1000, pacing);
  for (let round = 0; round < rounds; round++) {
    for (const s of SCENARIOS) {
      for (let i = 0; i < contenders.length; i++) {
        const name = contenders[(i + round) % contenders.length]!;
        const cpu0 = process.cpuUsage();
        const start = process.hrtime.bigint();
        await sample(makers.get(name)!.get(s)!, runs, pacing);
        const us = Number(process.hrtime.bigint() - start) / 1000 / runs;
        const used = process.cpuUsage(cpu0);
        const key = `${name}/${s}`;
        wall.set(key, [...(wall.get(key) ?? []), us]);
        cpu.set(key, [...(cpu.get(key) ?? []), (used.user + used.system) / runs]);
      }
    }
  }
  return {
    wall: (name, s) => median(wall.get(`${name}/${s}`)!),
    cpu: (name, s) => median(cpu.get(`${name}/${s}`)!),
  };
}
