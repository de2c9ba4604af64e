/**
 * An attempt's process is in the run before its program can do anything (DESIGN: a crashed run
 * resumes where it stopped, no attempt left running unseen). Real PostgreSQL, a real
 * `recover worker` killed with SIGKILL right after the spawn, a real next owner:
 * - killed while the checkpoint holding the pid is on its way (a trigger holds that one write at
 *   the database, as a slow database would, and the test kills the owner meanwhile): the program
 *   never started, nothing of the killed owner's is left running, and the next owner runs
 *   attempt 1 once;
 * - killed by its own program, as the program's first act: the next owner finds the pid in the
 *   run and ends the orphan before it runs attempt 1 again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWorker, submit, type WorkerEvent } from '../../src/runtime/fleet/index.js';
import { groupAlive } from '../../src/runtime/attempt-process.js';
import { runState } from '../../src/store/postgres/queue.js';
import type { PostgresStore } from '../../src/store/postgres/store.js';
import { BIN, cliEnv } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';
import { processesWith } from '../helpers/processes.js';
import { waitFor } from '../helpers/wait-for.js';
import { useFleetFiles } from './store.js';

/** Every owner's lease: the next owner takes over once the killed one's has run out. */
const LEASE_MS = 3_000;
/** The advisory lock the trigger waits for while the test holds it. */
const HOLD_LOCK = 7401;
const MARKER = `RECOVERY_PID_BEFORE_START_${process.pid}`;

const fleetFiles = useFleetFiles('recovery-pid-before-start-', { emptyEachTest: true });
let url: string;
let store: PostgresStore;
let dir: string;
const owners: ChildProcess[] = [];
beforeAllBuilt();
beforeAll(async () => {
  ({ url, store, dir } = fleetFiles());
  await store.ready();
  // The first write of a run's head that names attempt processes waits while the test holds HOLD_LOCK.
  await store.pool.query(`
    CREATE FUNCTION hold_pid_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD_LOCK}); RETURN NEW; END $$;
    CREATE TRIGGER hold_pid_write BEFORE UPDATE ON recovery_runs FOR EACH ROW
      WHEN (NEW.head -> 'meta' -> 'attemptProcesses' IS NOT NULL AND (OLD.head IS NULL OR OLD.head -> 'meta' -> 'attemptProcesses' IS NULL))
      EXECUTE FUNCTION hold_pid_write();`);
}, 120_000);
afterEach(() => {
  for (const owner of owners.splice(0)) if (owner.exitCode === null && owner.signalCode === null) owner.kill('SIGKILL');
  for (const pid of processesWith(MARKER)) process.kill(pid, 'SIGKILL');
});

/** A `recover worker` process (the built CLI) with the marker in its environment, and its exit. */
function owner(): { child: ChildProcess; exited: Promise<NodeJS.Signals | null> } {
  const child = spawn(process.execPath, [BIN, 'worker', '--store', url, '--lease', `${LEASE_MS}ms`, '--poll', '200ms', '--json'], {
    env: cliEnv({ [MARKER]: '1' }), stdio: 'ignore',
  });
  owners.push(child);
  return { child, exited: new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal))) };
}

/** Runs the run to its end with a worker of this process (the next owner); its events. */
async function nextOwner(id: string): Promise<WorkerEvent[]> {
  const events: WorkerEvent[] = [];
  const worker = createWorker({ store, leaseMs: LEASE_MS, pollMs: 100, onEvent: (e) => events.push(e) });
  try {
    await waitFor('the run to be final', async () => (await runState(store, id))?.final === true);
  } finally {
    await worker.stop();
  }
  return events;
}

