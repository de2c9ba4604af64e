/**
 * bench:fleet — fleet mode through one throwaway PostgreSQL (scripts/postgres.sh), all in one run:
 * - against graphile-worker and pg-boss on the same cluster (fleet-peers.ts): jobs/s and p50/p99
 *   enqueue→done of N jobs (a function that fails once, then passes) at concurrency 4 and 16,
 *   each contender in this process, its workers idle and listening before the first enqueue, a
 *   producer keeping 4 enqueue calls in flight; jobs/s counts until the database records all N
 *   completed; ratios against graphile-worker's figures of the same row; every contender first
 *   runs 200 jobs unmeasured (its modules loaded, its code compiled);
 * - takeover latency: a worker process claims a run and is killed with SIGKILL; the time until
 *   another worker claims it, against the lease;
 * - decide → wake latency (p50/p99): a decision recorded, until a worker has claimed the run;
 * - pgbench's tps on the same server (TPC-B-like, 4 clients, 5 s): the ceiling.
 * Figures, never assertions. FLEET_JOBS (default "300,2000"), FLEET_CONCURRENCY (default "4,16")
 * and FLEET_CONTENDERS (default all three) choose the rows.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createWorker, submit } from '../src/runtime/fleet/index.js';
import { recordDecision, runState } from '../src/store/postgres/queue.js';
import { postgresStore, type PostgresStore } from '../src/store/postgres/store.js';
import { CONTENDERS } from './fleet-peers.js';
import { fmt, percentile } from './measure.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'postgres.sh');
const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').map((v) => v.trim()).filter(Boolean);
const JOBS = list(process.env.FLEET_JOBS, '300,2000').map(Number);
const CONCURRENCY = list(process.env.FLEET_CONCURRENCY, '4,16').map(Number);
const NAMES = list(process.env.FLEET_CONTENDERS, Object.keys(CONTENDERS).join(','));
/** Enqueue calls in flight at once: a producer that does not wait for each job before the next. */
const PRODUCERS = 4;
const POLL_MS = 500;
/** Jobs each contender runs, unmeasured, before the table. */
const WARMUP = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function reset(store: PostgresStore): Promise<void> {
  await store.ready();
  await store.pool.query('TRUNCATE recovery_runs, recovery_run_events, recovery_decisions, recovery_workers');
}

/** One row: `jobs` jobs through `name` at `concurrency`. */
interface Row { jobsPerS: number; p50: number; p99: number; timedOut: boolean }

async function race(url: string, db: pg.Client, name: string, jobs: number, concurrency: number, round = 'b'): Promise<Row> {
  const tag = `${round}_${name.replace(/\W/g, '_')}_${jobs}_${concurrency}`;
  const queued = new Map<string, number>();
  const latencies: number[] = [];
  const count = async (sql: string, values: unknown[]) => Number((await db.query<{ n: string }>(sql, values)).rows[0]!.n);
  const onDone = (id: string) => latencies.push(performance.now() - queued.get(id)!);
  const contender = await CONTENDERS[name]!({ url, concurrency, pollMs: POLL_MS, tag, onDone, count });
  const deadline = performance.now() + Math.max(120_000, jobs * 300);
  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: PRODUCERS }, async () => {
    while (next < jobs) {
      const id = `${tag}_${next++}`;
      queued.set(id, performance.now());
      await contender.enqueue(id);
    }
  }));
  while (latencies.length < jobs && performance.now() < deadline) await sleep(5);
  while (await contender.completed() < jobs && performance.now() < deadline) await sleep(10);
  const seconds = (performance.now() - started) / 1000;
  await contender.stop();
  return { jobsPerS: jobs / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), timedOut: performance.now() >= deadline };
}

async function table(url: string): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    // Steady state: each contender's code is loaded and compiled by the JIT before its first row counts.
    for (const name of NAMES) await race(url, db, name, WARMUP, 4, 'warmup');
    console.log(`jobs   conc  contender            jobs/s    p50 ms    p99 ms  jobs/s ×gw  p99 ×gw`);
    for (const jobs of JOBS) {
      for (const concurrency of CONCURRENCY) {
        let base: Row | undefined;
        for (const name of NAMES) {
          const row = await race(url, db, name, jobs, concurrency);
          if (name === 'graphile-worker') base = row;
          const ratios = base ? `${fmt(row.jobsPerS / base.jobsPerS, 2, 12)}${fmt(row.p99 / base.p99, 2, 9)}` : '';
          console.log(`${String(jobs).padEnd(6)} ${String(concurrency).padStart(4)}  ${name.padEnd(18)}${fmt(row.jobsPerS, 1, 8)}${fmt(row.p50, 0, 10)}${fmt(row.p99, 0, 10)}${ratios}${row.timedOut ? '  (timed out)' : ''}`);
        }
      }
    }
  } finally {
    await db.end();
  }
}

