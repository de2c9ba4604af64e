/**
 * `npm run bench:store`: what persistence costs (run log v2).
 *
 * - checkpoint: `store.commit()` of one new event and a compact head, next to a raw `writeFile` +
 *   `rename` of the same bytes, interleaved in one loop so both see the same disk and noise; in
 *   stores holding 10, 1,000 and 10,000 runs. Aim: ≤ 1.5× the raw write, flat across sizes.
 * - growth: one run committed event by event for 1 and for 50 iterations (4 events each): the
 *   last commit's time and the bytes written per run, next to what the version-1 format (the
 *   whole record, pretty JSON, on every checkpoint) would write. Aims: the commit at 50
 *   iterations ≤ 1.5× the one at 1; bytes at 50 iterations ≤ 60× those at 1.
 * - readers: 300 runs committed to by 2 writer processes while 4 readers in this one poll
 *   `load()` and `list()`. Aim: 0 runs reported damaged.
 * - list() and resume-load (`load()` + `checkEnvelope()`).
 * Figures only: nothing here asserts on time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkEnvelope, openStore, type EnvelopeExpectation } from '../src/store/index.js';
import { logText } from '../src/store/event-log.js';
import { benchEvent, benchHead } from './store-fixtures.js';
import { populateStore } from './store-populate.js';

const SIZES = [10, 1_000, 10_000];
const WARMUP = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const RUN_ID = 'bench-run';

const expectation: EnvelopeExpectation = {
  machineId: 'recovery', version: 2, providedActors: new Set(['runTask', 'diagnose', 'adapt', 'sleepUntil', 'rollback']),
  stateExists: (value) => JSON.stringify(value) === '{"recovery":"retry"}',
};

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
const us = (ms: number) => `${(ms * 1000).toFixed(0).padStart(6)} µs`;
const stats = (xs: number[], warmup = WARMUP) => {
  const s = xs.slice(warmup).sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p99: quantile(s, 0.99) };
};

async function time<T>(fn: () => Promise<T>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** A store with `size` runs: size - 1 old runs written directly (head + 20-event log), plus the run under test. */
const populate = (size: number): string => populateStore(size - 1);

