/**
 * Concurrent runs, each contender in a fresh process: its peak memory is that of a process doing
 * exactly this (not of one that has already run other figures), and no contender sees another's
 * heap. Repeated, the contenders and the wait modes interleaved (see concurrent-entry.ts: results
 * held to the end, or consumed as they arrive); a figure is the median of the repetitions.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ContenderName } from './contenders.js';
import type { WaitMode } from './concurrent-entry.js';

/** What one process reported (see concurrent-entry.ts). */
export interface ConcurrentFigures {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  peakHeapMb: number;
  rssBeforeMb: number;
  done: number;
}

const ENTRY = fileURLToPath(new URL('./concurrent-entry.js', import.meta.url));
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `count` concurrent runs of (b) by one contender, waited for in `mode`, in a fresh `node` process. */
function once(name: ContenderName, count: number, mode: WaitMode): ConcurrentFigures {
  const line = execFileSync(process.execPath, ['--expose-gc', ENTRY, name, mode], { encoding: 'utf8', env: { ...process.env, BENCH_CONCURRENT: String(count) } });
  return JSON.parse(line) as ConcurrentFigures;
}

/** A contender's median figures over its processes, and every process's own. */
export interface ConcurrentResult {
  median: ConcurrentFigures;
  all: ConcurrentFigures[];
}

/**
 * Each contender's figures over `repeats` fresh processes of `count` concurrent runs, per wait
 * mode: `results.get(mode).get(name)`.
 */
export function concurrentRuns(contenders: readonly ContenderName[], count: number, repeats: number, modes: readonly WaitMode[]): Map<WaitMode, Map<ContenderName, ConcurrentResult>> {
  const key = (mode: WaitMode, name: ContenderName) => `${mode}/${name}`;
  const samples = new Map<string, ConcurrentFigures[]>();
  for (let r = 0; r < repeats; r++) {
    for (let i = 0; i < contenders.length; i++) {
      const name = contenders[(i + r) % contenders.length]!;
      for (let m = 0; m < modes.length; m++) {
        const mode = modes[(m + r) % modes.length]!;
        samples.set(key(mode, name), [...(samples.get(key(mode, name)) ?? []), once(name, count, mode)]);
      }
    }
  }
  const results = new Map<WaitMode, Map<ContenderName, ConcurrentResult>>();
  for (const mode of modes) {
    const byName = new Map<ContenderName, ConcurrentResult>();
    for (const name of contenders) {
      const all = samples.get(key(mode, name))!;
      const pick = (field: keyof ConcurrentFigures) => median(all.map((run) => run[field]));
      byName.set(name, { all, median: { wallMs: pick('wallMs'), cpuMs: pick('cpuMs'), peakRssMb: pick('peakRssMb'), peakHeapMb: pick('peakHeapMb'), rssBeforeMb: pick('rssBeforeMb'), done: pick('done') } });
    }
    results.set(mode, byName);
  }
  return results;
}
