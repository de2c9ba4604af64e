/**
 * `npm run bench:store`: what persistence costs.
 *
 * - checkpoint: `store.save()` of a realistic run (a snapshot and 20 history events, a few KB)
 *   next to a raw `writeFile` + `rename` of the same bytes, interleaved in the same loop so both
 *   see the same disk and the same noise; in stores holding 10, 1,000 and 10,000 runs.
 * - list(): the first listing (no index yet), a fresh store object (index.json on disk), and
 *   repeated listings in one object.
 * - resume-load: `load()` + `checkEnvelope()`.
 * Aim (issue 4 §8): a checkpoint within 1.5x of the raw write, flat across store sizes.
 * Figures only: nothing here asserts on time.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryEvent } from '../src/taxonomy/history.js';
import { checkEnvelope, openStore, wrapSnapshot, type EnvelopeExpectation, type RunRecord } from '../src/store/index.js';

const SIZES = [10, 1_000, 10_000];
const WARMUP = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const RUN_ID = 'bench-run';

function event(seq: number): HistoryEvent {
  return {
    seq, phase: (['PAUSE', 'DIAGNOSE', 'ADAPT', 'RETRY'] as const)[seq % 4]!, iteration: Math.ceil(seq / 4), attempt: Math.ceil(seq / 4) + 1,
    timestamp: new Date(1_700_000_000_000 + seq * 1000).toISOString(), result: 'failure', type: 'TIMEOUT', category: 'transient',
    message: `npm test timed out after ${seq * 10}s`, hypotheses: [{ text: 'the test server is slow to start', confidence: 0.8 }],
    confidence: 0.8, fix: null, delayMs: 5000, durationMs: 10_000 + seq, level: 'same', reason: null,
  };
}

function record(runId: string, updatedAt: number): RunRecord {
  const snapshot = {
    status: 'active', value: { recovery: 'retry' }, historyValue: {}, output: undefined, error: undefined,
    context: {
      runId, task: 'npm test', attempt: 6, iteration: 5, level: 'same', nextAttemptAt: updatedAt + 20_000,
      failure: { type: 'TIMEOUT', exitCode: 124, stderrTail: 'Error: ETIMEDOUT connect 10.0.0.1:5432\n'.repeat(25) },
      approaches: ['retry as is', 'raise the timeout to 90s'], budget: { TIMEOUT: 3 },
    },
    children: { sleep: { src: 'sleepUntil', snapshot: { status: 'active', input: { until: updatedAt + 20_000 } }, syncSnapshot: false } },
  };
  return {
    runId, task: 'npm test', status: 'running', createdAt: 1_700_000_000_000, updatedAt,
    checkpoint: wrapSnapshot('recovery', 1, snapshot, updatedAt),
    history: Array.from({ length: 20 }, (_, i) => event(i + 1)),
    report: null, decisionOptions: null, meta: { command: ['npm', 'test'], cwd: '/work/project', options: { timeout: 60_000 } },
  };
}

const expectation: EnvelopeExpectation = {
  machineId: 'recovery', version: 1, providedActors: new Set(['runTask', 'diagnose', 'adapt', 'sleepUntil', 'rollback']),
  stateExists: (value) => JSON.stringify(value) === '{"recovery":"retry"}',
};

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
const us = (ms: number) => `${(ms * 1000).toFixed(0).padStart(6)} µs`;
const stats = (xs: number[]) => {
  const s = xs.slice(WARMUP).sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p99: quantile(s, 0.99) };
};

/** A store with `size` runs: size - 1 old runs written directly, plus the run under test. */
function populate(size: number): string {
  const dir = mkdtempSync(join(tmpdir(), `store-bench-${size}-`));
  mkdirSync(join(dir, 'runs'));
  const old = new Date(Date.now() - 86_400_000);
  for (let i = 0; i < size - 1; i++) {
    const file = join(dir, 'runs', `run-${String(i).padStart(5, '0')}.json`);
    writeFileSync(file, JSON.stringify(record(`run-${String(i).padStart(5, '0')}`, 1_700_000_000_000 + i), null, 2));
    utimesSync(file, old, old); // finished runs: last written long ago
  }
  return dir;
}

async function time<T>(fn: () => Promise<T>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function benchSize(size: number) {
  const dir = populate(size);
  try {
    const store = openStore(dir);
    const lock = await store.lock(RUN_ID);
    const raw = join(dir, 'runs', 'raw-baseline.bin');
    const saves: number[] = [];
    const raws: number[] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const run = record(RUN_ID, 1_700_000_000_000 + i);
      const bytes = JSON.stringify(run, null, 2); // what lowdb writes
      const storeWrite = () => time(() => store.save(run));
      const rawWrite = () => time(async () => {
        await writeFile(`${raw}.tmp`, bytes);
        await rename(`${raw}.tmp`, raw);
      });
      // Alternate which goes first, so neither always follows the other's fs work.
      if (i % 2) { saves.push(await storeWrite()); raws.push(await rawWrite()); }
      else { raws.push(await rawWrite()); saves.push(await storeWrite()); }
    }
    await lock.release();

    const firstList = await time(() => openStore(dir).list()); // builds index.json
    const coldList = await time(() => openStore(dir).list()); // reads index.json
    const warm: number[] = [];
    const lister = openStore(dir);
    for (let i = 0; i < WARMUP + 20; i++) warm.push(await time(() => lister.list()));

    const loads: number[] = [];
    const resumes: number[] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      loads.push(await time(() => store.load(RUN_ID)));
      resumes.push(await time(async () => checkEnvelope((await store.load(RUN_ID))!.checkpoint, expectation, RUN_ID)));
    }
    return {
      size, bytes: JSON.stringify(record(RUN_ID, 0), null, 2).length, save: stats(saves), raw: stats(raws),
      firstList, coldList, warmList: stats(warm).p50, load: stats(loads), resume: stats(resumes),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
for (const size of SIZES) results.push(await benchSize(size));

console.log(`store bench — Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${ROUNDS} rounds, tmpdir ${tmpdir()}`);
console.log(`run record: ${results[0]!.bytes} bytes (pretty JSON as lowdb writes it), 20 history events\n`);
console.log('checkpoint write     store p50   raw p50  ratio |  store p99   raw p99  ratio');
for (const r of results) {
  console.log(`${String(r.size).padStart(6)} runs     ${us(r.save.p50)} ${us(r.raw.p50)}  ${(r.save.p50 / r.raw.p50).toFixed(2)}x | ${us(r.save.p99)} ${us(r.raw.p99)}  ${(r.save.p99 / r.raw.p99).toFixed(2)}x`);
}
const flat = results.at(-1)!.save.p50 / results[0]!.save.p50;
console.log(`flatness: store p50 at ${results.at(-1)!.size} runs / at ${results[0]!.size} runs = ${flat.toFixed(2)}x\n`);
console.log('list()               first (no index)   fresh object (index.json)   same object p50');
for (const r of results) {
  console.log(`${String(r.size).padStart(6)} runs     ${(r.firstList).toFixed(1).padStart(10)} ms   ${(r.coldList).toFixed(1).padStart(18)} ms   ${(r.warmList).toFixed(1).padStart(12)} ms`);
}
console.log('\nresume-load          load p50  load p99 | load+checkEnvelope p50  p99');
for (const r of results) {
  console.log(`${String(r.size).padStart(6)} runs     ${us(r.load.p50)} ${us(r.load.p99)} | ${us(r.resume.p50)} ${us(r.resume.p99)}`);
}
