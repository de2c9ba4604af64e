import { describe, expect, it } from 'vitest';
import type { ActorRefLike, InspectionEvent } from 'xstate';
import { memoryFixMemory } from '../../src/memory/memory-fix-memory.js';
import { PolicyError } from '../../src/policy/index.js';
import { isBound } from '../../src/runtime/actors.js';
import { createRecovery, recover, whenResting } from '../../src/runtime/index.js';
import type { RecoveryActor } from '../../src/runtime/recovery.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const unauthorized = () => Object.assign(new Error('401 Unauthorized: invalid x-api-key'), { status: 401 });

/** The root actor of the run `recover()` starts, seen through its `inspect` option. */
function rootOf(events: InspectionEvent[]): ActorRefLike {
  const root = events[0]!.rootId;
  return events.find((e) => e.actorRef.sessionId === root)!.actorRef;
}

describe('recover(): the wait for its run to rest', () => {
  it('stops the run it owns before its caller hears the outcome (an escalated run too)', async () => {
    const events: InspectionEvent[] = [];
    const outcome = await recover(() => { throw unauthorized(); }, { inspect: (e: InspectionEvent) => events.push(e) });
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'fatal_error', attempts: 1 });
    // Escalated is a resting state, not a final one: only the wait's stop ends it.
    expect(rootOf(events).getSnapshot().status).toBe('stopped');
  });

  it('unbinds the run\'s work from its actor once it has stopped it (a final run, an escalated one)', async () => {
    let runs = 0;
    const cases = [
      { task: () => { if (++runs === 1) throw refused(); }, status: 'recovered', actor: 'done' },
      { task: () => { throw unauthorized(); }, status: 'escalated', actor: 'stopped' },
    ];
    for (const { task, status, actor } of cases) {
      const events: InspectionEvent[] = [];
      const outcome = await recover(task, { inspect: (e: InspectionEvent) => events.push(e), policy: { categories: { transient: { delaysMs: [0] } } } });
      expect(outcome.status).toBe(status);
      const root = rootOf(events) as unknown as RecoveryActor;
      expect(root.getSnapshot().status).toBe(actor);
      // Left bound, the run's work (its task, the actor) would outlive every young-generation GC.
      expect(isBound(root)).toBe(false);
    }
  });

  it('leaves the work bound to an actor its caller keeps: a decision still reaches the task', async () => {
    const actor = createRecovery({ task: (ctx) => { if (!ctx.guidance) throw unauthorized(); } });
    expect((await whenResting(actor)).status).toBe('escalated');
    expect(isBound(actor)).toBe(true);
    actor.send({ type: 'DECIDE', choice: 'retry-with-modifications', guidance: 'use the service token' });
    expect((await whenResting(actor)).status).toBe('recovered');
    actor.stop();
  });

  it('resolves with the passing attempt\'s value, after a retry', async () => {
    let runs = 0;
    const outcome = await recover(() => { if (++runs === 1) throw refused(); return { release: 7 }; }, { policy: { categories: { transient: { delaysMs: [0] } } } });
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 2, value: { release: 7 } });
  });

  it('bad options reject the returned promise (never a synchronous throw), naming the field', async () => {
    const badPolicy = { categories: { transient: { delaysMs: [-5] } } };
    let returned: Promise<unknown> | undefined;
    expect(() => { returned = recover(() => undefined, { policy: badPolicy }); }).not.toThrow();
    await expect(returned).rejects.toThrow(PolicyError);
    await expect(recover(() => undefined, { policy: badPolicy })).rejects.toThrow(/categories\.transient\.delaysMs/);
    await expect(recover(() => undefined, { hookTimeoutMs: -1 })).rejects.toThrow(RangeError);
  });

  it('waits for the fix memory\'s writes before it resolves', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const memory = memoryFixMemory();
    const record = memory.record.bind(memory);
    let recorded = false;
    memory.record = async (...args) => { await held; await record(...args); recorded = true; };
    let runs = 0;
    const run = recover(
      () => { if (++runs === 1) throw Object.assign(new Error('AssertionError: expected 200 but got 404'), { name: 'AssertionError' }); },
      { adapt: () => ({ fix: 'compare status codes as numbers' }), fixMemory: memory, policy: { flakeProbe: false } },
    );
    let settled = false;
    void run.then(() => { settled = true; });
    // The run itself ends at once (the adapter answers, the retry passes); the write is held.
    await expect.poll(() => runs).toBe(2);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release();
    const outcome = await run;
    expect(recorded).toBe(true);
    expect(outcome.status).toBe('recovered');
  });
});

describe('whenResting()', () => {
  it('resolves once the actor rests and leaves it running: a decision continues it and the next wait sees the end', async () => {
    const actor = createRecovery({ task: (ctx) => { if (!ctx.guidance) throw unauthorized(); } });
    const escalated = await whenResting(actor);
    expect(escalated.status).toBe('escalated');
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'DECIDE', choice: 'retry-with-modifications', guidance: 'use the service token' });
    const outcome = await whenResting(actor);
    expect(outcome).toMatchObject({ status: 'recovered', level: 'clarify', attempts: 2 });
    actor.stop();
  });

  it('answers for an actor that has already ended and stopped (a stopped actor tells new observers only that it completed)', async () => {
    const actor = createRecovery({ task: () => 'ok' });
    const first = await whenResting(actor);
    expect(actor.getSnapshot().status).toBe('done');
    actor.stop();
    await expect(whenResting(actor)).resolves.toEqual(first);
    expect(first).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
