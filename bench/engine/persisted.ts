/**
 * Persisted runs (what `recover run` does per run, without the child process): `recoverPersisted`
 * on a `memoryStore` (the engine and its checkpoint records) and on `openStore` in a temp dir
 * (lowdb files, the run lock), next to `recover()`, to hand-built p-retry + lowdb baselines and to
 * the floor for the same checkpoints: a raw `writeFile` + `rename` of the final record per
 * checkpoint the run saved. Interleaved rounds, medians, wall and CPU time. Figures only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import pRetry from 'p-retry';
import { classify } from '../../src/classify/index.js';
import { recover, recoverPersisted } from '../../src/runtime/index.js';
import { memoryStore, openStore, type RunHead, type Store } from '../../src/store/index.js';
import { fmt, microsPerCall } from '../measure.js';
import { ADAPT, EXPECTED, LABEL, POLICY, SCENARIOS, task, type Scenario } from './contenders.js';

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
 * baseline). With `writeAhead`, like for like with what a persisted run guarantees (decision
 * (c) of issue #27): the record is written before each attempt starts (carrying the last
 * failure's classification), so a crash mid-attempt leaves it on disk, and once at the end.
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

const US = 'persisted, openStore (disk)';
const AFTER = 'p-retry + classify + lowdb write';
const LIKE_FOR_LIKE = '… and a write before each attempt';
const RAW = 'floor: task + writeFile/rename';
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Measure and print the persisted runs: `runs` per sample, `rounds` interleaved rounds. */
export async function persistedRuns(runs: number, rounds: number): Promise<void> {
  const shape = new Map<Scenario, { saves: number; json: string }>();
  for (const s of SCENARIOS) {
    const probe = counting(memoryStore());
    const outcome = await recoverPersisted(task(s), { adapt: ADAPT, policy: POLICY, store: probe.store });
    if (outcome.status !== EXPECTED[s].status) throw new Error(`engine bench, persisted ${s}: ${outcome.status}`);
    shape.set(s, { saves: probe.saves(), json: JSON.stringify(probe.last()) });
  }
  const dirs: string[] = [];
  const freshDir = () => { const dir = mkdtempSync(join(tmpdir(), 'recover-bench-engine-')); dirs.push(dir); return dir; };
  const variants = [
    ['recover()', (s: Scenario) => () => recover(task(s), { adapt: ADAPT, policy: POLICY })],
    ['persisted, memoryStore', (s: Scenario) => () => recoverPersisted(task(s), { adapt: ADAPT, policy: POLICY, store: memoryStore() })],
    [US, (s: Scenario) => { const store = openStore(freshDir()); return () => recoverPersisted(task(s), { adapt: ADAPT, policy: POLICY, store }); }],
    [AFTER, (s: Scenario) => { const run = pRetryLowdb(freshDir()); return () => run(s); }],
    [LIKE_FOR_LIKE, (s: Scenario) => { const run = pRetryLowdb(freshDir(), true); return () => run(s); }],
    [RAW, (s: Scenario) => {
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
  const wall = new Map<string, number[]>();
  // CPU time too (user + system, every thread of the process: the baselines' async writes run on
  // libuv's pool): on a machine shared with other jobs it moves far less than wall time.
  const cpu = new Map<string, number[]>();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const s of SCENARIOS) {
        for (let i = 0; i < variants.length; i++) {
          const [name, make] = variants[(i + round) % variants.length]!;
          // No forced GC first (see rounds.ts): it slowed the samples after it for every variant.
          const fn = make(s);
          await microsPerCall(fn, round === 0 ? Math.min(200, runs) : 20, 0);
          const cpu0 = process.cpuUsage();
          const us = await microsPerCall(fn, runs, 0);
          const used = process.cpuUsage(cpu0);
          wall.set(`${name}/${s}`, [...(wall.get(`${name}/${s}`) ?? []), us]);
          cpu.set(`${name}/${s}`, [...(cpu.get(`${name}/${s}`) ?? []), (used.user + used.system) / runs]);
        }
      }
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  const wallOf = (name: string, s: Scenario) => median(wall.get(`${name}/${s}`)!);
  const cpuOf = (name: string, s: Scenario) => median(cpu.get(`${name}/${s}`)!);
  const table = (of: (name: string, s: Scenario) => number) => {
    console.log('what                             (a) µs/run  (b) µs/run  (c) µs/run');
    for (const [name] of variants) console.log(`${name.padEnd(30)} ${SCENARIOS.map((s) => fmt(of(name, s), 1, 12)).join('')}`);
  };
  const ratios = (of: (name: string, s: Scenario) => number, base: string) => SCENARIOS.map((s) => `${LABEL[s]} ${(of(US, s) / of(base, s)).toFixed(2)}×`).join('  ');

  console.log(`\npersisted runs — ${runs} runs × ${rounds} interleaved rounds per figure, median µs/run`);
  console.log(`(checkpoints saved per run: ${SCENARIOS.map((s) => `${LABEL[s]} ${shape.get(s)!.saves}`).join(', ')}; final record ${(shape.get('systematic')!.json.length / 1024).toFixed(1)} KiB in (c))`);
  table(wallOf);
  console.log(`  checkpointing in memory over recover():  ${SCENARIOS.map((s) => `${LABEL[s]} ${(wallOf('persisted, memoryStore', s) - wallOf('recover()', s)).toFixed(1)}`).join('  ')} µs`);
  console.log(`  writes per run: persisted ${SCENARIOS.map((s) => `${LABEL[s]} ${shape.get(s)!.saves}`).join(' ')} (one before each attempt, diagnoser and adapter, and the end); ${AFTER} (a) 1 (b) 2 (c) 2 (after each attempt); with a write before each attempt (a) 2 (b) 3 (c) 3`);
  console.log(`  persisted (disk) / ${AFTER}:        ${ratios(wallOf, AFTER)}  (the baseline writes fewer times, see above)`);
  console.log(`  persisted (disk) / ${LIKE_FOR_LIKE}:       ${ratios(wallOf, LIKE_FOR_LIKE)}  (like for like: both on disk before every attempt starts)`);
  console.log(`  persisted (disk) / ${RAW}:        ${ratios(wallOf, RAW)}`);
  console.log(`  lowdb store over the raw-write floor:    ${SCENARIOS.map((s) => `${LABEL[s]} ${(wallOf(US, s) - wallOf(RAW, s)).toFixed(1)}`).join('  ')} µs`);

  console.log(`\nthe same runs in CPU time (user + system, all threads), median µs/run — load average now ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  table(cpuOf);
  console.log(`  CPU: persisted (disk) / ${AFTER}:   ${ratios(cpuOf, AFTER)}`);
  console.log(`  CPU: persisted (disk) / ${LIKE_FOR_LIKE}:  ${ratios(cpuOf, LIKE_FOR_LIKE)}`);
  console.log(`  CPU: persisted (disk) / floor:                              ${ratios(cpuOf, RAW)}`);
  console.log(`  goal (issue #27): a persisted transient recovery, CPU time, ≤ 1.3× the like-for-like baseline — (b) ${(cpuOf(US, 'transient') / cpuOf(LIKE_FOR_LIKE, 'transient')).toFixed(2)}×`);
}
