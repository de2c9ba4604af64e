/**
 * Progress output of `recover run`, `resume` and `decide`: picks the mode (live line on a
 * terminal, plain lines elsewhere, nothing with `--json`), follows the recovery actor, keeps the
 * command's own output from being garbled by the live line, and prints the final summary.
 */
import { Writable } from 'node:stream';
import type { Clock } from '../runtime/clock.js';
import type { Outcome } from '../runtime/outcome.js';
import type { CliIO } from './verb.js';
import type { RedactPatterns } from '../redact/text.js';
import { redactingOutput, redactingProgressStream, type RedactingOutput } from './progress/redacting-output.js';
import { ProgressReporter, type ProgressStream } from './progress/reporter.js';
import { progressViewOf, type ProgressView, type SnapshotLike } from './progress/view.js';
import { attemptGroups } from './github.js';

export { ProgressReporter, CLEAR_LINE, type ProgressStream, type ReporterOptions } from './progress/reporter.js';
export { progressViewOf, stateOf, type ProgressView, type SnapshotLike, type Activity } from './progress/view.js';
export { SPINNER, formatCountdown, formatDuration } from './progress/format.js';

/** How progress is shown: a live line, plain lines, or not at all. */
export type ProgressMode = 'live' | 'plain' | 'off';

/**
 * The mode for `stream`: `off` with `--json`; `live` on a terminal whose `TERM` is not `dumb`
 * (a dumb terminal cannot clear a line); `plain` otherwise (pipes, files, CI logs).
 */
export function progressMode(stream: ProgressStream, env: Record<string, string | undefined>, json: boolean): ProgressMode {
  if (json) return 'off';
  return stream.isTTY === true && env.TERM !== 'dumb' ? 'live' : 'plain';
}

/**
 * Colour unless `NO_COLOR` has a non-empty value (no-color.org) or `TERM` is `dumb`; `FORCE_COLOR`
 * (non-empty, not `0`) wins over both, as in Node and chalk. `--color`/`--no-color` win over all.
 */
export function colorAllowed(env: Record<string, string | undefined>, flag?: boolean): boolean {
  if (flag !== undefined) return flag;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '') return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return !env.NO_COLOR && env.TERM !== 'dumb';
}

