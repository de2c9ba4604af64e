/**
 * `recover resume RUN_ID`: continues a run from its checkpoint. An interrupted attempt is re-run
 * (marked `interrupted` in history); an escalated run stays escalated (use `recover decide`).
 */
import { parse, UsageError } from './args.js';
import {
  EXIT_CODES_HELP, cliStoreDir, openCliStore, runMetaOf, runtimeOptionsOf, withStoreExitCode,
} from './common.js';
import { INSPECTION_OPTIONS, INSPECTION_USAGE, openInspection, splitInspect, type InspectionFlags } from './inspection.js';
import type { CliIO, Verb } from './main.js';
import { createRunProgress } from './progress.js';
import { concludeRun, withInterrupt } from './run.js';
import type { Writable } from 'node:stream';
import { admitDecision, type Decision } from './decision.js';
import type { Outcome } from '../runtime/outcome.js';
import type { PersistedOptions } from '../runtime/persisted.js';
import type { RecoveryActor } from '../runtime/recovery.js';
import type { RunRecord, Store } from '../store/types.js';

const USAGE = `Usage: recover resume RUN_ID [--store DIR] [--json] [--inspect [URL]] [--trace FILE]

Continues a run started by 'recover run' from its last checkpoint: the command line, working
directory and options are read from the store. An attempt that was interrupted is run again; a
backoff waits only what remains; a handed-off run (exit 6, a resource ran out) runs again in a
fresh context, up to its resource budget (3 handoffs by default). An escalated run needs a
decision: see 'recover decide'.

Options:
  --store DIR            run store (default: $RECOVERY_STORE or ./.recovery)
  --json                 print the outcome as one JSON line on stdout
${INSPECTION_USAGE}
                         (appended to when FILE exists, so one trace can span the whole run)

${EXIT_CODES_HELP}
Examples:
  recover resume 20261121-125406-3f9a1c2b
  recover list        # to find the run id
`;

/** How {@link continueRun} continues a run: what the caller adds to the runtime's options. */
export interface ContinueOptions {
  /** `--store DIR|URL` as given (default: $RECOVERY_STORE or ./.recovery). */
  store?: string;
  /** The decision to apply; it is admitted under the run's lease (see `admitDecision`). Default: none. */
  decision?: Decision;
  /** Where the command's output goes while it runs again. Default: this process's stdout and stderr. */
  stream?: { stdout: Writable; stderr: Writable } | undefined;
  /** With `--json`, the command's stdout goes to stderr (see `runtimeOptionsOf`). Default false. */
  json?: boolean;
  /** Called once the run is locked and started, with the run as it was stored. */
  onStart?: (actor: RecoveryActor, record: RunRecord) => void;
  /** What the store mended on the way in, one sentence each. */
  onNotice?: (message: string) => void;
  /** Inspection of the continued run (`--inspect`). Default: none. */
  inspect?: PersistedOptions['inspect'];
}

/**
 * Continues `runId` from its checkpoint with the task rebuilt from its meta, the rollback it was
 * started with, and `decision` when given: the one path of `resume`, `decide` and `recover ui`.
 * Store errors carry their exit code (see `withStoreExitCode`). Signals are the caller's: stop
 * the actor given to `onStart` and the run rejects with `RunInterruptedError` once checkpointed.
 */
export async function continueRun(runId: string, options: ContinueOptions, io: CliIO, store?: Store): Promise<Outcome> {
  const opened = store ?? await openCliStore(io, options.store);
  const { loadRun, resume } = await import('../runtime/persisted.js');
  const record = await loadRun(opened, runId).catch((error: unknown) => { throw withStoreExitCode(error); });
  const meta = runMetaOf(runId, record.meta);
  const runtime = await runtimeOptionsOf(meta, io, options.json === true, options.stream);
  const extra: { rollback?: import('../runtime/options.js').Rollback; lastKnownGood?: string } = {};
  if (meta.options.rollback === 'git') {
    const { gitRollback } = await import('../runtime/git-rollback.js');
    extra.rollback = gitRollback(meta.cwd, runId, { exclude: [await cliStoreDir(io, options.store)] }).rollback;
    if (meta.options.lastKnownGood) extra.lastKnownGood = meta.options.lastKnownGood;
  }
  const decision = options.decision;
  try {
    return await resume(runId, {
      ...runtime,
      ...extra,
      store: opened,
      ...(decision ? {
        decision: { choice: decision.choice, ...(decision.guidance !== undefined ? { guidance: decision.guidance } : {}) },
        admit: (stored: RunRecord) => admitDecision(stored, decision, Date.now()),
      } : {}),
      ...(options.inspect ? { inspect: options.inspect } : {}),
      ...(options.onNotice ? { onNotice: options.onNotice } : {}),
      onStart: (actor) => options.onStart?.(actor, record),
    });
  } catch (error) {
    throw withStoreExitCode(error);
  }
}

/**
 * Resumes `runId` (with `decision`, when given) from the store and prints the outcome: shared by
 * `resume` and `decide`, which differ only in the decision.
 */
export async function resumeRun(
  runId: string,
  options: { store?: string; json: boolean; decision?: Decision; inspection?: InspectionFlags },
  io: CliIO,
): Promise<number> {
  const store = await openCliStore(io, options.store);
  const { loadRun } = await import('../runtime/persisted.js');
  // Loaded first so a typo'd RUN_ID fails before the progress line and the trace file exist.
  await loadRun(store, runId).catch((error: unknown) => { throw withStoreExitCode(error); });
  const progress = createRunProgress(io, { json: options.json });
  const inspection = await openInspection(options.inspection ?? {}, io.cwd, { appendTrace: true });
  const { inspect } = inspection;
  let result;
  try {
    result = await withInterrupt((onStart) => continueRun(runId, {
      ...(options.store !== undefined ? { store: options.store } : {}),
      ...(options.decision ? { decision: options.decision } : {}),
      stream: progress.output(),
      json: options.json,
      ...(inspect ? { inspect } : {}),
      onNotice: (message) => progress.note(`recover: note: ${message}`),
      // The first process showed these events already; a restored snapshot carries them all again.
      onStart: (actor, record) => {
        onStart(actor);
        progress.watch(actor, { shownThrough: record.history[record.history.length - 1]?.seq ?? 0, resuming: runId });
      },
    }, io, store));
  } finally {
    progress.stop();
    await inspection.stop();
  }
  return concludeRun(result, { runId, store, reportFile: undefined, json: options.json, progress, io });
}

/** `recover resume`. */
export const resumeVerb: Verb = {
  summary: 'continue an interrupted run from its checkpoint',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(splitInspect(args), { store: { type: 'string' }, json: { type: 'boolean' }, ...INSPECTION_OPTIONS });
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    return resumeRun(positionals[0]!, { store: values.store as string | undefined, json: values.json === true, inspection: values }, io);
  },
};
