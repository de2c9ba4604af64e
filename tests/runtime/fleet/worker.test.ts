/** Fleet workers on a real PostgreSQL: claim, run, renew, lose a run to a newer owner, take over, wake on a decision. */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWorker, submit, type WorkerEvent } from '../../../src/runtime/fleet/index.js';
import { RunFencedError } from '../../../src/store/errors.js';
import { claimRuns, recordDecision, runState } from '../../../src/store/postgres/queue.js';
import { postgresStore, type PostgresStore } from '../../../src/store/postgres/store.js';
import { testDatabase } from '../../helpers/postgres.js';
import { waitFor } from '../../helpers/wait-for.js';

/** How this file's waits poll: every 50 ms, failing after 20 s unless a wait says otherwise. */
const POLL = { everyMs: 50, withinMs: 20_000 };

let store: PostgresStore;
let drop: () => Promise<void>;
let dir: string;
beforeAll(async () => {
  const db = await testDatabase();
  drop = db.drop;
  store = postgresStore(db.url);
  dir = await mkdtemp(join(tmpdir(), 'recovery-fleet-'));
}, 120_000);
afterAll(async () => {
  await store.close();
  await drop();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await store.ready();
  await store.pool.query('TRUNCATE recovery_runs, recovery_run_events, recovery_decisions, recovery_workers');
});

const fastRetries = { categories: { transient: { delaysMs: [20] } } };


