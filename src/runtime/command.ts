import { spawn } from 'node:child_process';
import { dataLossRisk } from '../classify/data-loss.js';
import { gated, gateOutcome, hostClock, StartLapsedError, type GateOutcome } from './start-gate.js';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import type { Writable } from 'node:stream';
import { traceEnv } from '../telemetry/trace-env.js';
import { groupAlive, reportExit, reportSpawn } from './attempt-process.js';
import { findsProgram, ptyArgv, type PtySize } from './pty.js';
import type { Task, TaskContext } from './options.js';
import { TaskFailure } from './task-failure.js';
import { afterQuiet } from './close-grace.js';
import { readTestRun } from '../classify/tests/index.js';
import type { Observation } from '../classify/types.js';
import type { TestLedgerData } from '../store/test-ledger-data.js';
import { reportTestLedger, TestLedger } from './test-ledger.js';
import { compileRedactPatterns } from '../redact/index.js';
import { testAwareAttempt, testsObservation, type RerunMode } from './test-attempt.js';
import { maxCharsOf } from '../../machines/recovery/strategy.js';
import { charCount, checkOutput, expectsOutput, OUTPUT_CHECK_BYTES, outputObservation, type OutputExpectations } from './output-check.js';

/** Exit code reported when a command ran out of time (as GNU `timeout` does). */
export const EXIT_TIMEOUT = 124;
/** Exit code reported when the program does not exist (as a shell does). */
export const EXIT_NOT_FOUND = 127;
/** How long a process group gets between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 2_000;
/**
 * After the command's group is gone, how long its output pipes may stay open with nothing read
 * (a process that left the group holds them), in awake event-loop time (see close-grace.ts).
 */
const CLOSE_GRACE_MS = 200;
/** The most awake loop time a finished command's pipes are read for while output keeps coming. */
const CLOSE_LIMIT_MS = 2_000;

