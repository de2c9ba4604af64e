/**
 * `runPipeline(file, { dir, resumeFromFailure })`: run a pipeline file under the pipeline machine,
 * each step under the recovery machine, with a checkpoint per run; or resume the last run from its
 * failed step, reusing what passed — unless a step that passed changed since (a typed refusal).
 */
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { pipelineMachine } from '../../../machines/pipeline.machine.js';
import type { PipelineStatus, StepResult } from '../../../machines/pipeline/types.js';
import { acquireFileLock } from '../../store/file-lock.js';
import { realClock, type Clock } from '../clock.js';
import type { RecoveryActor } from '../recovery.js';
import { bindPipelineActors, type PipelineRunState } from './actors.js';
import { CHECKPOINT_FILE, CHECKPOINT_FORMAT, CHECKPOINT_VERSION, latestRunDir, pipelineDir, readCheckpoint, writeCheckpoint, type PipelineCheckpoint } from './checkpoint.js';
import { PipelineResumeError } from './errors.js';
import { stepHashes } from './hash.js';
import { loadPipeline } from './load.js';
import { displayRun } from './step-task.js';
import { reusableResults } from './reuse.js';
import type { LoadedPipeline } from './types.js';
import type { AgentOptions } from '../agent/options.js';
import type { PolicyConfig } from '../../policy/types.js';

/** Options of `runPipeline`. */
export interface RunPipelineOptions {
  /** Where runs are kept (required): one sub-directory per pipeline, one per run. */
  dir: string;
  /** Continue the last run of this pipeline from its failed step, reusing the steps that passed. Default false. */
  resumeFromFailure?: boolean;
  /** Working directory of the steps. Default: the pipeline file's directory. */
  cwd?: string;
  /** Live output of the steps. Default null: only persisted (the last 1 MiB of stdout per step). */
  stream?: { stdout: Writable; stderr: Writable } | null;
  /** Aborting stops the step in flight (its process group is killed) and ends the run `aborted`; it stays resumable. */
  signal?: AbortSignal;
  /** Where time comes from. Default: real time. */
  clock?: Clock;
  /** An XState inspection observer (the Stately inspector, an NDJSON trace). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /**
   * Called as each step's recovery actor starts (reused steps never start one), so a caller can
   * show the step's attempts as `recover run` shows a run's. Default: none.
   */
  onStep?: (step: StartedStep, actor: RecoveryActor) => void;
  /** An AI coding agent for the steps' DIAGNOSE and ADAPT, after seed 002's strategies (`--agent`, the config's `agent`). Default: none. */
  agent?: AgentOptions;
  /** The pipeline's policy (the config file and `--on-flaky`); each step's own `policy` over it, field by field. Default: none (the defaults). */
  policy?: PolicyConfig;
}

/** A step whose recovery has just started (see {@link RunPipelineOptions.onStep}). */
export interface StartedStep {
  id: string;
  /** 1-based position in the pipeline's order, and how many steps there are. */
  index: number;
  total: number;
  /** The step's command as reports show it. */
  run: string;
}

/** How a pipeline run ended. */
export interface PipelineResult {
  runId: string;
  status: Exclude<PipelineStatus, 'running'>;
  failedStep: string | null;
  reason: string | null;
  /** Every step's result, in dependency order; reused ones are marked `reused`. */
  steps: StepResult[];
  /** Ids of the steps taken over from the earlier run. */
  reused: string[];
  resumed: boolean;
  /** The run's directory and checkpoint file. */
  runDir: string;
  checkpointFile: string;
  definitionHash: string;
}

