/**
 * One run of a program: no shell, the leader of its own process group, live output passed on,
 * bounded tails kept, a timeout, an abort, a start deadline and a pseudo-terminal honoured.
 * Never rejects: every outcome is a `CommandResult` (command-result.ts). `commandTask`
 * (command.ts) runs it per attempt.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { afterQuiet } from './close-grace.js';
import { EXIT_NOT_FOUND, EXIT_TIMEOUT, type CommandResult, type RunOnceOptions } from './command-result.js';
import { terminateGroup } from './process-group.js';
import { pipeOutput, Tail } from './output-tail.js';
import { findsProgram, ptyArgv } from './pty.js';
import { gated, hostClock, readGateOutcome, type GateOutcome } from './start-gate.js';

/**
 * After the command's group is gone, how long its output pipes may stay open with nothing read
 * (a process that left the group holds them), in awake event-loop time (see close-grace.ts).
 */
const CLOSE_GRACE_MS = 200;
/** The most awake loop time a finished command's pipes are read for while output keeps coming. */
const CLOSE_LIMIT_MS = 2_000;

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
  const rule = { held: options.startAfter !== undefined, startBy: options.startBy !== undefined && hostClock() !== null ? options.startBy : null };
  const gate = rule.held || rule.startBy !== null ? gated(wrapped?.file ?? cmd, wrapped?.args ?? args, rule) : null;
  return new Promise<CommandResult>((resolve) => {
    const program = gate ?? { cmd: wrapped?.file ?? cmd, args: wrapped?.args ?? [...args] };
    const child = spawn(program.cmd, program.args, {
      cwd: options.cwd,
      env: { ...env, ...wrapped?.env },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe', ...(gate ? ['pipe' as const] : [])],
      detached: true,
    });
    // The gate's one byte (fd 3 closes at the exec or when the gate exits): awaited before reporting.
    const gateSaid = gate ? readGateOutcome(child.stdio[3] as NodeJS.ReadableStream | null) : Promise.resolve<GateOutcome>('started');
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
    // Held: the go line lets the gate exec the program; a refusal stops it before it starts.
    if (options.startAfter && child.pid !== undefined) {
      const fd3 = child.stdio[3] as NodeJS.WritableStream;
      void options.startAfter(child.pid).then(() => { if (!settled) fd3.write('go\n'); }, () => stop('abort'));
    }

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

    pipeOutput(child.stdout, out, options.stream?.stdout, options.onOutput);
    pipeOutput(child.stderr, err, options.stream?.stderr, options.onOutput);
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
