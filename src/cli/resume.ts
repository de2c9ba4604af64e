/**
 * `recover resume RUN_ID`: continues a run from its checkpoint. An interrupted attempt is re-run
 * (marked `interrupted` in history); an escalated run stays escalated (use `recover decide`).
 */
import { EXIT_CODES_HELP, cliStoreDir, exitCodeOf, openCliStore, printJsonOutcome, runMetaOf, runtimeOptionsOf } from './common.js';
import { storedOutcomeOf, type Outcome } from '../runtime/outcome.js';
import { CliError, EXIT, UsageError } from './errors.js';
import { cliFixMemory } from './fix-memory.js';
import { INSPECTION_OPTIONS, openInspection, splitInspect, type InspectionFlags } from './inspection.js';
import { OUTPUT_OPTIONS, STORE_OPTION, outputStyle, parseOptions, type VerbSpec } from './options.js';
import type { CliIO, Verb } from './main.js';
import { createRunProgress } from './progress.js';
import { cliGitRollback } from './rollback-options.js';
import { unsealCommandLine } from './sealed-command.js';
import { concludeRun, withInterrupt } from './run.js';
import type { Writable } from 'node:stream';
import { admitDecision, ensureOffered, hasEnded, type Decision } from './decision.js';
import { isFleetStore } from './fleet-store.js';
import type { PersistedOptions } from '../runtime/persisted.js';
import type { RecoveryActor } from '../runtime/recovery.js';
import type { RunRecord, Store } from '../store/types.js';

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

/** How {@link continueRun} continues a run: what the caller adds to the runtime's options. */
export interface ContinueOptions {
  /** `--store DIR|URL` as given (default: $RECOVERY_STORE or the project's .recovery/). */
  store?: string;
  /** The decision to apply; it is admitted under the run's lease (see `admitDecision`). Default: none. */
  decision?: Decision;
  /** Where the command's output goes while it runs again. Default: this process's stdout and stderr. */
  stream?: { stdout: Writable; stderr: Writable } | undefined;
  /** With `--json`, the command's stdout goes to stderr (see `runtimeOptionsOf`). Default false. */
  json?: boolean;
  /** Called once the run is owned and started, with the run as it was stored. */
  onStart?: (actor: RecoveryActor, record: RunRecord) => void;
  /** What the store mended on the way in, one sentence each. */
  onNotice?: (message: string) => void;
  /** Inspection of the continued run (`--inspect`). Default: none. */
  inspect?: PersistedOptions['inspect'];
}

/**
 * Continues `runId` from its checkpoint with the task rebuilt from its meta (its secrets from the
 * environment), the rollback it was started with, and `decision` when given: the one path of
 * `resume`, `decide` and `recover ui`. Signals are the caller's: stop the actor given to
 * `onStart` and the run rejects with `RunInterruptedError` once checkpointed.
 */
export async function continueRun(runId: string, options: ContinueOptions, io: CliIO, store?: Store): Promise<Outcome> {
  const opened = store ?? await openCliStore(io, options.store);
  const { loadRun, resume } = await import('../runtime/persisted.js');
  const record = await loadRun(opened, runId);
  const meta = runMetaOf(runId, record.meta);
  // The stored command is redacted: rebuild its secrets from the environment, or say which to set.
  const line = unsealCommandLine(runId, { command: meta.command, adapter: meta.options.adapter ?? null, diagnoser: meta.options.diagnoser ?? null }, record.meta.fromEnv, io.env);
  const runtime = await runtimeOptionsOf({ ...meta, command: line.command, options: { ...meta.options, adapter: line.adapter, diagnoser: line.diagnoser } }, io, options.json === true, options.stream);
  const extra: { rollback?: import('../runtime/options.js').Rollback; lastKnownGood?: string } = {};
  if (meta.options.rollback === 'git') {
    extra.rollback = (await cliGitRollback(meta.cwd, runId, await cliStoreDir(io, options.store), meta.options.rollbackBudget)).rollback;
    if (meta.options.lastKnownGood) extra.lastKnownGood = meta.options.lastKnownGood;
  }
  const decision = options.decision;
  return resume(runId, {
    ...runtime,
    ...extra,
    fixMemory: await cliFixMemory(io, options.store, opened),
    reuseFixes: meta.options.reuseFixes === true,
    store: opened,
    ...(decision ? {
      decision: { choice: decision.choice, ...(decision.guidance !== undefined ? { guidance: decision.guidance } : {}) },
      admit: (stored: RunRecord) => admitDecision(stored, decision, Date.now()),
    } : {}),
    ...(options.inspect ? { inspect: options.inspect } : {}),
    ...(options.onNotice ? { onNotice: options.onNotice } : {}),
    onStart: (actor) => options.onStart?.(actor, record),
  });
}

