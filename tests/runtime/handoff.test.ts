/**
 * A resource failure hands the run off; `resume` continues it in a fresh machine (the "fresh
 * context") carrying its attempts, fixes and history, bounded by the resource budget.
 * Real lowdb store on disk; the task is a function that runs out of heap while told to.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { continuationOf } from '../../machines/recovery/resume.js';
import type { RecoveryContext } from '../../machines/recovery/types.js';
import { recoverPersisted, resume } from '../../src/runtime/index.js';
import { openStore, type Store } from '../../src/store/index.js';
import type { RunHead } from '../../src/store/types.js';
import type { HistoryEvent } from '../../src/taxonomy/index.js';

const OOM = 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory';
const dirs: string[] = [];
const tempStore = () => { const dir = mkdtempSync(join(tmpdir(), 'recovery-handoff-')); dirs.push(dir); return openStore(dir); };
afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });

/** A task that runs out of heap on its first `failures` executions, and records each one. */
function exhaustingTask(failures: number) {
  const seen: Array<{ attempt: number; refreshContext: boolean }> = [];
  const task = ({ attempt, refreshContext }: { attempt: number; refreshContext: boolean }) => {
    seen.push({ attempt, refreshContext });
    if (seen.length <= failures) throw new Error(OOM);
  };
  return { task, seen };
}