const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('createWorker', () => {
  it('runs submitted commands to their end, each with RECOVERY_RUN_ID, RECOVERY_ATTEMPT and RECOVERY_FENCE', async () => {
    // Fails once with a transient error, then passes: two attempts under one owner.
    const script = `echo "$RECOVERY_RUN_ID $RECOVERY_ATTEMPT $RECOVERY_FENCE" >> ${dir}/env.log; f=${dir}/$RECOVERY_RUN_ID; [ -e $f ] && exit 0; touch $f; echo "Error: connect ECONNRESET 10.0.0.1:443"; exit 1`;
    const ids = await Promise.all([1, 2, 3].map(() => submit(store, 'command', { cmd: 'sh', args: ['-c', script] }, { policy: fastRetries })));
    const events: WorkerEvent[] = [];
    const worker = createWorker({ store, concurrency: 2, leaseMs: 3_000, onEvent: (e) => events.push(e) });
    try {
      for (const id of ids) await waitFor(`run ${id} final`, async () => (await runState(store, id))?.final, POLL);
    } finally {
      await worker.stop();
    }
    for (const id of ids) {
      const run = (await store.load(id))!;
      expect(run.status).toBe('recovered');
      expect(run.meta).toMatchObject({ command: ['sh', '-c', script], fleet: { task: 'command' } });
      expect(run.history.map((e) => e.seq)).toEqual(run.history.map((_, i) => i + 1));
    }
    const lines = (await readFile(join(dir, 'env.log'), 'utf8')).trim().split('\n').map((l) => l.split(' '));
    expect(lines).toHaveLength(6);
    for (const id of ids) {
      const fence = String((await store.load(id))!.fence);
      expect(lines.filter((l) => l[0] === id).map((l) => [l[1], l[2]])).toEqual([['1', fence], ['2', fence]]);
    }
    expect(events.filter((e) => e.type === 'finished')).toHaveLength(3);
  });

  it('never starts a program after its start deadline: a worker paused past it lets the run go, which then runs normally', async () => {
    // The first attempt's task "pauses" (as a SIGSTOPped worker would) between its lease renew and
    // the spawn, longer than the start window (2 s) of a 3 s lease; the program must not start late.
    const journal = join(dir, 'paused.log');
    let pauses = 0;
    const events: WorkerEvent[] = [];
    const worker = createWorker({
      store, leaseMs: 3_000, onEvent: (e) => events.push(e),
      tasks: {
        paused: async (ctx) => {
          if (pauses++ === 0) await new Promise((r) => setTimeout(r, 2_500));
          const { commandTask } = await import('../../../src/runtime/command.js');
          await commandTask('sh', ['-c', `echo "$RECOVERY_ATTEMPT $RECOVERY_FENCE" >> ${journal}`], { env: ctx.env, ...(ctx.startBy === undefined ? {} : { startBy: ctx.startBy }) })(ctx);
        },
      },
    });
    const id = await submit(store, 'paused', null);
    try {
      await waitFor(`run ${id} final`, async () => (await runState(store, id))?.final, POLL);
    } finally {
      await worker.stop();
    }
    const run = (await store.load(id))!;
    expect(run.status).toBe('succeeded'); // the lapsed start was no failure: attempt 1 ran once, and passed
    expect(events).toContainEqual({ type: 'lapsed', runId: id, fence: 1, attempt: 1 });
    // Only the owner after the lapse started the program, once: the paused owner's start never happened.
    expect((await readFile(journal, 'utf8')).trim().split('\n')).toEqual([`1 ${run.fence}`]);
    expect(run.fence).toBeGreaterThan(1);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
  });

  it('a pre-start lease renew cut by a passing database error is sent again: no failure is recorded for an attempt that never ran', async () => {
    // One slot. Once short runs have been seen, the worker claims a second run ahead: B writes its
    // first checkpoint at once and waits for the slot while A runs 2 s, longer than a sixth of the
    // 9 s lease, so B renews its lease before it starts. B's first two renews after A started are
    // cut by the database (the error a restart gives); B's attempt must wait for one that gets
    // through instead of failing with the database's error.
    // Warm-ups that do nothing hold the slot for milliseconds however loaded the machine is.
    const warmUps = await Promise.all([1, 2, 3].map(() => submit(store, 'nothing', null)));
    const workerStore = postgresStore(store.url);
    const events: WorkerEvent[] = [];
    const worker = createWorker({ store: workerStore, concurrency: 1, leaseMs: 9_000, onEvent: (e) => events.push(e), tasks: { nothing: async () => {} } });
    const started = join(dir, 'a-started');
    const journal = join(dir, 'b.log');
    let idB = '';
    let cut = 0;
    const query = workerStore.pool.query.bind(workerStore.pool);
    workerStore.pool.query = ((config: unknown, ...rest: unknown[]) => {
      const { name, values } = (config ?? {}) as { name?: string; values?: unknown[] };
      if (name === 'recovery_renew' && values?.[0] === idB && existsSync(started) && cut < 2) {
        cut += 1;
        return Promise.reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
      }
      return (query as (...args: unknown[]) => unknown)(config, ...rest);
    }) as typeof workerStore.pool.query;
    try {
      for (const id of warmUps) await waitFor(`warm-up ${id} final`, async () => (await runState(store, id))?.final, POLL);
      const idA = await submit(store, 'command', { cmd: 'sh', args: ['-c', `touch ${started}; sleep 2`] });
      idB = await submit(store, 'command', { cmd: 'sh', args: ['-c', `echo "$RECOVERY_ATTEMPT" >> ${journal}`] });
      for (const id of [idA, idB]) await waitFor(`run ${id} final`, async () => (await runState(store, id))?.final, POLL);
    } finally {
      await worker.stop();
      await workerStore.close();
    }
    expect(cut).toBe(2);
    const run = (await store.load(idB))!;
    expect(run.status).toBe('succeeded');
    expect((await readFile(journal, 'utf8')).trim().split('\n')).toEqual(['1']);
    expect(JSON.stringify(run.history)).not.toContain('terminating connection');
    expect(events.filter((e) => e.type === 'error' || e.type === 'lapsed')).toEqual([]);
  });

  it('takes over a run whose owner stopped renewing, records it, and the old owner is refused', async () => {
    const id = await submit(store, 'command', { cmd: 'true' });
    // An owner that claimed the run and then went silent (a worker stopped with SIGSTOP).
    const ghost = { pid: 999_999, host: 'elsewhere', worker: 'ghost' };
    const [claim] = await claimRuns(store, ghost, ['command'], 1, 300);
    expect(claim!.lease.runId).toBe(id);
    const events: WorkerEvent[] = [];
    const worker = createWorker({ store, leaseMs: 3_000, pollMs: 100, onEvent: (e) => events.push(e) });
    try {
      await waitFor('the run final', async () => (await runState(store, id))?.final, POLL);
    } finally {
      await worker.stop();
    }
    expect(events[0]).toMatchObject({ type: 'claimed', runId: id, tookOverFrom: ghost });
    const run = (await store.load(id))!;
    expect(run.status).toBe('succeeded');
    expect(run.fence).toBeGreaterThan(claim!.lease.fence);
    expect(run.meta.takeovers).toEqual([{ from: ghost, fence: run.fence, atSeq: 0, at: expect.any(Number) }]);
    const stale = await store.commit(id, claim!.lease.fence, { events: [], head: { ...run, status: 'aborted' } }).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(RunFencedError);
    await expect(claim!.lease.renew()).rejects.toBeInstanceOf(RunFencedError);
  });

  it('stops a run whose lease another owner took: its process group is killed and nothing more is written', async () => {
    const id = await submit(store, 'command', { cmd: 'sh', args: ['-c', `echo $$ > ${dir}/victim.pid; exec sleep 60`] });
    const events: WorkerEvent[] = [];
    const worker = createWorker({ store, leaseMs: 600, onEvent: (e) => events.push(e) });
    try {
      const pid = Number(await waitFor('the command to start', () => readFile(join(dir, 'victim.pid'), 'utf8').catch(() => null), POLL));
      expect(alive(pid)).toBe(true);
      // Another owner takes the run (as a worker does once this one's lease lapses).
      await store.pool.query(`UPDATE recovery_runs SET fence = fence + 1, owner = '{"pid":1,"host":"other","worker":"thief"}', lease_until = now() + interval '1 hour' WHERE run_id = $1`, [id]);
      const { rows } = await store.pool.query<{ events: number; updated_at: number }>('SELECT events, updated_at FROM recovery_runs WHERE run_id = $1', [id]);
      await waitFor('the worker to notice', async () => events.some((e) => e.type === 'lost' && e.runId === id), POLL);
      await waitFor('the command to be killed', async () => !alive(pid), { ...POLL, withinMs: 5_000 });
      const after = await store.pool.query<{ events: number; updated_at: number }>('SELECT events, updated_at FROM recovery_runs WHERE run_id = $1', [id]);
      expect(after.rows[0]).toEqual(rows[0]);
    } finally {
      await worker.stop();
    }
  });

  it('wakes on a decision recorded from elsewhere and continues the escalated run with it', async () => {
    const id = await submit(store, 'command', { cmd: 'sh', args: ['-c', 'echo "fatal: Authentication failed for https://example.invalid/x.git"; exit 1'] });
    const worker = createWorker({ store, leaseMs: 3_000, pollMs: 60_000 }); // polling too slow to matter: NOTIFY must wake it
    try {
      await waitFor('the run to escalate', async () => (await runState(store, id))?.status === 'escalated' && (await runState(store, id))?.owner === null, POLL);
      await recordDecision(store, id, 'skip', null);
      await waitFor('the decision to be applied', async () => (await runState(store, id))?.status === 'skipped', { ...POLL, withinMs: 10_000 });
    } finally {
      await worker.stop();
    }
    const { rows } = await store.pool.query('SELECT choice, taken_fence FROM recovery_decisions WHERE run_id = $1', [id]);
    expect(rows).toEqual([{ choice: 'skip', taken_fence: String((await store.load(id))!.fence) }]);
    await expect(recordDecision(store, id, 'abort', null)).rejects.toThrow(/is skipped, not escalated/);
  });
});