/** Options of `runCommandOnce` and `commandTask`. Every field optional. */
export interface CommandOptions {
  /** Working directory. Default: the current one. */
  cwd?: string;
  /** Extra environment, on top of `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Where the live output goes. Default `null`: nowhere (only the tails are kept). */
  stream?: { stdout: Writable; stderr: Writable } | null;
  /** Most bytes kept of stdout and of stderr each (the end of the output). Default 8192. */
  tailBytes?: number;
  /** Called on every chunk of output: a liveness signal for spinners and heartbeats. */
  onOutput?: () => void;
  /**
   * Run the command on a pseudo-terminal of this size (see pty.ts: util-linux `script`), so it
   * behaves as on a terminal while its output is still captured; stderr then arrives on stdout.
   * Ignored where there is no util-linux `script`. Default `null`: plain pipes.
   */
  pty?: PtySize | null;
  /**
   * Start the program only if the host clock (`hostClock()`, centiseconds) is still before this
   * when the forked child checks it (see start-gate.ts); else nothing runs and the result says
   * `lapsed`. Default: no deadline. Ignored where `hostClock()` is null.
   */
  startBy?: number;
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

/** Options of one run. */
export interface RunOnceOptions extends CommandOptions {
  /** Kill the process group after this many ms and report exit 124. Default: no limit. */
  timeoutMs?: number | null;
  /** Aborting kills the process group. */
  signal?: AbortSignal;
  /** Written to the child's stdin, which is then closed. Default: stdin is empty (`/dev/null`). */
  input?: string;
  /** Called right after the spawn with the child's pid (also its process group id). */
  onSpawn?: (pid: number) => void;
}

/** What one run of a command left behind. */
export interface CommandResult {
  /** Exit code; 124 on timeout, 127 when not found, 126 when not executable, 128 + n when killed by signal n. */
  exitCode: number;
  /** The signal that ended the process, if one did. */
  signal: NodeJS.Signals | null;
  /** The last `tailBytes` of stdout (decoded as UTF-8). */
  stdout: string;
  /** The last `tailBytes` of stderr (decoded as UTF-8). */
  stderr: string;
  /** Total bytes printed, including what the tails dropped. */
  stdoutBytes: number;
  stderrBytes: number;
  durationMs: number;
  timedOut: boolean;
  aborted: boolean;
  notFound: boolean;
  /** True when a `startBy` deadline had passed: the program was never started. */
  lapsed: boolean;
}

/**
 * Run a program once, without a shell, as the leader of its own process group (so a timeout, an
 * abort or its own exit ends everything it started: a background process never outlives the
 * run; SIGTERM, then SIGKILL after `KILL_GRACE_MS`). Never rejects: every outcome is a `CommandResult`.
 * Stdin is empty: a background process group reading the terminal would be stopped (SIGTTIN).
 */
export function runCommandOnce(cmd: string, args: readonly string[], options: RunOnceOptions = {}): Promise<CommandResult> {
  const started = performance.now();
  const limit = options.tailBytes ?? 8_192;
  const out = new Tail(limit);
  const err = new Tail(limit);
  const env = { ...process.env, ...options.env };
  // A program that is not there is spawned as is, so it is reported as not found, by name.
  const wrapped = options.pty && findsProgram(cmd, options.cwd ?? process.cwd(), env.PATH) ? ptyArgv(cmd, args, options.pty, env.SHELL) : null;
  // The start gate execs whatever runs the command: `script` when it gets a pty.
  const gate = options.startBy !== undefined && hostClock() !== null ? gated(wrapped?.file ?? cmd, wrapped?.args ?? args, options.startBy) : null;
  return new Promise<CommandResult>((resolve) => {
    const program = gate ?? { cmd: wrapped?.file ?? cmd, args: wrapped?.args ?? [...args] };
    const child = spawn(program.cmd, program.args, {
      cwd: options.cwd,
      env: { ...env, ...wrapped?.env },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe', ...(gate ? ['pipe' as const] : [])],
      detached: true,
    });
    // The gate's one byte (fd 3 closes at the exec or when the gate exits): awaited before reporting.
    const gateSaid = gate ? readGate(child.stdio[3] as NodeJS.ReadableStream | null) : Promise.resolve<GateOutcome>('started');
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let timedOut = false;
    let aborted = false;
    let notFound = false;
    let spawnFailure: number | undefined;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    let stopping: Promise<void> | undefined;
    const stop = (why: 'timeout' | 'abort') => {
      const exited = child.exitCode !== null || child.signalCode !== null;
      if (stopping || settled || exited || child.pid === undefined) return;
      if (why === 'timeout') timedOut = true;
      else aborted = true;
      stopping = terminateGroup(child.pid);
    };
    const onAbort = () => stop('abort');
    if (options.signal?.aborted) queueMicrotask(onAbort);
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    if (typeof options.timeoutMs === 'number') timers.push(setTimeout(() => stop('timeout'), Math.max(0, options.timeoutMs)));

    let lapsed = false;
    let cancelGrace = () => {};
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      cancelGrace();
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      const exitCode = spawnFailure ?? (timedOut ? EXIT_TIMEOUT : code ?? 128 + (signal ? constants.signals[signal] ?? 0 : 0));
      resolve({
        exitCode, signal, stdout: out.text(), stderr: err.text(), stdoutBytes: out.total, stderrBytes: err.total,
        durationMs: Math.round(performance.now() - started), timedOut, aborted, notFound, lapsed,
      });
    };

    const pump = (source: NodeJS.ReadableStream | null, tail: Tail, target: Writable | undefined) => {
      source?.on('data', (chunk: Buffer) => {
        tail.push(chunk);
        options.onOutput?.();
        if (target && !target.write(chunk)) {
          source.pause(); // respect a slow terminal instead of buffering without bound
          target.once('drain', () => source.resume());
        }
      });
    };
    pump(child.stdout, out, options.stream?.stdout);
    pump(child.stderr, err, options.stream?.stderr);
    if (options.input !== undefined && child.stdin) {
      child.stdin.on('error', () => {}); // a program that exits without reading its stdin is not a failure
      child.stdin.end(options.input);
    }

    child.on('error', (error: NodeJS.ErrnoException) => {
      // Node reports a missing working directory as ENOENT too: do not call that "not found".
      const noCwd = options.cwd !== undefined && !existsSync(options.cwd);
      notFound = error.code === 'ENOENT' && !noCwd;
      spawnFailure = notFound ? EXIT_NOT_FOUND : error.code === 'EACCES' ? 126 : 1;
      err.push(Buffer.from(notFound ? `${cmd}: command not found\n`
        : noCwd ? `${cmd}: working directory ${options.cwd} does not exist\n` : `${cmd}: ${error.message}\n`));
      finish(null, null);
    });
    // 'close' waits for the output pipes; a background grandchild may hold them open forever,
    // so after the direct child exits we give the pipes a short grace (of awake loop time) and then stop listening.
    // When we are stopping the command, its whole group must be gone before we report.
    // When the command itself exits, whatever it left running in its group (`sleep 300 &`, a
    // server started for a test) is ended too, as a CI step runner does: a background process of
    // a failed attempt would otherwise outlive it, hold its output pipes and compete with the
    // retry. A program that must outlive its attempt has to leave the group (`setsid`).
    child.on('exit', (code, signal) => {
      if (!stopping && child.pid !== undefined) stopping = terminateGroup(child.pid);
      void Promise.all([stopping, gateSaid]).then(([, outcome]) => {
        if (outcome === 'lapsed' && !timedOut && !aborted) lapsed = true;
        if (outcome === 'not-found') {
          notFound = true;
          spawnFailure = EXIT_NOT_FOUND;
          err.push(Buffer.from(`${cmd}: command not found\n`));
        }
        child.on('close', () => finish(code, signal));
        // Not a wall-clock timer: one that expired while this process was not scheduled would end
        // the capture before the loop read what the pipes already held (see close-grace.ts).
        cancelGrace = afterQuiet({
          progress: () => out.total + err.total,
          held: () => child.stdout?.isPaused() === true || child.stderr?.isPaused() === true,
        }, CLOSE_GRACE_MS, CLOSE_LIMIT_MS, () => finish(code, signal));
        if (child.stdout?.closed !== false && child.stderr?.closed !== false) finish(code, signal);
      });
    });
  });
}