describe('handoff and continuation', () => {
  it('resume continues a handed-off run in a fresh context: next attempt, history carried on', async () => {
    const store = tempStore();
    const { task, seen } = exhaustingTask(1);
    const first = await recoverPersisted(task, { store, runId: 'oom-run' });
    expect(first).toMatchObject({ status: 'handedOff', attempts: 1 });
    expect((await store.load('oom-run'))?.status).toBe('handedOff');

    const outcome = await resume('oom-run', { store, task });
    // The continuation still names what it recovered from.
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 2, classification: { type: 'RESOURCE_EXHAUSTION' } });
    // The continuation is told it starts fresh (a new context), as attempt 2.
    expect(seen).toEqual([{ attempt: 1, refreshContext: false }, { attempt: 2, refreshContext: true }]);
    const history = (await store.load('oom-run'))!.history;
    expect(history.map((e) => `${e.phase}:${e.result}`)).toEqual(['PAUSE:failure', 'DIAGNOSE:diagnosed', 'HANDOFF:handed_off', 'RESUME:resumed', 'RETRY:success']);
    expect(history.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(history.at(-1)?.type).toBe('RESOURCE_EXHAUSTION');
  });

  it('onEvent on a resume hears only what happens after it, not the restored history again', async () => {
    const store = tempStore();
    const { task } = exhaustingTask(1);
    const first: string[] = [];
    await recoverPersisted(task, { store, runId: 'told-once', onEvent: (e) => first.push(`${e.seq}:${e.phase}`) });
    const second: string[] = [];
    await resume('told-once', { store, task, onEvent: (e) => second.push(`${e.seq}:${e.phase}`) });
    expect(first).toEqual(['1:PAUSE', '2:DIAGNOSE', '3:HANDOFF']);
    expect(second).toEqual(['4:RESUME', '5:RETRY']);
  });

  it('the resource budget bounds continuations: after 3 handoffs the next exhaustion escalates', async () => {
    const store = tempStore();
    const { task, seen } = exhaustingTask(Infinity);
    const statuses = [(await recoverPersisted(task, { store, runId: 'always-oom' })).status];
    for (let i = 0; i < 3; i += 1) statuses.push((await resume('always-oom', { store, task })).status);
    expect(statuses).toEqual(['handedOff', 'handedOff', 'handedOff', 'escalated']);
    expect(seen.map((s) => s.attempt)).toEqual([1, 2, 3, 4]);
    const run = (await store.load('always-oom'))!;
    expect(run.history.filter((e) => e.phase === 'HANDOFF')).toHaveLength(3);
    expect(run.history.at(-1)).toMatchObject({ phase: 'ESCALATE', reason: 'max_attempts' });
    // An escalated run is not continued by a plain resume: it waits for a decision.
    expect((await resume('always-oom', { store, task })).status).toBe('escalated');
    expect(seen).toHaveLength(4);
  });

  /** The slots the stored run's checkpoint says it has (its context's `fixed`). */
  async function storedSlots(store: Store, runId: string) {
    const { fixed } = ((await store.load(runId))!.checkpoint!.snapshot as { context: RecoveryContext }).context;
    return { hasDiagnoser: fixed.hasDiagnoser, hasAdapter: fixed.hasAdapter, hasRollback: fixed.hasRollback };
  }

  /** A failure with no retry of its own (a bug in the code: systematic), then a pass. */
  const OOM_THEN_BUG = (failures: string[]) => () => {
    failures.push('called');
    if (failures.length === 1) throw new TypeError("Cannot read properties of undefined (reading 'id')");
  };

  it('a continued run keeps the slots it was started with, as a restored one does: a slot the resumer adds is never called', async () => {
    const store = tempStore();
    await recoverPersisted(exhaustingTask(1).task, { store, runId: 'no-adapter' });
    expect(await storedSlots(store, 'no-adapter')).toEqual({ hasDiagnoser: false, hasAdapter: false, hasRollback: false });
    let adapted = 0;
    const calls: string[] = [];
    const outcome = await resume('no-adapter', { store, task: OOM_THEN_BUG(calls), adapt: async () => { adapted += 1; return { fix: 'guard the id', confidence: 0.9 }; } });
    expect(adapted).toBe(0);
    expect(calls.length).toBeGreaterThan(0);
    expect(outcome.history.some((e) => e.phase === 'ADAPT')).toBe(false);
    expect(await storedSlots(store, 'no-adapter')).toEqual({ hasDiagnoser: false, hasAdapter: false, hasRollback: false });
  });

  it("a handed-off checkpoint written by the previous build (fixtures/v6, made by main c3d0438's code) continues with the adapter it was started with", async () => {
    const { events, head } = JSON.parse(readFileSync(new URL('./fixtures/v6/handed-off-with-adapter.json', import.meta.url), 'utf8')) as { events: HistoryEvent[]; head: RunHead };
    expect(head).toMatchObject({ status: 'handedOff', checkpoint: { version: 6 } });
    const store = tempStore();
    const lease = await store.acquire(head.runId);
    await store.commit(head.runId, lease.fence, { events, head });
    await lease.release();
    expect(await storedSlots(store, head.runId)).toEqual({ hasDiagnoser: false, hasAdapter: true, hasRollback: false });
    const fixes: string[] = [];
    const calls: string[] = [];
    const outcome = await resume(head.runId, { store, task: OOM_THEN_BUG(calls), adapt: async (input) => { fixes.push(input.failure.classification.type); return { fix: 'guard the id', confidence: 0.9 }; } });
    expect(fixes).toHaveLength(1);
    expect(outcome.status).toBe('recovered');
    expect(outcome.history.map((e) => e.phase)).toEqual(expect.arrayContaining(['HANDOFF', 'RESUME', 'ADAPT']));
    expect(await storedSlots(store, head.runId)).toEqual({ hasDiagnoser: false, hasAdapter: true, hasRollback: false });
  });

  it('continuationOf: only a handed-off snapshot continues, one RESUME event, iteration + 1', () => {
    const context = { attempt: 2, iteration: 1, pass: { fixes: ['smaller batch'], diagnosis: null }, next: { approach: null }, clockAt: 1_000, history: [
      { seq: 1, phase: 'HANDOFF', result: 'handed_off', iteration: 1, attempt: 2 },
    ] } as never;
    expect(continuationOf({ value: 'succeeded', context }, 2_000)).toBeNull();
    expect(continuationOf({ value: { recovery: 'retry' }, context }, 2_000)).toBeNull();
    const carry = continuationOf({ value: 'handedOff', context }, 2_000)!;
    expect(carry).toMatchObject({ attempt: 2, iteration: 2, fixes: ['smaller batch'] });
    expect(carry.history.map((e) => [e.seq, e.phase, e.result, e.timestamp])).toEqual([
      [1, 'HANDOFF', 'handed_off', undefined],
      [2, 'RESUME', 'resumed', new Date(2_000).toISOString()],
    ]);
  });
});
