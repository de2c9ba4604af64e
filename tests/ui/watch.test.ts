/** Live runs by polling the Store contract: a change is told once, with the rows in list order. */
import { describe, expect, test } from 'vitest';
import { memoryStore } from '../../src/store/memory-store.js';
import type { RunRow } from '../../src/ui/run-row.js';
import { watchRuns } from '../../src/ui/watch.js';
import { makeRun, saveRun } from '../store/helpers/fixtures.js';

describe('watchRuns', () => {
  test('tells the first list, then only changes; escalated runs first', async () => {
    const store = memoryStore();
    await saveRun(store, makeRun('a', { status: 'recovered', updatedAt: 2 }));
    const told: RunRow[][] = [];
    const watch = watchRuns(store, { intervalMs: 60_000, onChange: (rows) => told.push(rows) });
    await watch.poll();
    await watch.poll();
    expect(told.map((rows) => rows.map((r) => `${r.runId}:${r.status}`))).toEqual([['a:recovered']]);
    await saveRun(store, makeRun('b', { status: 'escalated', updatedAt: 1 }));
    await watch.poll();
    expect(told.at(-1)!.map((r) => `${r.runId}:${r.status}`)).toEqual(['b:escalated', 'a:recovered']);
    // A checkpoint moves updatedAt: the run is loaded again and the change told.
    await saveRun(store, makeRun('b', { status: 'recovered', updatedAt: 3 }, 4));
    await watch.poll();
    expect(told).toHaveLength(3);
    expect(told.at(-1)!.map((r) => `${r.runId}:${r.status}:${r.attempts}`)).toEqual(['b:recovered:2', 'a:recovered:2']);
    watch.stop();
  });

  test('a store that fails to list is reported and polling goes on', async () => {
    const store = memoryStore();
    let fail = true;
    const flaky = { ...store, list: () => (fail ? Promise.reject(new Error('connection refused')) : store.list()) };
    const errors: string[] = [];
    const watch = watchRuns(flaky, { intervalMs: 60_000, onChange: () => undefined, onError: (e) => errors.push((e as Error).message) });
    await watch.poll().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 10));
    expect(errors).toContain('connection refused');
    fail = false;
    expect(await watch.poll()).toEqual([]);
    watch.stop();
  });
});
