/**
 * Pipeline runs for the read verbs: `recover history|report PIPELINE_RUN[/STEP]` and the rows of
 * `recover list`. A pipeline keeps its runs in the store directory next to the store's own runs
 * (`<store>/<pipeline>/<runId>/checkpoint.json`); a PostgreSQL store holds none.
 */
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { cliStoreDir, isFleetStore } from './store-option.js';
import type { CliIO } from './verb.js';
import type { PipelineCheckpoint } from '../runtime/pipeline/checkpoint.js';

/** A pipeline run asked for by id, and the step when the id was `RUN/STEP`. */
export interface PipelineRunRef {
  checkpoint: PipelineCheckpoint;
  step: PipelineCheckpoint['steps'][string] | null;
}

/**
 * The pipeline run `id` names (`RUN` or `RUN/STEP`), or null when it names none (then it is a
 * store run id). A damaged checkpoint or an unknown step is an error naming the file or the steps.
 */
export async function pipelineRunOf(io: CliIO, store: string | undefined, id: string): Promise<PipelineRunRef | null> {
  if (isFleetStore(io, store)) return null;
  const [runId, stepId, ...rest] = id.split('/');
  const { findPipelineRun } = await import('../runtime/pipeline/stored-runs.js');
  const found = rest.length > 0 ? null : await findPipelineRun(await cliStoreDir(io, store), runId!);
  if (found === null) return null;
  if (found.damaged) throw new CliError(`pipeline run ${found.runId} cannot be read: ${found.damaged.error}`, EXIT.usage);
  if (stepId === undefined) return { checkpoint: found.checkpoint, step: null };
  const step = found.checkpoint.steps[stepId];
  if (step === undefined) {
    const steps = Object.keys(found.checkpoint.steps);
    throw new CliError(`pipeline run ${found.runId} has no step '${stepId}'; its steps: ${steps.length > 0 ? steps.join(', ') : '(none ran)'}`, EXIT.usage);
  }
  return { checkpoint: found.checkpoint, step };
}

/** A row of `recover list` for each pipeline run in the store directory (none for a PostgreSQL store). */
export async function pipelineListRows(io: CliIO, store: string | undefined) {
  if (isFleetStore(io, store)) return [];
  const [{ listPipelineRuns }, { lockHeldByLiveProcess }, { join }] = await Promise.all([
    import('../runtime/pipeline/stored-runs.js'), import('./run-state.js'), import('node:path'),
  ]);
  return (await listPipelineRuns(await cliStoreDir(io, store))).map((run) => {
    if (run.damaged) return { runId: run.runId, kind: 'pipeline' as const, status: 'damaged' as const, task: null, createdAt: null, updatedAt: run.mtimeMs, damaged: run.damaged };
    const { checkpoint } = run;
    // A run left `running` by a process that is gone was interrupted: `--resume-from-failure` continues it.
    const interrupted = checkpoint.status === 'running' && !lockHeldByLiveProcess(join(run.runDir, 'run.lock'));
    return {
      runId: run.runId,
      kind: 'pipeline' as const,
      status: interrupted ? ('interrupted' as const) : checkpoint.status,
      task: `pipeline ${checkpoint.pipeline.name} (${checkpoint.pipeline.file})`,
      createdAt: Date.parse(checkpoint.startedAt),
      updatedAt: Date.parse(checkpoint.updatedAt),
    };
  });
}
