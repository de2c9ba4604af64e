/**
 * Pipelines (seed 002): load and validate a pipeline file, run it step by step under the
 * recovery machine, persist a checkpoint per run, resume from the failed step.
 * @packageDocumentation
 */
export { runPipeline, pipelineRunId, type RunPipelineOptions, type PipelineResult, type StartedStep } from './run.js';
export { loadPipeline, parsePipelineText, pipelineFromData } from './load.js';
export { validatePipeline, parseTimeout, outputVariable } from './validate.js';
export { definitionHash, canonicalJson } from './hash.js';
export { PipelineDefinitionError, PipelineResumeError, type PipelineIssue, type ResumeRefusal } from './errors.js';
export { missingSections, sectionErrors } from '../output-check.js';
export { seed002Adapter } from './actors.js';
export { stepTask, argvOf, displayRun, MAX_STEP_OUTPUT_BYTES } from './step-task.js';
export {
  readCheckpoint, writeCheckpoint, writeFileAtomic, latestRunDir, pipelineDir,
  CHECKPOINT_FILE, CHECKPOINT_FORMAT, CHECKPOINT_VERSION, type PipelineCheckpoint, type CheckpointStep,
} from './checkpoint.js';
export type { PipelineDefinition, PipelineStep, LoadedPipeline } from './types.js';
export { pipelineSession } from './session.js';
export { listPipelineRuns, findPipelineRun, PIPELINE_RUN_ID, type StoredPipelineRun } from './stored-runs.js';
export { pipelineReport, pipelineHistory, type PipelineHistory } from './report.js';