/**
 * A `Task` that runs a command: no shell, its own process group, live output to `stream`,
 * bounded tails. It honours `ctx.timeoutMs` (kills the group, exit 124) and `ctx.signal`.
 * Each spawn is reported (see `attempt-process.ts`) so a persisted run records the group it must
 * end if `recover` is killed with SIGKILL mid-attempt.
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
    if (ledger?.runId !== runId) ledger = { runId, ledger: new TestLedger(ledger === null ? options.testLedger : null, redactOf(options.redact)) };
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
        // Recorded in the run's checkpoint so a resume after a SIGKILL can end a group left running.
        onSpawn: (pid) => {
          spawned = pid;
          reportSpawn(ctx.runId, ctx.attempt, pid);
        },
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

/** The caller's redact patterns, compiled (strings as the config writes them; RegExps as they are). */
const redactOf = (patterns: CommandOptions['redact']): RegExp[] => [
  ...compileRedactPatterns((patterns ?? []).filter((p): p is string => typeof p === 'string')),
  ...(patterns ?? []).filter((p): p is RegExp => p instanceof RegExp),
];

/** The `TaskFailure` of a failed command: exit code, signal, tails and its tests. */
function failureOf(cmd: string, result: CommandResult, timeoutMs: number | null, tests: Pick<Observation, 'tests'>): TaskFailure {
  return new TaskFailure(failureMessage(cmd, result, timeoutMs), {
    // A command that never ran has no output to tell from: the message names it (else history says only "exit code 127").
    ...(result.notFound ? { message: `command not found: ${cmd}` } : {}),
    exitCode: result.exitCode, signal: result.signal, stdout: result.stdout, stderr: result.stderr,
    ...tests,
  });
}