/** Colour was asked for explicitly (`--color`, `FORCE_COLOR`), so it applies off a terminal too. */
function colorForced(env: Record<string, string | undefined>, flag?: boolean): boolean {
  return flag === true || (flag === undefined && env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false');
}

/** The recovery actor, as far as progress needs it (a `RecoveryActor` fits). */
export interface WatchedActor {
  getSnapshot(): SnapshotLike;
  subscribe(observer: { next: (snapshot: SnapshotLike) => void; error: (error: unknown) => void }): { unsubscribe(): void };
}

/** Options of {@link createRunProgress}. */
export interface RunProgressOptions {
  /** `--json`: no progress at all, stdout carries only the outcome. */
  json: boolean;
  /** Where time comes from. Default: real time. */
  clock?: Clock;
  /** Milliseconds between frames of the live line. Default 80. */
  frameMs?: number;
  /** `--color` (true) / `--no-color` (false); undefined = by the environment. */
  color?: boolean;
  /** `quiet`: the summary only, no progress lines. Default `normal`. */
  verbosity?: 'quiet' | 'normal' | 'verbose';
  /** Where SIGINT is heard, to stop the spinner at once. Default: `process`. */
  signals?: Pick<NodeJS.EventEmitter, 'once' | 'removeListener'>;
  /** The user's extra secret patterns (config `redact`), on top of the built-in ones. Default none. */
  redact?: RedactPatterns;
  /**
   * Fold each attempt's output into a `::group::` of the GitHub Actions log (plain mode only).
   * Default: inside GitHub Actions (`GITHUB_ACTIONS=true`).
   */
  groups?: boolean;
}

/** Progress of one `run` / `resume` / `decide` invocation. */
export interface RunProgress {
  readonly mode: ProgressMode;
  /**
   * A line of the CLI's own, e.g. the run header: nothing with `--json` unless `always` (for what
   * must be said even then, like how to resume an interrupted run).
   */
  note(text: string, options?: { always?: boolean }): void;
  /**
   * Follow `actor` from now on. History events up to `shownThrough` (a `seq`) are not printed
   * again: a resumed run restores them, and the first process showed them already. With
   * `resuming`, one line says where the run picks up instead.
   */
  watch(actor: WatchedActor, options?: { shownThrough?: number; resuming?: string }): void;
  /**
   * Streams for the command's output: redacted line by line, and with a live line, taken off the
   * screen before each chunk reaches the terminal. Default targets: the process's stdout and
   * stderr (both stderr with `--json`, so stdout carries only the outcome).
   */
  output(targets?: { stdout: NodeJS.WritableStream & { isTTY?: boolean }; stderr: NodeJS.WritableStream & { isTTY?: boolean } }): { stdout: Writable; stderr: Writable };
  /** The summary line(s) (nothing with `--json`: the caller prints the JSON outcome); `choices`: what an escalated run offers. */
  finish(outcome: Outcome, choices?: readonly string[]): void;
  /** Stop the timer and the SIGINT listener, erase the live line. Idempotent. */
  stop(): void;
}

/**
 * Progress on `io.stderr` in the mode its stream and `io.env` call for. Every line of it, and the
 * command's output, is redacted on its way out (see redacting-output.ts).
 */
export function createRunProgress(io: Pick<CliIO, 'stderr' | 'env'>, options: RunProgressOptions): RunProgress {
  const stream = redactingProgressStream(io.stderr as ProgressStream, options.redact);
  const mode = progressMode(stream, io.env, options.json);
  const quiet = options.verbosity === 'quiet';
  // The command's held unfinished lines go out before any line of ours, so the order is kept.
  const outputs: RedactingOutput[] = [];
  const flushOutputs = () => { for (const output of outputs) output.flush(); };
  const reporter = new ProgressReporter({
    stream, live: mode === 'live' && !quiet,
    color: mode === 'live' ? colorAllowed(io.env, options.color) : colorForced(io.env, options.color),
    ...(options.clock ? { clock: options.clock } : {}), ...(options.frameMs ? { frameMs: options.frameMs } : {}),
  });
  const signals = options.signals ?? process;
  let subscription: { unsubscribe(): void } | undefined;
  const onSigint = () => reporter.stop();
  // Workflow commands on stderr, as the annotations: stdout may carry --json.
  const groups = mode === 'plain' && (options.groups ?? io.env.GITHUB_ACTIONS === 'true') ? attemptGroups((line) => stream.write(line)) : null;
  const stop = () => {
    flushOutputs();
    groups?.close();
    subscription?.unsubscribe();
    subscription = undefined;
    signals.removeListener('SIGINT', onSigint);
    reporter.stop();
  };

  return {
    mode,
    note(text, { always = false } = {}) {
      // Through the reporter even after `stop`: it ends a line the command left unfinished first.
      flushOutputs();
      if (mode !== 'off' && !quiet) reporter.note(text, 'bold');
      else if (always) stream.write(`${text}\n`);
    },
    watch(actor, { shownThrough = 0, resuming } = {}) {
      if (mode === 'off' || quiet) return;
      // A pipeline watches one actor per step: the previous step's is done with.
      subscription?.unsubscribe();
      signals.removeListener('SIGINT', onSigint);
      // Installed only now, inside the run's own SIGINT handling: a listener of ours alone would
      // keep Ctrl-C from ending the process before the run starts.
      if (mode === 'live') signals.once('SIGINT', onSigint);
      let seen = shownThrough;
      let view: ProgressView | undefined;
      const follow = (snapshot: SnapshotLike) => {
        flushOutputs();
        view = progressViewOf(snapshot, view);
        const fresh = snapshot.context.history.filter((event) => event.seq > seen);
        seen = Math.max(seen, ...fresh.map((event) => event.seq));
        // An attempt's group closes before the line saying how it ended, and opens after the line before it.
        if (view.activity !== 'running' && view.activity !== 'probing') groups?.close();
        reporter.update(view, fresh);
        groups?.follow(view);
      };
      const first = actor.getSnapshot();
      if (resuming !== undefined) {
        const at = progressViewOf(first);
        reporter.note(`recover: resuming run ${resuming} at attempt ${at.attempt} (${at.phase ?? 'running'})`, 'bold');
      }
      follow(first);
      subscription = actor.subscribe({ next: follow, error: () => undefined });
    },
    output(targets = { stdout: options.json ? process.stderr : process.stdout, stderr: process.stderr }) {
      const wrap = (target: NodeJS.WritableStream & { isTTY?: boolean }) => {
        const output = redactingOutput(mode === 'live' && !quiet ? guarded(target, reporter) : target, options.redact);
        outputs.push(output);
        return output.stream;
      };
      return { stdout: wrap(targets.stdout), stderr: wrap(targets.stderr) };
    },
    finish(outcome, choices) {
      stop();
      if (mode !== 'off') reporter.finish(outcome, choices);
    },
    stop,
  };
}

/**
 * A stream that forwards to `target`, erasing the live line before each chunk when `target` is
 * a terminal (a file or pipe never shows the line, so it needs no erasing). Backpressure is kept:
 * the next chunk waits for the target to drain.
 */
function guarded(target: NodeJS.WritableStream & { isTTY?: boolean }, reporter: ProgressReporter): Writable {
  const terminal = target.isTTY === true;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (terminal) reporter.beforeOutput();
      const flushed = target.write(chunk);
      if (terminal && chunk.length > 0) reporter.afterOutput(chunk[chunk.length - 1] === 0x0a);
      if (flushed) done();
      else target.once('drain', () => done());
    },
  });
}
