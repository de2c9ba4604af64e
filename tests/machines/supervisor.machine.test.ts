/**
 * Model-based test of the supervisor machine: every simple path of each configuration is
 * enumerated with `xstate/graph`, replayed against a real actor (stub agents, a settleable
 * rollback, watches on a SimulatedClock) and checked at every step. Fails unless state and
 * transition coverage are both 100 %.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getSimplePaths, getStateNodes } from 'xstate/graph';
import { supervisorMachine } from '../../machines/supervisor.machine.js';
import { allTransitions, keyOf, percent, traversable } from './coverage.js';
import { deliver, startDriven } from './supervisor/driver.js';
import { checkStep } from './supervisor/invariants.js';
import { CONFIGS, eventsFor, serialize } from './supervisor/model.js';

describe('supervisor machine, model-based', () => {
  const nodes = getStateNodes(supervisorMachine.root);
  // The root counts for transitions (a root-level `on` is a transition too), not as a state.
  const transitions = allTransitions([supervisorMachine.root, ...nodes]);
  const coveredTransitions = new Set<string>();
  const coveredStates = new Set<string>();
  let pathCount = 0;

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
          const persisted = JSON.parse(JSON.stringify(driven.actor.getPersistedSnapshot()));
          const restored = createActor(driven.logic, { snapshot: persisted, input: config.input }).getSnapshot();
          expect(restored.value).toEqual(next.value);
          expect(restored.context).toEqual(next.context);
          previous = next;
        }
        for (const t of driven.taken) coveredTransitions.add(keyOf(t));
        for (const id of driven.visited) coveredStates.add(id);
        driven.actor.stop();
        pathCount++;
      }
    }, 120_000);
  }

  it('covers 100 % of states and transitions', () => {
    const missingStates = nodes.map((n) => n.id).filter((id) => !coveredStates.has(id));
    const missingTransitions = [...transitions].filter(([key]) => !coveredTransitions.has(key)).map(([, label]) => label);
    console.log(`supervisor machine: ${pathCount} paths; states ${percent(nodes.length - missingStates.length, nodes.length)} % of ${nodes.length}; transitions ${percent(transitions.size - missingTransitions.length, transitions.size)} % of ${transitions.size}`);
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
  });
});
