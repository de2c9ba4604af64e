/**
 * One run driven in this process, as `run`, `resume` and `decide` drive it: the progress on
 * stderr and the inspection sinks (`--inspect`, `--trace`) resolved once from the verb's flags, the run driven with
 * the interrupt signals handled, both closed whatever happened, and the ending told the same way
 * (the report published, the JSON outcome or the summary, the exit code by status). In one
 * module so the three verbs cannot drift apart on what a shell script or a person sees.
 */
import type { Outcome } from '../runtime/outcome.js';
import { EXIT, exitCodeOf } from './exit-codes.js';
import { ptyFor } from './command-run.js';
import { openInspection, type InspectionFlags } from './inspection.js';
import { Interrupted, withInterrupt } from './interrupt.js';
import type { outputStyle } from './output-options.js';
import { createRunProgress, type RunProgress } from './progress.js';
import { publishReport } from './publish-report.js';
import type { CommandOutput, RunWatch } from './run-watch.js';
import type { RunTestQuarantine, TestsEnding } from './test-quarantine.js';
import type { CliIO } from './verb.js';

/** How a session shows its run: the options of {@link openRunSession}. */
export interface RunSessionOptions {
  /** `--json`: no progress, stdout carries only the outcome. */
  json: boolean;
  /** `--quiet`, `--verbose`, `--color`, `--no-color` as read by `outputStyle`. Default: by the environment. */
  style?: ReturnType<typeof outputStyle>;
  /** `--inspect [URL]` and `--trace FILE` as parsed. */
  inspection: InspectionFlags;
  /** Append to an existing `--trace` file (a resumed run: one trace spans it all). Default false. */
  appendTrace?: boolean;
}

/**
 * What ends a session: the run, its store, where its escalation report goes (`--report`), and
 * its tests' quarantine, which may pass an escalated run (see test-quarantine.ts).
 */
export interface RunEnding extends TestsEnding {
  /** The quarantine opened at the run's start (`openRunTests`, `storedRunQuarantine`). Default: none. */
  tests?: RunTestQuarantine | null;
}

/**
 * A run's progress and inspection. Opening it prints and opens nothing (a run refused before it
 * drives leaves no progress line and no trace file); the inspection sinks open when the run
 * drives, and close with the progress when it ends.
 */
export interface RunSession {
  readonly progress: RunProgress;
  /** `--json`: stdout carries only the outcome, as one JSON line. */
  readonly json: boolean;
  /** Where the command writes: the progress's redacting streams (stdout on stderr with `--json`), on a terminal's pseudo-terminal when allowed (see `ptyFor`). */
  readonly output: CommandOutput;
  /**
   * Opens the inspection sinks and drives the run with the interrupt signals handled (see
   * `withInterrupt`), shown through the {@link RunWatch} handed to `start`; then stops the
   * progress and closes the sinks.
   */
  drive(start: (watch: RunWatch) => Promise<Outcome>): Promise<Outcome | Interrupted>;
  /**
   * How every run verb ends: an interrupted run says how to continue and exits 128 + signo; a
   * finished one publishes its report, prints the JSON outcome or the summary, and exits by status
   * — or, when `ending.tests` passes it, with `quarantined` in the outcome, the pass announced, and 0.
   */
  conclude(result: Outcome | Interrupted, ending: RunEnding): Promise<number>;
}

/** The session `options` ask for, its progress on `io.stderr` (see {@link RunSession}). */
export function openRunSession(io: CliIO, options: RunSessionOptions): RunSession {
  const progress = createRunProgress(io, { json: options.json, ...options.style });
  const output = { ...progress.output(), pty: ptyFor(io, options.json) };
  return {
    progress,
    json: options.json,
    output,
    async drive(start) {
      const inspection = await openInspection(options.inspection, io.cwd, { appendTrace: options.appendTrace === true });
      try {
        return await withInterrupt((onStart) => start({
          output,
          inspect: inspection.inspect,
          notice: (message) => progress.note(`recover: note: ${message}`),
          // A continued run's first process showed its events already; a restored snapshot carries them all again.
          started: (actor, stored) => {
            onStart(actor);
            progress.watch(actor, stored ? { shownThrough: stored.history[stored.history.length - 1]?.seq ?? 0, resuming: stored.runId } : {});
          },
        }));
      } finally {
        progress.stop();
        await inspection.stop();
      }
    },
    async conclude(result, ending) {
      if (result instanceof Interrupted) {
        progress.note(`recover: interrupted (${result.signal}); the checkpoint stays: 'recover resume ${ending.runId}' continues`, { always: true });
        return result.exitCode;
      }
      const pass = ending.tests ? await ending.tests.judge(result, ending) : null;
      // Quarantine changes the verdict, not the record: the outcome shown says so, the store keeps it escalated.
      const outcome = pass ? { ...result, quarantined: pass.quarantined } : result;
      const choices = await publishReport(ending.store, outcome, ending.reportFile, io);
      if (options.json) printJsonOutcome(outcome, io);
      else progress.finish(outcome, choices);
      if (pass === null) return exitCodeOf(outcome);
      await ending.tests?.announce(pass, ending, io);
      return EXIT.ok;
    },
  };
}

/** `--json`: the outcome as one JSON line on stdout (the progress reporter prints the summary otherwise). */
export function printJsonOutcome(outcome: Outcome, io: CliIO): void {
  io.stdout.write(`${JSON.stringify(outcome)}\n`);
}
