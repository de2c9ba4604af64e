/**
 * A worker's claim loop on a real PostgreSQL: runs at once never exceed its concurrency though it
 * claims ahead while runs are short; it claims nothing ahead before it knows they are; and a stop
 * lets every run in hand go, those that never had a slot untouched, for another worker to finish.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createWorker, submit, type FleetTaskContext } from '../../src/runtime/fleet/index.js';
import { runState } from '../../src/store/postgres/queue.js';
import type { PostgresStore } from '../../src/store/postgres/store.js';
import { waitFor } from '../helpers/wait-for.js';
import { useFleetStore } from './store.js';

const fleetStore = useFleetStore();
let store: PostgresStore;
beforeEach(() => { store = fleetStore(); });

/** How this file's waits poll: every 20 ms, failing after a minute. */
const POLL = { everyMs: 20, withinMs: 60_000 };

const owned = async () => Number((await store.pool.query<{ n: string }>('SELECT count(*) AS n FROM recovery_runs WHERE owner IS NOT NULL')).rows[0]!.n);
const finals = async () => Number((await store.pool.query<{ n: string }>('SELECT count(*) AS n FROM recovery_runs WHERE final')).rows[0]!.n);
/** Passes once a test lets it: a run that holds its slot for as long as the test wants. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  const task = (ctx: FleetTaskContext) => new Promise<void>((resolve, reject) => {
    void opened.then(resolve);
    ctx.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
  });
  return { open, task };
};

describe('the claim loop', () => {
  it('runs at most `concurrency` tasks at once while claiming ahead, and leaves no lease behind', async () => {
    let now = 0;
    let most = 0;
    const quick = { categories: { transient: { delaysMs: [0] } } };
    const seen = new Set<string>();
    const task = async (ctx: FleetTaskContext) => {
      most = Math.max(most, ++now);
      await new Promise((resolve) => setImmediate(resolve));
      now--;
      if (!seen.has(ctx.runId)) {
        seen.add(ctx.runId);
        throw new Error('Error: connect ECONNRESET 10.0.0.1:443'); // fails once, then passes
      }
    };
    for (let i = 0; i < 60; i++) await submit(store, 'quick', null, { runId: `q${i}`, policy: quick });
    const worker = createWorker({ store, concurrency: 2, tasks: { quick: task }, onEvent: () => undefined });
    try {
      await waitFor('every run final', async () => (await finals()) === 60, POLL);
    } finally {
      await worker.stop();
    }
    expect(most).toBeLessThanOrEqual(2);
    expect(await owned()).toBe(0);
  });

  it('claims nothing ahead before it knows its runs are short: a second run stays free for another worker', async () => {
    const { open, task } = gate();
    const first = await submit(store, 'slow', null, { runId: 'slow-1' });
    const second = await submit(store, 'slow', null, { runId: 'slow-2' });
    const busy = createWorker({ store, concurrency: 1, pollMs: 100, tasks: { slow: task } });
    let other: ReturnType<typeof createWorker> | undefined;
    try {
      await waitFor('the first run to start', async () => (await runState(store, first))?.status === 'running', POLL);
      expect((await runState(store, second))?.owner).toBeNull();
      other = createWorker({ store, concurrency: 1, pollMs: 100, tasks: { slow: async () => undefined } });
      await waitFor('the other worker to finish the second run', async () => (await runState(store, second))?.final, POLL);
      open();
      await waitFor('the first run to finish', async () => (await runState(store, first))?.final, POLL);
    } finally {
      open();
      await Promise.all([busy.stop(), other?.stop()]);
    }
    expect((await store.load(second))!.status).toBe('succeeded');
  });

  it('a stop lets the runs in hand go: one waiting for a slot never ran here, and another worker finishes it', async () => {
    const { open, task } = gate();
    const ran = new Map<string, string[]>();
    const record = (who: string) => (ctx: FleetTaskContext) => void ran.set(ctx.runId, [...(ran.get(ctx.runId) ?? []), who]);
    // Short runs first, so the worker knows its runs are short and claims ahead.
    for (let i = 0; i < 8; i++) await submit(store, 'quick', null, { runId: `s${i}` });
    const first = createWorker({
      store, concurrency: 1, pollMs: 100,
      tasks: { quick: record('first'), blocking: async (ctx) => { record('first')(ctx); await task(ctx); } },
    });
    try {
      await waitFor('the short runs', async () => (await finals()) === 8, POLL);
      await submit(store, 'blocking', null, { runId: 'b1' });
      await submit(store, 'blocking', null, { runId: 'b2' });
      await waitFor('b1 running and b2 in hand', async () => ran.has('b1') && (await runState(store, 'b2'))?.owner !== null, POLL);
    } finally {
      await first.stop();
    }
    expect(ran.has('b2')).toBe(false);
    expect((await runState(store, 'b2'))?.owner).toBeNull();
    open();
    const second = createWorker({ store, concurrency: 2, pollMs: 100, tasks: { blocking: record('second') } });
    try {
      await waitFor('both finished by the second worker', async () => (await runState(store, 'b1'))?.final && (await runState(store, 'b2'))?.final, POLL);
    } finally {
      await second.stop();
    }
    expect(ran.get('b2')).toEqual(['second']);
    expect(ran.get('b1')).toEqual(['first', 'second']); // stopped mid-attempt: run again (at-least-once)
  });
});
