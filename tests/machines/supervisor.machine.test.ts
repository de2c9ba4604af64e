/**
 * Model-based test of the supervisor machine: every simple path of each configuration is
 * enumerated with `xstate/graph`, replayed against a real actor (stub agents, a settleable
 * rollback, watches on a SimulatedClock) and checked at every step. Fails unless state and
 * transition coverage are both 100 %.
 */
import { describe, expect, it } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import { supervisorMachine } from '../../machines/supervisor.machine.js';
import { coverageOf, expectJsonRestore, traversable } from './coverage.js';
import { deliver, startDriven } from './supervisor/driver.js';
import { checkStep } from './supervisor/invariants.js';
import { CONFIGS, eventsFor, serialize } from './supervisor/model.js';

describe('supervisor machine, model-based', () => {
  const coverage = coverageOf('supervisor', supervisorMachine);

  for (const config of CONFIGS) {
    it(`drives every simple path (${config.name})`, async () => {
      const paths = getSimplePaths(traversable(supervisorMachine), {
        input: config.input,
        events: (snapshot) => eventsFor(snapshot, config) as never,
        serializeState: (snapshot) => serialize(snapshot),
      });
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const driven = await startDriven(config.input);
        let previous = driven.actor.getSnapshot();
        for (const step of path.steps.slice(1)) {
          const next = await deliver(driven, step.event);
          expect(next.value, `after ${step.event.type}`).toEqual(step.state.value);
          expect(next.context).toEqual(step.state.context);
          checkStep(driven, previous, next);
          // Every reachable snapshot restores from JSON to the same state and context.
          expectJsonRestore(driven.logic, driven.actor, config.input, next);
          previous = next;
        }
        for (const t of driven.taken) coverage.take(t);
        for (const id of driven.visited) coverage.visit(id);
        driven.actor.stop();
        coverage.pathDone();
      }
    }, 600_000); // every simple path of the machine: long on a loaded runner; a hang, not slowness, should hit this
  }

  it('covers 100 % of states and transitions', () => coverage.assertComplete());
});
