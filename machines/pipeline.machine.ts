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
import { actorNames, slotType, slots, updater } from './shared.js';
import * as s from './pipeline/steps.js';
import type {
  PipelineContext, PipelineEvent, PipelineInput, PipelineOutput, PrepareStepInput, PrepareStepOutput, SaveStepInput,
  SaveStepOutput, StepOutcome,
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

type Ctx = PipelineContext;
const updateOn = updater<Ctx, PipelineEvent>();
/** The shared `update`, for recipes that read the done/error event they run on. */
const update = <Ev>(recipe: (d: Ctx, e: Ev) => void) => updateOn((d, e) => recipe(d, e as unknown as Ev));
const later = (d: Ctx, at: number | undefined) => { if (at !== undefined && at > d.clockAt) d.clockAt = at; };
/** Keep how the current step ended until `saveStep` has made it durable. */
const keep = (d: Ctx, outcome: StepOutcome) => { d.outcome = outcome; };

/**
 * The pipeline. Input: {@link PipelineInput} (steps already in dependency order; `reused` results
 * of an earlier run are kept and not run). Ends `succeeded` (every step passed: succeeded,
 * recovered or flaky), `failed` (a step escalated, ended otherwise, crashed, or could not be
 * prepared or persisted; `failedStep` names it) or `aborted` (ABORT; the step in flight is stopped).
 */
export const pipelineMachine = setup({
  types: {
    context: {} as Ctx,
    input: {} as PipelineInput,
    events: {} as PipelineEvent,
    output: {} as PipelineOutput,
  },
  actors: PIPELINE_ACTORS,
  guards: {
    allStepsPassed: ({ context }) => s.nextStep(context) === null,
    stepEscalated: ({ event }) => s.isEscalatedSnapshot((event as { snapshot?: unknown }).snapshot),
    stepPassed: ({ context }) => context.outcome !== null && s.PASSING.includes(context.outcome.status),
  },
  actions: {
    markSucceeded: update((d) => { d.status = 'succeeded'; d.current = null; }),
    selectNextStep: update((d) => { d.current = s.nextStep(d); d.stepInput = null; d.outcome = null; d.stepStartedAt = null; }),
    setStepInput: update<{ output: PrepareStepOutput }>((d, e) => {
      later(d, e.output.at);
      d.stepInput = e.output.recovery;
      d.stepStartedAt = e.output.at;
    }),
    recordPrepareFailure: update<{ error: unknown }>((d, e) => {
      const outcome = s.outcomeFromCrash(e.error);
      d.status = 'failed';
      d.failedStep = d.current;
      d.reason = `could not start step "${d.current}": ${outcome.message}`;
    }),
    noteEscalation: update<{ snapshot: unknown }>((d, e) => keep(d, s.outcomeFromEscalation(e.snapshot))),
    noteStepEnd: update<{ output: unknown }>((d, e) => keep(d, s.outcomeFromOutput(e.output))),
    noteStepCrash: update<{ error: unknown }>((d, e) => keep(d, s.outcomeFromCrash(e.error))),
    recordStepResult: update<{ output: SaveStepOutput }>((d, e) => {
      later(d, e.output.at);
      const id = d.current!;
      const outcome = d.outcome!;
      d.results = { ...d.results, [id]: { ...outcome, stepId: id, reused: false, startedAt: d.stepStartedAt ?? d.clockAt, endedAt: e.output.at, outputFile: e.output.outputFile } };
      if (!s.PASSING.includes(outcome.status)) {
        d.status = 'failed';
        d.failedStep = id;
        d.reason = s.failureReason(id, outcome);
      }
    }),
    recordSaveFailure: update<{ error: unknown }>((d, e) => {
      d.status = 'failed';
      d.failedStep = d.current;
      d.reason = `could not persist step "${d.current}": ${s.outcomeFromCrash(e.error).message}`;
    }),
    recordAbort: update<PipelineEvent>((d, e) => {
      d.status = 'aborted';
      d.failedStep = d.current;
      d.reason = e.reason ?? 'aborted';
    }),
  },
}).createMachine({
  id: PIPELINE_MACHINE_ID,
  context: ({ input }) => s.initialPipelineContext(input),
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
