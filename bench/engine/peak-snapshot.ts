/**
 * What each run of (b) holds live at the peak of (iii), by object, for the XState floor, the
 * recovery chart alone and the engine:
 *
 *   npm run build && node --expose-gc dist/bench/engine/peak-snapshot.js [runs, default 2000] [--top N]
 *
 * The peak of (iii) is the moment every run has failed once and waits for its second attempt.
 * Here each run's task holds that second attempt until every run has reached it; then a heap
 * snapshot (`v8.writeHeapSnapshot`, after a full GC) is taken, the same in a fresh process per
 * contender, and its nodes summed by type and name, per run, less the same process's snapshot
 * before any run started. Where promoted.ts counts what survived a scavenge by allocation site
 * (dead state included), this counts what is live at the peak by object: which objects a run
 * keeps while it waits, and how many bytes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
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

/**
 * Self bytes by `type name` of every node in a heap snapshot file; a plain object (`Object`) is
 * named by its first property names, so that a context, a snapshot and an event are told apart.
 */
function bytesByObject(file: string): Map<string, { bytes: number; count: number }> {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
  const meta = snapshot.snapshot.meta;
  const fields = meta.node_fields;
  const types = meta.node_types[0];
  const width = fields.length;
  const edgeWidth = meta.edge_fields.length;
  const edgeTypes = meta.edge_types[0];
  const [typeAt, nameAt, sizeAt, edgesAt] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size'), fields.indexOf('edge_count')];
  const [edgeTypeAt, edgeNameAt] = [meta.edge_fields.indexOf('type'), meta.edge_fields.indexOf('name_or_index')];
  const out = new Map<string, { bytes: number; count: number }>();
  let edge = 0;
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]!]!;
    const edgeCount = snapshot.nodes[i + edgesAt]!;
    // Strings by kind, not by text (each text is its own name).
    const raw = snapshot.strings[snapshot.nodes[i + nameAt]!]!;
    let name = type === 'string' || type === 'concatenated string' || type === 'sliced string' ? '' : raw.slice(0, 60);
    if (type === 'object' && raw === 'Object') {
      const props: string[] = [];
      for (let e = edge; e < edge + edgeCount * edgeWidth && props.length < 5; e += edgeWidth) {
        if (edgeTypes[snapshot.edges[e + edgeTypeAt]!] === 'property') props.push(snapshot.strings[snapshot.edges[e + edgeNameAt]!]!);
      }
      name = `{${props.join(',')}}`;
    }
    edge += edgeCount * edgeWidth;
    const key = `${type} ${name}`;
    const entry = out.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += snapshot.nodes[i + sizeAt]!;
    entry.count += 1;
    out.set(key, entry);
  }
  return out;
}

/** A heap snapshot's summary by object (the file removed once read). */
function snapshotNow(label: string): Map<string, { bytes: number; count: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const file = writeHeapSnapshot(join(tmpdir(), `peak-${process.pid}-${label}.heapsnapshot`));
  try {
    return bytesByObject(file);
  } finally {
    rmSync(file, { force: true });
  }
}

/** In a fresh process: `runs` runs of (b) by `name` held at their second attempt; prints bytes and objects per run by object (JSON). */
async function child(name: Name, runs: number): Promise<void> {
  const make = MAKE[name];
  const before = snapshotNow('before');
  const all = Array.from({ length: runs }, make);
  while (waiting < runs) await new Promise((resolve) => setImmediate(resolve));
  const peak = snapshotNow('peak');
  release();
  await Promise.all(all);
  const perRun: Record<string, { bytes: number; count: number }> = {};
  for (const [key, { bytes, count }] of peak) {
    const was = before.get(key) ?? { bytes: 0, count: 0 };
    perRun[key] = { bytes: (bytes - was.bytes) / runs, count: (count - was.count) / runs };
  }
  console.log(JSON.stringify(perRun));
}

const args = process.argv.slice(2);
const option = (flag: string) => { const at = args.indexOf(flag); return at === -1 ? undefined : args[at + 1]; };
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 2000);

if (args[0] === '--child') {
  await child(args[1] as Name, runs);
} else {
  const top = Number(option('--top') ?? 40);
  const self = fileURLToPath(import.meta.url);
  const byName = new Map<Name, Record<string, { bytes: number; count: number }>>();
  for (const name of NAMES) {
    const line = execFileSync(process.execPath, [...process.execArgv, self, '--child', name, String(runs)], { encoding: 'utf8', maxBuffer: 64 << 20 });
    byName.set(name, JSON.parse(line) as Record<string, { bytes: number; count: number }>);
  }
  const total = (name: Name) => Object.values(byName.get(name)!).reduce((a, b) => a + b.bytes, 0);
  console.log(`live bytes per run of (b) at its peak (every run waiting for its second attempt), ${runs} runs, each contender in a fresh process`);
  console.log(NAMES.map((n) => `${n}: ${total(n).toFixed(0)} B`).join(' · '));
  const engine = byName.get('recovery-protocol')!;
  const keys = new Set(NAMES.flatMap((n) => Object.keys(byName.get(n)!)));
  const sorted = [...keys].sort((a, b) => Math.abs(engine[b]?.bytes ?? 0) - Math.abs(engine[a]?.bytes ?? 0)).slice(0, top);
  console.log(`${'floor B'.padStart(9)} ${'n'.padStart(5)} ${'chart B'.padStart(9)} ${'n'.padStart(5)} ${'engine B'.padStart(9)} ${'n'.padStart(5)}  object`);
  for (const key of sorted) {
    console.log(`${NAMES.map((n) => { const e = byName.get(n)![key]; return `${(e?.bytes ?? 0).toFixed(0).padStart(9)} ${(e?.count ?? 0).toFixed(1).padStart(5)}`; }).join(' ')}  ${key}`);
  }
}
