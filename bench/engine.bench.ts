/**
 * npm run bench:engine — what the recovery engine costs per run, next to a bare retry loop
 * calling the same `classify`, p-retry and cockatiel's retry policy doing the same attempts, in
 * three scenarios (zero delays, in memory):
 *   (a) the first attempt succeeds (the fixed cost of starting and stopping a run);
 *   (b) one transient failure (NETWORK), then success: retried unchanged after a 0 ms backoff;
 *   (c) one systematic failure, then success: pause → diagnose → adapt → retry (issue #3's cycle).
 * Each figure is the median of BENCH_ROUNDS interleaved rounds of BENCH_RUNS runs, so the
 * baselines are measured in the same conditions as ours. Then 10,000 concurrent recoveries (b)
 * in one process, wall time and peak RSS, next to p-retry's in the same run. Then persisted runs
 * (what `recover run` does per run, without the child process): `recoverPersisted` on a
 * `memoryStore` (the engine and its checkpoint records) and on `openStore` in a temp dir (lowdb
 * files, the run lock), next to `recover()` and to the floor for the same checkpoints: a raw
 * `writeFile` + `rename` of the final record per checkpoint the run saved. BENCH_PERSISTED_RUNS
 * sets those runs (default 500; disk runs are slow). Figures only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handleAll, retry, ConstantBackoff } from 'cockatiel';
import pRetry from 'p-retry';
import { classify } from '../src/classify/index.js';
import { recover, recoverPersisted, type RecoveryOptions } from '../src/runtime/index.js';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { memoryStore, openStore, type RunHead, type Store } from '../src/store/index.js';
import { fmt, microsPerCall, peakRss } from './measure.js';
import { runOnXStateFloor } from './xstate-floor.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 10_000);
const PERSISTED_RUNS = Number(process.env.BENCH_PERSISTED_RUNS ?? 500);

type Scenario = 'ok' | 'transient' | 'systematic';
const transientFailure = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const systematicFailure = () => Object.assign(new Error('AssertionError: expected 200 but got 404'), { name: 'AssertionError' });

/** A task that fails `scenario`'s way once, then passes (or passes at once for 'ok'). */
function task(scenario: Scenario) {
  if (scenario === 'ok') return () => undefined;
  const failure = scenario === 'transient' ? transientFailure : systematicFailure;
  let runs = 0;
  return () => { if (++runs === 1) throw failure(); };
}

// Zero delays everywhere: the transient category's default backoff (5 s, 10 s, 20 s) becomes 0.
const policy = { flakeProbe: false, categories: { transient: { delaysMs: [0] } } } satisfies RecoveryOptions['policy'];
const adapt: RecoveryOptions['adapt'] = () => ({ fix: 'compare status codes as numbers' });
const EXPECTED: Record<Scenario, string> = { ok: 'succeeded', transient: 'recovered', systematic: 'recovered' };

const ours = (s: Scenario) => () => recover(task(s), { adapt, policy });

const bareLoop = (s: Scenario) => async () => {
  const run = task(s);
  for (let attempt = 1; attempt <= 4; attempt++) {
    try { return run(); } catch (error) {
      const c = classify({ error });
      if (c.category === 'fatal') throw error;
    }
  }
};

const cockatielPolicy = retry(handleAll, { maxAttempts: 3, backoff: new ConstantBackoff(0) });
const cockatiel = (s: Scenario) => () => { const run = task(s); return cockatielPolicy.execute(() => run()); };
const pretry = (s: Scenario) => () => { const run = task(s); return pRetry(async () => run(), { retries: 3, minTimeout: 0, maxTimeout: 0 }); };
/** p-retry that classifies each failure and gives up on a fatal one: the baseline of issue #15's "recovered run" goal. */
const pretryClassify = (s: Scenario) => () => {
  const run = task(s);
  return pRetry(async () => run(), { retries: 3, minTimeout: 0, maxTimeout: 0, shouldRetry: ({ error }) => classify({ error }).category !== 'fatal' });
};

