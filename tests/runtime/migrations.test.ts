import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recoveryMachine, recoveryMigrations, RECOVERY_MACHINE_VERSION } from '../../machines/recovery.machine.js';
import type { AttemptInput } from '../../machines/recovery/types.js';
import { memoryStore, type Checkpoint, type RunHead } from '../../src/store/index.js';
import { recoverPersisted, resume, type TaskContext } from '../../src/runtime/index.js';
import { recoveryInput } from '../../src/runtime/recovery.js';
import type { HistoryEvent } from '../../src/taxonomy/index.js';
import { waitFor } from '../helpers/wait-for.js';
import { advanceUntilSettled, simulatedClock } from './clock-helpers.js';

const exists = (value: unknown) => recoveryMachine.resolveState({ value: value as never, context: {} as never }) !== undefined;

describe('recovery checkpoint migrations', () => {
  it('has a migration from every earlier version to the current one', () => {
    expect(RECOVERY_MACHINE_VERSION).toBe(7);
    for (let v = 1; v < RECOVERY_MACHINE_VERSION; v++) expect(typeof recoveryMigrations[v]).toBe('function');
  });

  it('1 → 2: the watch regions moved under executing.watched; unarmed watches become executing.unwatched', () => {
    const migrate = recoveryMigrations[1]!;
    const idle = migrate({ value: { executing: { heartbeat: 'idle', progress: 'idle' } }, context: { n: 1 } });
    expect(idle).toEqual({ value: { executing: 'unwatched' }, context: { n: 1 } });
    const armed = migrate({ value: { executing: { heartbeat: 'watching', progress: 'idle' } } }) as { value: unknown };
    expect(armed.value).toEqual({ executing: { watched: { heartbeat: 'watching', progress: 'idle' } } });
    for (const { value } of [idle, armed] as Array<{ value: unknown }>) expect(exists(value)).toBe(true);
    const elsewhere = { value: { recovery: { retry: 'waiting' } } };
    expect(migrate(elsewhere)).toBe(elsewhere);
  });

  it('2 → 3: no pause state (diagnose instead); retry is the wait itself', () => {
    const migrate = recoveryMigrations[2]!;
    const context = { attempt: 2, nextAttemptAt: 9_000 };
    const children = { sleepUntil: { src: 'sleepUntil', snapshot: { status: 'active' } } };
    expect(migrate({ value: { recovery: 'pause' }, context })).toEqual({ value: { recovery: 'diagnose' }, context });
    // A run resting in its backoff keeps its sleep (the child's id is unchanged) and its deadline.
    expect(migrate({ value: { recovery: { retry: 'waiting' } }, context, children })).toEqual({ value: { recovery: 'retry' }, context, children });
    expect(migrate({ value: { recovery: { retry: 'scheduled' } }, context })).toEqual({ value: { recovery: 'retry' }, context });
    for (const value of [{ recovery: 'diagnose' }, { recovery: 'retry' }]) expect(exists(value)).toBe(true);
    for (const same of [{ value: { executing: 'unwatched' } }, { value: { recovery: 'adapt' } }, { value: 'escalated' }, null]) expect(migrate(same)).toBe(same);
  });

  it('3 → 4: one runTask runner at the root replaces the attempt and probe children of an active run', () => {
    const migrate = recoveryMigrations[3]!;
    const runner = { src: 'runTask', snapshot: { status: 'active' } };
    const attempt = { src: 'runTask', snapshot: { status: 'active', input: { runId: 'r', attempt: 2, probe: false } } };
    const probe = { src: 'runTask', snapshot: { status: 'active', input: { runId: 'r', attempt: 2, probe: true } } };
    const sleep = { src: 'sleepUntil', snapshot: { status: 'active', input: { until: 9_000 } } };
    const context = { attempt: 2 };
    expect(migrate({ status: 'active', value: { executing: 'unwatched' }, context, children: { runTask: attempt } }))
      .toEqual({ status: 'active', value: { executing: 'unwatched' }, context, children: { runTask: runner } });
    expect(migrate({ status: 'active', value: { recovery: 'probeFlake' }, context, children: { probe } }))
      .toEqual({ status: 'active', value: { recovery: 'probeFlake' }, context, children: { runTask: runner } });
    // A run resting in its backoff keeps its sleep, and gains the runner its next attempt asks.
    expect(migrate({ status: 'active', value: { recovery: 'retry' }, context, children: { sleepUntil: sleep } }))
      .toEqual({ status: 'active', value: { recovery: 'retry' }, context, children: { runTask: runner, sleepUntil: sleep } });
    // An ended run starts no child: unchanged.
    const ended = { status: 'done', value: 'succeeded', context, children: {} };
    expect(migrate(ended)).toBe(ended);
  });

  it('a version-3 checkpoint resting in its backoff resumes: the runner is there for the next attempt', async () => {
    const store = memoryStore();
    let runs = 0;
    const transient = () => { if (++runs === 1) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }); };
    // Interrupted in its backoff (as by Ctrl-C), once the checkpoint of the run resting in `retry`
    // is stored. The backoff runs on a simulated clock, so it cannot end (and the run go on) before
    // the test looks, however loaded the machine (on the real clock its 1 s ended first at load 20).
    const clock = simulatedClock();
    let actor: { stop(): unknown } | undefined;
    const interrupted = recoverPersisted(transient, {
      store, runId: 'v3-run', clock, policy: { flakeProbe: false, categories: { transient: { delaysMs: [1_000] } } },
      onStart: (a) => { actor = a; },
    });
    const stored = async () => (await store.load('v3-run'))?.checkpoint?.snapshot as { value?: unknown } | undefined;
    await waitFor('the checkpoint of the run resting in retry', async () => JSON.stringify((await stored())?.value) === '{"recovery":"retry"}', { everyMs: 5 });
    actor!.stop();
    await expect(interrupted).rejects.toThrow(/stopped before it fini/);
    const head = (await store.load('v3-run'))!;
    const checkpoint = head.checkpoint!;
    const snapshot = checkpoint.snapshot as { value: unknown; children: Record<string, unknown> };
    expect(snapshot.value).toEqual({ recovery: 'retry' });
    expect(Object.keys(snapshot.children).sort()).toEqual(['runTask', 'sleepUntil']);
    // As version 3 saved it: the sleep, and no runner.
    const { runTask: _runner, ...v3children } = snapshot.children;
    const lease = await store.acquire('v3-run');
    await store.commit('v3-run', lease.fence, { events: [], head: { ...head, checkpoint: { ...checkpoint, version: 3, snapshot: { ...snapshot, children: v3children } } } });
    await lease.release();
    const { value: outcome } = await advanceUntilSettled(clock, resume('v3-run', { store, task: transient, clock }));
    expect(runs).toBe(2);
    expect(outcome.status).toBe('recovered');
    expect((await store.load('v3-run'))?.checkpoint?.version).toBe(RECOVERY_MACHINE_VERSION);
  });

  it('4 → 5: a run mid-attempt or mid-probe gets the request its runner was working on; other snapshots are unchanged', () => {
    const migrate = recoveryMigrations[4]!;
    const context = { runId: 'r', attempt: 2, iteration: 1, approach: 'use the mirror', hint: 'be brief', guidance: null, refreshContext: false, timeoutMs: 1_000 };
    const runner = { src: 'runTask', syncSnapshot: false, snapshot: { status: 'active' } };
    const sleep = { src: 'sleepUntil', snapshot: { status: 'active', input: { until: 9_000 } } };
    const attempt = { runId: 'r', attempt: 2, iteration: 1, approach: 'use the mirror', hint: 'be brief', guidance: null, refreshContext: false, timeoutMs: 1_000, probe: false } satisfies AttemptInput;
    expect(migrate({ status: 'active', value: { executing: 'unwatched' }, context, children: { runTask: runner } }))
      .toEqual({ status: 'active', value: { executing: 'unwatched' }, context, children: { runTask: { ...runner, snapshot: { status: 'active', request: attempt } } } });
    // The probe re-runs unchanged: no hint (as the machine asks for it).
    expect(migrate({ status: 'active', value: { recovery: 'probeFlake' }, context, children: { runTask: runner } }))
      .toEqual({ status: 'active', value: { recovery: 'probeFlake' }, context, children: { runTask: { ...runner, snapshot: { status: 'active', request: { ...attempt, hint: null, probe: true } } } } });
    for (const same of [
      { status: 'active', value: { recovery: 'retry' }, context, children: { runTask: runner, sleepUntil: sleep } },
      { status: 'active', value: 'escalated', context, children: { runTask: runner } },
      { status: 'done', value: 'succeeded', context, children: {} },
      null,
    ]) expect(migrate(same)).toBe(same);
  });

  /** A version-4 checkpoint as the previous release wrote it (fixtures/v4, made by that release's code), stored for resume. */
  async function storedV4(name: string) {
    const { events, head } = JSON.parse(readFileSync(new URL(`./fixtures/v4/${name}.json`, import.meta.url), 'utf8')) as { events: HistoryEvent[]; head: RunHead };
    expect(head.checkpoint?.version).toBe(4);
    const store = memoryStore();
    const lease = await store.acquire(head.runId);
    await store.commit(head.runId, lease.fence, { events, head });
    await lease.release();
    return { store, runId: head.runId };
  }

  it('a version-4 checkpoint taken mid-attempt resumes: the attempt its runner was running runs again, with the same input', async () => {
    const { store, runId } = await storedV4('mid-attempt');
    const told: Array<Pick<TaskContext, 'attempt' | 'iteration' | 'probe'>> = [];
    const outcome = await resume(runId, { store, task: ({ attempt, iteration, probe }) => { told.push({ attempt, iteration, probe }); } });
    expect(told).toEqual([{ attempt: 2, iteration: 1, probe: false }]);
    expect(outcome.status).toBe('recovered');
    expect(outcome.history.map((e) => [e.phase, e.result])).toEqual([['PAUSE', 'failure'], ['DIAGNOSE', 'diagnosed'], ['RESUME', 'interrupted'], ['RETRY', 'success']]);
    expect((await store.load(runId))?.checkpoint?.version).toBe(RECOVERY_MACHINE_VERSION);
  });

  it('a version-4 checkpoint taken mid-probe resumes: the flake probe runs again, unchanged', async () => {
    const { store, runId } = await storedV4('mid-probe');
    const told: Array<Pick<TaskContext, 'attempt' | 'hint' | 'probe'>> = [];
    const outcome = await resume(runId, { store, task: ({ attempt, hint, probe }) => { told.push({ attempt, hint, probe }); } });
    expect(told).toEqual([{ attempt: 2, hint: null, probe: true }]);
    // Passed on the unchanged re-run, and this run's policy counts a flaky pass as a pass.
    expect(outcome.status).toBe('flaky');
    expect((await store.load(runId))?.checkpoint?.version).toBe(RECOVERY_MACHINE_VERSION);
  });

  it('a checkpoint of this version written ahead of an attempt resumes: its runner holds the request, and the attempt runs', async () => {
    const first: Checkpoint[] = [];
    const store = memoryStore();
    const commit = store.commit.bind(store);
    store.commit = (runId, fence, checkpoint) => { if (first.length === 0) first.push(structuredClone(checkpoint)); return commit(runId, fence, checkpoint); };
    await recoverPersisted(() => undefined, { store, runId: 'ahead-run' });
    const ahead = first[0]!;
    const snapshot = ahead.head.checkpoint!.snapshot as { value: unknown; children: { runTask: { snapshot: { request: Partial<AttemptInput> | null } } } };
    expect(snapshot.value).toEqual({ executing: 'unwatched' });
    expect(snapshot.children.runTask.snapshot.request).toMatchObject({ runId: 'ahead-run', attempt: 1, probe: false });
    // As if the process died right after writing it: another store holds only that checkpoint.
    const after = memoryStore();
    const lease = await after.acquire('ahead-run');
    await after.commit('ahead-run', lease.fence, ahead);
    await lease.release();
    const told: number[] = [];
    const outcome = await resume('ahead-run', { store: after, task: ({ attempt }) => { told.push(attempt); } });
    expect(told).toEqual([1]);
    expect(outcome.status).toBe('succeeded');
  });

  it('a version-1 checkpoint taken mid-attempt resumes: the attempt re-runs, marked interrupted', async () => {
    const store = memoryStore();
    // The write-ahead checkpoint saved before attempt 1 ran: the snapshot is mid-attempt.
    const commits: Checkpoint[] = [];
    const commit = store.commit.bind(store);
    store.commit = (runId, fence, checkpoint) => { commits.push(structuredClone(checkpoint)); return commit(runId, fence, checkpoint); };
    await recoverPersisted(() => undefined, { store, runId: 'v1-run' });
    store.commit = commit;
    const first = commits[0]!.head;
    const checkpoint = first.checkpoint!;
    const snapshot = checkpoint.snapshot as { value: unknown };
    expect(snapshot.value).toEqual({ executing: 'unwatched' });
    // As version 1 saved it.
    const lease = await store.acquire('v1-run');
    await store.commit('v1-run', lease.fence, { events: [], head: { ...first, checkpoint: { ...checkpoint, version: 1, snapshot: { ...snapshot, value: { executing: { heartbeat: 'idle', progress: 'idle' } } } } } });
    await lease.release();
    let runs = 0;
    const outcome = await resume('v1-run', { store, task: () => { runs++; } });
    expect(runs).toBe(1);
    expect(outcome.status).toBe('succeeded');
    expect(outcome.history.map((e) => [e.phase, e.result])).toEqual([['RESUME', 'interrupted']]);
    expect((await store.load('v1-run'))?.checkpoint?.version).toBe(RECOVERY_MACHINE_VERSION);
  });

  it('6 → 7: the run\'s jitter seed moves into fixed, from its policy as resolved or as stored; 0 when it had none', () => {
    const migrate = recoveryMigrations[6]!;
    const fixed = { rules: [], hasDiagnoser: false, hasAdapter: false, hasRollback: false, lastKnownGood: null, startedAt: 1_000 };
    const resolved = { status: 'active', value: { recovery: 'retry' }, context: { runId: 'r', policy: { budget: 3, jitterSeed: 2_711_277_984 }, fixed } };
    expect(migrate(resolved)).toEqual({ ...resolved, context: { ...resolved.context, fixed: { ...fixed, jitterSeed: 2_711_277_984 } } });
    const stored = { ...resolved, context: { ...resolved.context, policy: { $config: { budget: 3, jitterSeed: 17 }, $hash: '0123456789abcdef' } } };
    expect((migrate(stored) as typeof resolved).context.fixed).toEqual({ ...fixed, jitterSeed: 17 });
    const seedless = { ...resolved, context: { ...resolved.context, policy: { budget: 3 } } };
    expect((migrate(seedless) as typeof resolved).context.fixed).toEqual({ ...fixed, jitterSeed: 0 });
    // Already moved, or no context to move it in: unchanged.
    const moved = { ...resolved, context: { ...resolved.context, fixed: { ...fixed, jitterSeed: 5 } } };
    for (const same of [moved, { status: 'done', value: 'succeeded' }, null]) expect(migrate(same)).toBe(same);
  });

  /** A run that fails `n` times on a refused connection, then passes. */
  const refusedTimes = (n: number) => { let runs = 0; return () => { if (++runs <= n) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }); }; };
  const delaysOf = (history: readonly HistoryEvent[]) => history.filter((e) => typeof e.delayMs === 'number').map((e) => [e.phase, e.delayMs]);

  it("a version-6 checkpoint resting in its backoff (fixtures/v6, written by main 3992695's build) resumes with its jitter: the delays main's build chose for that run", async () => {
    const fixture = JSON.parse(readFileSync(new URL('./fixtures/v6/waiting-jittered.json', import.meta.url), 'utf8')) as { mainDelays: unknown[]; events: HistoryEvent[]; head: RunHead };
    const { events, head } = fixture;
    expect(head.checkpoint).toMatchObject({ version: 6, snapshot: { value: { recovery: 'retry' }, context: { iteration: 2, policy: { $config: { jitterSeed: 2_711_277_984 } } } } });
    // Decorrelated jitter, no delay list: every delay depends on the seed (and on the one before).
    expect(fixture.mainDelays).toEqual([['RETRY', 2405], ['RETRY', 3015], ['RETRY', 1960], ['RETRY', 2545]]);
    const store = memoryStore();
    const lease = await store.acquire(head.runId);
    await store.commit(head.runId, lease.fence, { events, head });
    await lease.release();
    const clock = simulatedClock(Date.parse('2026-11-27T23:00:00Z'));
    // Two more refusals (attempts 3 and 4, as in main's uninterrupted run), then it connects.
    const { value: outcome } = await advanceUntilSettled(clock, resume(head.runId, { store, task: refusedTimes(2), clock }), 250);
    expect(outcome.status).toBe('recovered');
    expect(delaysOf(outcome.history)).toEqual(fixture.mainDelays);
    const after = (await store.load(head.runId))!.checkpoint!;
    expect(after.version).toBe(RECOVERY_MACHINE_VERSION);
    expect(after.snapshot).toMatchObject({ context: { fixed: { jitterSeed: 2_711_277_984 } } });
  });

  it('a run interrupted in its backoff and resumed waits what the same run uninterrupted waits (its seed survives the checkpoint)', async () => {
    const policy = { flakeProbe: false, categories: { transient: { budget: 6, backoff: { initialMs: 1_000, maxMs: 60_000, jitter: 'decorrelated' as const } } } };
    const runId = '20261127-233000-0badcafe';
    const clockA = simulatedClock();
    const whole = await advanceUntilSettled(clockA, recoverPersisted(refusedTimes(4), { store: memoryStore(), runId, clock: clockA, policy }), 250);
    expect(whole.value.status).toBe('recovered');
    const store = memoryStore();
    const clock = simulatedClock();
    let actor: { stop(): unknown } | undefined;
    const interrupted = recoverPersisted(refusedTimes(4), { store, runId, clock, policy, onStart: (a) => { actor = a; } });
    const stored = async () => (await store.load(runId))?.checkpoint?.snapshot as { value?: unknown } | undefined;
    await waitFor('the checkpoint of the run resting in retry', async () => JSON.stringify((await stored())?.value) === '{"recovery":"retry"}', { everyMs: 5 });
    actor!.stop();
    await expect(interrupted).rejects.toThrow(/stopped before it fini/);
    // Stored without the seed in its policy: the config as given, the seed in the fixed part.
    expect((await stored()) as unknown).toMatchObject({ context: { policy: { $config: policy }, fixed: { jitterSeed: recoveryInput({ runId }).jitterSeed } } });
    expect(((await stored()) as { context: { policy: { $config: object } } }).context.policy.$config).not.toHaveProperty('jitterSeed');
    const { value: outcome } = await advanceUntilSettled(clock, resume(runId, { store, task: refusedTimes(3), clock }), 250);
    expect(outcome.status).toBe('recovered');
    expect(delaysOf(outcome.history)).toEqual(delaysOf(whole.value.history));
    expect(new Set(delaysOf(outcome.history).map(([, ms]) => ms)).size).toBeGreaterThan(1);
  });
});