/** A time-ordered run id with millisecond precision: `20260103-090000-123-3f9a1c2b`. */
export function pipelineRunId(now: number): string {
  const iso = new Date(now).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}-${iso.slice(20, 23)}-${randomUUID().slice(0, 8)}`;
}

/**
 * Run (or resume) the pipeline in `file`. Resolves with the result whatever the steps did; rejects
 * with `PipelineDefinitionError` (bad file) or `PipelineResumeError` (`definition_changed`,
 * `no_checkpoint`, `nothing_to_resume`, `corrupt_checkpoint`) before running anything, or with the
 * store's `RunLockedError` when another live process is running the same run.
 */
export async function runPipeline(file: string, options: RunPipelineOptions): Promise<PipelineResult> {
  const loaded = await loadPipeline(file);
  const clock = options.clock ?? realClock;
  const root = pipelineDir(options.dir, loaded.definition.name, loaded.file);
  const { checkpoint, runDir, reused } = options.resumeFromFailure
    ? await resumePoint(loaded, root, clock.now())
    : freshRun(loaded, root, clock.now());
  // One process per run: a second resume of the same run gets RunLockedError naming the holder.
  const lock = await acquireFileLock(join(runDir, 'run.lock'), checkpoint.runId, process.pid);
  try {
    return await execute(loaded, { checkpoint, runDir, reused }, options, clock);
  } finally {
    await lock.release();
  }
}

/** Run the pipeline machine over a prepared run and record how it ended. */
async function execute(
  loaded: LoadedPipeline,
  { checkpoint, runDir, reused }: { checkpoint: PipelineCheckpoint; runDir: string; reused: Record<string, StepResult> },
  options: RunPipelineOptions,
  clock: Clock,
): Promise<PipelineResult> {
  const run: PipelineRunState = {
    loaded, runDir, cwd: options.cwd ?? dirname(loaded.file), clock, stream: options.stream ?? null, checkpoint, stepActor: null,
    ...(options.agent ? { agent: options.agent } : {}),
    ...(options.policy ? { policy: options.policy } : {}),
  };
  await writeCheckpoint(runDir, checkpoint);

  const logic = pipelineMachine.provide({ actors: bindPipelineActors(run) });
  const actor = createActor(logic, {
    clock,
    ...(options.inspect ? { inspect: options.inspect as Observer<InspectionEvent> } : {}),
    input: {
      runId: checkpoint.runId, name: loaded.definition.name, definitionHash: loaded.hash, now: clock.now(), reused,
      steps: loaded.definition.order.map((id) => ({ id, needs: loaded.definition.steps.find((s) => s.id === id)!.needs })),
    },
  });
  // The step's recovery actor, so `saveStep` can record its history. XState types a child by
  // the union of every actor the machine may invoke; the child with id `step` is `runStep`'s,
  // the recovery machine.
  const order = loaded.definition.order;
  actor.subscribe((snapshot) => {
    const step = snapshot.children.step as RecoveryActor | undefined;
    if (step !== undefined && step !== run.stepActor && snapshot.context.current !== null) {
      const id = snapshot.context.current;
      const definition = loaded.definition.steps.find((s) => s.id === id)!;
      options.onStep?.({ id, index: order.indexOf(id) + 1, total: order.length, run: displayRun(definition.run) }, step);
    }
    run.stepActor = step ?? run.stepActor;
  });
  const onAbort = () => actor.send({ type: 'ABORT', reason: String(options.signal?.reason ?? 'aborted') });
  const output = await new Promise<NonNullable<ReturnType<typeof actor.getSnapshot>['output']>>((resolve, reject) => {
    actor.subscribe({ complete: () => resolve(actor.getSnapshot().output!), error: reject });
    actor.start();
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  }).finally(() => options.signal?.removeEventListener('abort', onAbort));

  checkpoint.status = output.status;
  checkpoint.failedStep = output.failedStep;
  checkpoint.reason = output.reason;
  checkpoint.updatedAt = new Date(clock.now()).toISOString();
  await writeCheckpoint(runDir, checkpoint);
  return {
    runId: checkpoint.runId,
    status: output.status === 'running' ? 'failed' : output.status,
    failedStep: output.failedStep,
    reason: output.reason,
    steps: loaded.definition.order.filter((id) => id in output.results).map((id) => output.results[id]!),
    reused: Object.keys(reused),
    resumed: options.resumeFromFailure === true,
    runDir,
    checkpointFile: join(runDir, CHECKPOINT_FILE),
    definitionHash: loaded.hash,
  };
}

function freshRun(loaded: LoadedPipeline, root: string, now: number) {
  const runId = pipelineRunId(now);
  const checkpoint: PipelineCheckpoint = {
    format: CHECKPOINT_FORMAT, version: CHECKPOINT_VERSION, runId,
    pipeline: { name: loaded.definition.name, file: loaded.file }, definitionHash: loaded.hash,
    stepHashes: stepHashes(loaded.definition),
    status: 'running', failedStep: null, reason: null,
    startedAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString(), resumes: 0, completed: [], steps: {},
  };
  return { checkpoint, runDir: join(root, runId), reused: {} as Record<string, StepResult> };
}

/**
 * The last run's checkpoint, checked: something to resume, and the steps that passed unchanged
 * (seed 002: what already ran must not change; the failed step and the ones after it may —
 * that is how a failure gets fixed — and what changed is recorded in the checkpoint).
 */
async function resumePoint(loaded: LoadedPipeline, root: string, now: number) {
  const runDir = await latestRunDir(root);
  if (runDir === null) {
    throw new PipelineResumeError('no_checkpoint', `cannot resume: no earlier run of pipeline "${loaded.definition.name}" (${loaded.file}) in ${root}`);
  }
  const checkpoint = await readCheckpoint(runDir);
  const file = join(runDir, CHECKPOINT_FILE);
  if (checkpoint.status === 'succeeded') {
    throw new PipelineResumeError('nothing_to_resume', `cannot resume run ${checkpoint.runId}: it succeeded; run without --resume-from-failure to start afresh`, file);
  }
  const changed = changedSteps(loaded, checkpoint, file);
  const reused = await reusableResults(loaded.definition, checkpoint, runDir);
  if (changed.length > 0) checkpoint.changes = [...(checkpoint.changes ?? []), { at: new Date(now).toISOString(), steps: changed }];
  checkpoint.definitionHash = loaded.hash;
  checkpoint.stepHashes = stepHashes(loaded.definition);
  checkpoint.resumes += 1;
  checkpoint.completed = loaded.definition.order.filter((id) => id in reused);
  checkpoint.failedStep = null;
  checkpoint.reason = null;
  return { checkpoint, runDir, reused };
}

/**
 * The steps that changed, were added or were removed since the checkpoint, none of them one
 * that passed (refused with `definition_changed`, naming them). A checkpoint written before
 * steps were compared one by one has only the whole definition's hash: any change is refused.
 */
function changedSteps(loaded: LoadedPipeline, checkpoint: PipelineCheckpoint, file: string): string[] {
  const refuse = (what: string) => new PipelineResumeError('definition_changed',
    `cannot resume run ${checkpoint.runId}: ${what}; the outputs it completed may not fit the new steps. Run without --resume-from-failure to start afresh.`, file);
  if (!checkpoint.stepHashes) {
    if (checkpoint.definitionHash === loaded.hash) return [];
    throw refuse(`the pipeline definition changed since it ran (checkpoint ${checkpoint.definitionHash}, file now ${loaded.hash})`);
  }
  const before = checkpoint.stepHashes;
  const now = stepHashes(loaded.definition);
  const ids = [...new Set([...Object.keys(before), ...loaded.definition.order])];
  const changed = ids.filter((id) => before[id] !== now[id]);
  const passed = new Set(checkpoint.completed);
  const ran = changed.filter((id) => passed.has(id));
  if (ran.length > 0) {
    throw refuse(`the definition of ${ran.length === 1 ? 'step' : 'steps'} ${ran.join(', ')} changed since ${ran.length === 1 ? 'it' : 'they'} passed (only the failed step and the ones after it may change)`);
  }
  return changed;
}