const CONTENDERS = [
  ['bare loop + classify', bareLoop],
  ['p-retry', pretry],
  ['p-retry + classify', pretryClassify],
  ['cockatiel retry', cockatiel],
  // The smallest XState machine doing the same attempts (one child per run doing each attempt, classify,
  // retry or stop): what any statechart engine on XState pays before doing anything of ours.
  ['XState floor + classify', (s: Scenario) => () => runOnXStateFloor(task(s))],
  ['recovery-protocol', ours],
] as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function main() {
  for (const s of ['ok', 'transient', 'systematic'] as const) {
    const outcome = await ours(s)();
    if (outcome.status !== EXPECTED[s] || outcome.attempts !== (s === 'ok' ? 1 : 2)) throw new Error(`engine bench, ${s}: ${outcome.status} after ${outcome.attempts} attempts`);
  }
  console.log(`bench:engine — ${RUNS} runs × ${ROUNDS} interleaved rounds per figure, median µs/run (Node ${process.version})`);
  console.log('(a) first attempt succeeds · (b) one transient failure, retried after 0 ms · (c) one systematic failure: pause → diagnose → adapt → retry\n');

  const scenarios = ['ok', 'transient', 'systematic'] as const;
  const samples = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of scenarios) {
      for (const [name, make] of CONTENDERS) {
        gc();
        const us = await microsPerCall(make(s), RUNS, round === 0 ? Math.min(1000, RUNS) : 100);
        samples.set(`${name}/${s}`, [...(samples.get(`${name}/${s}`) ?? []), us]);
      }
    }
  }
  const fig = (name: string, s: Scenario) => median(samples.get(`${name}/${s}`)!);

  console.log('what                      (a) µs/run  (b) µs/run  (c) µs/run   (b) × bare');
  for (const [name] of CONTENDERS) {
    console.log(`${name.padEnd(22)} ${fmt(fig(name, 'ok'), 1, 12)}${fmt(fig(name, 'transient'), 1, 12)}${fmt(fig(name, 'systematic'), 1, 12)}${fmt(fig(name, 'transient') / fig(CONTENDERS[0][0], 'transient'), 1, 12)}`);
  }
  const bare = CONTENDERS[0][0];
  const us = 'recovery-protocol';
  const over = (s: Scenario) => fig(us, s) - fig(bare, s);
  console.log(`\nengine overhead (recovery-protocol − bare loop):`);
  console.log(`  (a) per run, first attempt passes:            ${over('ok').toFixed(1)} µs`);
  console.log(`  (b) per run with one transient recovery:      ${over('transient').toFixed(1)} µs  → per recovery cycle beyond (a): ${(over('transient') - over('ok')).toFixed(1)} µs`);
  console.log(`  (c) per run with one adapt cycle:             ${over('systematic').toFixed(1)} µs  → per recovery cycle beyond (a): ${(over('systematic') - over('ok')).toFixed(1)} µs`);
  console.log('  (aim: ≤ 50 µs engine overhead per recovery cycle)');
  const ratio = (s: Scenario) => fig(us, s) / fig('p-retry + classify', s);
  console.log(`recovered run / p-retry + classify: (b) ${ratio('transient').toFixed(1)}×  (c) ${ratio('systematic').toFixed(1)}×  (aim for (b): ≤ 3×)`);

  // Concurrency: each contender in a fresh process, so its peak RSS is that of a process doing
  // exactly this (not of one that has already run the figures above) and neither sees the other's heap.
  console.log(`\n${CONCURRENT} concurrent runs of (b), all started at once, each contender in a fresh process:`);
  for (const name of ['p-retry', 'XState floor + classify', 'recovery-protocol'] as const) {
    const line = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--concurrent', name], { encoding: 'utf8', env: { ...process.env, BENCH_CONCURRENT: String(CONCURRENT) } });
    const { wallMs, cpuMs, peakMb, rssBeforeMb, done } = JSON.parse(line) as { wallMs: number; cpuMs: number; peakMb: number; rssBeforeMb: number; done: number };
    console.log(`  ${name.padEnd(24)} ${fmt(wallMs, 0, 7)} ms wall (${cpuMs.toFixed(0)} ms CPU, GC threads included), peak RSS ${fmt(peakMb, 0, 4)} MB (${fmt(peakMb - rssBeforeMb, 0, 4)} MB over the ${rssBeforeMb.toFixed(0)} MB it started with)${name === 'recovery-protocol' ? `, ${done} recovered (aim < 2 s wall, < 250 MB)` : ''}`);
  }
}

/** One contender's 10,000 concurrent runs of (b), in this (fresh) process; prints one JSON line. */
async function concurrent(name: string): Promise<void> {
  const make = CONTENDERS.find(([n]) => n === name)?.[1];
  if (!make) throw new Error(`engine bench: no contender named ${name}`);
  const run: () => Promise<unknown> = make('transient');
  await run(); // load and compile what a run needs before measuring
  gc();
  const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  const { result, peakMb } = await peakRss(() => Promise.all(Array.from({ length: CONCURRENT }, run)));
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const cpu = process.cpuUsage(cpuStart);
  const done = name === 'recovery-protocol' ? (result as Array<{ status: string }>).filter((o) => o.status === 'recovered').length : result.length;
  console.log(JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, peakMb, rssBeforeMb, done }));
}

