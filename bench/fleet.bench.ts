/**
 * bench:fleet — fleet mode through one throwaway PostgreSQL (scripts/postgres.sh), all in one run:
 * - runs/s and attempts/s of trivial runs with 1, 2, 4 and 8 workers (in this process, each with
 *   its own connection pool, concurrency 4);
 * - takeover latency: a worker process claims a run and is killed with SIGKILL; the time until
 *   another worker claims it, against the lease;
 * - decide → wake latency (p50/p99): a decision recorded, until a worker has claimed the run;
 * - pgbench's tps on the same server (TPC-B-like, 4 clients, 5 s): the ceiling.
 * Figures, never assertions. Set FLEET_RUNS (default 200) to change the batch size.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorker, submit, type Worker } from '../src/runtime/fleet/index.js';
import { claimRuns, recordDecision, runState } from '../src/store/postgres/queue.js';
import { postgresStore, type PostgresStore } from '../src/store/postgres/store.js';
import { fmt, percentile } from './measure.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'postgres.sh');
const RUNS = Number(process.env.FLEET_RUNS ?? 200);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function reset(store: PostgresStore): Promise<void> {
  await store.ready();
  await store.pool.query('TRUNCATE recovery_runs, recovery_run_events, recovery_decisions, recovery_workers');
}

async function allFinal(store: PostgresStore, n: number): Promise<void> {
  for (;;) {
    const { rows } = await store.pool.query<{ n: string }>('SELECT count(*) AS n FROM recovery_runs WHERE final');
    if (Number(rows[0]!.n) >= n) return;
    await sleep(20);
  }
}

async function throughput(url: string, store: PostgresStore, workers: number): Promise<{ runs: number; attempts: number }> {
  await reset(store);
  // Each trivial run fails once (a transient failure, no delay) and passes: two attempts.
  const seen = new Set<string>();
  const noop = (ctx: { runId: string }) => {
    if (seen.has(ctx.runId)) return;
    seen.add(ctx.runId);
    throw new Error('Error: connect ECONNRESET 10.0.0.1:443');
  };
  const policy = { categories: { transient: { delaysMs: [0] } } };
  for (let i = 0; i < RUNS; i++) await submit(store, 'noop', null, { runId: `b${workers}-${i}`, policy });
  const stores = Array.from({ length: workers }, () => postgresStore(url, { poolSize: 6 }));
  const started = performance.now();
  const running: Worker[] = stores.map((s) => createWorker({ store: s, tasks: { noop }, concurrency: 4, leaseMs: 10_000, pollMs: 200 }));
  await allFinal(store, RUNS);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(running.map((w) => w.stop()));
  await Promise.all(stores.map((s) => s.close()));
  return { runs: RUNS / seconds, attempts: (2 * RUNS) / seconds };
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
    console.log(`bench:fleet — ${RUNS} trivial runs (2 attempts each) per row, one PostgreSQL (fsync ${process.env.POSTGRES_FSYNC ?? 'off'})`);
    console.log('workers      runs/s  attempts/s');
    for (const workers of [1, 2, 4, 8]) {
      const { runs, attempts } = await throughput(url, store, workers);
      console.log(`${String(workers).padStart(7)}${fmt(runs, 1, 12)}${fmt(attempts, 1, 12)}`);
    }
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
