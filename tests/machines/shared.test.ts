/** What the machines share: slot tables (names derived from the actors set up) and the one way to update context. */
import { createActor, setup, type AnyStateMachine } from 'xstate';
import { describe, expect, test } from 'vitest';
import { PIPELINE_ACTOR_SLOTS, pipelineMachine } from '../../machines/pipeline.machine.js';
import { RECOVERY_ACTOR_SLOTS, recoveryMachine } from '../../machines/recovery.machine.js';
import { SUPERVISOR_ACTOR_SLOTS, supervisorMachine } from '../../machines/supervisor.machine.js';
import { slotType, slots, updater } from '../../machines/shared.js';

const setUpActors = (machine: AnyStateMachine) => Object.keys((machine.implementations as { actors: object }).actors);

describe('actor slot names: one definition', () => {
  test.each([
    ['recovery', recoveryMachine, RECOVERY_ACTOR_SLOTS, ['runTask', 'diagnose', 'adapt', 'rollback', 'sleepUntil']],
    ['supervisor', supervisorMachine, SUPERVISOR_ACTOR_SLOTS, ['agent', 'rollback', 'sleepUntil']],
    ['pipeline', pipelineMachine, PIPELINE_ACTOR_SLOTS, ['prepareStep', 'runStep', 'saveStep']],
  ] as const)('%s: the exported names are exactly the actors it is set up with', (_name, machine, names, expected) => {
    expect(names).toEqual(expected);
    expect(setUpActors(machine)).toEqual([...names]);
  });

  test('an unfilled slot rejects naming its machine and itself, from the table key alone', async () => {
    const table = slots('demo', { fetchThing: slotType<number, string>() });
    const actor = createActor(table.fetchThing, { input: 'x' });
    const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(String(await failed)).toBe('Error: demo machine: the "fetchThing" actor is not provided; fill it with machine.provide({ actors: { fetchThing: … } })');
  });
});

describe('updater: the one way the machines update context', () => {
  interface Ctx { count: number; agents: Record<string, { status: string }>; tags: string[] }
  type Ev = { type: 'BUMP' } | { type: 'PAUSE'; id: string };
  const start = (): Ctx => ({ count: 0, agents: { a: { status: 'running' }, b: { status: 'running' } }, tags: ['x'] });

  /** Runs `event` through a one-state machine whose only action is `update`, and returns the contexts before and after. */
  function step(update: ReturnType<ReturnType<typeof updater<Ctx, Ev>>>, event: Ev) {
    const machine = setup({ types: { context: {} as Ctx, events: {} as Ev }, actions: { update } }).createMachine({
      context: start(), on: { BUMP: { actions: 'update' }, PAUSE: { actions: 'update' } },
    });
    const actor = createActor(machine).start();
    const before = actor.getSnapshot().context;
    actor.send(event);
    return { before, after: actor.getSnapshot().context };
  }

  test('shallow (default): a new context whose untouched fields are the same objects', () => {
    const update = updater<Ctx, Ev>();
    const { before, after } = step(update((d) => { d.count += 1; d.tags = [...d.tags, 'y']; }), { type: 'BUMP' });
    expect(after).not.toBe(before);
    expect(after.count).toBe(1);
    expect(before.count).toBe(0);
    expect(after.tags).toEqual(['x', 'y']);
    expect(before.tags).toEqual(['x']);
    expect(after.agents).toBe(before.agents);
  });

  test('nested: a recipe edits a record in place; the old context is untouched and what did not change is shared', () => {
    const update = updater<Ctx, Ev>({ nested: true });
    const { before, after } = step(update((d, e) => { if (e.type === 'PAUSE') d.agents[e.id]!.status = 'paused'; }), { type: 'PAUSE', id: 'a' });
    expect(after.agents.a).toEqual({ status: 'paused' });
    expect(before.agents.a).toEqual({ status: 'running' });
    expect(after.agents.b).toBe(before.agents.b);
    expect(after.tags).toBe(before.tags);
  });

  test('edit(context, recipe) is the same edit, for enqueue.assign', () => {
    const context = start();
    const shallow = updater<Ctx, Ev>().edit(context, (d) => { d.count = 5; });
    const nested = updater<Ctx, Ev>({ nested: true }).edit(context, (d) => { d.agents.b!.status = 'done'; });
    expect([shallow.count, context.count]).toEqual([5, 0]);
    expect([nested.agents.b!.status, context.agents.b!.status]).toEqual(['done', 'running']);
  });
});