/** A store that counts its commits and keeps the last head (to size the raw-write floor). */
function counting(store: Store): { store: Store; saves: () => number; last: () => RunHead | undefined } {
  let saves = 0;
  let last: RunHead | undefined;
  const commit = store.commit.bind(store);
  store.commit = (runId, fence, checkpoint) => { saves++; last = checkpoint.head; return commit(runId, fence, checkpoint); };
  return { store, saves: () => saves, last: () => last };
}

/**
 * What a user would hand-build instead of a persisted run: p-retry around the task, classify
 * each failure, and one lowdb write of a small run record per attempt, after it (issue #12's
 * baseline). With `writeAhead`, like for like with what a persisted run guarantees: the record
 * is written before each attempt starts (carrying the last failure's classification), so a crash
 * mid-attempt leaves it on disk, and once at the end.
 */
const pRetryLowdb = (dir: string, writeAhead = false) => {
  let n = 0;
  return async (s: Scenario) => {
    const run = task(s);
    const db = new Low(new JSONFile<Record<string, unknown>>(join(dir, `run-${n++}.json`)), {});
    let attempt = 0;
    let lastFailure: string | null = null;
    return pRetry(async () => {
      attempt++;
      if (writeAhead) {
        db.data = { attempt, status: 'running', lastFailure };
        await db.write();
      }
      try {
        const value = run();
        db.data = { attempt, status: 'succeeded' };
        await db.write();
        return value;
      } catch (error) {
        lastFailure = classify({ error }).type;
        if (!writeAhead) {
          db.data = { attempt, status: 'failed', type: lastFailure };
          await db.write();
        }
        throw error;
      }
    }, { retries: 3, minTimeout: 0, maxTimeout: 0 });
  };
};

/**
 * Persisted runs per scenario: recover() next to recoverPersisted on a memory store and on a
 * lowdb store in a fresh temp dir (one per sample, so no sample pays for another's files), and
 * the floor for the same disk work: the task, then one writeFile + rename of the run's final
 * record per checkpoint a persisted run saves.
 */
