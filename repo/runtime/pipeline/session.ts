/**
 * A pipeline run as a session for the reports (`sessionReport`, `recoveryEventRows` in
 * src/report): each step is a unit with one run, its recovery history and its checkpoint.
 */
import type { SessionInput } from '../../report/types.js';
import type { RunStatus } from '../../taxonomy/index.js';
import type { PipelineCheckpoint } from './checkpoint.js';

/**
 * The session of a pipeline run, steps in the order they were recorded. The session id is the
 * run id; a step whose recovery actor crashed counts as `escalated` (someone must look at it).
 */
export function pipelineSession(checkpoint: PipelineCheckpoint): SessionInput {
  return {
    sessionId: checkpoint.runId,
    units: Object.values(checkpoint.steps).map((step) => ({
      id: step.stepId,
      runs: [{
        runId: `${checkpoint.runId}/${step.stepId}`,
        status: (step.status === 'crashed' ? 'escalated' : step.status) as RunStatus,
        history: step.history,
        reason: step.reason,
        checkpointId: checkpoint.runId,
      }],
    })),
  };
}
