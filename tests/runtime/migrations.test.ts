import { describe, expect, it } from 'vitest';
import { recoveryMachine, recoveryMigrations, RECOVERY_MACHINE_VERSION } from '../../machines/index.js';
import { memoryStore, type Checkpoint } from '../../src/store/index.js';
import { recoverPersisted, resume } from '../../src/runtime/index.js';

const exists = (value: unknown) => recoveryMachine.resolveState({ value: value as never, context: {} as never }) !== undefined;

describe('recovery checkpoint migrations', () => {
  it('has a migration from every earlier version to the current one', () => {
    expect(RECOVERY_MACHINE_VERSION).toBe(3);
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
