/**
 * What each run of (b) holds live at the peak of (iii), by object, for the XState floor, the
 * recovery chart alone and the engine:
 *
 *   npm run build && node --expose-gc dist/bench/engine/peak-snapshot.js [runs, default 2000] [--top N] [--held-by NAME]…
 *
 * The peak of (iii) is the moment every run has failed once and waits for its second attempt.
 * Here each run's task holds that second attempt until every run has reached it; then a heap
 * snapshot (`v8.writeHeapSnapshot`, after a full GC) is taken, the same in a fresh process per
 * contender, and its nodes summed by type and name, per run, less the same process's snapshot
 * before any run started. Where promoted.ts counts what survived a scavenge by allocation site
 * (dead state included), this counts what is live at the peak by object: which objects a run
 * keeps while it waits, and how many bytes. With `--held-by NAME` (an object name as printed,
 * e.g. `'hidden system / PropertyArray'`), the rows are who holds those objects instead (see
 * heap-snapshot.ts): which record keeps a property array, a boxed number or a backing store.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHeapSnapshot } from 'node:v8';
import { createActor, fromPromise, toPromise } from 'xstate';
import { recoveryMachine } from '../../machines/recovery.machine.js';
import { runner } from '../../machines/runner.js';
import type { AdaptInput, AdaptOutput, AttemptInput, AttemptOutcome } from '../../machines/recovery/types.js';
import { classify } from '../../src/classify/index.js';
import { recover, recoveryInput } from '../../src/runtime/index.js';
import { runOnXStateFloor } from '../xstate-floor.js';
import { ADAPT, POLICY } from './contenders.js';
import { bytesByObject, readHeapGraph, retainers, type HeapGraph, type Tally } from './heap-snapshot.js';

const NAMES = ['XState floor', 'recovery chart alone', 'recovery-protocol'] as const;
type Name = (typeof NAMES)[number];

/** Held second attempts: released once every run has reached its own. */
let release: () => void = () => undefined;
const gate = new Promise<void>((resolve) => { release = resolve; });
let waiting = 0;

/** The transient failure of (b), then a second attempt held at the gate. */
function gatedTask(): () => unknown {
  let runs = 0;
  return () => {
    if (++runs === 1) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    waiting++;
    return gate;
  };
}

const observation = { error: { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' } };
const FAILED: AttemptOutcome = { ok: false, at: Date.now(), durationMs: 0, observation, classification: classify(observation) };

/** The chart alone (chart-alone.ts), its second attempt held at the gate. */
const chartLogic = recoveryMachine.provide({
  actors: {
    runTask: runner<AttemptOutcome, AttemptInput>(async ({ input }) => {
      if (input.attempt === 1) return FAILED;
      waiting++;
      await gate;
      return { ok: true, at: Date.now(), durationMs: 0 };
    }),
    adapt: fromPromise<AdaptOutput, AdaptInput>(async () => ({ fix: 'compare status codes as numbers' })),
  },
});

const MAKE: Record<Name, () => Promise<unknown>> = {
  'XState floor': () => runOnXStateFloor(gatedTask()),
  'recovery chart alone': () => toPromise(createActor(chartLogic, { input: recoveryInput({ adapt: ADAPT, policy: POLICY }) }).start()),
  'recovery-protocol': () => recover(gatedTask(), { adapt: ADAPT, policy: POLICY }),
};

/** A heap snapshot taken now, after a full GC, read (the file removed once read). */
function snapshotNow(label: string): HeapGraph {
  (globalThis as { gc?: () => void }).gc?.();
  const file = writeHeapSnapshot(join(tmpdir(), `peak-${process.pid}-${label}.heapsnapshot`));
  try {
    return readHeapGraph(file);
  } finally {
    rmSync(file, { force: true });
  }
}

/** `peak` less `before`, per run. */
function perRunOf(peak: Map<string, Tally>, before: Map<string, Tally>, runs: number): Record<string, Tally> {
  const out: Record<string, Tally> = {};
  for (const [key, { bytes, count }] of peak) {
    const was = before.get(key) ?? { bytes: 0, count: 0 };
    out[key] = { bytes: (bytes - was.bytes) / runs, count: (count - was.count) / runs };
  }
  return out;
}

/**
 * In a fresh process: `runs` runs of (b) by `name` held at their second attempt; prints bytes and
 * objects per run by object (JSON), or, given `heldBy` (object names), who holds those objects.
 */
async function child(name: Name, runs: number, heldBy: ReadonlySet<string>): Promise<void> {
  const make = MAKE[name];
  // Summed at once: the graph itself (tens of MB) must not be alive in the peak's snapshot.
  const tally = (graph: HeapGraph) => (heldBy.size ? retainers(graph, heldBy) : bytesByObject(graph));
  const before = tally(snapshotNow('before'));
  const all = Array.from({ length: runs }, make);
  while (waiting < runs) await new Promise((resolve) => setImmediate(resolve));
  const peak = tally(snapshotNow('peak'));
  release();
  await Promise.all(all);
  console.log(JSON.stringify(perRunOf(peak, before, runs)));
}

const args = process.argv.slice(2);
const option = (flag: string) => { const at = args.indexOf(flag); return at === -1 ? undefined : args[at + 1]; };
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 2000);
// `--held-by 'hidden system / PropertyArray'` (repeatable): who holds the objects of that name, per run.
const heldBy = new Set(args.flatMap((a, i) => (args[i - 1] === '--held-by' ? [a] : [])));

if (args[0] === '--child') {
  await child(args[1] as Name, runs, heldBy);
} else {
  const top = Number(option('--top') ?? 40);
  const self = fileURLToPath(import.meta.url);
  const byName = new Map<Name, Record<string, Tally>>();
  for (const name of NAMES) {
    const line = execFileSync(process.execPath, [...process.execArgv, self, '--child', name, String(runs), ...[...heldBy].flatMap((key) => ['--held-by', key])], { encoding: 'utf8', maxBuffer: 64 << 20 });
    byName.set(name, JSON.parse(line) as Record<string, Tally>);
  }
  const total = (name: Name) => Object.values(byName.get(name)!).reduce((a, b) => a + b.bytes, 0);
  console.log(`${heldBy.size ? `who holds ${[...heldBy].join(", ")}: bytes held and holding edges` : "live bytes"} per run of (b) at its peak (every run waiting for its second attempt), ${runs} runs, each contender in a fresh process`);
  console.log(NAMES.map((n) => `${n}: ${total(n).toFixed(0)} B`).join(' · '));
  const engine = byName.get('recovery-protocol')!;
  const keys = new Set(NAMES.flatMap((n) => Object.keys(byName.get(n)!)));
  const sorted = [...keys].sort((a, b) => Math.abs(engine[b]?.bytes ?? 0) - Math.abs(engine[a]?.bytes ?? 0)).slice(0, top);
  console.log(`${'floor B'.padStart(9)} ${'n'.padStart(5)} ${'chart B'.padStart(9)} ${'n'.padStart(5)} ${'engine B'.padStart(9)} ${'n'.padStart(5)}  object`);
  for (const key of sorted) {
    console.log(`${NAMES.map((n) => { const e = byName.get(n)![key]; return `${(e?.bytes ?? 0).toFixed(0).padStart(9)} ${(e?.count ?? 0).toFixed(1).padStart(5)}`; }).join(' ')}  ${key}`);
  }
}
