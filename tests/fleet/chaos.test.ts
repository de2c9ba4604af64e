/**
 * Chaos: six `recover worker` processes share one PostgreSQL store and 200 runs of real commands
 * that fail transiently or escalate; a decider process answers the escalations; every 1.5 s one
 * worker is killed with SIGKILL (and replaced) or stopped with SIGSTOP for longer than its lease,
 * until three quarters of the runs are final (at most 2 minutes); then every run must come to rest.
 * The limits are outer bounds for a machine shared with other suites: the test waits for the
 * condition, and on a quiet 2-core machine it takes far less.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { submit } from '../../src/runtime/fleet/submit.js';
import { RunFencedError } from '../../src/store/errors.js';
import type { PostgresStore } from '../../src/store/postgres/store.js';
import { BIN } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';
import { processesWith } from '../helpers/processes.js';
import { waitFor } from '../helpers/wait-for.js';
import { useFleetFiles } from './store.js';

const WORKERS = 6;
const RUNS = 200;
const LEASE_MS = 2_000;
/** The longest the workers are killed and stopped; then they run in peace. */
const CHAOS_MS = 120_000;
/** How long the runs may take to come to rest after the chaos: generous, for a loaded machine. */
const DEADLINE_MS = Number(process.env.CHAOS_DEADLINE_MS ?? 480_000);
const MARKER = `RECOVERY_CHAOS_${process.pid}`;

const fleetFiles = useFleetFiles('recovery-chaos-');
let url: string;
let store: PostgresStore;
let dir: string;
beforeAllBuilt();
beforeAll(() => { ({ url, store, dir } = fleetFiles()); });

// Journals its start (run, attempt, fence), works a little, then: a transient run fails its first
// attempt with a network error and passes the next; an escalating run fails with a 401.
const SCRIPT = `echo "$RECOVERY_RUN_ID $RECOVERY_ATTEMPT $RECOVERY_FENCE $$" >> "$JOURNAL"; sleep 0.0$((RANDOM % 5 + 1));
case "$RECOVERY_RUN_ID" in
  esc-*) echo "HTTP 401 Unauthorized"; exit 1 ;;
  *) [ "$RECOVERY_ATTEMPT" -ge 2 ] && exit 0; echo "Error: connect ECONNRESET 10.0.0.1:443"; exit 1 ;;
esac`;

const DECIDER = `
const { postgresStore } = await import(${JSON.stringify(new URL('../../dist/src/store/postgres/store.js', import.meta.url).href)});
const { recordDecision } = await import(${JSON.stringify(new URL('../../dist/src/store/postgres/queue.js', import.meta.url).href)});
const store = postgresStore(process.argv[1]);
for (let n = 0; ; n++) {
  const { rows } = await store.pool.query("SELECT run_id FROM recovery_runs r WHERE status = 'escalated' AND NOT EXISTS (SELECT 1 FROM recovery_decisions d WHERE d.run_id = r.run_id AND d.taken_at IS NULL)");
  for (const { run_id } of rows) await recordDecision(store, run_id, n % 2 ? 'skip' : 'abort', null).catch(() => undefined);
  await new Promise((r) => setTimeout(r, 200));
}`;

function startWorker(n: number): ChildProcess {
  const log = createWriteStream(join(dir, `worker-${n}.log`));
  const child = spawn(process.execPath, [BIN, 'worker', '--store', url, '--concurrency', '3', '--lease', `${LEASE_MS}ms`, '--poll', '300ms', '--json'], {
    env: { ...process.env, RECOVERY_STORE: '', JOURNAL: join(dir, 'journal'), [MARKER]: '1' }, stdio: ['ignore', 'pipe', 'ignore'],
  });
  child.stdout!.pipe(log);
  return child;
}

