/**
 * The built-in fleet task `command`: runs `{ cmd, args, cwd }` with the runtime's `commandTask`
 * (its own process group, killed when the attempt is stopped), so `recover submit -- CMD ARGS`
 * works with any worker.
 */
import { ledgerDataOf, type TestLedgerData } from '../../store/test-ledger-data.js';
import { commandTask, type CommandOptions } from '../command.js';
import { runMetaOf } from '../run-meta.js';
import type { OutputExpectations } from '../output-check.js';
import type { RerunMode } from '../test-attempt.js';
import { testCommandOf, testTaskOptions } from '../test-command.js';
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
  /**
   * The run's `--tests` (report files, or `['auto']`), so a worker that takes a `recover run`
   * over reads the tests as its first owner did. Default: none (the output is read).
   */
  tests?: string[];
  /** The run's `--rerun` (see test-attempt.ts). Default: `failed`. */
  rerun?: RerunMode;
  /**
   * The run's test ledger as its last commit stored it (`meta.testLedger`): the attempt continues
   * it, so a regression and a test flaky by name are told against the executions of every owner
   * (issue 29). Default: none (a new ledger).
   */
  testLedger?: TestLedgerData;
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
  const tests = testsOf(ctx.runId, [input.cmd, ...args], input);
  const [cmd, ...argv] = tests?.argv ?? [input.cmd, ...args];
  return commandTask(cmd!, argv, {
    ...(typeof input.cwd === 'string' ? { cwd: input.cwd } : {}), ...(ctx.startBy === undefined ? {} : { startBy: ctx.startBy }),
    env: { ...tests?.env, ...ctx.env },
    ...(input.expect && typeof input.expect === 'object' ? { expect: input.expect } : {}),
    ...(input.allowDataLoss === true ? { allowDataLoss: true } : {}),
    ...tests?.options,
  })(ctx);
};

/**
 * What the input's `tests` make of the command (as `recover run --tests` does): its argv, its
 * environment and the test options of `commandTask`, the stored ledger among them; null without tests.
 * @throws Error naming the run when `--tests auto` cannot tell the runner (the first owner could: a changed cwd).
 */
function testsOf(runId: string, command: string[], input: CommandInput): { argv: string[]; env: Record<string, string>; options: CommandOptions } | null {
  if (!Array.isArray(input.tests) || input.tests.length === 0) return null;
  const cwd = typeof input.cwd === 'string' ? input.cwd : process.cwd();
  const made = testCommandOf(runId, command, input.tests.map(String), cwd);
  if ('refused' in made) throw new Error(`run ${runId}: ${made.refused}`);
  const options = testTaskOptions(made, cwd, input.testLedger ?? null, input.rerun);
  return options && { argv: made.argv, env: made.env, options };
}

/**
 * The `command` input of a run `recover run` offered to the fleet, from its meta (the command as
 * stored, which holds no secret: such runs are not offered, see the CLI's run verb; its `--tests`,
 * `--rerun` and test ledger), else null (a meta with no command line: another kind of run).
 * @throws RunMetaError naming the run and the field when the meta is bad (see run-meta.ts).
 */
export function commandInputOf(runId: string, stored: Record<string, unknown>): CommandInput | null {
  const { command, cwd, options } = runMetaOf(runId, stored);
  if (!Array.isArray(command)) return null;
  // The decoder has checked that a command line is a non-empty list of strings.
  const [cmd = '', ...args] = command;
  const ledger = ledgerDataOf(stored);
  return {
    cmd, args, ...(cwd !== undefined ? { cwd } : {}), ...(options?.expect ? { expect: options.expect } : {}),
    ...(options?.tests?.length ? { tests: options.tests, ...(options.rerun ? { rerun: options.rerun } : {}), ...(ledger ? { testLedger: ledger } : {}) } : {}),
  };
}
