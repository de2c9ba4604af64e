/**
 * A command as a recoverable `Task`: each attempt runs it once (command-process.ts) with the
 * attempt's `RECOVERY_*` variables, reads its tests (test-attempt.ts) and output checks
 * (output-check.ts), and throws what failed (command-failure.ts). The process pieces are
 * re-exported here, where library callers have always imported them from.
 */
import { dataLossRisk } from '../classify/data-loss.js';
import { maxCharsOf } from '../../machines/recovery/strategy.js';
import { compileRedaction } from '../redact/index.js';
import type { TestLedgerData } from '../store/test-ledger-data.js';
import { traceEnv } from '../telemetry/trace-env.js';
import { heldUntilRecorded, reportExit } from './attempt-process.js';
import { failureOf, outputTests, testsOf } from './command-failure.js';
import { runCommandOnce } from './command-process.js';
import type { CommandResult, SpawnOptions } from './command-result.js';
import type { Task, TaskContext } from './options.js';
import { charCount, checkOutput, expectsOutput, OUTPUT_CHECK_BYTES, outputObservation, type OutputExpectations } from './output-check.js';
import { StartLapsedError } from './start-gate.js';
import { testAwareAttempt, testsObservation, type RerunMode } from './test-attempt.js';
import { reportTestLedger, TestLedger } from './test-ledger.js';
import { TaskFailure } from './task-failure.js';

export { runCommandOnce } from './command-process.js';
export { EXIT_NOT_FOUND, EXIT_TIMEOUT, type CommandResult, type RunOnceOptions, type SpawnOptions } from './command-result.js';
export { KILL_GRACE_MS, killGroup, terminateGroup } from './process-group.js';

/** Options of `commandTask`: how each attempt's process is spawned, and what the task reads of it. Every field optional. */
export interface CommandOptions extends SpawnOptions {
  /**
   * The test reports the command writes (JUnit XML, jest/vitest or Playwright JSON, TAP), relative
   * to `cwd`; a `*` may stand in a file name. After a failed attempt they are read instead of the
   * output (see test-report.ts); one missing, stale or malformed is named on `stream.stderr` and
   * the output is read as without. Only `commandTask` reads it. Default: none (the output only).
   */
  testReports?: readonly string[];
  /**
   * With `testReports`: which tests the flake probe and RETRY run (see test-attempt.ts).
   * `failed` (default): only the previous execution's failing tests where the runner can filter
   * (test-runners.ts), a passing RETRY then confirmed by the whole command; `failed-only`: no
   * confirmation; `whole`: always the whole command.
   */
  rerun?: RerunMode;
  /** A run's stored test ledger (`meta.testLedger`) to continue: a resumed run. Default: none. */
  testLedger?: TestLedgerData | null;
  /** package.json scripts of `cwd`, so `npm test` can re-run only the failed tests. Default: none. */
  scripts?: Record<string, string>;
  /**
   * Patterns redacted from what the test ledger keeps (test ids, failure messages), on top of the
   * built-in secret rules: the run's own `redact` (config). Default: the built-in rules only.
   */
  redact?: readonly (string | RegExp)[];
  /**
   * Seed 002's output checks after a zero exit (see output-check.ts): sections, a diff, a size
   * limit; what is wrong fails the attempt (EMPTY_OUTPUT, MISSING_SECTIONS, FORMAT_VALIDATION,
   * DIFF_PARSE_ERROR) and is named in the next attempt's hint. Up to `OUTPUT_CHECK_BYTES` of stdout
   * is kept for them. Only `commandTask` reads it. Default: none (a zero exit passes).
   */
  expect?: OutputExpectations;
  /**
   * Run a command line that risks data loss (`rm -rf /`, `DROP DATABASE`, `mkfs`, a forced push to
   * `main`: see classify/data-loss.ts) instead of refusing it. Only `commandTask` reads it. Default
   * false: such a command is never started, its attempt fails as a SECURITY_VIOLATION (seed 004's
   * BLOCK_AND_ALERT), which halts the run without a retry.
   */
  allowDataLoss?: boolean;
}

/**
 * A `Task` that runs a command: no shell, its own process group, live output to `stream`,
 * bounded tails. It honours `ctx.timeoutMs` (kills the group, exit 124) and `ctx.signal`.
 * Each spawn is reported (see `attempt-process.ts`) so a persisted run records the group it must
 * end if `recover` is killed with SIGKILL mid-attempt; the program starts once that is recorded.
 * The child sees `RECOVERY_ATTEMPT`, `RECOVERY_ITERATION`, `RECOVERY_HINT`, `RECOVERY_GUIDANCE`,
 * `RECOVERY_APPROACH`, `RECOVERY_REFRESH_CONTEXT`, `RECOVERY_RUN_ID` and `RECOVERY_MAX_CHARS` (empty
 * when unset, so an outer run's values never leak). Exit 0 resolves, once its stdout passes the
 * `expect` checks (if any: else it throws their failure); anything else throws a `TaskFailure` with exit code, signal and tails, and,
 * when the output is a known test runner's (see classify/tests), the failing tests: the machine
 * compares them between attempts to see a fix that broke other tests (UC-AP-004 Alt-4).
 *
 * @example
 * ```ts
 * const outcome = await recover(commandTask('npm', ['test'], { cwd: 'packages/api' }), { timeoutMs: 600_000 });
 * ```
 */
