/**
 * `recover resume RUN_ID`: continues a run from its checkpoint. An interrupted attempt is re-run
 * (marked `interrupted` in history); an escalated run stays escalated (use `recover decide`).
 */
import { EXIT_CODES_HELP, cliStoreDir, exitCodeOf, openCliStore, printJsonOutcome, runMetaOf, runtimeOptionsOf } from './common.js';
import type { Outcome } from '../runtime/outcome.js';
import { CliError, UsageError } from './errors.js';
import { INSPECTION_OPTIONS, openInspection, splitInspect, type InspectionFlags } from './inspection.js';
import { OUTPUT_OPTIONS, STORE_OPTION, outputStyle, parseOptions, type VerbSpec } from './options.js';
import { DECISION_NAMES } from '../policy/types.js';
import { FINAL_RUN_STATUSES, type RunStatus } from '../taxonomy/index.js';
import type { CliIO, Verb } from './main.js';
import { createRunProgress } from './progress.js';
import { cliGitRollback } from './rollback-options.js';
import { unsealCommandLine } from './sealed-command.js';
import { concludeRun, withInterrupt } from './run.js';
import type { DecisionChoice } from '../policy/types.js';

/** `recover resume`'s options and help. */
const RESUME_SPEC = {
  name: 'resume',
  synopsis: 'RUN_ID [options]',
  description: `Continues a run started by 'recover run' from its last checkpoint: the command line, working
directory and options are read from the store. An attempt that was interrupted is run again; a
backoff waits only what remains; a handed-off run (exit 6, a resource ran out) runs again in a
fresh context, up to its resource budget (3 handoffs by default). An escalated run needs a
decision: see 'recover decide'. A run that has already ended is not run again: resume says so
and exits with the code it ended with (--json prints its outcome).`,
  options: {
    ...STORE_OPTION,
    json: { type: 'boolean', description: 'print the outcome as one JSON line on stdout' },
    ...OUTPUT_OPTIONS,
    ...INSPECTION_OPTIONS,
    trace: { ...INSPECTION_OPTIONS.trace, description: `${INSPECTION_OPTIONS.trace.description}\n(appended to when FILE exists, so one trace can span the whole run)` },
  },
  footer: EXIT_CODES_HELP,
  examples: ['recover resume 20261121-125406-3f9a1c2b', 'recover list --status interrupted   # to find the run id'],
} as const satisfies VerbSpec;

/** True for a run that has ended (a handed-off run has ended its context, not its work: resuming it is what it asks for). */
function hasEnded(status: RunStatus): boolean {
  return FINAL_RUN_STATUSES.has(status) && status !== 'handedOff';
}

/**
 * The outcome a run that has ended was left with, read from its record without restoring it:
 * the fields and order of `outcomeOf`, so a script sees the same JSON as the process that ran it.
 */
function endedOutcome(record: { runId: string; status: RunStatus; history: Outcome['history']; checkpoint: { snapshot?: unknown } | null }): Outcome {
  const c = (record.checkpoint?.snapshot as { context?: Record<string, unknown> } | undefined)?.context ?? {};
  const failure = c.failure as { classification?: Outcome['classification'] } | null | undefined;
  return {
    runId: record.runId,
    status: record.status,
    attempts: (c.attempt as number | undefined) ?? Math.max(1, ...record.history.map((event) => event.attempt)),
    iterations: (c.iteration as number | undefined) ?? 0,
    level: (c.level as Outcome['level'] | undefined) ?? 'same',
    reason: (c.reason as Outcome['reason'] | undefined) ?? null,
    classification: failure?.classification ?? null,
    history: record.history,
  };
}

/**
 * Resumes `runId` (with `decision`, when given) from the store and prints the outcome: shared by
 * `resume` and `decide`, which differ only in the decision.
 */
export async function resumeRun(
  runId: string,
  options: {
    store?: string; json: boolean; decision?: { choice: DecisionChoice; guidance?: string }; inspection?: InspectionFlags;
    style?: ReturnType<typeof outputStyle>;
  },
  io: CliIO,
): Promise<number> {
  const store = await openCliStore(io, options.store);
  const { loadRun, resume } = await import('../runtime/persisted.js');
  const record = await loadRun(store, runId);
  if (options.decision) ensureOffered(runId, record, options.decision.choice);
  else if (hasEnded(record.status)) {
    // Nothing runs again and the file is left as it is; the exit code is the one the run ended with,
    // so a script that resumes after a crash (not knowing the run had finished) still reads it right.
    const outcome = endedOutcome(record);
    io.stderr.write(`recover: run ${runId} has already ended (${record.status}); nothing was run again. 'recover report ${runId}' shows how it ended\n`);
    if (options.json) printJsonOutcome(outcome, io);
    return exitCodeOf(outcome);
  }
  const meta = runMetaOf(runId, record.meta);
  // The stored command is redacted: rebuild its secrets from the environment, or say which to set.
  const line = unsealCommandLine(runId, { command: meta.command, adapter: meta.options.adapter ?? null, diagnoser: meta.options.diagnoser ?? null }, record.meta.fromEnv, io.env);
  const progress = createRunProgress(io, { json: options.json, ...options.style });
  const runtime = await runtimeOptionsOf({ ...meta, command: line.command, options: { ...meta.options, adapter: line.adapter, diagnoser: line.diagnoser } }, io, options.json, progress.output());
  // The first process showed these events already; a restored snapshot carries them all again.
  const shownThrough = record.history[record.history.length - 1]?.seq ?? 0;
  const extra: { rollback?: import('../runtime/options.js').Rollback; lastKnownGood?: string } = {};
  if (meta.options.rollback === 'git') {
    extra.rollback = (await cliGitRollback(meta.cwd, runId, await cliStoreDir(io, options.store), meta.options.rollbackBudget)).rollback;
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
      onNotice: (message) => progress.note(`recover: note: ${message}`),
      onStart: (actor) => {
        onStart(actor);
        progress.watch(actor, { shownThrough, resuming: runId });
      },
    }));
  } finally {
    progress.stop();
    await inspection.stop();
  }
  return concludeRun(result, { runId, store, reportFile: undefined, json: options.json, progress, io });
}

/**
 * Refuses a decision the run does not wait for or does not offer (`rollback` without
 * `--rollback git`), naming the run and the choices it has: silently ignoring it would leave
 * the user thinking it was taken.
 */
function ensureOffered(runId: string, record: { status: RunStatus; decisionOptions: string[] | null }, choice: DecisionChoice): void {
  if (hasEnded(record.status)) {
    throw new CliError(`run ${runId} has already ended (${record.status}): there is no decision to take; 'recover report ${runId}' shows how it ended, 'recover run' starts a new run`);
  }
  if (record.status !== 'escalated') {
    throw new CliError(`run ${runId} is not waiting for a decision (it is ${record.status === 'running' ? 'running or was interrupted' : record.status}); 'recover resume ${runId}' continues it`);
  }
  const name = DECISION_NAMES[choice];
  const offered = record.decisionOptions;
  if (offered && !offered.includes(name)) {
    const why = name === 'rollback' ? ' (it was not started with --rollback git)' : '';
    throw new CliError(`run ${runId} does not offer '${name}'${why}; its choices: ${offered.join(', ')}`);
  }
}

/** `recover resume`. */
export const resumeVerb: Verb = {
  spec: RESUME_SPEC,
  async run(args, io) {
    const { values, positionals } = parseOptions(splitInspect(args), RESUME_SPEC.options);
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    return resumeRun(positionals[0]!, { store: values.store, json: values.json === true, inspection: values, style: outputStyle(values) }, io);
  },
};
