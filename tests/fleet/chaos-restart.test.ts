/**
 * Chaos with the database itself failing: four `recover worker` processes (the built CLI) on a
 * PostgreSQL cluster of this file's own, and four waves of runs queued with `recover submit`,
 * each run with a `recover wait RUN_ID` attached. After each wave the database fails while slow
 * attempts of that wave are in flight and just as they end (their gate opens with the action):
 * `pg_ctl restart -m fast`, then `pg_terminate_backend` of every worker connection, then
 * `pg_ctl restart -m immediate` (a crash, with crash recovery), then a stop held until every
 * `wait` still waiting has said it lost the store and every slow attempt's checkpoint write has
 * failed (so those paths run every time, not only when a short restart happens to meet them).
 *
 * The runs: transient failures that pass on retry (recovered), slow ones that pass (succeeded),
 * a rejected credential (HTTP 401: escalated), and security failures (EACCES on /etc/shadow:
 * escalated) whose command PASSES if it is ever executed again, so an escalation turned into
 * success by a re-execution shows up as a succeeded run, a success in its history and a second
 * line in the journal.
 *
 * Asserted: every run comes to rest (final, or escalated waiting for a decision) with the status
 * its kind must end in; every `wait` exits with that run's exit code (0, or 3 for escalated) and
 * prints its status, without an internal error; no escalated run has a success after its
 * escalation; every run's event log is whole (seq 1..n, the head commits all of it); attempts
 * run again only after a recorded takeover, in fence order, stale fences refused; the workers
 * live through it all (no error event, each outage followed by a reconnect, exit 0 on SIGTERM);
 * no process of the fleet outlives it.
 *
 * Bounded by conditions, not times: each step waits for what it needs (the waits to have read
 * their run, the slow attempts to have started, every run to come to rest) with generous outer
 * limits, so it holds on a machine at load 20 and takes well under a minute on a quiet one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, exitCodeOf } from '../../src/cli/exit-codes.js';
import { RunFencedError } from '../../src/store/errors.js';
import { isTransientDbError, retryTransient } from '../../src/store/postgres/transient.js';
import { postgresStore, type PostgresStore } from '../../src/store/postgres/store.js';
import type { HistoryEvent } from '../../src/taxonomy/history.js';
import { BIN, cliEnv, recoverAsync, tempCwd } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';
import { ownCluster, type OwnCluster } from '../helpers/postgres.js';
import { waitFor, WAIT_LIMIT_MS } from '../helpers/wait-for.js';
import { processesWith } from '../helpers/processes.js';

const WORKERS = 4;
/**
 * Long enough that no fault outlasts it (a restart, or the last fault's hold), even on a loaded
 * machine: an owner cut off renews as soon as the server is back, so nothing is taken over and
 * re-run. An outage longer than the lease is a takeover, and a takeover re-runs the attempt in
 * flight (at-least-once): takeovers after a worker dies are the other chaos test's subject.
 */
const LEASE = '30s';
const MARKER = `RECOVERY_CHAOS_RESTART_${process.pid}`;

/** The kinds of run, what each must end as, and how many of each a wave has. */
const KINDS = {
  /** Fails its first attempt with a network error, passes the next. */
  tr: { status: 'recovered', perWave: 3 },
  /** Rejected credential on every execution: escalates at once. */
  auth: { status: 'escalated', perWave: 1 },
  /** A security failure on its first execution; any later execution passes (the trap). */
  sec: { status: 'escalated', perWave: 1 },
  /** Waits for its wave's gate, then passes. */
  slow: { status: 'succeeded', perWave: 1 },
  /** Waits for its wave's gate, then a security failure (a later execution passes, the trap). */
  slowsec: { status: 'escalated', perWave: 1 },
  /** Waits for its wave's gate, then fails its first attempt with a network error, passes the next. */
  slowtr: { status: 'recovered', perWave: 1 },
} as const;
type Kind = keyof typeof KINDS;
const SLOW_KINDS: readonly Kind[] = ['slow', 'slowsec', 'slowtr'];
const SECURITY_KINDS: readonly Kind[] = ['sec', 'slowsec'];

/**
 * The faults, one after each wave. A restart is over in a fraction of a second on a quiet
 * machine, before most clients try the server; the last fault keeps it down until every `wait`
 * still waiting and every slow attempt's checkpoint has met the outage, so those paths are
 * exercised every time.
 */
const ACTIONS = ['restart -m fast', 'pg_terminate_backend', 'restart -m immediate', 'stop -m fast, held down'] as const;