describe('a fleet under SIGKILL and SIGSTOP', () => {
  it('brings every run to a final state with fenced writes, no gaps, recorded takeovers and no orphans', async () => {
    const policy = { categories: { transient: { delaysMs: [10] } } };
    const ids: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const runId = `${i % 4 === 0 ? 'esc' : 'tr'}-${i}`;
      ids.push(await submit(store, 'command', { cmd: 'bash', args: ['-c', SCRIPT] }, { runId, policy }));
    }
    const workers: ChildProcess[] = [];
    for (let n = 0; n < WORKERS; n++) workers.push(startWorker(n));
    const decider = spawn(process.execPath, ['--input-type=module', '-e', DECIDER, url], { stdio: 'ignore' });
    let kills = 0;
    let stops = 0;
    let next = WORKERS;
    const chaos = setInterval(() => {
      const i = Math.floor(Math.random() * workers.length);
      const victim = workers[i]!;
      if ((kills + stops) % 2 === 0) {
        victim.kill('SIGKILL');
        kills++;
        workers[i] = startWorker(next++);
      } else {
        victim.kill('SIGSTOP');
        stops++;
        setTimeout(() => victim.kill('SIGCONT'), LEASE_MS + 1_500);
      }
    }, 1_500);
    const finalCount = async () => Number((await store.pool.query("SELECT count(*) AS n FROM recovery_runs WHERE final")).rows[0]!.n);
    try {
      // The chaos lasts until three quarters of the runs are final (or CHAOS_MS passed): on a loaded
      // machine, killing a worker every 1.5 s to the end would only measure how slow the machine is.
      // Then every run must come to rest, however long the machine takes (bounded by DEADLINE_MS).
      for (const until = Date.now() + CHAOS_MS; Date.now() < until && (kills === 0 || stops === 0 || (await finalCount()) < RUNS * 0.75);) await new Promise((r) => setTimeout(r, 500));
      clearInterval(chaos);
      for (const w of workers) w.kill('SIGCONT');
      for (const until = Date.now() + DEADLINE_MS; Date.now() < until && (await finalCount()) < RUNS;) await new Promise((r) => setTimeout(r, 500));
    } finally {
      clearInterval(chaos);
      for (const w of workers) w.kill('SIGCONT');
      await Promise.all([...workers, decider].map((p) => new Promise((resolve) => {
        if (p.exitCode !== null || p.signalCode !== null) return resolve(undefined);
        p.once('exit', resolve);
        p.kill('SIGTERM');
      })));
    }
    // A run that never came to rest is named with what the database says of it.
    const stuck = (await store.pool.query(`SELECT run_id, status, fence, owner, lease_until, task_name, queued_at, events, head_fence
      FROM recovery_runs WHERE NOT final`)).rows;
    const stuckEvents = stuck.length === 0 ? [] : (await store.pool.query('SELECT run_id, seq, event FROM recovery_run_events WHERE run_id = ANY($1) ORDER BY run_id, seq', [stuck.map((r) => r.run_id)])).rows;
    expect(stuck, JSON.stringify({ stuck, events: stuckEvents })).toEqual([]);
    expect(await finalCount()).toBe(RUNS);
    expect(kills).toBeGreaterThan(0);
    expect(stops).toBeGreaterThan(0);

    // No gap, no duplicate: each run's log is exactly 1..n, and the head commits all of it.
    const gaps = await store.pool.query(`SELECT r.run_id FROM recovery_runs r LEFT JOIN recovery_run_events e USING (run_id)
      GROUP BY r.run_id, r.events HAVING count(e.seq) <> r.events OR coalesce(max(e.seq), 0) <> r.events OR count(DISTINCT e.seq) <> count(e.seq)`);
    expect(gaps.rows).toEqual([]);

    // An owner that ended in an error let its run go (released, no takeover for the next owner):
    // said as itself, before the takeover checks below, which it would otherwise fail first.
    const logs = readdirSync(dir).filter((f) => f.startsWith('worker-')).map((f) => readFileSync(join(dir, f), 'utf8')).join('');
    const events = logs.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { type: string });
    expect(events.filter((e) => e.type === 'claimed' && (e as { tookOverFrom?: unknown }).tookOverFrom).length).toBeGreaterThan(0);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    const journal = (await readFile(join(dir, 'journal'), 'utf8')).trim().split('\n').map((l) => l.split(' '));
    const starts = new Map<string, string[]>();
    for (const [runId, attempt, fence] of journal) starts.set(`${runId} ${attempt}`, [...(starts.get(`${runId} ${attempt}`) ?? []), fence!]);
    let rerunsAfterTakeover = 0;
    for (const runId of ids) {
      const run = (await store.load(runId))!;
      expect(['recovered', 'skipped', 'aborted'], runId).toContain(run.status);
      expect(run.history.map((e) => e.seq), runId).toEqual(run.history.map((_, i) => i + 1));
      const takeovers = (run.meta.takeovers ?? []) as { fence: number }[];
      for (const [key, fences] of starts) {
        if (!key.startsWith(`${runId} `)) continue;
        // No owner started one attempt twice; an attempt started by two owners is a takeover's
        // re-run (at-least-once): the newer owner started it after the older one (never a replaced
        // owner starting it late), and the takeover that interrupted the older owner's start is
        // recorded in the run. That takeover's fence lies after the older owner's and at most the
        // newer one's, not always equal to the newer one's: a taking-over owner whose own start
        // lapsed (paused past its start window, on a loaded machine) lets the run go having started
        // nothing, and the owner after it claims a run nobody holds, which is no takeover
        // (tests/fleet/lapse-after-takeover.test.ts plays that interleaving).
        expect(new Set(fences).size, key).toBe(fences.length);
        const order = fences.map(Number);
        expect(order, `${key}: starts in fence order`).toEqual([...order].sort((a, b) => a - b));
        for (let i = 1; i < order.length; i++) {
          const [older, newer] = [order[i - 1]!, order[i]!];
          const recorded = takeovers.map((t) => t.fence);
          expect(recorded.some((f) => f > older && f <= newer), `${key}: fence ${newer} re-ran what fence ${older} started; takeovers recorded: [${recorded.join(', ')}]`).toBe(true);
          rerunsAfterTakeover++;
        }
      }
      // Every older owner is fenced off: its write is refused and nothing changes.
      for (const stale of new Set(journal.filter((l) => l[0] === runId).map((l) => Number(l[2])))) {
        if (stale === run.fence) continue;
        const error = await store.commit(runId, stale, { events: [], head: { ...run, status: 'aborted' } }).catch((e: unknown) => e);
        expect(error, `${runId} fence ${stale}`).toBeInstanceOf(RunFencedError);
      }
    }
    console.info(`chaos: ${RUNS} runs, ${kills} SIGKILL, ${stops} SIGSTOP, ${events.filter((e) => e.type === 'lost').length} runs lost to a newer owner, ${events.filter((e) => e.type === 'lapsed').length} starts lapsed, ${rerunsAfterTakeover} attempts re-run after a takeover`);

    // No orphan: no process started by the fleet (they carry the marker) outlives it.
    await waitFor('the fleet\'s processes to be gone', () => processesWith(MARKER).length === 0, { everyMs: 200 });
    expect(processesWith(MARKER)).toEqual([]);
  }, CHAOS_MS + DEADLINE_MS + 60_000);
});

