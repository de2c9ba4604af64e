/**
 * The built-in fleet task `command`: runs `{ cmd, args, cwd }` with the runtime's `commandTask`
 * (its own process group, killed when the attempt is stopped), so `recover submit -- CMD ARGS`
 * works with any worker.
 */
import { commandTask } from '../command.js';
import { runMetaOf } from '../run-meta.js';
import type { OutputExpectations } from '../output-check.js';
import type { FleetTask } from './task.js';

/** The input of the `command` task. */
export interface CommandInput {
  cmd: string;
  args?: string[];
  /** Working directory on the worker's machine. Default: the worker's. */
  cwd?: string;
  /** The output checks after exit 0 (`recover run --expect-…`), so a worker that takes the run over checks the same. Default: none. */
  expect?: OutputExpectations;
  /**
   * The person who queued it allowed a command line that risks data loss (`RECOVERY_ALLOW_DATA_LOSS=1`
   * at `recover submit`): the permission travels with the run, since the worker that runs it
   * cannot ask. Default false: such a command is blocked before it starts, on every worker.
   */
  allowDataLoss?: boolean;
}

/** The task name `recover submit` queues commands under. */
export const COMMAND_TASK = 'command';

/** Runs the command in `input`, with `RECOVERY_FENCE` added to the `RECOVERY_*` environment. */
export const runCommandTask: FleetTask = (ctx) => {
  const input = ctx.input as CommandInput | null;
  if (input === null || typeof input !== 'object' || typeof input.cmd !== 'string' || input.cmd === '') {
    throw new Error('the command task needs an input { cmd, args?, cwd? } with cmd a non-empty string');
  }
  const args = Array.isArray(input.args) ? input.args.map(String) : [];
  return commandTask(input.cmd, args, {
    ...(typeof input.cwd === 'string' ? { cwd: input.cwd } : {}), ...(ctx.startBy === undefined ? {} : { startBy: ctx.startBy }), env: ctx.env,
    ...(input.expect && typeof input.expect === 'object' ? { expect: input.expect } : {}),
    ...(input.allowDataLoss === true ? { allowDataLoss: true } : {}),
  })(ctx);
};

/**
 * The `command` input of a run `recover run` offered to the fleet, from its meta (the command as
 * stored, which holds no secret: such runs are not offered, see the CLI's run verb), else null
 * (a meta with no command line: another kind of run).
 * @throws RunMetaError naming the run and the field when the meta is bad (see run-meta.ts).
 */
export function commandInputOf(runId: string, stored: Record<string, unknown>): CommandInput | null {
  const { command, cwd, options } = runMetaOf(runId, stored);
  if (!Array.isArray(command)) return null;
  // The decoder has checked that a command line is a non-empty list of strings.
  const [cmd = '', ...args] = command;
  return { cmd, args, ...(cwd !== undefined ? { cwd } : {}), ...(options?.expect ? { expect: options.expect } : {}) };
}
