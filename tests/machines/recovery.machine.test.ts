/**
 * Model-based test of the recovery machine: every simple path of every configuration is
 * enumerated with `xstate/graph`, driven against a real actor, and checked at every step.
 * Fails unless state and transition coverage are both 100 %.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { recoveryMachine } from '../../machines/index.js';
import { coverageOf, expectJsonRestore } from './coverage.js';
import { deliver, restore, startDriven } from './recovery/driver.js';
import { checkStep } from './recovery/invariants.js';
import { CONFIGS, eventsFor, serialize } from './recovery/model.js';

describe('recovery machine, model-based', () => {
  const coverage = coverageOf('recovery', recoveryMachine);

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
          const was = JSON.stringify(previous.context);
          const next = await deliver(driven, step.event);
          // The graph keeps one snapshot per abstract state, so compare abstractions, not contexts.
          expect(next.value, `after ${step.event.type}`).toEqual(step.state.value);
          expect(serialize(next.value, next.context)).toBe(serialize(step.state.value, step.state.context));
          // Snapshots share the context's parts: a step replaces them, never changes the one before in place.
          expect(JSON.stringify(previous.context), `the snapshot before ${step.event.type} is unchanged`).toBe(was);
          checkStep(previous, next);
          // Every reachable snapshot restores from JSON to the same state and context.
          expectJsonRestore(driven.logic, driven.actor, config.input, next);
          previous = next;
        }
        // A path ends in a final state, escalated, or a state whose every successor is already on it.
        const last = driven.actor.getSnapshot();
        for (const node of last._nodes) coverage.visit(node.id);
        for (const t of driven.taken) {
          coverage.take(t);
          // Eventless states are entered and left within one step: count them from the transitions.
          for (const node of [t.source, ...(t.target ?? [])]) for (let n: AnyStateNode | undefined = node; n; n = n.parent) coverage.visit(n.id);
        }
        for (const step of path.steps) for (const node of (step.state as typeof last)._nodes) coverage.visit(node.id);
        driven.actor.stop();
        coverage.pathDone();
      }
    }, 600_000); // every simple path of the machine: long on a loaded runner; a hang, not slowness, should hit this
  }

  // A run restored while its runner was busy (mid-attempt, mid-probe): the runner's own snapshot
  // holds the request, so it runs it again by itself and the run goes on exactly as the run that
  // was not interrupted.
  for (const busy of ['executing', 'probeFlake']) {
    it(`restored in ${busy}, its runner runs the request again by itself and the run follows the same path`, async () => {
      const isBusy = (value: unknown) => JSON.stringify(value).includes(`"${busy}"`);
      // The first configuration with a path that rests there after a retry and goes on from it.
      const found = CONFIGS.map((config) => ({
        config,
        path: getSimplePaths(recoveryMachine, {
          input: config.input,
          events: (snapshot) => eventsFor(snapshot.context, snapshot.value, config) as never[],
          serializeState: (snapshot) => serialize(snapshot.value, snapshot.context),
        }).find((p) => p.steps.some((step, i) => i > 0 && i < p.steps.length - 1 && isBusy(step.state.value))),
      })).find((c) => c.path);
      expect(found, `a model path through ${busy}`).toBeDefined();
      const { config, path } = found!;
      const driven = await startDriven(config.input);
      let restored = false;
      for (const step of path!.steps.slice(1)) {
        const next = await deliver(driven, step.event);
        expect(next.value, `after ${step.event.type}`).toEqual(step.state.value);
        expect(serialize(next.value, next.context)).toBe(serialize(step.state.value, step.state.context));
        if (!restored && isBusy(next.value)) {
          const asked = driven.pending.get('runTask')?.input;
          expect(asked, 'the runner is working on the request').toBeDefined();
          const after = await restore(driven);
          restored = true;
          expect(after.value).toEqual(next.value);
          expect(after.context).toEqual(next.context);
          expect(driven.pending.get('runTask')?.input, 'the restored runner runs the same request again').toEqual(asked);
        }
      }
      expect(restored).toBe(true);
      for (const t of driven.taken) coverage.take(t);
      driven.actor.stop();
    }, 600_000); // every simple path of the machine: long on a loaded runner; a hang, not slowness, should hit this
  }

  it('covers 100 % of states and transitions', () => coverage.assertComplete());
});
