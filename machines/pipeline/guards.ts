/**
 * Routing decisions of the pipeline: `pipelineGuards`, every guard in XState's shape by the name
 * the chart uses, passed to `setup({ guards })` as it is.
 */
import type { GuardArgs } from 'xstate';
import { isEscalatedSnapshot, nextStep, PASSING } from './steps.js';
import type { PipelineContext, PipelineHandledEvent } from './types.js';

type Args = GuardArgs<PipelineContext, PipelineHandledEvent>;

/** Every guard of the pipeline machine, in XState's shape, by the name the chart uses. */
export const pipelineGuards = {
  /** No step is left without a passing result (its own or a reused one). */
  allStepsPassed: ({ context }: Args): boolean => nextStep(context) === null,
  /** The step's recovery rests in `escalated`: a pipeline has no one to decide, so the step failed. */
  stepEscalated: ({ event }: Args): boolean => event.type === 'xstate.snapshot.step' && isEscalatedSnapshot(event.snapshot),
  /** The step that was just saved passed (succeeded, recovered or flaky). */
  stepPassed: ({ context }: Args): boolean => context.outcome !== null && PASSING.includes(context.outcome.status),
};
