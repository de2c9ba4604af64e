/**
 * Model-based test of the pipeline machine: every simple path of a fresh run, a resumed run and
 * a resumed run with nothing left, replayed against a real actor and checked at every step.
 * Fails unless state and transition coverage are both 100 %.
 */
import { describe, expect, it } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import { pipelineMachine } from '../../machines/pipeline.machine.js';
import { PASSING } from '../../machines/pipeline/steps.js';
import { deliver, startDriven } from './pipeline/driver.js';
import { CONFIGS, eventsFor, serialize } from './pipeline/model.js';
import { coverageOf, expectJsonRestore, traversable } from './coverage.js';

describe('pipeline machine, model-based', () => {
  const coverage = coverageOf('pipeline', pipelineMachine);

  for (const config of CONFIGS) {
    it(`drives every simple path (${config.name})`, async () => {
      const paths = getSimplePaths(traversable(pipelineMachine), {
        input: config.input,
        events: (snapshot) => eventsFor(snapshot, config) as never,
        serializeState: (snapshot) => serialize(snapshot),
      });
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const driven = await startDriven(config.input);
        for (const step of path.steps.slice(1)) {
          const next = await deliver(driven, step.event);
          expect(next.value, `after ${step.event.type}`).toEqual(step.state.value);
          expect(next.context).toEqual(step.state.context);
          const c = next.context;
          expect(JSON.parse(JSON.stringify(c))).toEqual(c);
          // Reused results are never touched; a step runs only once everything before it passed.
          for (const [id, result] of Object.entries(config.input.reused ?? {})) expect(c.results[id]).toEqual(result);
          if (c.current !== null) {
            const before = c.steps.slice(0, c.steps.findIndex((s) => s.id === c.current)).map((s) => s.id);
            for (const id of before) expect(PASSING).toContain(c.results[id]?.status);
          }
          // Final: succeeded means every step passed; failed names the failed step.
          if (next.status === 'done') {
            expect(next.output?.status).toBe(next.value);
            if (next.value === 'succeeded') for (const s of c.steps) expect(PASSING).toContain(c.results[s.id]?.status);
            if (next.value === 'failed') expect(c.failedStep).not.toBeNull();
          }
          expectJsonRestore(driven.logic, driven.actor, config.input, next);
        }
        for (const t of driven.taken) coverage.take(t);
        for (const id of driven.visited) coverage.visit(id);
        driven.actor.stop();
        coverage.pathDone();
      }
    }, 60_000);
  }

  it('covers 100 % of states and transitions', () => coverage.assertComplete());
});
