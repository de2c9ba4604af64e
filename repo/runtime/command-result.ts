/**
 * What one run of a program is asked (`SpawnOptions`, `RunOnceOptions`) and what it leaves
 * behind (`CommandResult`, with the exit codes a shell or GNU `timeout` would report): the
 * vocabulary that command-process.ts, command.ts and command-failure.ts share.
 */
import type { Writable } from 'node:stream';
import type { PtySize } from './pty.js';

/** Exit code reported when a command ran out of time (as GNU `timeout` does). */
export const EXIT_TIMEOUT = 124;
/** Exit code reported when the program does not exist (as a shell does). */
export const EXIT_NOT_FOUND = 127;

/** How a program is spawned and its output kept: the options `runCommandOnce` and `commandTask` share. Every field optional. */
export interface SpawnOptions {
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
}

/** Options of one run. */
export interface RunOnceOptions extends SpawnOptions {
  /** Kill the process group after this many ms and report exit 124. Default: no limit. */
  timeoutMs?: number | null;
  /** Aborting kills the process group. */
  signal?: AbortSignal;
  /** Written to the child's stdin, which is then closed. Default: stdin is empty (`/dev/null`). */
  input?: string;
  /** Called right after the spawn with the child's pid (also its process group id). */
  onSpawn?: (pid: number) => void;
  /**
   * Called right after the spawn with the child's pid; the program starts only once the promise
   * resolves: the forked child waits (start-gate.ts) and execs it after, so what the program does
   * comes after what this recorded (a persisted run commits the pid first). When it rejects the
   * program never starts and the result says `aborted`; when this process dies first, the child
   * exits without starting it. Default: none (the program starts at once).
   */
  startAfter?: (pid: number) => Promise<void>;
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
