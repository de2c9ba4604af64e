import { describe, expect, it } from 'vitest';
import { recoveryMachine, recoveryMigrations, RECOVERY_MACHINE_VERSION } from '../../machines/recovery.machine.js';
import { memoryStore, type Checkpoint } from '../../src/store/index.js';
import { recoverPersisted, resume } from '../../src/runtime/index.js';
import { waitFor } from '../helpers/wait-for.js';

const exists = (value: unknown) => recoveryMachine.resolveState({ value: value as never, context: {} as never }) !== undefined;

describe('recovery checkpoint migrations', () => {
  it('has a migration from every earlier version to the current one', () => {
    expect(RECOVERY_MACHINE_VERSION).toBe(4);
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
    // Interrupted in its backoff (as by Ctrl-C), once the checkpoint of the run resting in `retry` is stored.
    let actor: { stop(): unknown } | undefined;
    const interrupted = recoverPersisted(transient, {
      store, runId: 'v3-run', policy: { flakeProbe: false, categories: { transient: { delaysMs: [1_000] } } },
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
    const outcome = await resume('v3-run', { store, task: transient });
    expect(runs).toBe(2);
    expect(outcome.status).toBe('recovered');
    expect((await store.load('v3-run'))?.checkpoint?.version).toBe(RECOVERY_MACHINE_VERSION);
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
});
