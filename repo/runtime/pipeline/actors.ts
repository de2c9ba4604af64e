/**
 * The pipeline machine's slots filled with real work: `prepareStep` writes the "step starts"
 * checkpoint before the step runs (write-ahead: an interrupted step is re-run on resume),
 * `runStep` is the recovery machine provided with the step's command, `saveStep` persists the
 * step's output (redacted) and result atomically before the next step starts.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { fromPromise, type AnyActorRef } from 'xstate';
import { PASSING } from '../../../machines/pipeline/steps.js';
import { strategyFix } from '../../../machines/recovery/strategy.js';
import type { PrepareStepInput, PrepareStepOutput, SaveStepInput, SaveStepOutput } from '../../../machines/pipeline/types.js';
import type { Clock } from '../clock.js';
import type { CommandResult } from '../command.js';
import type { Adapter, Diagnoser } from '../options.js';
import { agentHooks } from '../agent/agent-hooks.js';
import type { PolicyConfig } from '../../policy/types.js';
import type { AgentOptions } from '../agent/options.js';
import { redactSecrets } from '../../redact/index.js';
import { provideRecovery, recoveryInput } from '../recovery.js';
import { writeCheckpoint, writeFileAtomic, type PipelineCheckpoint } from './checkpoint.js';
import { fileSha256 } from './reuse.js';
import { argvOf, displayRun, stepTask } from './step-task.js';
import type { LoadedPipeline, PipelineStep } from './types.js';
import { outputVariable } from './validate.js';

/**
 * Seed 002's strategies as an adapter: the next attempt gets the failure's hint (missing sections,
 * a request for output) as its change — the machine's own strategy fix, so, as without an
 * adapter, only a repeat stops it (a step missing fewer sections each time gets all 3 retries).
 */
export const seed002Adapter: Adapter = (input) =>
  input.hint ? { fix: strategyFix(input.hint), confidence: input.diagnosis?.confidence ?? 0.8 } : undefined;

/**
 * The steps' DIAGNOSE and ADAPT: seed 002's strategies first (a failure with a hint retries with
 * it), then the run's agent, if any, told the step's own command and working directory.
 */
function stepHooks(run: PipelineRunState, stepOf: (runId: string) => PipelineStep): { adapt: Adapter; diagnose?: Diagnoser } {
  if (!run.agent) return { adapt: seed002Adapter };
  const agent = run.agent;
  const hooks = new Map<string, ReturnType<typeof agentHooks>>();
  const hooksOf = (runId: string) => {
    const step = stepOf(runId);
    let found = hooks.get(step.id);
    if (!found) {
      found = agentHooks(agent, { command: argvOf(step.run).flat(), cwd: run.cwd, ...(run.stream ? { stderr: run.stream.stderr } : {}) });
      hooks.set(step.id, found);
    }
    return found;
  };
  return {
    adapt: (input, context) => seed002Adapter(input) ?? hooksOf(input.runId).adapt(input, context),
    diagnose: (input, context) => hooksOf(input.runId).diagnose(input, context),
  };
}

/** Everything the slots share for one pipeline run. */
export interface PipelineRunState {
  loaded: LoadedPipeline;
  runDir: string;
  cwd: string;
  clock: Clock;
  stream: { stdout: Writable; stderr: Writable } | null;
  checkpoint: PipelineCheckpoint;
  /** The running step's recovery actor (set by the runner from the pipeline's snapshots). */
  stepActor: AnyActorRef | null;
  /** The agent for the steps' DIAGNOSE and ADAPT (after seed 002's strategies). Default: none. */
  agent?: AgentOptions;
  /** The pipeline's policy (the config file, `--on-flaky`); each step's own policy over it. Default: none (the defaults). */
  policy?: PolicyConfig;
}

const iso = (at: number) => new Date(at).toISOString();