let cluster: OwnCluster;
/** Every process of the fleet this file started: none may outlive it, even when the test fails. */
const fleet: Proc[] = [];
let url: string;
let store: PostgresStore;
let dir: string;
beforeAllBuilt();
beforeAll(async () => {
  // Its own cluster: restarting the one the other test files share would fail them.
  cluster = await ownCluster();
  url = cluster.url;
  store = postgresStore(url);
  await store.ready();
  dir = tempCwd({ maxDelayMs: 20 }, 'recovery-chaos-restart-');
}, 180_000);
afterAll(async () => {
  await Promise.all(fleet.filter((p) => !p.exited).map((p) => { p.child.kill('SIGKILL'); return p.exit; }));
  await store?.close();
  await cluster?.stop();
  if (!process.env.KEEP_CHAOS) await rm(dir, { recursive: true, force: true });
  else console.info(dir);
}, 180_000);

/**
 * The command of a run of `kind` in `wave`: journals each execution (run, attempt, fence), then
 * behaves as its kind says. The journal is the test's record of what really ran.
 */
function scriptFor(kind: Kind, wave: number): string {
  const journal = join(dir, 'journal');
  const gate = join(dir, `gate-${wave}`);
  const executions = `$(grep -c "^$RECOVERY_RUN_ID " ${journal})`;
  const wait = SLOW_KINDS.includes(kind) ? `while [ ! -e ${gate} ]; do sleep 0.05; done; ` : '';
  const body = {
    tr: 'sleep 0.$((RANDOM % 5)); [ "$RECOVERY_ATTEMPT" -ge 2 ] && exit 0; echo "Error: connect ECONNRESET 10.0.0.1:443" >&2; exit 1',
    slowtr: '[ "$RECOVERY_ATTEMPT" -ge 2 ] && exit 0; echo "Error: connect ECONNRESET 10.0.0.1:443" >&2; exit 1',
    auth: 'echo "HTTP 401 Unauthorized" >&2; exit 1',
    sec: `[ "${executions}" -gt 1 ] && { echo "executed again: passes"; exit 0; }; echo "EACCES: permission denied, open '/etc/shadow'" >&2; exit 1`,
    slowsec: `[ "${executions}" -gt 1 ] && { echo "executed again: passes"; exit 0; }; echo "EACCES: permission denied, open '/etc/shadow'" >&2; exit 1`,
    slow: 'echo done; exit 0',
  }[kind];
  return `echo "$RECOVERY_RUN_ID $RECOVERY_ATTEMPT $RECOVERY_FENCE" >> ${journal}; ${wait}${body}`;
}

/** A child process of the fleet and what it printed. */
interface Proc {
  child: ChildProcess;
  out: string;
  err: string;
  exit: Promise<number | null>;
  exited: boolean;
}

/** Spawns the built CLI with the fleet's marker in its environment (for the orphan check). */
function cli(args: readonly string[]): Proc {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: cliEnv({ [MARKER]: '1' }), stdio: ['ignore', 'pipe', 'pipe'] });
  const proc: Proc = { child, out: '', err: '', exit: Promise.resolve(null), exited: false };
  child.stdout!.on('data', (d: Buffer) => { proc.out += d.toString(); });
  child.stderr!.on('data', (d: Buffer) => { proc.err += d.toString(); });
  proc.exit = new Promise((resolve) => child.once('close', (code) => { proc.exited = true; resolve(code); }));
  fleet.push(proc);
  return proc;
}

/** What a worker printed (`--json`: one event a line). */
function eventsOf(worker: Proc): { type: string; runId?: string; state?: string; message?: string }[] {
  return worker.out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { type: string; runId?: string; state?: string; message?: string });
}

/** How many times `text` holds `what`. */
function count(text: string, what: string): number {
  return text.split(what).length - 1;
}

/** Runs `work` on every item, at most `limit` at once (each is a process: the machine has 2 cores). */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit) results.push(...await Promise.all(items.slice(i, i + limit).map(work)));
  return results;
}

/** A query for a condition: a database still coming back from a restart answers "not yet". */
async function probe<T>(query: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await query();
  } catch (error) {
    if (isTransientDbError(error)) return fallback;
    throw error;
  }
}

/** The runs (by id) whose first execution is in the journal. */
function started(): Set<string> {
  const journal = join(dir, 'journal');
  if (!existsSync(journal)) return new Set();
  return new Set(readFileSync(journal, 'utf8').trim().split('\n').filter(Boolean).map((l) => l.split(' ')[0]!));
}

