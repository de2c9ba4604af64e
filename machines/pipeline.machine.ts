/**
 * The pipeline statechart (seed 002): steps run one at a time in dependency order; each runs under
 * the recovery machine as an invoked child; each result is persisted before the next step starts,
 * so a failed pipeline resumes from the failed step and reuses what passed.
 *
 * Pure: `prepareStep` (write-ahead checkpoint + the step's recovery input), `runStep` (the recovery
 * machine, provided with the step's task) and `saveStep` (persist output and result) are slots
 * filled with `.provide()`. No clock: times come from the input and the slots' outputs.
 */
import { setup } from 'xstate';
import { recoveryMachine } from './recovery.machine.js';
import { actorNames, slotType, slots } from './shared.js';
import { pipelineActions } from './pipeline/actions.js';
import { pipelineGuards } from './pipeline/guards.js';
import { initialPipelineContext } from './pipeline/steps.js';
import type {
  PipelineContext, PipelineEvent, PipelineInput, PipelineOutput, PrepareStepInput, PrepareStepOutput, SaveStepInput,
  SaveStepOutput,
} from './pipeline/types.js';

/** The machine id stored in every checkpoint envelope. */
export const PIPELINE_MACHINE_ID = 'pipeline';
/** Bump when context or states change shape. */
export const PIPELINE_MACHINE_VERSION = 1;
/** The slots a runtime must provide: `runStep` is the recovery machine, provided with the step's task. */
const PIPELINE_ACTORS = {
  ...slots(PIPELINE_MACHINE_ID, { prepareStep: slotType<PrepareStepOutput, PrepareStepInput>() }),
  // Unprovided, the recovery machine's own slots reject: the runtime provides it with the step's task.
  runStep: recoveryMachine,
  ...slots(PIPELINE_MACHINE_ID, { saveStep: slotType<SaveStepOutput, SaveStepInput>() }),
};
/** The names of the slots a runtime must provide: `prepareStep`, `runStep`, `saveStep`. */
export const PIPELINE_ACTOR_SLOTS = actorNames(PIPELINE_ACTORS);

/**
 * The pipeline. Input: {@link PipelineInput} (steps already in dependency order; `reused` results
 * of an earlier run are kept and not run). Ends `succeeded` (every step passed: succeeded,
 * recovered or flaky), `failed` (a step escalated, ended otherwise, crashed, or could not be
 * prepared or persisted; `failedStep` names it) or `aborted` (ABORT; the step in flight is stopped).
 */
export const pipelineMachine = setup({
  types: {
    context: {} as PipelineContext,
    input: {} as PipelineInput,
    events: {} as PipelineEvent,
    output: {} as PipelineOutput,
  },
  actors: PIPELINE_ACTORS,
  guards: pipelineGuards,
  actions: pipelineActions,
}).createMachine({
  id: PIPELINE_MACHINE_ID,
  context: ({ input }) => initialPipelineContext(input),
  initial: 'next',
  output: ({ context }) => ({ runId: context.runId, status: context.status, failedStep: context.failedStep, reason: context.reason, results: context.results }),
  on: { ABORT: { target: '.aborted', actions: 'recordAbort' } },
  states: {
    next: {
      always: [
        { guard: 'allStepsPassed', target: 'succeeded', actions: 'markSucceeded' },
        { target: 'preparing', actions: 'selectNextStep' },
      ],
    },
    preparing: {
      invoke: {
        id: 'prepareStep',
        src: 'prepareStep',
        input: ({ context }) => ({ runId: context.runId, stepId: context.current! }),
        onDone: { target: 'running', actions: 'setStepInput' },
        onError: { target: 'failed', actions: 'recordPrepareFailure' },
      },
    },
    running: {
      invoke: {
        id: 'step',
        src: 'runStep',
        input: ({ context }) => context.stepInput!,
        // An escalated recovery waits for a human; a pipeline step has none, so escalated is failed.
        onSnapshot: { guard: 'stepEscalated', target: 'saving', actions: 'noteEscalation' },
        onDone: { target: 'saving', actions: 'noteStepEnd' },
        onError: { target: 'saving', actions: 'noteStepCrash' },
      },
    },
    saving: {
      invoke: {
        id: 'saveStep',
        src: 'saveStep',
        input: ({ context }) => ({ runId: context.runId, stepId: context.current!, startedAt: context.stepStartedAt ?? context.clockAt, outcome: context.outcome! }),
        onDone: [
          { guard: 'stepPassed', target: 'next', actions: 'recordStepResult' },
          { target: 'failed', actions: 'recordStepResult' },
        ],
        onError: { target: 'failed', actions: 'recordSaveFailure' },
      },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
    aborted: { type: 'final' },
  },
});

/** The pipeline machine's type, for embedding. */
export type PipelineMachine = typeof pipelineMachine;
