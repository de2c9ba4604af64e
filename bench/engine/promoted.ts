/**
 * What each run of (b) leaves in V8's old space, by the code that allocated it, for the XState
 * floor, the recovery chart alone and the engine — where the 10,000-concurrent peak (iii) comes
 * from, per run, and whose it is:
 *
 *   npm run build && node --expose-gc dist/bench/engine/promoted.js [runs, default 10000] [--by site|file] [--top N]
 *
 * Why promoted bytes, not a heap snapshot: in (iii) the heap only grows (one full GC early in the
 * burst, scavenges after), so the peak is everything that survived a scavenge — live state and
 * state already dead — and a snapshot (taken after a full GC) sees only the live part. V8's
 * sampling heap profiler, asked to keep objects a full GC collected but drop those a scavenge
 * did, counts exactly what was promoted, where it was allocated. Each contender runs in a fresh
 * process (this file, with `--child`), as in (iii). Sampled (one allocation in 256 bytes): a
 * site under ~50 B per run is noise; compare contenders in the same session, several times.
 * Run with `--no-opt --no-maglev` (passed on to the children) to see allocations by the function
 * that made them rather than by the optimized caller it was inlined into.
 */
import { execFileSync } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { CONTENDERS, ENGINE, FLOOR, type ContenderName } from './contenders.js';

const CHART: ContenderName = 'recovery chart alone';
const NAMES: readonly ContenderName[] = [FLOOR, CHART, ENGINE];

/** One profile node of `HeapProfiler.stopSampling` (the fields read here). */
interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** Where an allocation was made: the function and file (paths from `dist/` or `node_modules/`), by site or by file. */
function placeOf(frame: ProfileNode['callFrame'], by: 'site' | 'file'): string {
  const file = frame.url.replace(/^.*\/(dist|node_modules)\//, '$1/') || '(native)';
  return by === 'file' ? file : `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

/** In a fresh process: `runs` concurrent runs of (b) by `name`, profiled; prints bytes per run by place (JSON). */
async function child(name: ContenderName, runs: number, by: 'site' | 'file'): Promise<void> {
  const make = CONTENDERS[name]('transient');
  await make(); // load and compile what a run needs first, as (iii) does
  (globalThis as { gc?: () => void }).gc?.();
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false });
  await Promise.all(Array.from({ length: runs }, () => make().then(() => undefined)));
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const bytes: Record<string, number> = {};
  const walk = (node: ProfileNode) => {
    if (node.selfSize > 0) {
      const place = placeOf(node.callFrame, by);
      bytes[place] = (bytes[place] ?? 0) + node.selfSize / runs;
    }
    node.children.forEach(walk);
  };
  walk(profile.head as unknown as ProfileNode);
  console.log(JSON.stringify(bytes));
}

const args = process.argv.slice(2);
const option = (flag: string) => { const at = args.indexOf(flag); return at === -1 ? undefined : args[at + 1]; };
const by = option('--by') === 'file' ? 'file' : 'site';
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 10_000);

if (args[0] === '--child') {
  await child(args[1] as ContenderName, runs, by);
} else {
  const top = Number(option('--top') ?? 30);
  const self = fileURLToPath(import.meta.url);
  const byName = new Map<ContenderName, Record<string, number>>();
  for (const name of NAMES) {
    const line = execFileSync(process.execPath, [...process.execArgv, self, '--child', name, String(runs), '--by', by], { encoding: 'utf8', maxBuffer: 64 << 20 });
    byName.set(name, JSON.parse(line) as Record<string, number>);
  }
  const total = (name: ContenderName) => Object.values(byName.get(name)!).reduce((a, b) => a + b, 0);
  console.log(`promoted bytes per run of (b), ${runs} concurrent runs, each contender in a fresh process (sampled)`);
  console.log(`${'total'.padStart(8)} ${NAMES.map((n) => `${n}: ${total(n).toFixed(0)} B`).join(' · ')}`);
  const engine = byName.get(ENGINE)!;
  const places = Object.keys(engine).sort((a, b) => engine[b]! - engine[a]!).slice(0, top);
  console.log(`${'floor'.padStart(7)} ${'chart'.padStart(7)} ${'engine'.padStart(7)}  ${by}`);
  for (const place of places) console.log(`${NAMES.map((n) => (byName.get(n)![place] ?? 0).toFixed(0).padStart(7)).join(' ')}  ${place}`);
}