/** The failing tests as the output names them (a runner prints its failures and counts last). */
function outputTests(result: CommandResult): Pick<Observation, 'tests'> {
  const run = readTestRun(`${result.stdout}\n${result.stderr}`);
  if (!run || (run.failed === 0 && run.failures.length === 0)) return {};
  return { tests: { passed: run.passed, failed: run.failed, failing: run.failures.map((f) => f.name), failures: run.failures } };
}

/**
 * The failing tests as the output names them, read from the tails (a runner prints its failures
 * and counts last, so a tail holds them unless the failures alone outgrow it). None on a timeout
 * or an abort: a cut-off run's partial list would look like a regression.
 */
async function testsOf(result: CommandResult): Promise<Pick<Observation, 'tests'>> {
  if (result.timedOut || result.aborted || result.notFound) return {};
  return outputTests(result);
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

function failureMessage(cmd: string, result: CommandResult, timeoutMs: number | null): string {
  if (result.notFound) return `command not found: ${cmd}`;
  if (result.timedOut) return `${cmd} timed out after ${timeoutMs} ms`;
  if (result.aborted) return `${cmd} was stopped`;
  if (result.signal) return `${cmd} was killed by ${result.signal}`;
  return `${cmd} exited with code ${result.exitCode}`;
}

/** The byte the start gate wrote on `fd3` before the pipe closed (none: it died before its check). */
function readGate(fd3: NodeJS.ReadableStream | null): Promise<GateOutcome> {
  if (!fd3) return Promise.resolve('lapsed');
  let said = '';
  return new Promise((resolve) => {
    fd3.on('data', (chunk: Buffer) => { said += chunk.toString('latin1'); });
    fd3.on('error', () => undefined);
    fd3.on('close', () => resolve(gateOutcome(said.slice(0, 1))));
  });
}

/** End a process group: SIGTERM, then SIGKILL after `KILL_GRACE_MS`. Resolves once no member is left. */
export async function terminateGroup(pid: number): Promise<void> {
  killGroup(pid, 'SIGTERM');
  if (await groupGone(pid, KILL_GRACE_MS)) return;
  killGroup(pid, 'SIGKILL');
  await groupGone(pid, 500);
}

/**
 * Poll until the group has no member that can run (true) or `withinMs` passed (false). Zombies
 * do not count: where PID 1 does not reap orphans they never go, and a kill would wait in vain.
 */
async function groupGone(pid: number, withinMs: number): Promise<boolean> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    if (!groupAlive(pid)) return true;
  }
  return false;
}

/** Signal a whole process group; a group that is already gone is not an error. */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: every member has exited already.
  }
}

/** The last `limit` bytes of a stream, in chunks: memory stays bounded whatever is printed. */
class Tail {
  private chunks: Buffer[] = [];
  private kept = 0;
  total = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.limit <= 0) return;
    const piece = chunk.length > this.limit ? chunk.subarray(chunk.length - this.limit) : chunk;
    this.chunks.push(piece);
    this.kept += piece.length;
    while (this.kept - this.chunks[0]!.length >= this.limit) this.kept -= this.chunks.shift()!.length;
  }

  /** The tail as text; a character cut in half at the start is dropped rather than mangled. */
  text(): string {
    let bytes = Buffer.concat(this.chunks);
    if (bytes.length > this.limit) bytes = bytes.subarray(bytes.length - this.limit);
    let start = 0;
    // Skip UTF-8 continuation bytes (10xxxxxx) left over from a cut character.
    while (this.total > bytes.length && start < Math.min(3, bytes.length) && (bytes[start]! & 0xc0) === 0x80) start++;
    return bytes.subarray(start).toString('utf8');
  }
}