async function persisted() {
  const scenarios = ['ok', 'transient', 'systematic'] as const;
  const shape = new Map<Scenario, { saves: number; json: string }>();
  for (const s of scenarios) {
    const probe = counting(memoryStore());
    const outcome = await recoverPersisted(task(s), { adapt, policy, store: probe.store });
    if (outcome.status !== EXPECTED[s]) throw new Error(`engine bench, persisted ${s}: ${outcome.status}`);
    shape.set(s, { saves: probe.saves(), json: JSON.stringify(probe.last()) });
  }
  const dirs: string[] = [];
  const freshDir = () => { const dir = mkdtempSync(join(tmpdir(), 'recover-bench-engine-')); dirs.push(dir); return dir; };
  const variants = [
    ['recover()', (s: Scenario) => () => recover(task(s), { adapt, policy })],
    ['persisted, memoryStore', (s: Scenario) => () => recoverPersisted(task(s), { adapt, policy, store: memoryStore() })],
    ['persisted, openStore (disk)', (s: Scenario) => { const store = openStore(freshDir()); return () => recoverPersisted(task(s), { adapt, policy, store }); }],
    ['p-retry + classify + lowdb write', (s: Scenario) => { const run = pRetryLowdb(freshDir()); return () => run(s); }],
    ['… and a write before each attempt', (s: Scenario) => { const run = pRetryLowdb(freshDir(), true); return () => run(s); }],
    ['floor: task + writeFile/rename', (s: Scenario) => {
      const dir = freshDir();
      const { saves, json } = shape.get(s)!;
      let n = 0;
      return async () => {
        try { task(s)(); } catch { /* the failing attempt */ }
        const file = join(dir, `run-${n++}.json`);
        for (let i = 0; i < saves; i++) {
          await writeFile(`${file}.tmp`, json);
          await rename(`${file}.tmp`, file);
        }
      };
    }],
  ] as const;
  const samples = new Map<string, number[]>();
  // CPU time too (user + system, every thread of the process: the baselines' async writes run on
  // libuv's pool): on a machine shared with other jobs it moves far less than wall time.
  const cpuSamples = new Map<string, number[]>();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of scenarios) {
        for (const [name, make] of variants) {
          gc();
          const fn = make(s);
          await microsPerCall(fn, round === 0 ? Math.min(200, PERSISTED_RUNS) : 20, 0);
          const cpu0 = process.cpuUsage();
          const us = await microsPerCall(fn, PERSISTED_RUNS, 0);
          const cpu = process.cpuUsage(cpu0);
          samples.set(`${name}/${s}`, [...(samples.get(`${name}/${s}`) ?? []), us]);
          cpuSamples.set(`${name}/${s}`, [...(cpuSamples.get(`${name}/${s}`) ?? []), (cpu.user + cpu.system) / PERSISTED_RUNS]);
        }
      }
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  const fig = (name: string, s: Scenario) => median(samples.get(`${name}/${s}`)!);
  const cpuFig = (name: string, s: Scenario) => median(cpuSamples.get(`${name}/${s}`)!);
  console.log(`\npersisted runs — ${PERSISTED_RUNS} runs × ${ROUNDS} interleaved rounds per figure, median µs/run`);
  console.log(`(checkpoints saved per run: (a) ${shape.get('ok')!.saves}, (b) ${shape.get('transient')!.saves}, (c) ${shape.get('systematic')!.saves}; final record ${(shape.get('systematic')!.json.length / 1024).toFixed(1)} KiB in (c))`);
  console.log('what                             (a) µs/run  (b) µs/run  (c) µs/run');
  for (const [name] of variants) {
    console.log(`${name.padEnd(30)} ${fmt(fig(name, 'ok'), 1, 12)}${fmt(fig(name, 'transient'), 1, 12)}${fmt(fig(name, 'systematic'), 1, 12)}`);
  }
  const cost = (a: string, b: string, s: Scenario) => (fig(a, s) - fig(b, s)).toFixed(1);
  console.log(`  checkpointing in memory over recover():  (a) ${cost('persisted, memoryStore', 'recover()', 'ok')}  (b) ${cost('persisted, memoryStore', 'recover()', 'transient')}  (c) ${cost('persisted, memoryStore', 'recover()', 'systematic')} µs`);
  const ratio = (a: string, b: string, s: Scenario) => `${(fig(a, s) / fig(b, s)).toFixed(2)}×`;
  const disk = 'persisted, openStore (disk)';
  const ratios = (base: string) => `(a) ${ratio(disk, base, 'ok')}  (b) ${ratio(disk, base, 'transient')}  (c) ${ratio(disk, base, 'systematic')}`;
  console.log(`  writes per run: persisted (a) ${shape.get('ok')!.saves} (b) ${shape.get('transient')!.saves} (c) ${shape.get('systematic')!.saves} (one before each attempt, diagnoser and adapter, and the end); p-retry + lowdb write (a) 1 (b) 2 (c) 2 (after each attempt); with a write before each attempt (a) 2 (b) 3 (c) 3`);
  console.log(`  persisted (disk) / p-retry + classify + lowdb write:        ${ratios('p-retry + classify + lowdb write')}  (issue #12's aim for (b): ≤ 1.3×; the baseline writes fewer times, see above)`);
  console.log(`  persisted (disk) / … and a write before each attempt:       ${ratios('… and a write before each attempt')}  (like for like: both on disk before every attempt starts)`);
  console.log(`  persisted (disk) / floor (task + writeFile/rename):        ${ratios('floor: task + writeFile/rename')}`);
  console.log(`\nthe same runs in CPU time (user + system, all threads), median µs/run — load average now ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  console.log('what                             (a) µs/run  (b) µs/run  (c) µs/run');
  for (const [name] of variants) {
    console.log(`${name.padEnd(30)} ${fmt(cpuFig(name, 'ok'), 1, 12)}${fmt(cpuFig(name, 'transient'), 1, 12)}${fmt(cpuFig(name, 'systematic'), 1, 12)}`);
  }
  const cpuRatios = (base: string) => (['ok', 'transient', 'systematic'] as const).map((s, i) => `(${'abc'[i]}) ${(cpuFig(disk, s) / cpuFig(base, s)).toFixed(2)}×`).join('  ');
  console.log(`  CPU: persisted (disk) / p-retry + classify + lowdb write:   ${cpuRatios('p-retry + classify + lowdb write')}`);
  console.log(`  CPU: persisted (disk) / … and a write before each attempt:  ${cpuRatios('… and a write before each attempt')}`);
  console.log(`  CPU: persisted (disk) / floor:                              ${cpuRatios('floor: task + writeFile/rename')}`);
  console.log(`  lowdb store over the raw-write floor:    (a) ${cost('persisted, openStore (disk)', 'floor: task + writeFile/rename', 'ok')}  (b) ${cost('persisted, openStore (disk)', 'floor: task + writeFile/rename', 'transient')}  (c) ${cost('persisted, openStore (disk)', 'floor: task + writeFile/rename', 'systematic')} µs`);
}

if (process.argv[2] === '--concurrent') {
  await concurrent(process.argv[3] ?? '');
} else {
  // BENCH_ONLY=persisted skips the in-memory figures (they take most of the time).
  if (process.env.BENCH_ONLY !== 'persisted') await main();
  await persisted();
}