/** The three slots of the pipeline machine for this run. */
export function bindPipelineActors(run: PipelineRunState) {
  const steps = new Map(run.loaded.definition.steps.map((s) => [s.id, s]));
  const stepOfRun = new Map<string, string>();
  const lastResult = new Map<string, CommandResult>();
  const save = async () => {
    run.checkpoint.updatedAt = iso(run.clock.now());
    await writeCheckpoint(run.runDir, run.checkpoint);
  };
  /** Where later steps find the outputs of the steps that passed. */
  const outputsEnv = () => {
    const env: Record<string, string> = { PIPELINE_RUN_ID: run.checkpoint.runId, PIPELINE_RUN_DIR: run.runDir };
    for (const id of run.checkpoint.completed) {
      const file = run.checkpoint.steps[id]?.outputFile;
      if (file) env[outputVariable(id)] = join(run.runDir, file);
    }
    return env;
  };
  const task = (ctx: Parameters<ReturnType<typeof stepTask>>[0]) => {
    const step = steps.get(stepOfRun.get(ctx.runId) ?? '')!;
    return stepTask(step, { cwd: run.cwd, env: outputsEnv, stream: run.stream, onResult: (r) => lastResult.set(step.id, r) })(ctx);
  };
  const { adapt, diagnose } = stepHooks(run, (runId) => steps.get(stepOfRun.get(runId) ?? '')!);
  const { logic } = provideRecovery(task, { clock: run.clock, adapt, ...(diagnose ? { diagnose } : {}) });

  return {
    runStep: logic,
    prepareStep: fromPromise<PrepareStepOutput, PrepareStepInput>(async ({ input }) => {
      const step = steps.get(input.stepId)!;
      const at = run.clock.now();
      run.checkpoint.steps[step.id] = {
        stepId: step.id, status: 'running', attempts: 0, iterations: 0, reason: null, type: null, message: null,
        reused: false, startedAt: at, endedAt: at, outputFile: null, outputSha256: null, outputBytes: 0, history: [],
      };
      run.checkpoint.status = 'running';
      await save();
      const recovery = recoveryInput({
        runId: `${run.checkpoint.runId}/${step.id}`,
        name: `${step.id}: ${displayRun(step.run)}`,
        adapt,
        ...(diagnose ? { diagnose } : {}),
        ...(step.policy || run.policy ? { policy: stepPolicy(run.policy, step.policy ?? undefined) } : {}),
        ...(step.timeoutMs !== null ? { timeoutMs: step.timeoutMs } : {}),
      }, run.clock);
      stepOfRun.set(recovery.runId, step.id);
      return { recovery, at };
    }),
    saveStep: fromPromise<SaveStepOutput, SaveStepInput>(async ({ input }) => {
      const result = lastResult.get(input.stepId);
      let outputFile: string | null = null;
      if (result) {
        outputFile = join('outputs', `${input.stepId}.stdout`);
        await mkdir(join(run.runDir, 'outputs'), { recursive: true });
        // Redacted like everything else the run keeps: a later step reading it gets `[REDACTED]`
        // where a secret was (pass secrets between steps through the environment instead).
        await writeFileAtomic(join(run.runDir, outputFile), redactSecrets(result.stdout));
      }
      const history = (run.stepActor?.getSnapshot() as { context?: { history?: PipelineCheckpoint['steps'][string]['history'] } } | undefined)?.context?.history ?? [];
      const at = run.clock.now();
      run.checkpoint.steps[input.stepId] = {
        ...input.outcome, stepId: input.stepId, reused: false, startedAt: input.startedAt, endedAt: at, outputFile,
        outputSha256: outputFile ? await fileSha256(join(run.runDir, outputFile)) : null, outputBytes: result?.stdoutBytes ?? 0, history,
      };
      if (PASSING.includes(input.outcome.status)) run.checkpoint.completed.push(input.stepId);
      await save();
      return { at, outputFile };
    }),
  };
}

/**
 * A step's policy: its own over the pipeline's (the config file and `--on-flaky`), field by
 * field, and type by type and category by category (a step's entry for a type replaces the
 * pipeline's entry for it).
 */
export function stepPolicy(pipeline: PolicyConfig | undefined, step: PolicyConfig | undefined): PolicyConfig {
  if (!pipeline || !step) return (step ?? pipeline)!;
  return {
    ...pipeline,
    ...step,
    ...(pipeline.types || step.types ? { types: { ...pipeline.types, ...step.types } } : {}),
    ...(pipeline.categories || step.categories ? { categories: { ...pipeline.categories, ...step.categories } } : {}),
  };
}
