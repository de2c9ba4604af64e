/**
 * The one path by which a stored run continues in this process: `recover resume`, `recover
 * decide` and a decision taken in `recover ui`. The task is rebuilt from the run's meta (its
 * secrets from the environment), with the rollback it was started with and the decision, when
 * there is one, admitted under the run's lease.
 */
import type { Writable } from 'node:stream';
import type { Outcome } from '../runtime/outcome.js';
import type { PersistedOptions } from '../runtime/persisted.js';
import type { RecoveryActor } from '../runtime/recovery.js';
import type { RunRecord, Store } from '../store/types.js';
import { admitDecision, type Decision } from './decision.js';
import { cliFixMemory } from './fix-memory.js';
import { cliFlakyMemory, countRunTests } from './flaky-memory.js';
import { cliGitRollback } from './rollback-options.js';
import { commandRunOf, RunMetaError, type CommandRunMeta } from '../runtime/run-meta.js';
import { runtimeOptionsOf } from './command-run.js';
import { CliError } from './errors.js';
import { unsealCommandLine } from './sealed-command.js';
import { cliStoreDir, openCliStore } from './store-option.js';
import type { CliIO } from './verb.js';

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
  const meta = storedCommandRun(runId, record.meta);
  // The stored command is redacted: rebuild its secrets from the environment, or say which to set.
  const line = unsealCommandLine(runId, { command: meta.command, adapter: meta.options.adapter ?? null, diagnoser: meta.options.diagnoser ?? null }, meta.fromEnv, io.env);
  const runtime = await runtimeOptionsOf(runId, { ...meta, command: line.command, options: { ...meta.options, adapter: line.adapter, diagnoser: line.diagnoser } }, io, options.json === true, options.stream);
  const extra: { rollback?: import('../runtime/options.js').Rollback; lastKnownGood?: string } = {};
  if (meta.options.rollback === 'git') {
    extra.rollback = (await cliGitRollback(meta.cwd, runId, await cliStoreDir(io, options.store), meta.options.rollbackBudget)).rollback;
    if (meta.options.lastKnownGood) extra.lastKnownGood = meta.options.lastKnownGood;
  }
  const decision = options.decision;
  const outcome = await resume(runId, {
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
  // A continued run ends again: its test results replace what its earlier ending counted.
  await countRunTests(await cliFlakyMemory(io, options.store, opened), opened, runId, (message) => options.onNotice?.(message));
  return outcome;
}

/** The stored meta of a run `recover run` started, read by the runtime's decoder; a bad one is a CLI error naming the run and the field. */
function storedCommandRun(runId: string, stored: Record<string, unknown>): CommandRunMeta {
  try {
    return commandRunOf(runId, stored);
  } catch (error) {
    if (error instanceof RunMetaError) throw new CliError(`${error.message}, so the CLI cannot continue it`);
    throw error;
  }
}