async function takeover(url: string, store: PostgresStore, leaseMs: number): Promise<number> {
  await reset(store);
  const runId = await submit(store, 'command', { cmd: 'sleep', args: ['30'] });
  // A worker process claims it and is killed with SIGKILL mid-attempt.
  const victim = spawn(process.execPath, [join(ROOT, 'bin', 'recover.js'), 'worker', '--store', url, '--lease', `${leaseMs}ms`], { stdio: 'ignore' });
  for (;;) {
    const state = await runState(store, runId);
    if (state?.owner && state.status === 'running') break;
    await sleep(20);
  }
  victim.kill('SIGKILL');
  const killedAt = Date.now();
  let claimedAt = 0;
  const heir = createWorker({ store, leaseMs, pollMs: 200, onEvent: (e) => { if (e.type === 'claimed' && e.runId === runId) claimedAt ||= Date.now(); } });
  while (claimedAt === 0) await sleep(5);
  await heir.stop();
  return claimedAt - killedAt;
}

async function decideWake(store: PostgresStore, n: number): Promise<number[]> {
  await reset(store);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await submit(store, 'fatal', null, { runId: `d-${i}` }));
  const claimed = new Map<string, number>();
  const worker = createWorker({
    store, concurrency: 4, leaseMs: 10_000, pollMs: 60_000, // polling out of the way: the wake is NOTIFY's
    tasks: { fatal: () => { throw new Error('HTTP 401 Unauthorized'); } },
    onEvent: (e) => { if (e.type === 'claimed' && e.resumed) claimed.set(e.runId, Date.now()); },
  });
  for (const id of ids) while ((await runState(store, id))?.status !== 'escalated' || (await runState(store, id))?.owner) await sleep(20);
  const latencies: number[] = [];
  for (const id of ids) {
    const at = Date.now();
    await recordDecision(store, id, 'skip', null);
    while (!claimed.has(id)) await sleep(1);
    latencies.push(claimed.get(id)! - at);
    while (!(await runState(store, id))?.final) await sleep(5);
  }
  await worker.stop();
  return latencies;
}

function pgbench(dir: string, url: string): number {
  const bin = readFileSync(join(dir, 'bin'), 'utf8').trim();
  const u = new URL(url);
  const args = ['-h', '127.0.0.1', '-p', u.port, '-U', 'postgres'];
  execFileSync(join(bin, 'pgbench'), [...args, '-i', '-q', '-s', '4', 'postgres'], { stdio: 'ignore' });
  const out = execFileSync(join(bin, 'pgbench'), [...args, '-c', '4', '-j', '2', '-T', '5', 'postgres'], { encoding: 'utf8' });
  return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'recovery-bench-pg-'));
  const admin = execFileSync(SCRIPT, ['start', dir], { encoding: 'utf8' }).trim();
  const url = admin.replace(/\/postgres$/, '/fleet');
  execFileSync(process.execPath, ['-e', `const {Client}=require('pg');const c=new Client(${JSON.stringify(admin)});c.connect().then(()=>c.query('CREATE DATABASE fleet')).then(()=>c.end())`], { cwd: ROOT });
  const store = postgresStore(url);
  try {
    console.log(`bench:fleet — one PostgreSQL (fsync ${process.env.POSTGRES_FSYNC ?? 'off'}); jobs fail once then pass; polling every ${POLL_MS} ms for all`);
    await table(url);
    const leaseMs = 2_000;
    const takeovers = [await takeover(url, store, leaseMs), await takeover(url, store, leaseMs), await takeover(url, store, leaseMs)];
    console.log(`takeover after SIGKILL, lease ${leaseMs} ms: ${takeovers.join(', ')} ms (max ${fmt(Math.max(...takeovers) / leaseMs, 2, 0)}× the lease; goal < 2×)`);
    const wake = await decideWake(store, 40);
    console.log(`decide → wake (NOTIFY), ${wake.length} decisions: p50 ${fmt(percentile(wake, 50), 0, 0)} ms, p99 ${fmt(percentile(wake, 99), 0, 0)} ms (goal p50 < 250 ms)`);
    console.log(`pgbench (TPC-B-like, 4 clients, 5 s) on the same server: ${fmt(pgbench(dir, admin), 0, 0)} tps (the ceiling: one commit of a run is one such transaction)`);
  } finally {
    await store.close();
    execFileSync(SCRIPT, ['stop', dir]);
  }
}

await main();
