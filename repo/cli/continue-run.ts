/**
 * The one path by which a stored run continues in this process: `recover resume`, `recover
 * decide` and a decision taken in `recover ui`. The run is read once from its record (its meta
 * decoded, its secrets from the environment, its config), then continued with the task rebuilt
 * from it, the rollback it was started with and the decision, when there is one, admitted under
 * the run's lease.
 */
import type { Outcome } from '../runtime/outcome.js';
import type { RunRecord, Store } from '../store/types.js';
import { admitDecision, type Decision } from './decision.js';
import { cliGitRollback } from './rollback-options.js';
import { countRunTests, type RunMemories } from './run-memories.js';
import { commandRunOf, RunMetaError, type CommandRunMeta } from '../runtime/run-meta.js';
import { drivenOptionsOf, readCommandRun, runtimeOptionsOf, type CommandRun } from './command-run.js';
import { CliError } from './errors.js';
import { unsealCommandLine } from './sealed-command.js';
import type { RunWatch } from './run-watch.js';
import type { RunStore } from './store-option.js';
import type { CliIO } from './verb.js';

/**
 * A stored run `recover run` started, read once in this process before it continues: the record
 * as loaded (its history shows where the progress picks up) and the run as this process runs it
 * (`readCommandRun`: the meta decoded, the literal command line rebuilt, the config it started
 * with loaded, `--tests` read). The quarantine and the continued run both read this one value.
 */
export interface StoredCommandRun {
  readonly record: RunRecord;
  readonly run: CommandRun;
}

/**
 * Reads `record` into a {@link StoredCommandRun}. A meta `recover run` did not write is a CLI
 * error naming the run and the field; the stored command is redacted, so its secrets are
 * rebuilt from the environment (a missing one is a CLI error naming the variable); a bad config
 * fails here, before anything drives. A meta without `cwd` runs in `io.cwd`.
 */
export async function readStoredRun(record: RunRecord, io: Pick<CliIO, 'env' | 'cwd'>): Promise<StoredCommandRun> {
  const runId = record.runId;
  const meta = storedCommandRun(runId, record.meta, io.cwd);
  const line = unsealCommandLine(runId, { command: meta.command, adapter: meta.options.adapter ?? null, diagnoser: meta.options.diagnoser ?? null }, meta.fromEnv, io.env);
  const run = await readCommandRun(runId, { ...meta, command: line.command, options: { ...meta.options, adapter: line.adapter, diagnoser: line.diagnoser } });
  return { record, run };
}

/**
 * What {@link continueRun} continues a stored run with, each opened once by its caller (not
 * `options`: the run's own options are `meta.options`, read beside it).
 */
export interface RunContinuation {
  /** The store the run lives in (`--store`, see `openRunStore`). */
  store: RunStore;
  /** The store's memories (`openRunMemories`): the fixes the run may reuse, the flaky memory that counts its tests. */
  memories: RunMemories;
  /** The decision that answers the run's escalation; none to continue it as it stands. */
  decision?: Decision | undefined;
}

/**
 * Continues the stored run `stored` (read once by {@link readStoredRun}) in `continuation.store`
 * from its checkpoint, with the rollback it was started with and `continuation.decision` when
 * given, shown through `watch`: the one path of `resume`, `decide` and `recover ui`.
 * Signals are the caller's: stop the actor `watch.started` is given and the run rejects with
 * `RunInterruptedError` once checkpointed.
 */
export async function continueRun({ record, run }: StoredCommandRun, continuation: RunContinuation, watch: RunWatch, io: CliIO): Promise<Outcome> {
  const { resume } = await import('../runtime/persisted.js');
  const { runId } = run;
  const runtime = await runtimeOptionsOf(run, watch.output, io);
  const git = await cliGitRollback(run, continuation.store);
  const decision = continuation.decision;
  const outcome = await resume(runId, {
    ...drivenOptionsOf(runtime, run, { store: continuation.store.store, fixes: continuation.memories.fixes, git, watch, stored: record }),
    // The runtime applies the choice and guidance; who decided is kept by `admit`, under the lease.
    ...(decision ? { decision, admit: (stored: RunRecord) => admitDecision(stored, decision, Date.now()) } : {}),
  });
  // A continued run ends again: its test results replace what its earlier ending counted.
  await countRunTests(continuation.memories.flaky, continuation.store.store, runId, (message) => watch.notice(message));
  return outcome;
}

/** The stored meta of a run `recover run` started, read by the runtime's decoder; a bad one is a CLI error naming the run and the field. */
function storedCommandRun(runId: string, stored: Record<string, unknown>, cwd: string): CommandRunMeta {
  try {
    return commandRunOf(runId, stored, cwd);
  } catch (error) {
    if (error instanceof RunMetaError) throw new CliError(`${error.message}, so the CLI cannot continue it`);
    throw error;
  }
}