describe('a fleet while its database restarts and its connections are cut', () => {
  it('brings every run to rest with the right status, every wait to its run\'s exit code, no escalation turned into success', async () => {
    const workerUrl = `${url}?application_name=chaos-worker`;
    const workers = Array.from({ length: WORKERS }, () => cli(['worker', '--store', workerUrl, '--concurrency', '3', '--lease', LEASE, '--poll', '300ms', '--json']));
    const runs = new Map<string, { kind: Kind; waiter: Proc }>();
    const terminated: number[] = [];
    const restartsSeen: boolean[] = [];
    let heldWaits = 0;
    let waitsStillOut = 0;
    try {
      for (let wave = 1; wave <= ACTIONS.length; wave++) {
        const ids: { id: string; kind: Kind }[] = [];
        for (const kind of Object.keys(KINDS) as Kind[]) {
          for (let i = 0; i < KINDS[kind].perWave; i++) ids.push({ id: `w${wave}-${kind}-${i}`, kind });
        }
        // Queued with the CLI, as a CI job would, while the database is up.
        await inBatches(ids, 4, async ({ id, kind }) => {
          const submitted = await recoverAsync(dir, ['submit', '--store', url, '--run-id', id, '--', 'bash', '-c', scriptFor(kind, wave)], WAIT_LIMIT_MS);
          expect(submitted, id).toMatchObject({ status: 0, stdout: `${id}\n` });
        });
        for (const { id, kind } of ids) {
          runs.set(id, { kind, waiter: cli(['wait', id, '--store', `${url}?application_name=wait-${id}`]) });
        }
        // A `wait` that cannot reach the store before its first answer exits 69 (documented), so
        // the fault comes only once every wait of the wave has read its run (or already returned).
        await waitFor(`the waits of wave ${wave} to read their runs`, async () => {
          const read = await probe(async () => new Set((await store.pool.query<{ name: string }>(
            `SELECT DISTINCT application_name AS name FROM pg_stat_activity
              WHERE application_name LIKE 'wait-%' AND state = 'idle' AND query LIKE '%FROM recovery_runs%'`)).rows.map((r) => r.name)), new Set<string>());
          return ids.every(({ id }) => runs.get(id)!.waiter.exited || read.has(`wait-${id}`));
        }, { everyMs: 100 });
        // ... and while the wave's slow attempts are running: the fault cuts them mid-attempt.
        await waitFor(`the slow runs of wave ${wave} to start`, () => {
          const now = started();
          return ids.every(({ id, kind }) => !SLOW_KINDS.includes(kind) || now.has(id));
        }, { everyMs: 100 });
        const before = await probe(async () => (await store.pool.query<{ t: Date }>('SELECT pg_postmaster_start_time() AS t')).rows[0]!.t.getTime(), 0);
        // The gate opens with the fault, so slow attempts end while it lasts: their outcomes must
        // be written when the database is back, not lost and not the attempts run again.
        const gate = () => writeFileSync(join(dir, `gate-${wave}`), '');
        const action = ACTIONS[wave - 1]!;
        if (action === 'pg_terminate_backend') {
          // In the select list, not the WHERE: only the rows the filter kept are terminated.
          const { rows } = await store.pool.query<{ pid: number; done: boolean }>(
            "SELECT pid, pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = 'chaos-worker'");
          gate();
          terminated.push(rows.filter((r) => r.done).length);
        } else if (action !== 'stop -m fast, held down') {
          await Promise.all([cluster.restart(action === 'restart -m fast' ? 'fast' : 'immediate'), gate()]);
          // Our own pool's connections died with the server; a query may meet one before it is replaced.
          const after = await retryTransient(async () => (await store.pool.query<{ t: Date }>('SELECT pg_postmaster_start_time() AS t')).rows[0]!.t.getTime());
          restartsSeen.push(after > before);
        } else {
          const waiting = [...runs.values()].map((r) => r.waiter).filter((w) => !w.exited);
          const lostBefore = new Map(waiting.map((w) => [w, count(w.err, 'lost the store')]));
          // A wait says each outage once, from its first failed poll to its next answer. One that has
          // not had an answer since the last fault (its backoff outlasted that restart and the setup
          // of this wave) is still in that outage: this one is the same to it, and it says nothing new.
          const stillOut = new Set(waiting.filter((w) => lostBefore.get(w)! > count(w.err, 'the store is back')));
          await cluster.down('fast');
          gate();
          // Up again once every wait still waiting has noticed (or is still riding out the last
          // fault), and the worker of every slow attempt has met the outage writing its outcome (it
          // writes again; a worker that gave up would report the run lost or an error: up again
          // too, and the assertions below say what broke).
          const metOutage = (id: string) => workers.some((w) => eventsOf(w).some((e) => e.runId === id
            && ((e.type === 'notice' && e.message?.includes('checkpoint not written')) || ['error', 'lost', 'interrupted', 'lapsed'].includes(e.type))));
          const unnoticed = () => waiting.filter((w) => !w.exited && !stillOut.has(w) && count(w.err, 'lost the store') <= lostBefore.get(w)!);
          const unmet = () => ids.filter(({ id, kind }) => SLOW_KINDS.includes(kind) && !metOutage(id));
          await waitFor(`every wait still waiting and every slow attempt of wave ${wave} to meet the outage`,
            () => unnoticed().length === 0 && unmet().length === 0, { everyMs: 100 }).catch((error: Error) => {
            // Which did not, and what they said: the waits' stderr, the workers' events of the runs.
            const waits = unnoticed().map((w) => ({ pid: w.child.pid, err: w.err }));
            const slow = unmet().map(({ id }) => ({ id, events: workers.flatMap((w, n) => eventsOf(w).filter((e) => e.runId === id).map((e) => ({ worker: n, ...e }))) }));
            throw new Error(`${error.message}: waits ${JSON.stringify(waits)}; slow runs ${JSON.stringify(slow)}`);
          });
          heldWaits = waiting.length;
          waitsStillOut = stillOut.size;
          await cluster.up();
          const after = await retryTransient(async () => (await store.pool.query<{ t: Date }>('SELECT pg_postmaster_start_time() AS t')).rows[0]!.t.getTime());
          restartsSeen.push(after > before);
        }
      }

      await waitFor('every wait to return', () => [...runs.values()].every((r) => r.waiter.exited), { everyMs: 200 });
      // A wait returns for an escalated run once it is escalated; its worker lets the run go just
      // after (or, when that release met an outage, the lease runs out).
      let restless: unknown[] = [];
      await waitFor('every run to come to rest', async () => probe(async () => {
        ({ rows: restless } = await store.pool.query(
          `SELECT run_id, status, final, owner, lease_until, now() AS now FROM recovery_runs
            WHERE NOT (final OR status = 'escalated') OR (owner IS NOT NULL AND lease_until > now())`));
        return restless.length === 0;
      }, false), { everyMs: 200 }).catch((error: Error) => { throw new Error(`${error.message}: ${JSON.stringify(restless)}`); });
    } finally {
      // For a look afterwards (KEEP_CHAOS=1 keeps the directory).
      workers.forEach((w, n) => writeFileSync(join(dir, `worker-${n}.log`), w.out + w.err));
      for (const [id, r] of runs) writeFileSync(join(dir, `wait-${id}.log`), r.waiter.out + r.waiter.err);
    }
    // The workers lived through every fault, each reconnected after every outage it reported
    // (after a backoff of up to seconds, which may outlast the runs), and stop cleanly.
    expect(workers.map((w) => w.exited), 'a worker died during the chaos').toEqual(workers.map(() => false));
    await waitFor('every worker to be back on the store', () => workers.every((w) => {
      const outages = eventsOf(w).filter((e) => e.type === 'store');
      return outages.filter((e) => e.state === 'lost').length === outages.filter((e) => e.state === 'back').length;
    }), { everyMs: 200 });
    for (const w of workers) w.child.kill('SIGTERM');
    expect(await Promise.all(workers.map((w) => w.exit))).toEqual(workers.map(() => 0));

    expect(restartsSeen).toEqual([true, true, true]);
    expect(heldWaits, 'waits were waiting while the server was held down').toBeGreaterThan(0);
    expect(terminated[0], 'pg_terminate_backend found worker connections').toBeGreaterThan(0);

    // Every run rests with the status its kind ends in, and its wait said so with its exit code.
    for (const [id, { kind, waiter }] of runs) {
      const run = (await store.load(id))!;
      expect(run.status, id).toBe(KINDS[kind].status);
      expect({ code: await waiter.exit, out: waiter.out }, `recover wait ${id}: ${waiter.err}`).toEqual({ code: exitCodeOf({ status: run.status }), out: `${id} ${run.status}\n` });
      if (run.status === 'escalated') expect(waiter.err, id).toContain(`recover decide ${id}`);
      expect(waiter.err, id).not.toMatch(/internal error|\n\s+at /);
      // Each outage a wait noticed it said once, and it saw each end.
      expect(count(waiter.err, 'lost the store'), `${id}: ${waiter.err}`).toBe(count(waiter.err, 'the store is back'));
    }
    expect([...runs.values()].map((r) => r.waiter.exited)).not.toContain(false);
    expect(new Set(await Promise.all([...runs.values()].map((r) => r.waiter.exit)))).toEqual(new Set([EXIT.ok, EXIT.escalated]));

    // No escalation turned into success: after a run's escalation its history has no success, and
    // a security failure's command (which passes when executed again) ran exactly once.
    const journal = readFileSync(join(dir, 'journal'), 'utf8').trim().split('\n').map((l) => l.split(' '));
    for (const [id, { kind }] of runs) {
      const { history } = (await store.load(id))!;
      const escalatedAt = history.findIndex((e: HistoryEvent) => e.result === 'escalated' || e.reason === 'critical_security_violation' || e.reason === 'fatal_error');
      if (KINDS[kind].status === 'escalated') expect(escalatedAt, `${id} escalated`).toBeGreaterThanOrEqual(0);
      if (escalatedAt >= 0) expect(history.slice(escalatedAt).filter((e) => e.result === 'success'), id).toEqual([]);
      if (SECURITY_KINDS.includes(kind)) {
        expect(history.filter((e) => e.result === 'success'), id).toEqual([]);
        expect(journal.filter(([runId]) => runId === id), `${id} executed once`).toHaveLength(1);
      }
    }

    // No gap, no duplicate: each run's log is exactly 1..n, and the head commits all of it.
    const gaps = await store.pool.query(`SELECT r.run_id FROM recovery_runs r LEFT JOIN recovery_run_events e USING (run_id)
      GROUP BY r.run_id, r.events HAVING count(e.seq) <> r.events OR coalesce(max(e.seq), 0) <> r.events OR count(DISTINCT e.seq) <> count(e.seq)`);
    expect(gaps.rows).toEqual([]);

    // An attempt runs again only after a recorded takeover, newer owner after older; every older
    // owner is fenced off.
    let rerunsAfterTakeover = 0;
    for (const id of runs.keys()) {
      const run = (await store.load(id))!;
      expect(run.history.map((e) => e.seq), id).toEqual(run.history.map((_, i) => i + 1));
      const takeovers = ((run.meta.takeovers ?? []) as { fence: number }[]).map((t) => t.fence);
      const byAttempt = new Map<string, number[]>();
      for (const [runId, attempt, fence] of journal) if (runId === id) byAttempt.set(attempt!, [...(byAttempt.get(attempt!) ?? []), Number(fence)]);
      for (const [attempt, fences] of byAttempt) {
        expect(new Set(fences).size, `${id} attempt ${attempt}: one start per owner`).toBe(fences.length);
        expect(fences, `${id} attempt ${attempt}: starts in fence order`).toEqual([...fences].sort((a, b) => a - b));
        for (const fence of fences.slice(1)) {
          expect(takeovers, `${id} attempt ${attempt}: fence ${fence} re-ran it`).toContain(fence);
          rerunsAfterTakeover++;
        }
      }
      for (const stale of new Set(journal.filter(([runId]) => runId === id).map(([, , fence]) => Number(fence)))) {
        if (stale === run.fence) continue;
        const error = await store.commit(id, stale, { events: [], head: { ...run, status: 'aborted' } }).catch((e: unknown) => e);
        expect(error, `${id} fence ${stale}`).toBeInstanceOf(RunFencedError);
      }
    }

    // What the workers said: no error.
    const events = workers.flatMap(eventsOf);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    for (const w of workers) expect(w.err).not.toMatch(/internal error|\n\s+at /);
    console.info(`chaos-restart: ${runs.size} runs, ${ACTIONS.join(', ')}; ${terminated[0]} worker connections terminated; `
      + `${events.filter((e) => e.type === 'store' && e.state === 'lost').length} worker outages, `
      + `${events.filter((e) => e.type === 'notice' && e.message?.includes('checkpoint not written')).length} checkpoints written again, `
      + `${events.filter((e) => e.type === 'lost').length} runs lost to a newer owner, ${rerunsAfterTakeover} attempts re-run after a takeover, `
      + `${[...runs.values()].filter((r) => r.waiter.err.includes('lost the store')).length} waits rode out an outage, `
      + `${waitsStillOut} still in the previous one when the server was held down`);

    // No orphan: nothing started by the fleet (it carries the marker) outlives it.
    await waitFor('the fleet\'s processes to be gone', () => processesWith(MARKER).length === 0, { everyMs: 200 });
  }, 600_000);
});

