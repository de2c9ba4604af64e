/**
 * The recovery chart alone: the engine's machine with its slots answering at once with outcomes
 * made beforehand (no task, no observation, classification or redaction, no runtime around it).
 * Not an alternative a user would pick: it tells how much of a run is the chart's own XState work
 * (its states, updates and history), so the engine's distance to the floor can be split in two.
 */
import { createActor, fromPromise, toPromise } from 'xstate';
import { recoveryMachine } from '../../machines/recovery.machine.js';
import { runner } from '../../machines/runner.js';
import type { AdaptInput, AdaptOutput, AttemptInput, AttemptOutcome } from '../../machines/recovery/types.js';
import { classify } from '../../src/classify/index.js';
import { recoveryInput } from '../../src/runtime/recovery.js';
import type { Scenario } from './contenders.js';

/** A failed attempt as the runtime would report it, classified once, here. */
function failedOutcome(error: { name: string; message: string; code?: string }): AttemptOutcome {
  const observation = { error };
  return { ok: false, at: Date.now(), durationMs: 0, observation, classification: classify(observation) };
}

const PASSED: AttemptOutcome = { ok: true, at: Date.now(), durationMs: 0 };
const FAILED: Record<Exclude<Scenario, 'ok'>, AttemptOutcome> = {
  transient: failedOutcome({ name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' }),
  systematic: failedOutcome({ name: 'AssertionError', message: 'AssertionError: expected 200 but got 404' }),
};

/** One run of `scenario` on the recovery chart alone, under `policy` (with an adapter when `adapt` is given). */
export function chartAlone(scenario: Scenario, options: Parameters<typeof recoveryInput>[0]): () => Promise<unknown> {
  const logic = recoveryMachine.provide({
    actors: {
      runTask: runner<AttemptOutcome, AttemptInput>(async ({ input }) => (scenario === 'ok' || input.attempt > 1 ? PASSED : FAILED[scenario])),
      adapt: fromPromise<AdaptOutput, AdaptInput>(async () => ({ fix: 'compare status codes as numbers' })),
    },
  });
  return () => toPromise(createActor(logic, { input: recoveryInput(options) }).start());
}
