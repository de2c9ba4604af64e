/**
 * A pipeline step as a recovery `Task`: run its command (no shell for an argv list, the shell for
 * a command line), then check its output. Seed 002's output checks become observations the
 * machine reads (the validator of output-check.ts, shared with `recover run`): an empty stdout
 * where sections are expected is EMPTY_OUTPUT, a missing section is `validationErrors: ['Missing
 * section: # Tests', …]` (MISSING_SECTIONS), so the next attempt's `RECOVERY_HINT` asks for output
 * or names exactly the sections still missing.
 */
import type { Writable } from 'node:stream';
import { recoveryEnv, runCommandOnce, type CommandResult } from '../command.js';
import { tail } from '../observe.js';
import type { Task, TaskContext } from '../options.js';
import { TaskFailure } from '../task-failure.js';
import { checkOutput, outputObservation } from '../output-check.js';
import type { PipelineStep } from './types.js';

/** Most bytes of a step's stdout kept and persisted (the end of the output). */
export const MAX_STEP_OUTPUT_BYTES = 1024 * 1024;

/** The program and arguments of a step's `run`. */
export function argvOf(run: string | string[]): [string, string[]] {
  if (Array.isArray(run)) return [run[0]!, run.slice(1)];
  return process.platform === 'win32' ? [process.env.ComSpec ?? 'cmd.exe', ['/d', '/s', '/c', run]] : ['/bin/sh', ['-c', run]];
}

/** How a step's command reads in reports. */
export function displayRun(run: string | string[]): string {
  return Array.isArray(run) ? run.map((a) => (/^[\w./:=@%+-]+$/.test(a) ? a : JSON.stringify(a))).join(' ') : run;
}

/** What a step task needs besides the step. */
export interface StepTaskOptions {
  cwd: string;
  /** Environment on top of `process.env` (outputs of earlier steps, the run directory). */
  env: () => Record<string, string>;
  stream: { stdout: Writable; stderr: Writable } | null;
  /** Receives every attempt's result: the last one is what gets persisted. */
  onResult(result: CommandResult): void;
}

/** The task that runs one attempt of `step`. */
export function stepTask(step: PipelineStep, options: StepTaskOptions): Task {
  const [cmd, args] = argvOf(step.run);
  return async (ctx: TaskContext) => {
    const result = await runCommandOnce(cmd, args, {
      cwd: options.cwd,
      env: { ...options.env(), ...recoveryEnv(ctx), PIPELINE_STEP: step.id },
      stream: options.stream,
      tailBytes: MAX_STEP_OUTPUT_BYTES,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
    });
    options.onResult(result);
    const observed = { exitCode: result.exitCode, signal: result.signal, stdout: tail(result.stdout), stderr: tail(result.stderr) };
    if (result.exitCode !== 0 || result.timedOut || result.aborted) {
      const why = result.timedOut ? `timed out after ${ctx.timeoutMs} ms` : result.notFound ? 'command not found' : `exited with code ${result.exitCode}`;
      throw new TaskFailure(`step "${step.id}" ${why}`, observed);
    }
    const problem = checkOutput(result.stdout, { sections: step.expectSections });
    if (problem) throw new TaskFailure(`step "${step.id}": ${problem.message}`, outputObservation(problem, { exitCode: result.exitCode, stdout: observed.stdout, stderr: observed.stderr }));
  };
}
