import { describe, expect, it } from 'vitest';
import { recoveryMachine } from '../../machines/index.js';
import { memoryStore } from '../../src/store/index.js';
import { SnapshotMismatchError } from '../../src/store/errors.js';
import type { RunRecord } from '../../src/store/types.js';
import { createRecovery, recoverPersisted, resume, whenResting } from '../../src/runtime/index.js';
import { recoveryInput } from '../../src/runtime/recovery.js';
import { checkedRecoverySnapshot, persistedSnapshotEncoder, restoredActor, storedSnapshotOf } from '../../src/runtime/snapshot-codec.js';

/** A run escalated on a 401 (a fatal error: no retry), as the store keeps it. */
async function escalatedRecord(store = memoryStore()): Promise<RunRecord> {
  const denied = () => { throw Object.assign(new Error('401 Unauthorized: invalid x-api-key'), { status: 401 }); };
  await recoverPersisted(denied, { store, runId: 'denied', name: 'deploy', policy: { maxDelayMs: 1234 } });
  return (await store.load('denied'))!;
}

describe('the snapshot codec', () => {
  it('a stored run decodes to the snapshot it was, and restores into an actor in the same state', async () => {
    const record = await escalatedRecord();
    const stored = storedSnapshotOf(record);
    // The run's own policy config comes back for its next checkpoints, as given; the run's jitter
    // seed is its own, in the fixed part, and its policy the one every run of that config shares.
    const snapshot = checkedRecoverySnapshot(stored.envelope, recoveryMachine, record.runId);
    expect(stored.config).toEqual({ maxDelayMs: 1234 });
    expect(snapshot.context.fixed.jitterSeed).toBe(recoveryInput({ runId: 'denied' }).jitterSeed);
    expect(snapshot.context.policy).toBe(recoveryInput({ policy: { maxDelayMs: 1234 } }).policy);
    expect(snapshot.value).toEqual({ escalated: 'awaiting' });
    // The history is the log's, not stored twice.
    expect(snapshot.context.history).toEqual(record.history);
    const actor = restoredActor(recoveryMachine, snapshot);
    actor.start();
    expect(actor.getSnapshot().matches('escalated')).toBe(true);
    expect(actor.getSnapshot().context.reason).toBe('fatal_error');
    expect(actor.getSnapshot().context.policy.maxDelayMs).toBe(1234);
    actor.stop();
  });

  it('refuses a state this machine does not have, naming the run', async () => {
    const record = await escalatedRecord();
    const { envelope } = storedSnapshotOf(record);
    const elsewhere = { ...(envelope as object), snapshot: { ...(envelope as { snapshot: object }).snapshot, value: { recovery: 'gone' } } };
    expect(() => checkedRecoverySnapshot(elsewhere, recoveryMachine, 'denied'))
      .toThrow(expect.objectContaining({ name: 'SnapshotMismatchError', runId: 'denied', mismatch: expect.objectContaining({ kind: 'state' }) }));
  });

  it('refuses a snapshot a recovery machine did not write: no context, or no history in it', async () => {
    const record = await escalatedRecord();
    const checkpoint = record.checkpoint!;
    const noContext = { ...record, checkpoint: { ...checkpoint, snapshot: { status: 'active', value: 'escalated' } } };
    expect(() => storedSnapshotOf(noContext)).toThrow(SnapshotMismatchError);
    expect(() => storedSnapshotOf(noContext)).toThrow('the snapshot has no context');
    const noHistory = { ...checkpoint, snapshot: { ...(checkpoint.snapshot as object), context: { attempt: 1 } } };
    expect(() => checkedRecoverySnapshot(noHistory, recoveryMachine, 'denied')).toThrow('not a recovery snapshot');
  });

  it('encodes a snapshot once, and again when only a child moved: the runner taking a request asked for in its own answer', async () => {
    const encode = persistedSnapshotEncoder(undefined);
    const requestOf = (persisted: unknown) => (persisted as { children: { runTask: { snapshot: { request: unknown } } } }).children.runTask.snapshot.request;
    const written: unknown[] = [];
    // As drive saves: the observer encodes each snapshot, the write-ahead the one that starts an attempt.
    const actor = createRecovery({ task: ({ attempt }) => { if (attempt === 1) throw new Error('the widget frobnicator gave up'); } }, {
      writeAhead: async (running) => {
        const persisted = encode(running.getSnapshot());
        expect(encode(running.getSnapshot())).toBe(persisted);
        written.push(requestOf(persisted));
      },
    });
    actor.subscribe((snapshot) => void encode(snapshot));
    // The unknown failure's answer asks the runner for the flake probe: the observer sees that step
    // before the runner takes the request, and the write-ahead of the same step must name it.
    expect(await whenResting(actor)).toMatchObject({ status: 'escalated', reason: 'non_deterministic_failure' });
    expect(written).toEqual([expect.objectContaining({ attempt: 1, probe: false }), expect.objectContaining({ attempt: 2, probe: true })]);
    actor.stop();
  });

  it('says, and only says, when the stored policy config resolves differently under this release; resume passes that on to onNotice', async () => {
    const store = memoryStore();
    const record = await escalatedRecord(store);
    expect(storedSnapshotOf(record).notice).toBeNull();
    // As a release that changed a default finds it: the stored hash is not the one the config resolves to now.
    const checkpoint = record.checkpoint as { snapshot: { context: { policy: { $hash: string } } } };
    const older = { ...checkpoint, snapshot: { ...checkpoint.snapshot, context: { ...checkpoint.snapshot.context, policy: { ...checkpoint.snapshot.context.policy, $hash: 'an older release' } } } };
    const decoded = storedSnapshotOf({ ...record, checkpoint: older as RunRecord['checkpoint'] });
    expect(decoded.notice).toBe('run denied: its policy config resolves differently under this release (a default changed); it continues under the current defaults');
    expect(decoded.config).toEqual(storedSnapshotOf(record).config);
    // Stored so, the resume that finds it tells its caller (escalated without a decision: it runs nothing).
    const { fence: _fence, history: _history, ...head } = record;
    const lease = await store.acquire('denied');
    await store.commit('denied', lease.fence, { head: { ...head, checkpoint: older as RunRecord['checkpoint'] }, events: [] });
    await lease.release();
    const notices: string[] = [];
    const outcome = await resume('denied', { store, task: () => { throw new Error('must not run'); }, onNotice: (message) => notices.push(message) });
    expect(outcome.status).toBe('escalated');
    expect(notices).toEqual([decoded.notice]);
  });
});
