/** The slot tables: each machine's slot names are derived from the actors it is set up with. */
import { createActor, type AnyStateMachine } from 'xstate';
import { describe, expect, test } from 'vitest';
import { PIPELINE_ACTOR_SLOTS, pipelineMachine } from '../../machines/pipeline.machine.js';
import { RECOVERY_ACTOR_SLOTS, recoveryMachine } from '../../machines/recovery.machine.js';
import { SUPERVISOR_ACTOR_SLOTS, supervisorMachine } from '../../machines/supervisor.machine.js';
import { slotType, slots } from '../../machines/shared.js';

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