/** The starts the command journaled: attempt, fence, pid. */
async function starts(journal: string): Promise<string[][]> {
  return (await readFile(journal, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean).map((l) => l.split(' '));
}

/** The run's fence now. */
async function fenceOf(id: string): Promise<number> {
  const { rows } = await store.pool.query<{ fence: string }>('SELECT fence FROM recovery_runs WHERE run_id = $1', [id]);
  return Number(rows[0]!.fence);
}

/**
 * A command that journals its start (attempt, fence, pid), then, run by the killed owner (which
 * alone has the marker in its environment), does `owned` and hangs; run by anyone else it passes.
 */
const command = (journal: string, owned: string) => ({
  cmd: 'bash', args: ['-c', `echo "$RECOVERY_ATTEMPT $RECOVERY_FENCE $$" >> ${journal}; if [ -n "$${MARKER}" ]; then ${owned} exec sleep 60; fi; exit 0`],
});

describe.runIf(process.platform === 'linux')('the pid of an attempt\'s program is recorded before the program starts', () => {
  it('an owner killed while that record is on its way started nothing: no orphan, attempt 1 runs once, by the next owner', async () => {
    const journal = join(dir, 'journal-held');
    const id = await submit(store, 'command', command(journal, ''));
    // Held by the test: the owner's write of the pid waits at the database.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [HOLD_LOCK]);
      const first = owner();
      let waiting: number | undefined;
      await waitFor('the owner\'s write of the attempt\'s pid to wait at the database', async () => {
        const { rows } = await store.pool.query<{ pid: number }>(
          "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1", [HOLD_LOCK]);
        waiting = rows[0]?.pid;
        return waiting !== undefined;
      }, { everyMs: 50 });
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      // That write never lands: its connection is ended, as a dead client's is.
      await store.pool.query('SELECT pg_terminate_backend($1)', [waiting]);
      // The spawned child waited for the owner's go: its pipe closed, it exits without starting the program.
      await waitFor('nothing the killed owner spawned to be left running', () => processesWith(MARKER).length === 0, { withinMs: 15_000 });
      await holder.query('SELECT pg_advisory_unlock($1)', [HOLD_LOCK]);
    } finally {
      await holder.end();
    }
    const k = await fenceOf(id);
    expect((await store.load(id))?.meta.attemptProcesses).toBeUndefined();

    const events = await nextOwner(id);
    const run = (await store.load(id))!;
    expect(run.status).toBe('succeeded');
    expect(events.filter((e) => e.type === 'claimed')).toEqual([
      { type: 'claimed', runId: id, fence: k + 1, resumed: true, tookOverFrom: expect.objectContaining({ pid: owners[0]!.pid }) },
    ]);
    // Attempt 1 ran once, by the next owner; the resume had nothing to end.
    expect((await starts(journal)).map((s) => s.slice(0, 2))).toEqual([['1', String(k + 1)]]);
    expect(run.history.filter((e) => e.phase === 'RESUME').map((e) => [e.result, e.attempt, e.message])).toEqual([
      ['interrupted', 1, 'attempt 1 was interrupted; running it again'],
    ]);
  }, 120_000);

  it('an owner killed once the program started: the next owner finds its pid, ends it, then runs attempt 1 again', async () => {
    const journal = join(dir, 'journal-running');
    // The program's first act after its start is line: it kills its owner (the worker, its parent).
    const id = await submit(store, 'command', command(journal, 'kill -9 $PPID;'));
    const first = owner();
    expect(await first.exited).toBe('SIGKILL');
    const [[attempt, fence, orphan]] = await starts(journal) as [string[]];
    const k = Number(fence);
    expect(attempt).toBe('1');
    expect(groupAlive(Number(orphan))).toBe(true);
    // Recorded before it ran: the record the killed owner left names it.
    expect(((await store.load(id))?.meta.attemptProcesses as { pid: number }[]).map((p) => p.pid)).toEqual([Number(orphan)]);

    await nextOwner(id);
    const run = (await store.load(id))!;
    expect(run.status).toBe('succeeded');
    expect(groupAlive(Number(orphan))).toBe(false);
    expect(processesWith(MARKER)).toEqual([]);
    expect((await starts(journal)).map((s) => s.slice(0, 2))).toEqual([['1', String(k)], ['1', String(k + 1)]]);
    expect(run.history.filter((e) => e.phase === 'RESUME').map((e) => [e.result, e.attempt, e.message])).toEqual([
      ['interrupted', 1, `attempt 1 was interrupted; running it again (the previous attempt's process ${orphan} was still running; killed)`],
    ]);
  }, 120_000);
});
