/**
 * `--rollback git` and its budget, shared by `run` (which records the snapshot), `resume` and
 * `decide` (which may roll back) and `restore`: one place that builds the git rollback and turns
 * "not a git repository" into a usage error (exit 2, one line) instead of an internal error.
 */
import type { SnapshotBudget } from '../runtime/git/budget.js';
import type { RecoveryOptions } from '../runtime/options.js';
import type { CommandRun } from './command-run.js';
import { CliError, UsageError } from './errors.js';
import { EXIT } from './exit-codes.js';
import type { RunStore } from './store-option.js';
import type { OptionDecls } from './verb.js';

/** The options `run` and `restore` accept for the ignored-files budget. */
export const BUDGET_OPTIONS = {
  'rollback-budget': { type: 'string', value: 'SIZE', description: 'most bytes of ignored files a snapshot keeps (default 100MiB; 0: none), e.g. 500MB' },
  'rollback-skip': { type: 'string', value: 'NAMES', description: "ignored directories never kept, comma-separated (default\nnode_modules,.venv,__pycache__,.pytest_cache,.mypy_cache,.tox,.gradle; '' for none)" },
} as const satisfies OptionDecls;

/** The budget the flags ask for, or `null` for the defaults; a bad size is a usage error. */
export async function budgetOf(values: { 'rollback-budget'?: unknown; 'rollback-skip'?: unknown }): Promise<SnapshotBudget | null> {
  const budget: { maxIgnoredBytes?: number; skipIgnored?: string[] } = {};
  if (typeof values['rollback-budget'] === 'string') {
    const { parseByteSize } = await import('../runtime/git/budget.js');
    const bytes = parseByteSize(values['rollback-budget']);
    if (bytes === null) throw new UsageError(`--rollback-budget: '${values['rollback-budget']}' is not a size (e.g. 0, 500MB, 2GB, 100MiB)`);
    budget.maxIgnoredBytes = bytes;
  }
  if (typeof values['rollback-skip'] === 'string') budget.skipIgnored = values['rollback-skip'].split(',').map((n) => n.trim()).filter(Boolean);
  return Object.keys(budget).length > 0 ? budget : null;
}

const USAGE_CODES = new Set(['ERR_NOT_A_GIT_REPOSITORY', 'ERR_NO_SNAPSHOT']);

/**
 * Exit 2 with its message as the one line printed: the call is wrong (wrong directory, wrong
 * ref), but not its options, so no "see --help" line follows as it does for a {@link UsageError}.
 */
export class RollbackSetupError extends CliError {
  constructor(message: string) {
    super(message, EXIT.usage);
    this.name = 'RollbackSetupError';
  }
}

/** Re-throws "not a git repository" and "no such snapshot" as {@link RollbackSetupError}s; anything else as it is. */
export function asUsageError(error: unknown): never {
  if (USAGE_CODES.has((error as { code?: unknown }).code as string)) throw new RollbackSetupError((error as Error).message);
  throw error;
}

/** What `--rollback git` gives the runtime: the rollback, the fix measure, and the last known good state. */
export type GitRollbackOptions = Pick<RecoveryOptions, 'rollback' | 'measureChange'> & { lastKnownGood?: string };

/**
 * The git rollback of the command run `run` as the runtime takes it, built once for the run from
 * what the run keeps (`--rollback git`, its budget, the last known good state it recorded), the
 * store's directory left out (a PostgreSQL store has none); `{}` for a run without one.
 * `record`: record the last known good state now, before the run starts (`recover run`; "not a
 * git repository" is then a usage error). Default false: the state the run recorded (a continued
 * run; none when it has none).
 */
export async function cliGitRollback({ runId, meta }: Pick<CommandRun, 'runId' | 'meta'>, store: RunStore, record = false): Promise<GitRollbackOptions | Record<string, never>> {
  if (meta.options.rollback !== 'git') return {};
  const { gitRollback } = await import('../runtime/git-rollback.js');
  const budget = meta.options.rollbackBudget;
  const git = gitRollback(meta.cwd, runId, { exclude: store.dir === null ? [] : [store.dir], ...(budget ? { budget } : {}) });
  // Recorded without touching the tree: uncommitted and untracked work stays where it is.
  const good = record ? await git.lastKnownGood().catch(asUsageError) : meta.options.lastKnownGood ?? null;
  return { rollback: git.rollback, measureChange: git.measureChange, ...(good ? { lastKnownGood: good } : {}) };
}