/**
 * A run can end with its lock still taken: its process was killed after the last checkpoint and
 * before it let go. Taking the run over from the dead holder and giving it back leaves the store
 * as a clean ending does (lowdb: the lock becomes the run's last fence). A live holder is still
 * finishing, and keeps it. (A PostgreSQL lease expires by itself; this is not done there.)
 */
async function letGoOfDeadOwner(store: Store, runId: string): Promise<void> {
  const lease = await store.acquire(runId).catch(() => null);
  await lease?.release();
}

/**
 * Resumes `runId` (with `decision`, when given) from the store and prints the outcome: shared by
 * `resume` and `decide`, which differ only in the decision.
 */
export async function resumeRun(
  runId: string,
  options: { store?: string; json: boolean; decision?: Decision; inspection?: InspectionFlags; style?: ReturnType<typeof outputStyle> },
  io: CliIO,
): Promise<number> {
  const store = await openCliStore(io, options.store);
  const { loadRun } = await import('../runtime/persisted.js');
  // Loaded first so a typo'd RUN_ID or a refused decision fails before the progress line and the trace file exist.
  const record = await loadRun(store, runId);
  if (options.decision) ensureOffered(runId, record, options.decision.choice);
  // A Claude Code hook run: the agent does the attempts, so the decision is recorded here and
  // the run continues on the agent's next tool call (`recover hook claude`).
  if (record.meta.hook === 'claude' && !hasEnded(record.status)) {
    if (!options.decision) throw new CliError(`run ${runId} is a Claude Code hook run: it continues on the agent's next tool call; an escalated one needs 'recover decide'`, EXIT.usage);
    const { stepRun, viewOf } = await import('../hooks/claude/engine.js');
    const { choice, guidance } = options.decision;
    const snapshot = await stepRun(store, runId, record.meta as never, { feed: null, decision: { choice, ...(guidance !== undefined ? { guidance } : {}) } }, Date.now());
    const view = viewOf(snapshot, runId, String(record.meta.command));
    io.stdout.write(`${runId}: decision recorded (${choice}); the run is ${view.phase === 'ended' ? 'ended' : `in ${view.phase}`}: the agent continues on its next tool call${guidance !== undefined ? ', and is told the guidance then' : ''}\n`);
    return EXIT.ok;
  }
  if (!options.decision && hasEnded(record.status)) {
    // Nothing runs again and the file is left as it is; the exit code is the one the run ended with,
    // so a script that resumes after a crash (not knowing the run had finished) still reads it right.
    const outcome = storedOutcomeOf(record);
    if (!isFleetStore(io, options.store)) await letGoOfDeadOwner(store, runId);
    io.stderr.write(`recover: run ${runId} has already ended (${record.status}); nothing was run again. 'recover report ${runId}' shows how it ended\n`);
    if (options.json) printJsonOutcome(outcome, io);
    return exitCodeOf(outcome);
  }
  const progress = createRunProgress(io, { json: options.json, ...options.style });
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
      onStart: (actor, stored) => {
        onStart(actor);
        progress.watch(actor, { shownThrough: stored.history[stored.history.length - 1]?.seq ?? 0, resuming: runId });
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
  spec: RESUME_SPEC,
  async run(args, io) {
    const { values, positionals } = parseOptions(splitInspect(args), RESUME_SPEC.options);
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    return resumeRun(positionals[0]!, { store: values.store, json: values.json === true, inspection: values, style: outputStyle(values) }, io);
  },
};
