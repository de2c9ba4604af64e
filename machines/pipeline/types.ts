/**
 * Types of the pipeline statechart (seed 002): steps in dependency order, each run under the
 * recovery machine as an invoked child, each result persisted before the next step starts.
 * JSON only.
 */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { FailureType, Reason, RunStatus } from '../../src/taxonomy/index.js';
import type { RecoveryInput } from '../recovery/types.js';

/** A step as the machine sees it: its id and what it needs (commands live in the runtime). */
export interface PipelineStepRef {
  id: string;
  needs: string[];
}

/** How a step's recovery ended. `crashed`: the recovery actor itself failed. */
export interface StepOutcome {
  status: RunStatus | 'crashed';
  /** Executions, the first one included. */
  attempts: number;
  iterations: number;
  reason: Reason | null;
  /** The last failure's type, when there was one. */
  type: FailureType | null;
  message: string | null;
}

/** A step's recorded result. */
export interface StepResult extends StepOutcome {
  stepId: string;
  /** True when taken over from an earlier run of the same pipeline (resume from failure). */
  reused: boolean;
  /** Epoch ms. */
  startedAt: number;
  endedAt: number;
  /** Where the step's output was persisted (relative to the run directory), if anywhere. */
  outputFile: string | null;
}

/** The pipeline machine's input. */
export interface PipelineInput {
  runId: string;
  /** The pipeline's name, for reports. */
  name: string;
  /** sha256 of the normalised definition: a resume compares it with the checkpoint's. */
  definitionHash: string;
  /** Steps in dependency order (validation guarantees every need comes earlier). */
  steps: PipelineStepRef[];
  /** Results of steps completed by an earlier run, reused as they are. Default `{}`. */
  reused?: Record<string, StepResult>;
  /** Epoch ms at start: the machine reads no clock. */
  now: number;
}

/** Every status a pipeline run can have (the one definition; `PipelineStatus` is derived). */
export const PIPELINE_STATUSES = ['running', 'succeeded', 'failed', 'aborted'] as const;

/** Where the pipeline stands. */
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

/** The pipeline machine's context. */
export interface PipelineContext {
  runId: string;
  name: string;
  definitionHash: string;
  steps: PipelineStepRef[];
  results: Record<string, StepResult>;
  /** The step being prepared, run or saved. */
  current: string | null;
  /** The recovery machine's input for the current step (from `prepareStep`). */
  stepInput: RecoveryInput | null;
  stepStartedAt: number | null;
  /** How the current step ended, kept until `saveStep` has persisted it. */
  outcome: StepOutcome | null;
  status: PipelineStatus;
  failedStep: string | null;
  reason: string | null;
  startedAt: number;
  clockAt: number;
}

/** What `prepareStep` receives: write the "step starts" checkpoint, then build the step's recovery input. */
export interface PrepareStepInput {
  runId: string;
  stepId: string;
}

/** What `prepareStep` resolves with. */
export interface PrepareStepOutput {
  recovery: RecoveryInput;
  /** Epoch ms when the step starts. */
  at: number;
}

/** What `saveStep` receives: persist the step's output and result. */
export interface SaveStepInput {
  runId: string;
  stepId: string;
  startedAt: number;
  outcome: StepOutcome;
}

/** What `saveStep` resolves with. */
export interface SaveStepOutput {
  /** Epoch ms when the result was durable. */
  at: number;
  outputFile: string | null;
}

/** What the pipeline ends with. */
export interface PipelineOutput {
  runId: string;
  status: PipelineStatus;
  failedStep: string | null;
  reason: string | null;
  results: Record<string, StepResult>;
}

/** Events from outside: a person or a signal stops the pipeline (the step in flight is re-run on resume). */
export type PipelineEvent = { type: 'ABORT'; reason?: string };

/** A snapshot of the running step's recovery actor (the chart's `onSnapshot`). */
export interface StepSnapshotEvent {
  type: 'xstate.snapshot.step';
  snapshot: unknown;
}

/**
 * Every event the pipeline's guards and actions read: ABORT, and what its children answer — the
 * done and error events of `prepareStep`, the step (its recovery's output is read, not trusted)
 * and `saveStep`, and the step's snapshots. XState types named guards and actions by the sent
 * events only; the implementations accept this wider union and narrow by `type`, so none casts.
 */
export type PipelineHandledEvent =
  | PipelineEvent
  | DoneActorEvent<PrepareStepOutput, 'prepareStep'> | ErrorActorEvent<unknown, 'prepareStep'>
  | StepSnapshotEvent | DoneActorEvent<unknown, 'step'> | ErrorActorEvent<unknown, 'step'>
  | DoneActorEvent<SaveStepOutput, 'saveStep'> | ErrorActorEvent<unknown, 'saveStep'>;
