/**
 * Lease takeovers, exported to a real OTLP/HTTP receiver: the hook itself, a fleet worker (real
 * PostgreSQL) taking over a run whose owner stopped renewing mid-attempt, and `recoverPersisted`
 * taking a lowdb run a dead process held. Each takeover is one span and one count, never two.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimedStore } from '../../src/runtime/fleet/claimed-store.js';
import { submit } from '../../src/runtime/fleet/submit.js';
import { createWorker, type WorkerEvent } from '../../src/runtime/fleet/worker.js';
import type { TaskContext } from '../../src/runtime/options.js';
import { recoverPersisted } from '../../src/runtime/persisted.js';
import type { RecoveryActor } from '../../src/runtime/recovery.js';
import { openStore } from '../../src/store/lowdb-store.js';
import { claimRuns } from '../../src/store/postgres/queue.js';
import type { PostgresStore } from '../../src/store/postgres/store.js';
import { recordTakeover } from '../../src/telemetry/takeover.js';
import { postgresStoresOnTestDatabase } from '../helpers/postgres.js';
import { deadPid } from '../store/helpers/fixtures.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';
import { registerSdk } from './sdk.js';

let receiver: OtlpReceiver;
beforeEach(async () => {
  receiver = await startOtlpReceiver();
});
afterEach(async () => {
  await receiver.close();
});

const takeovers = () => receiver.spans.filter((s) => s.name === 'recover.lease.takeover');
const traceparentOf = (span: ReceivedSpan) => `00-${span.traceId}-${span.spanId}-01`;

describe('recordTakeover', () => {
  it('exports a takeover span and counts it; a lease that replaced nobody is not one', async () => {
    const sdk = registerSdk(receiver.endpoint);
    const holder = { pid: 4242, host: 'worker-b', worker: 'w-2' };
    recordTakeover({ runId: 'r1', fence: 7, holder, tookOverFrom: { pid: 99, host: 'worker-a', worker: 'w-1' } });
    recordTakeover({ runId: 'r2', fence: 1, holder, tookOverFrom: null });
    await sdk.stop();
    expect(takeovers().map((s) => [s.attributes, s.links])).toEqual([[{
      'recover.run.id': 'r1', 'recover.lease.fence': 7, 'recover.lease.previous.pid': 99, 'recover.lease.previous.host': 'worker-a',
      'recover.lease.previous.worker': 'w-1', 'recover.lease.worker': 'w-2',
    }, []]]);
    expect(receiver.points('recover.lease.takeovers')).toEqual([{ attributes: { 'recover.lease.worker': 'w-2' }, value: 1 }]);
  });

  it('does nothing without a registered provider', async () => {
    recordTakeover({ runId: 'r1', fence: 2, holder: { pid: 1, host: 'h', worker: null }, tookOverFrom: { pid: 2, host: 'h', worker: null } });
    const sdk = registerSdk(receiver.endpoint);
    await sdk.stop();
    expect(takeovers()).toEqual([]);
    expect(receiver.points('recover.lease.takeovers')).toEqual([]);
  });
});

describe('a fleet worker taking over a run', () => {
  const stores = postgresStoresOnTestDatabase();
  let store: PostgresStore;
  beforeAll(() => { store = stores(); });

  it('counts it once, as a span linked to the run span of the owner it replaced', async () => {
    const sdk = registerSdk(receiver.endpoint);
    const runId = 'taken-over';
    await submit(store, 'noop', null, { runId });
    // The first owner claims the run and starts its attempt, then stops renewing (as a stopped
    // process would): its 400 ms lease runs out by the database clock while the attempt hangs.
    const [claim] = await claimRuns(store, { pid: 1, host: 'lost-host', worker: 'w-dead' }, ['noop'], 1, 400);
    let stalled: RecoveryActor | undefined;
    const hang = (ctx: TaskContext) => new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped'))));
    const first = recoverPersisted(hang, { store: claimedStore(store, claim!.lease), runId, name: 'noop', onStart: (a) => void (stalled = a) });
    first.catch(() => undefined);
    let firstRun: unknown;
    for (let i = 0; i < 300 && typeof firstRun !== 'string'; i++) {
      firstRun = (await store.load(runId))?.meta.traceparent;
      if (typeof firstRun !== 'string') await new Promise((r) => setTimeout(r, 50));
    }
    expect(typeof firstRun).toBe('string');

    const events: WorkerEvent[] = [];
    const finished = new Promise<void>((resolve) => {
      const worker = createWorker({
        store, workerId: 'w-live', pollMs: 100, leaseMs: 3_000, tasks: { noop: () => undefined },
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'finished') void worker.stop().then(resolve);
        },
      });
    });
    await finished;
    stalled!.stop();
    await expect(first).rejects.toThrow(); // its next write is refused: the run has a newer owner
    await sdk.stop();

    expect(events.find((e) => e.type === 'claimed')).toMatchObject({ runId, tookOverFrom: { worker: 'w-dead', host: 'lost-host' } });
    expect(events.find((e) => e.type === 'finished')).toMatchObject({ runId, status: 'succeeded' });
    const [span, ...more] = takeovers();
    expect(more).toEqual([]);
    expect(span!.attributes).toEqual({
      'recover.run.id': runId, 'recover.lease.fence': claim!.lease.fence + 1, 'recover.lease.previous.pid': 1,
      'recover.lease.previous.host': 'lost-host', 'recover.lease.previous.worker': 'w-dead', 'recover.lease.worker': 'w-live',
    });
    const stalledRun = receiver.spans.find((s) => s.name === 'recover.run' && traceparentOf(s) === firstRun);
    expect(stalledRun).toBeDefined();
    expect(span!.links).toEqual([{ traceId: stalledRun!.traceId, spanId: stalledRun!.spanId, attributes: { 'recover.link': 'previous_owner' } }]);
    expect(receiver.points('recover.lease.takeovers')).toEqual([{ attributes: { 'recover.lease.worker': 'w-live' }, value: 1 }]);
    expect((await store.load(runId))!.meta.takeovers).toEqual([expect.objectContaining({ from: expect.objectContaining({ worker: 'w-dead' }) })]);
  }, 60_000);
});

describe('recoverPersisted taking a lowdb run a dead process held', () => {
  it('counts it once, without worker attributes', async () => {
    const store = openStore(mkdtempSync(join(tmpdir(), 'takeover-')));
    const dead = await deadPid();
    await store.acquire('r1', { pid: dead }); // left behind, never released
    const sdk = registerSdk(receiver.endpoint);
    const outcome = await recoverPersisted(() => undefined, { store, runId: 'r1' });
    await sdk.stop();
    expect(outcome.status).toBe('succeeded');
    expect(takeovers().map((s) => s.attributes)).toEqual([expect.objectContaining({ 'recover.run.id': 'r1', 'recover.lease.previous.pid': dead })]);
    expect(takeovers()[0]!.attributes['recover.lease.worker']).toBeUndefined();
    expect(receiver.points('recover.lease.takeovers')).toEqual([{ attributes: {}, value: 1 }]);
  });
});
