/**
 * Every byte a run of (b) allocates, by the code that allocated it, for the XState floor, the
 * engine's chart alone (engine/chart-alone.ts) and the engine, runs one at a time in this process: what drives the young generation's collections
 * (how often a scavenge runs) when runs do not pile up — where promoted.ts counts only what
 * survives one, with 10,000 runs in flight.
 *
 *   npm run build && node dist/bench/engine-cpu/allocated.js [runs, default 5000] [--top N] [--by site|file]
 *
 * V8's sampling heap profiler, keeping objects any GC collected (one sample per 128 bytes): a
 * site under ~20 B per run is noise. Run with `--no-opt --no-maglev` to see allocations by the
 * function that made them rather than the optimized caller it was inlined into. Figures only.
 */
import { Session } from 'node:inspector/promises';
import { CONTENDERS, placeOf, type CallFrame } from './runs.js';

/** One profile node of `HeapProfiler.stopSampling` (the fields read here). */
interface ProfileNode {
  callFrame: CallFrame;
  selfSize: number;
  children: ProfileNode[];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (flag: string) => { const at = args.indexOf(flag); return at === -1 ? undefined : args[at + 1]; };
  const by = option('--by') === 'file' ? 'file' : 'site';
  const top = Number(option('--top') ?? 40);
  const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 5000);
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  const bytes = new Map<string, Map<string, number>>();
  for (const [name, run] of Object.entries(CONTENDERS)) {
    for (let i = 0; i < 1000; i++) await run();
    await session.post('HeapProfiler.startSampling', { samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    for (let i = 0; i < runs; i++) await run();
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const byPlace = new Map<string, number>();
    const walk = (node: ProfileNode) => {
      const place = placeOf(node.callFrame, by === 'site' ? 'function' : 'file');
      if (node.selfSize > 0) byPlace.set(place, (byPlace.get(place) ?? 0) + node.selfSize / runs);
      node.children.forEach(walk);
    };
    walk(profile.head as unknown as ProfileNode);
    bytes.set(name, byPlace);
  }
  const floor = bytes.get('XState floor')!;
  const chart = bytes.get('chart alone')!;
  const engine = bytes.get('engine')!;
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  console.log(`bytes allocated per run of (b), ${runs} runs one at a time (sampled): floor ${total(floor).toFixed(0)} B, chart alone ${total(chart).toFixed(0)} B, engine ${total(engine).toFixed(0)} B`);
  console.log(`${'floor'.padStart(7)} ${'chart'.padStart(7)} ${'engine'.padStart(7)}  ${by}, largest engine − chart first`);
  const places = [...engine.keys()].sort((a, b) => engine.get(b)! - (chart.get(b) ?? 0) - (engine.get(a)! - (chart.get(a) ?? 0))).slice(0, top);
  for (const place of places) console.log(`${[floor, chart, engine].map((m) => (m.get(place) ?? 0).toFixed(0).padStart(7)).join(' ')}  ${place}`);
}

await main();
