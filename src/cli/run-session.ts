/**
 * One run driven in this process, as `run`, `resume` and `decide` drive it: the progress on
 * stderr and the inspection sinks (`--inspect`, `--trace`) opened together, the run driven with
 * the interrupt signals handled, both closed whatever happened, and the ending told the same way
 * (the report published, the JSON outcome or the summary, the exit code by status). In one
 * module so the three verbs cannot drift apart on what a shell script or a person sees.
 */
import type { Outcome } from '../runtime/outcome.js';
import type { Store } from '../store/index.js';
import { exitCodeOf } from './exit-codes.js';
import { openInspection, type Inspection, type InspectionFlags } from './inspection.js';
import { Interrupted, withInterrupt } from './interrupt.js';
import type { outputStyle } from './output-options.js';
import { createRunProgress, type RunProgress } from './progress.js';
import { publishReport } from './publish-report.js';
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

/** What ends a session: the run, its store, and where its escalation report goes (`--report`). */
export interface RunEnding {
  runId: string;
  store: Store;
  /** `--report FILE`; undefined for none. */
  reportFile: string | undefined;
}

/** A run's progress and inspection, open until {@link RunSession.drive} returns. */
export interface RunSession {
  readonly progress: RunProgress;
  /** The observer to give the runtime; undefined when no inspection was asked for. */
  readonly inspect: Inspection['inspect'];
  /** Drives the run (see `withInterrupt`), then stops the progress and closes the inspection sinks. */
  drive(start: Parameters<typeof withInterrupt>[0]): Promise<Outcome | Interrupted>;
  /**
   * How every run verb ends: an interrupted run says how to continue and exits 128 + signo; a
   * finished one publishes its report, prints the JSON outcome or the summary, and exits by status.
   */
  conclude(result: Outcome | Interrupted, ending: RunEnding): Promise<number>;
}

/** Opens the inspection sinks `options` ask for, then the progress on `io.stderr`. */
export async function openRunSession(io: CliIO, options: RunSessionOptions): Promise<RunSession> {
  const inspection = await openInspection(options.inspection, io.cwd, { appendTrace: options.appendTrace === true });
  const progress = createRunProgress(io, { json: options.json, ...options.style });
  return {
    progress,
    inspect: inspection.inspect,
    async drive(start) {
      try {
        return await withInterrupt(start);
      } finally {
        progress.stop();
        await inspection.stop();
      }
    },
    async conclude(result, { runId, store, reportFile }) {
      if (result instanceof Interrupted) {
        progress.note(`recover: interrupted (${result.signal}); the checkpoint stays: 'recover resume ${runId}' continues`, { always: true });
        return result.exitCode;
      }
      const choices = await publishReport(store, result, reportFile, io);
      if (options.json) printJsonOutcome(result, io);
      else progress.finish(result, choices);
      return exitCodeOf(result);
    },
  };
}

/** `--json`: the outcome as one JSON line on stdout (the progress reporter prints the summary otherwise). */
export function printJsonOutcome(outcome: Outcome, io: CliIO): void {
  io.stdout.write(`${JSON.stringify(outcome)}\n`);
}
