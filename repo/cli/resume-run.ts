/**
 * `recover resume RUN_ID` and `recover decide RUN_ID --choice …` are one thing with or without a
 * decision: load the run, refuse what it cannot take, answer a Claude Code hook run or a run that
 * has already ended without running anything, else continue it here in the session the verb
 * opened, and end as every run verb ends.
 */
import { storedOutcomeOf } from '../runtime/outcome.js';
import type { Store } from '../store/types.js';
import { continueRun, readStoredRun } from './continue-run.js';
import { ensureOffered, hasEnded, type Decision } from './decision.js';
import { CliError } from './errors.js';
import { EXIT, exitCodeOf } from './exit-codes.js';
import { openRunMemories } from './run-memories.js';
import { printJsonOutcome, type RunSession } from './run-session.js';
import type { RunStore } from './store-option.js';
import { storedRunQuarantine } from './test-quarantine.js';
import type { CliIO } from './verb.js';

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

/** What {@link resumeRun} continues with: what the verb opened from its flags, and the decision. */
export interface ResumeRunOptions {
  /** The store the verb opened (`--store`, see `openRunStore`). */
  store: RunStore;
  /** How the run is shown (`--json`, the output style, the inspection); it drives only if the run continues here. */
  session: RunSession;
  /** `recover decide`'s decision; none for `recover resume`. */
  decision?: Decision;
}

/**
 * Resumes `runId` (with `options.decision`, when given) from the store and prints the outcome:
 * shared by `resume` and `decide`, which differ only in the decision. Resolves to the exit code.
 */
export async function resumeRun(runId: string, options: ResumeRunOptions, io: CliIO): Promise<number> {
  const { loadRun } = await import('../runtime/persisted.js');
  // Loaded first so a typo'd RUN_ID or a refused decision fails before the progress line and the trace file exist.
  const record = await loadRun(options.store.store, runId);
  if (options.decision) ensureOffered(runId, record, options.decision);
  // A Claude Code hook run: the agent does the attempts, so the decision is recorded here and
  // the run continues on the agent's next tool call (`recover hook claude`).
  if (record.meta.hook === 'claude' && !hasEnded(record.status)) {
    if (!options.decision) throw new CliError(`run ${runId} is a Claude Code hook run: it continues on the agent's next tool call; an escalated one needs 'recover decide'`, EXIT.usage);
    const { decideRun } = await import('../hooks/claude/engine.js');
    const { choice, guidance } = options.decision;
    // Only the phase the run is left in is told: the hook's answers are written on the agent's next call.
    const phase = await decideRun(options.store.store, runId, options.decision, Date.now());
    io.stdout.write(`${runId}: decision recorded (${choice}); the run is ${phase === 'ended' ? 'ended' : `in ${phase}`}: the agent continues on its next tool call${guidance !== undefined ? ', and is told the guidance then' : ''}\n`);
    return EXIT.ok;
  }
  if (!options.decision && hasEnded(record.status)) {
    // Nothing runs again and the file is left as it is; the exit code is the one the run ended with,
    // so a script that resumes after a crash (not knowing the run had finished) still reads it right.
    const outcome = storedOutcomeOf(record);
    if (options.store.dir !== null) await letGoOfDeadOwner(options.store.store, runId);
    io.stderr.write(`recover: run ${runId} has already ended (${record.status}); nothing was run again. 'recover report ${runId}' shows how it ended\n`);
    if (options.session.json) printJsonOutcome(outcome, io);
    return exitCodeOf(outcome);
  }
  // Read once, before the run drives (a bad meta or config, a secret missing from the
  // environment fails here): the quarantine and the continued run read this one value.
  const stored = await readStoredRun(record, io);
  // Opened once: the quarantine reads the flaky memory, the continued run reuses fixes and counts its tests.
  const memories = await openRunMemories(options.store);
  const tests = await storedRunQuarantine(memories.flaky, stored, (message) => options.session.progress.note(message, { always: true }));
  const result = await options.session.drive((watch) => continueRun(stored, { store: options.store, memories, decision: options.decision }, watch, io));
  return options.session.conclude(result, { runId, store: options.store.store, reportFile: undefined, tests });
}
