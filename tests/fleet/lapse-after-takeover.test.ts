/**
 * The interleaving behind a chaos failure (`fence 3 re-ran it: expected [ 2 ] to include 3`): an
 * owner starts attempt 1 and is killed; the next owner takes the run over (recorded in
 * `meta.takeovers`), but its start lapses (it was paused past its start window, as a loaded
 * machine or a SIGSTOP does) and it lets the run go without starting anything; a third owner then
 * claims a run nobody holds (no takeover: its claim replaced nobody) and runs attempt 1 again.
 * The re-run is the takeover's doing, and that takeover is recorded: between the two owners
 * that started attempt 1. Real PostgreSQL, a real `recover worker` killed with SIGKILL, a real
 * worker whose command's start gate refuses the late start.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWorker, runCommandTask, submit, type WorkerEvent } from '../../src/runtime/fleet/index.js';
import { RunFencedError } from '../../src/store/errors.js';
import { isProcessAlive } from '../../src/store/process-alive.js';
import { runState } from '../../src/store/postgres/queue.js';
import type { PostgresStore } from '../../src/store/postgres/store.js';
import type { Takeover } from '../../src/runtime/run-meta.js';
import { BIN } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';
import { waitFor } from '../helpers/wait-for.js';
import { useFleetFiles } from './store.js';

/**
 * Every owner's lease. Its start window (2/3 of it, 3 s) is wide enough that on a loaded machine
 * only the pause below makes a start lapse; the takeover comes once the killed owner's lease ran out.
 */
const LEASE_MS = 4_500;

const fleetFiles = useFleetFiles('recovery-lapse-');
let url: string;
let store: PostgresStore;
let dir: string;
beforeAllBuilt();
beforeAll(() => { ({ url, store, dir } = fleetFiles()); });

describe('an attempt re-run after a takeover whose own start lapsed', () => {
  it('is re-run by the owner after the lapse, and the takeover that interrupted it is recorded between the two starts', async () => {
    const journal = join(dir, 'journal');
    const hung = join(dir, 'hung');
    // Journals each start (attempt, fence, pid); the first start hangs (its owner is killed
    // meanwhile), any later one passes.
    const script = `echo "$RECOVERY_ATTEMPT $RECOVERY_FENCE $$" >> ${journal}; [ -e ${hung} ] && exit 0; touch ${hung}; exec sleep 60`;
    const id = await submit(store, 'command', { cmd: 'bash', args: ['-c', script] });
    const starts = async () => (await readFile(journal, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean).map((l) => l.split(' '));

    // Owner K: a `recover worker` process that starts attempt 1, then dies with SIGKILL. K is 1
    // unless that worker's own start lapsed first on a loaded machine (it then let the run go and
    // claimed it again), so the fences below are counted from K.
    const first = spawn(process.execPath, [BIN, 'worker', '--store', url, '--lease', `${LEASE_MS}ms`, '--poll', '200ms', '--json'], {
      env: { ...process.env, RECOVERY_STORE: '' }, stdio: 'ignore',
    });
    const exited = new Promise((resolve) => first.once('exit', resolve));
    await waitFor('attempt 1 to start', async () => (await starts()).length > 0);
    // Killed once its attempt's process is in the run's checkpoint (written right after the
    // spawn, not awaited): the next owner's resume ends it from there. Killed before that write,
    // the hung command would outlive its owner unseen (the same at-least-once window as any
    // SIGKILL right after a spawn), which is not what this test is about.
    await waitFor('the attempt\'s process to be recorded', async () => {
      const processes = (await store.load(id))?.meta.attemptProcesses;
      return Array.isArray(processes) && processes.length > 0;
    });
    first.kill('SIGKILL');
    await exited;
    const [killedAttempt] = await starts();
    const k = Number(killedAttempt![1]);

    // Owners K+1 and K+2: one worker whose start under fence K+1 is paused past its start window
    // (2/3 of the lease): the start gate refuses it, the run is let go, and the same worker claims it again.
    const events: WorkerEvent[] = [];
    const worker = createWorker({
      store, leaseMs: LEASE_MS, pollMs: 100, onEvent: (e) => events.push(e),
      tasks: {
        command: async (ctx) => {
          if (ctx.fence === k + 1) await new Promise((r) => setTimeout(r, LEASE_MS));
          return runCommandTask(ctx);
        },
      },
    });
    try {
      await waitFor('the run to be final', async () => (await runState(store, id))?.final === true);
    } finally {
      await worker.stop();
    }

    const run = (await store.load(id))!;
    expect(run.status).toBe('succeeded');
    expect(run.fence).toBe(k + 2);
    // Attempt 1 started by fence K and again by fence K+2; K+1 started nothing (its start lapsed).
    expect((await starts()).map((s) => s.slice(0, 2))).toEqual([['1', String(k)], ['1', String(k + 2)]]);
    // The killed owner's attempt was ended before it ran again (the resume kills what it left).
    await waitFor('the killed owner\'s attempt to be gone', () => !isProcessAlive(Number(killedAttempt![2])), { withinMs: 10_000 });

    // Fence K+1 took the run over from the killed owner (recorded), then lapsed and let it go;
    // fence K+2 claimed a run nobody held: no takeover of its own.
    expect(events.filter((e) => e.type === 'claimed')).toEqual([
      { type: 'claimed', runId: id, fence: k + 1, resumed: true, tookOverFrom: expect.objectContaining({ pid: first.pid }) },
      { type: 'claimed', runId: id, fence: k + 2, resumed: true, tookOverFrom: null },
    ]);
    expect(events).toContainEqual({ type: 'lapsed', runId: id, fence: k + 1, attempt: 1 });
    expect(events.filter((e) => e.type === 'error' || e.type === 'lost')).toEqual([]);

    // The record an at-least-once user needs: the takeover that interrupted attempt 1 (fence K+1,
    // between fence K that started it and fence K+2 that re-ran it), at the event where fence K
    // left off, and history saying, at each resume (K+1's, K+2's), that attempt 1 was
    // interrupted and runs again.
    const takeovers = run.meta.takeovers as Takeover[];
    expect(takeovers).toEqual([{ from: expect.objectContaining({ pid: first.pid }), fence: k + 1, atSeq: expect.any(Number), at: expect.any(Number) }]);
    const { atSeq } = takeovers[0]!;
    expect(run.history.slice(atSeq, atSeq + 2).map((e) => [e.phase, e.result, e.attempt])).toEqual([['RESUME', 'interrupted', 1], ['RESUME', 'interrupted', 1]]);
    expect(run.history.map((e) => e.seq)).toEqual(run.history.map((_, i) => i + 1));

    // Every older owner is fenced off.
    for (let stale = 1; stale <= k + 1; stale++) {
      const error = await store.commit(id, stale, { events: [], head: { ...run, status: 'aborted' } }).catch((e: unknown) => e);
      expect(error, `fence ${stale}`).toBeInstanceOf(RunFencedError);
    }
  }, 120_000);
});