async function benchSize(size: number) {
  const dir = populate(size);
  try {
    const store = openStore(dir);
    const lease = await store.acquire(RUN_ID);
    const raw = join(dir, 'runs', 'raw-baseline');
    const commits: number[] = [];
    const raws: number[] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const seq = i + 1;
      const head = benchHead(RUN_ID, seq);
      const event = benchEvent(seq);
      // The same bytes a commit writes: the event's line appended, the head (with its counters) renamed in.
      const line = logText([event]);
      const headBytes = JSON.stringify({ format: 2, ...head, fence: 1, events: seq, logBytes: seq * line.length });
      const storeWrite = () => time(() => store.commit(RUN_ID, lease.fence, { events: [event], head }));
      const rawWrite = () => time(async () => {
        await writeFile(`${raw}.ndjson`, line, { flag: 'a' });
        await writeFile(`${raw}.tmp`, headBytes);
        await rename(`${raw}.tmp`, `${raw}.json`);
      });
      // Alternate which goes first, so neither always follows the other's fs work.
      if (i % 2) { commits.push(await storeWrite()); raws.push(await rawWrite()); }
      else { raws.push(await rawWrite()); commits.push(await storeWrite()); }
    }
    await lease.release();

    const firstList = await time(() => openStore(dir).list()); // builds index.json
    const coldList = await time(() => openStore(dir).list()); // reads index.json
    const warm: number[] = [];
    const lister = openStore(dir);
    for (let i = 0; i < WARMUP + 20; i++) warm.push(await time(() => lister.list()));

    const loads: number[] = [];
    const resumes: number[] = [];
    const other = 'run-00000';
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      loads.push(await time(() => store.load(other)));
      resumes.push(await time(async () => checkEnvelope((await store.load(other))!.checkpoint, expectation, other)));
    }
    return {
      size, bytes: statSync(join(dir, 'runs', `${RUN_ID}.json`)).size, commit: stats(commits), raw: stats(raws),
      firstList, coldList, warmList: stats(warm).p50, load: stats(loads), resume: stats(resumes),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One run committed event by event for `iterations` iterations, `rounds` times: last-commit time and bytes written. */
async function growth(iterations: number, rounds: number) {
  const events = iterations * 4;
  const last: number[] = [];
  let bytes = 0;
  let v1Bytes = 0;
  for (let round = 0; round < rounds; round++) {
    const dir = mkdtempSync(join(tmpdir(), 'store-bench-growth-'));
    try {
      const store = openStore(dir);
      const runId = `growth-${round}`;
      const lease = await store.acquire(runId);
      const history = [];
      for (let seq = 1; seq <= events; seq++) {
        const event = benchEvent(seq);
        const head = benchHead(runId, seq);
        history.push(event);
        const t = await time(() => store.commit(runId, lease.fence, { events: [event], head }));
        if (seq === events) last.push(t);
        if (round === 0) {
          bytes += statSync(join(dir, 'runs', `${runId}.json`)).size + Buffer.byteLength(logText([event]));
          // Version 1: the whole record, history inside the record and again inside the snapshot's context, pretty-printed.
          const context = { ...(head.checkpoint!.snapshot as { context: object }).context, history };
          v1Bytes += JSON.stringify({ ...head, checkpoint: { ...head.checkpoint, snapshot: { ...(head.checkpoint!.snapshot as object), context } }, history }, null, 2).length;
        }
      }
      await lease.release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { iterations, last: stats(last, Math.min(5, rounds - 1)), bytes, v1Bytes };
}

/** 300 runs, 2 writer processes, 4 polling readers here: how many reads said "damaged". */
async function readers(seconds: number) {
  const dir = mkdtempSync(join(tmpdir(), 'store-bench-readers-'));
  const runIds = Array.from({ length: 300 }, (_, i) => `polled-${i}`);
  const writers = [runIds.slice(0, 150), runIds.slice(150)].map((ids) =>
    spawn(process.execPath, [join(import.meta.dirname, 'store-writer.js'), dir, ...ids], { stdio: ['ignore', 'pipe', 'inherit'] }));
  try {
    await Promise.all(writers.map((w) => new Promise<void>((resolve, reject) => {
      w.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('READY')) resolve(); });
      w.on('exit', (code) => reject(new Error(`writer exited with ${code}`)));
    })));
    let reads = 0;
    let damaged = 0;
    let missing = 0;
    const until = Date.now() + seconds * 1000;
    const reader = async (n: number) => {
      const store = openStore(dir);
      for (let i = n; Date.now() < until; i += 4) {
        if (i % 40 === n) {
          damaged += (await store.list()).filter((s) => s.damaged).length;
        } else {
          try {
            if ((await store.load(runIds[i % runIds.length]!)) === null) missing++;
          } catch {
            damaged++;
          }
        }
        reads++;
      }
    };
    await Promise.all([0, 1, 2, 3].map(reader));
    return { reads, damaged, missing };
  } finally {
    for (const w of writers) w.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
for (const size of SIZES) results.push(await benchSize(size));
const grown = [await growth(1, 40), await growth(50, 8)];
const polled = await readers(Number(process.env.BENCH_READ_SECONDS ?? 5));

console.log(`store bench — Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${ROUNDS} rounds, tmpdir ${tmpdir()}`);
console.log(`head: ${results[0]!.bytes} bytes (compact JSON), one event line per commit\n`);
console.log('checkpoint commit    store p50   raw p50  ratio |  store p99   raw p99  ratio');
for (const r of results) {
  console.log(`${String(r.size).padStart(6)} runs     ${us(r.commit.p50)} ${us(r.raw.p50)}  ${(r.commit.p50 / r.raw.p50).toFixed(2)}x | ${us(r.commit.p99)} ${us(r.raw.p99)}  ${(r.commit.p99 / r.raw.p99).toFixed(2)}x   (aim ≤ 1.5x)`);
}
const flat = results.at(-1)!.commit.p50 / results[0]!.commit.p50;
console.log(`flatness: commit p50 at ${results.at(-1)!.size} runs / at ${results[0]!.size} runs = ${flat.toFixed(2)}x\n`);

console.log('growth               last commit p50   bytes written per run   v1 format would write');
for (const g of grown) console.log(`${String(g.iterations).padStart(3)} iterations    ${us(g.last.p50)}      ${String(g.bytes).padStart(12)} B        ${String(g.v1Bytes).padStart(12)} B`);
console.log(`  last commit at 50 iterations / at 1 = ${(grown[1]!.last.p50 / grown[0]!.last.p50).toFixed(2)}x (aim ≤ 1.5x)`);
console.log(`  bytes per run at 50 iterations / at 1 = ${(grown[1]!.bytes / grown[0]!.bytes).toFixed(1)}x (aim ≤ 60x; the v1 format: ${(grown[1]!.v1Bytes / grown[0]!.v1Bytes).toFixed(1)}x)\n`);

console.log(`readers: ${polled.reads} loads and lists of 300 runs under 2 writer processes: ${polled.damaged} reported damaged (aim 0), ${polled.missing} not yet created\n`);

console.log('list()               first (no index)   fresh object (index.json)   same object p50');
for (const r of results) {
  console.log(`${String(r.size).padStart(6)} runs     ${(r.firstList).toFixed(1).padStart(10)} ms   ${(r.coldList).toFixed(1).padStart(18)} ms   ${(r.warmList).toFixed(1).padStart(12)} ms`);
}
console.log('\nresume-load          load p50  load p99 | load+checkEnvelope p50  p99');
for (const r of results) {
  console.log(`${String(r.size).padStart(6)} runs     ${us(r.load.p50)} ${us(r.load.p99)} | ${us(r.resume.p50)} ${us(r.resume.p99)}`);
}
