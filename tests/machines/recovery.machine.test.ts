/**
 * Model-based test of the recovery machine: every simple path of every configuration is
 * enumerated with `xstate/graph`, driven against a real actor, and checked at every step.
 * Fails unless state and transition coverage are both 100 %.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateNode } from 'xstate';
import { getSimplePaths, getStateNodes } from 'xstate/graph';
import { recoveryMachine } from '../../machines/index.js';
import { allTransitions, keyOf, percent } from './coverage.js';
import { deliver, startDriven } from './recovery/driver.js';
import { checkStep } from './recovery/invariants.js';
import { CONFIGS, eventsFor, serialize } from './recovery/model.js';

describe('recovery machine, model-based', () => {
  const nodes = getStateNodes(recoveryMachine.root);
  const transitions = allTransitions(nodes);
  const coveredTransitions = new Set<string>();
  const coveredStates = new Set<string>();
  let pathCount = 0;

  for (const config of CONFIGS) {
    it(`drives every simple path (${config.name})`, async () => {
      const paths = getSimplePaths(recoveryMachine, {
        input: config.input,
        events: (snapshot) => eventsFor(snapshot.context, snapshot.value, config) as never[],
        serializeState: (snapshot) => serialize(snapshot.value, snapshot.context),
      });
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const driven = await startDriven(config.input);
        let previous = driven.actor.getSnapshot();
        for (const step of path.steps.slice(1)) {
          const next = await deliver(driven, step.event);
          // The graph keeps one snapshot per abstract state, so compare abstractions, not contexts.
          expect(next.value, `after ${step.event.type}`).toEqual(step.state.value);
          expect(serialize(next.value, next.context)).toBe(serialize(step.state.value, step.state.context));
          checkStep(previous, next);
          // Every reachable snapshot restores from JSON to the same state and context.
          const persisted = JSON.parse(JSON.stringify(driven.actor.getPersistedSnapshot()));
          const restored = createActor(driven.logic, { snapshot: persisted, input: config.input }).getSnapshot();
          expect(restored.value).toEqual(next.value);
          expect(restored.context).toEqual(next.context);
          previous = next;
        }
        // A path ends in a final state, escalated, or a state whose every successor is already on it.
        const last = driven.actor.getSnapshot();
        for (const node of last._nodes) coveredStates.add(node.id);
        for (const t of driven.taken) {
          coveredTransitions.add(keyOf(t));
          // Eventless states are entered and left within one step: count them from the transitions.
          for (const node of [t.source, ...(t.target ?? [])]) for (let n: AnyStateNode | undefined = node; n; n = n.parent) coveredStates.add(n.id);
        }
        for (const step of path.steps) for (const node of (step.state as typeof last)._nodes) coveredStates.add(node.id);
        driven.actor.stop();
        pathCount++;
      }
    }, 120_000);
  }

  it('covers 100 % of states and transitions', () => {
    const missingStates = nodes.map((n) => n.id).filter((id) => !coveredStates.has(id));
    const missingTransitions = [...transitions].filter(([key]) => !coveredTransitions.has(key)).map(([, label]) => label);
    console.log(`recovery machine: ${pathCount} paths; states ${percent(nodes.length - missingStates.length, nodes.length)} % of ${nodes.length}; transitions ${percent(transitions.size - missingTransitions.length, transitions.size)} % of ${transitions.size}`);
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
  });
});