export function commandTask(cmd: string, args: readonly string[], options: CommandOptions = {}): Task {
  const checked = expectsOutput(options.expect);
  // Read once: the command line does not change between attempts.
  const risk = options.allowDataLoss ? null : dataLossRisk([cmd, ...args]);
  // The tests of the run this task serves, attempt by attempt (one run at a time: a new run id starts a new ledger).
  let ledger: { runId: string; ledger: TestLedger } | null = null;
  const ledgerOf = (runId: string) => {
    if (ledger?.runId !== runId) ledger = { runId, ledger: new TestLedger(ledger === null ? options.testLedger : null, compileRedaction(options.redact)) };
    return ledger.ledger;
  };
  return async (ctx: TaskContext) => {
    if (risk !== null) {
      const message = `blocked before it ran: the command line risks data loss: ${risk}`;
      throw new TaskFailure(message, { error: { name: 'DataLossRisk', type: 'SECURITY_VIOLATION', message } });
    }
    // The size this attempt is asked for: the reduced one its hint carries after an empty or
    // too-long output, else the limit itself.
    const target = options.expect?.maxChars != null ? maxCharsOf(ctx.hint) ?? options.expect.maxChars : null;
    const once = async (argv: readonly string[]) => {
      let spawned: number | undefined;
      const result = await runCommandOnce(argv[0]!, argv.slice(1), {
        ...options,
        // The checks read the whole output (up to 1 MiB), not the 8 KB tail a failure needs.
        ...(checked ? { tailBytes: Math.max(options.tailBytes ?? 0, OUTPUT_CHECK_BYTES) } : {}),
        // Under a traced run, TRACEPARENT names the attempt's span (the command's spans join the trace).
        env: { ...options.env, ...recoveryEnv(ctx, target), ...traceEnv(ctx.runId) },
        timeoutMs: ctx.timeoutMs,
        signal: ctx.signal,
        onSpawn: (pid) => {
          spawned = pid;
        },
        // A persisted run records the group in its checkpoint before the program starts, so a
        // resume after a SIGKILL can end a group left running (attempt-process.ts).
        ...heldUntilRecorded(ctx.runId, ctx.attempt),
      });
      if (spawned !== undefined) reportExit(ctx.runId, spawned);
      if (result.lapsed) throw new StartLapsedError(ctx.runId, ctx.attempt);
      return result;
    };
    const passed = (result: CommandResult) => result.exitCode === 0 && !result.timedOut && !result.aborted;
    /** A zero exit still fails when the output checks say so. */
    const checkOutputOf = (result: CommandResult) => {
      if (!checked) return;
      // Past the kept tail, each byte counts as a character (an upper bound: the limit is not missed).
      const kept = Buffer.byteLength(result.stdout);
      const chars = charCount(result.stdout) + Math.max(0, result.stdoutBytes - kept);
      const problem = checkOutput(result.stdout, options.expect!, chars, target);
      if (problem) throw new TaskFailure(`${cmd}: ${problem.message}`, outputObservation(problem, result));
    };
    if (options.testReports?.length) {
      const tests = ledgerOf(ctx.runId);
      const cwd = options.cwd ?? process.cwd();
      const note = (text: string) => options.stream?.stderr.write(`recover: note: ${text}\n`);
      const done = await testAwareAttempt([cmd, ...args], ctx, { reports: options.testReports, cwd, rerun: options.rerun ?? 'failed', ledger: tests, scripts: options.scripts ?? {}, note }, once, passed);
      reportTestLedger(ctx.runId, tests.data());
      if (passed(done.result)) return checkOutputOf(done.result);
      for (const problem of done.problems) note(`test report ${problem}${done.run ? '' : '; the failing tests are read from the output'}`);
      const cut = done.result.timedOut || done.result.aborted || done.result.notFound;
      const observed = cut ? {} : done.run ? testsObservation(done.run, done.findings, tests) : outputTests(done.result);
      throw failureOf(cmd, done.result, ctx.timeoutMs, observed);
    }
    const result = await once([cmd, ...args]);
    if (passed(result)) return checkOutputOf(result);
    throw failureOf(cmd, result, ctx.timeoutMs, await testsOf(result));
  };
}

/**
 * The `RECOVERY_*` variables a command sees for one attempt. `RECOVERY_REFRESH_CONTEXT` is `1`
 * on the attempts that start from a fresh context (seed 004: from the failure type's
 * `contextRefreshFrom` on, after a handoff, after retry-fresh) and empty otherwise: a command
 * (an agent's wrapper, say) reloads its spec and state instead of reusing what it cached.
 * `maxChars` is the output size it is asked for (`RECOVERY_MAX_CHARS`; default null: empty, no limit).
 */
export function recoveryEnv(ctx: Pick<TaskContext, 'runId' | 'attempt' | 'iteration' | 'hint' | 'guidance' | 'approach' | 'refreshContext'>, maxChars: number | null = null): Record<string, string> {
  return {
    RECOVERY_RUN_ID: ctx.runId,
    RECOVERY_ATTEMPT: String(ctx.attempt),
    RECOVERY_ITERATION: String(ctx.iteration),
    RECOVERY_HINT: ctx.hint ?? '',
    RECOVERY_GUIDANCE: ctx.guidance ?? '',
    RECOVERY_APPROACH: ctx.approach ?? '',
    RECOVERY_REFRESH_CONTEXT: ctx.refreshContext ? '1' : '',
    RECOVERY_MAX_CHARS: maxChars === null ? '' : String(maxChars),
  };
}
