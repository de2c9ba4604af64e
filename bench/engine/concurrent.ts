/**
 * Concurrent runs, each contender in a fresh process: its peak memory is that of a process doing
 * exactly this (not of one that has already run other figures), and no contender sees another's
 * heap. Repeated, the contenders interleaved; a figure is the median of the repetitions.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ContenderName } from './contenders.js';

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

/** `count` concurrent runs of (b) by one contender, in a fresh `node` process. */
function once(name: ContenderName, count: number): ConcurrentFigures {
  const line = execFileSync(process.execPath, ['--expose-gc', ENTRY, name], { encoding: 'utf8', env: { ...process.env, BENCH_CONCURRENT: String(count) } });
  return JSON.parse(line) as ConcurrentFigures;
}

/** A contender's median figures over its processes, and every process's own. */
export interface ConcurrentResult {
  median: ConcurrentFigures;
  all: ConcurrentFigures[];
}

/** Each contender's figures over `repeats` fresh processes of `count` concurrent runs. */
export function concurrentRuns(contenders: readonly ContenderName[], count: number, repeats: number): Map<ContenderName, ConcurrentResult> {
  const samples = new Map<ContenderName, ConcurrentFigures[]>(contenders.map((name) => [name, []]));
  for (let r = 0; r < repeats; r++) {
    for (let i = 0; i < contenders.length; i++) {
      const name = contenders[(i + r) % contenders.length]!;
      samples.get(name)!.push(once(name, count));
    }
  }
  const results = new Map<ContenderName, ConcurrentResult>();
  for (const [name, all] of samples) {
    const pick = (field: keyof ConcurrentFigures) => median(all.map((run) => run[field]));
    results.set(name, { all, median: { wallMs: pick('wallMs'), cpuMs: pick('cpuMs'), peakRssMb: pick('peakRssMb'), peakHeapMb: pick('peakHeapMb'), rssBeforeMb: pick('rssBeforeMb'), done: pick('done') } });
  }
  return results;
}
