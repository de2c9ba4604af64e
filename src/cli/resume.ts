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
import { unsealCommandLine } from './sealed-command.js';
import { concludeRun, withInterrupt } from './run.js';
import type { DecisionChoice } from '../policy/types.js';

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

/**
 * Resumes `runId` (with `decision`, when given) from the store and prints the outcome: shared by
 * `resume` and `decide`, which differ only in the decision.
 */
export async function resumeRun(
  runId: string,
  options: { store?: string; json: boolean; decision?: { choice: DecisionChoice; guidance?: string }; inspection?: InspectionFlags },
  io: CliIO,
): Promise<number> {
  const store = await openCliStore(io, options.store);
  const { loadRun, resume } = await import('../runtime/persisted.js');
  let record;
  try {
    record = await loadRun(store, runId);
  } catch (error) {
    throw withStoreExitCode(error);
  }
  const meta = runMetaOf(runId, record.meta);
  // The stored command is redacted: rebuild its secrets from the environment, or say which to set.
  const line = unsealCommandLine(runId, { command: meta.command, adapter: meta.options.adapter ?? null, diagnoser: meta.options.diagnoser ?? null }, record.meta.fromEnv, io.env);
  const progress = createRunProgress(io, { json: options.json });
  const runtime = await runtimeOptionsOf({ ...meta, command: line.command, options: { ...meta.options, adapter: line.adapter, diagnoser: line.diagnoser } }, io, options.json, progress.output());
  // The first process showed these events already; a restored snapshot carries them all again.
  const shownThrough = record.history[record.history.length - 1]?.seq ?? 0;
  const extra: { rollback?: import('../runtime/options.js').Rollback; lastKnownGood?: string } = {};
  if (meta.options.rollback === 'git') {
    const { gitRollback } = await import('../runtime/git-rollback.js');
    extra.rollback = gitRollback(meta.cwd, runId, { exclude: [await cliStoreDir(io, options.store)] }).rollback;
    if (meta.options.lastKnownGood) extra.lastKnownGood = meta.options.lastKnownGood;
  }
  // Opened after the run is known to exist, so a typo'd RUN_ID leaves no empty trace file behind.
  const inspection = await openInspection(options.inspection ?? {}, io.cwd, { appendTrace: true });
  const { inspect } = inspection;
  let result;
  try {
    result = await withInterrupt((onStart) => resume(runId, {
      ...runtime,
      ...extra,
      store,
      ...(options.decision ? { decision: options.decision } : {}),
      ...(inspect ? { inspect } : {}),
      onStart: (actor) => {
        onStart(actor);
        progress.watch(actor, { shownThrough, resuming: runId });
      },
    }));
  } catch (error) {
    throw withStoreExitCode(error);
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
