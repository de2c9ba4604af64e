/**
 * What a failed command attempt says: the `TaskFailure` with its exit code, signal, tails and the
 * failing tests its output names (a runner prints its failures and counts last).
 */
import { readTestRun } from '../classify/tests/index.js';
import type { Observation } from '../classify/types.js';
import type { CommandResult } from './command-result.js';
import { TaskFailure } from './task-failure.js';

/** The `TaskFailure` of a failed command: exit code, signal, tails and its tests. */
export function failureOf(cmd: string, result: CommandResult, timeoutMs: number | null, tests: Pick<Observation, 'tests'>): TaskFailure {
  return new TaskFailure(failureMessage(cmd, result, timeoutMs), {
    // A command that never ran has no output to tell from: the message names it (else history says only "exit code 127").
    ...(result.notFound ? { message: `command not found: ${cmd}` } : {}),
    exitCode: result.exitCode, signal: result.signal, stdout: result.stdout, stderr: result.stderr,
    ...tests,
  });
}

/** The failing tests as the output names them (a runner prints its failures and counts last). */
export function outputTests(result: CommandResult): Pick<Observation, 'tests'> {
  const run = readTestRun(`${result.stdout}\n${result.stderr}`);
  if (!run || (run.failed === 0 && run.failures.length === 0)) return {};
  return { tests: { passed: run.passed, failed: run.failed, failing: run.failures.map((f) => f.name), failures: run.failures } };
}

/**
 * The failing tests as the output names them, read from the tails (a runner prints its failures
 * and counts last, so a tail holds them unless the failures alone outgrow it). None on a timeout
 * or an abort: a cut-off run's partial list would look like a regression.
 */
export async function testsOf(result: CommandResult): Promise<Pick<Observation, 'tests'>> {
  if (result.timedOut || result.aborted || result.notFound) return {};
  return outputTests(result);
}

function failureMessage(cmd: string, result: CommandResult, timeoutMs: number | null): string {
  if (result.notFound) return `command not found: ${cmd}`;
  if (result.timedOut) return `${cmd} timed out after ${timeoutMs} ms`;
  if (result.aborted) return `${cmd} was stopped`;
  if (result.signal) return `${cmd} was killed by ${result.signal}`;
  return `${cmd} exited with code ${result.exitCode}`;
}
