/**
 * A command run's runtime options, rebuilt from what the run keeps (`CommandRunMeta`, the
 * runtime's one decoder reads it back): the command (with its test reporter under `--tests
 * auto`), the config's policy, rules and redaction, the agent or programs that diagnose and adapt.
 * `recover run` builds them from the meta it is about to store; `resume`, `decide` and `recover
 * ui` from the stored one, so every process runs the same run.
 */
import type { FixMemory } from '../memory/types.js';
import type { PolicyConfig } from '../policy/types.js';
import type { Adapter, Diagnoser, RecoveryOptions } from '../runtime/options.js';
import type { CommandRunMeta } from '../runtime/run-meta.js';
import type { TestCommand } from '../runtime/test-command.js';
import type { RunRecord, Store } from '../store/types.js';
import { loadConfig, type LoadedConfig } from './config.js';
import { UsageError } from './errors.js';
import type { CommandOutput, RunWatch } from './run-watch.js';
import type { CliIO } from './verb.js';

/**
 * A command run as this process runs it, read once from its meta: the meta with the literal
 * command line, the config file it started with and what `--tests` makes of its command. The
 * runtime options are then read from it by field.
 */
export interface CommandRun {
  readonly runId: string;
  /** The run's meta with the literal command, adapter and diagnoser (secrets in: never stored). */
  readonly meta: CommandRunMeta;
  readonly config: LoadedConfig;
  /** What `--tests` makes of its command (`testCommandOf`). */
  readonly tests: TestCommand;
}

/**
 * Reads `meta` once into a {@link CommandRun}: `--tests auto` resolved (a runner it cannot tell
 * is a usage error, before anything runs), then the config loaded from `meta.options.config`
 * unless `config` is the one already loaded (`recover run` read it with its flags).
 */
export async function readCommandRun(runId: string, meta: CommandRunMeta, config?: LoadedConfig): Promise<CommandRun> {
  const { testCommandOf } = await import('../runtime/test-command.js');
  const tests = testCommandOf(runId, meta.command, meta.options.tests ?? [], meta.cwd);
  if ('refused' in tests) throw new UsageError(tests.refused);
  return { runId, meta, config: config ?? await loadConfig(meta.cwd, meta.options.config ?? undefined), tests };
}

/**
 * The runtime options of `run` (a {@link CommandRun}) that `recover run`, `resume`, `decide` and
 * `recover ui` share, its command writing to `output` (a run session's, or the ui's).
 */
export async function runtimeOptionsOf(run: CommandRun, output: CommandOutput, io: Pick<CliIO, 'env'>) {
  const { commandTask } = await import('../runtime/command.js');
  const [cmd, ...args] = run.tests.argv as [string, ...string[]];
  const { ledgerDataOf } = await import('../store/test-ledger-data.js');
  const { testTaskOptions } = await import('../runtime/test-command.js');
  const tests = testTaskOptions(run.tests, run.meta.cwd, ledgerDataOf(run.meta), run.meta.options.rerun);
  const expect = run.meta.options.expect ?? null;
  const task = commandTask(cmd, args, {
    // The output checks read stdout alone: a pseudo-terminal would mix stderr (and CRLFs) into it.
    cwd: run.meta.cwd, stream: { stdout: output.stdout, stderr: output.stderr }, pty: expect ? null : output.pty,
    ...(expect ? { expect } : {}),
    // A resumed run continues its test ledger (the executions so far, the flaky tests found).
    // Its patterns are the config's, compiled at load: the ledger and the run read that one list.
    ...(tests ? { ...tests, ...(run.config.redact ? { redact: run.config.redact } : {}) } : {}),
    ...(Object.keys(run.tests.env).length > 0 ? { env: run.tests.env } : {}),
    // A command line that risks data loss is refused unless the person running it says it may (seed 004 BLOCK_AND_ALERT).
    ...(io.env.RECOVERY_ALLOW_DATA_LOSS === '1' ? { allowDataLoss: true } : {}),
  });
  const policy: PolicyConfig = { ...(run.config.policy ?? {}), ...(run.meta.options.onFlaky ? { onFlaky: run.meta.options.onFlaky } : {}) };
  const extra: { adapt?: Adapter; diagnose?: Diagnoser } = {};
  if (run.meta.options.agent || run.meta.options.adapter || run.meta.options.diagnoser) {
    // The hooks' live output (an agent's progress) and notes go where the command's stderr goes, redacted there.
    const { stderr } = output;
    const { resolvePolicy } = await import('../policy/index.js');
    const hookOptions = {
      cwd: run.meta.cwd, command: run.meta.command, stderr, policy: resolvePolicy(policy), onNote: (note: string) => stderr.write(`recover: ${note}\n`),
      ...(run.config.redact ? { redact: run.config.redact } : {}),
    };
    if (run.meta.options.agent) {
      const { agentHooks } = await import('../runtime/agent/agent-hooks.js');
      Object.assign(extra, agentHooks(run.meta.options.agent, hookOptions));
    }
    const hooks = await import('../runtime/program-hooks.js');
    if (run.meta.options.adapter) extra.adapt = hooks.adapterCommand(run.meta.options.adapter, hookOptions);
    if (run.meta.options.diagnoser) extra.diagnose = hooks.diagnoserCommand(run.meta.options.diagnoser, hookOptions);
  }
  return {
    task,
    name: run.meta.command.join(' '),
    policy,
    ...(run.config.rules ? { rules: run.config.rules } : {}),
    ...(run.config.redact ? { redact: run.config.redact } : {}),
    ...extra,
    // Each program call has its own timeout (--agent-timeout; 10 min for --adapter/--diagnoser):
    // no second, shorter deadline around the phase's tries.
    ...(extra.adapt || extra.diagnose ? { hookTimeoutMs: Number.POSITIVE_INFINITY } : {}),
    ...(run.meta.options.timeoutMs ? { timeoutMs: run.meta.options.timeoutMs } : {}),
  };
}

/**
 * What drives a command run in this process besides the run itself, each opened once by the verb
 * (`recover run`, `resume`, `decide`, `recover ui`) and handed down as it is.
 */
export interface CommandRunDrive {
  /** The store the run lives in (`RunStore.store`). */
  readonly store: Store;
  /** The fix memory the run may reuse fixes from (`RunMemories.fixes`). */
  readonly fixes: FixMemory;
  /** `--rollback git`'s rollback, built once for the run (`cliGitRollback`); `{}` for a run without one. */
  readonly git: Partial<Pick<RecoveryOptions, 'rollback' | 'measureChange' | 'lastKnownGood'>>;
  /** How the run is shown in this process. */
  readonly watch: RunWatch;
  /** The run as stored, when it is continued (its progress picks up after the events it holds); none for a new run. */
  readonly stored?: RunRecord;
}

/**
 * The options a command run is driven with, by `recoverPersisted` (`recover run`) or `resume`
 * (a continued run): its `runtime` options ({@link runtimeOptionsOf}, built before the run is
 * shown, so a bad program line fails before anything is printed), its git rollback, the fix
 * memory, the store and the watch. One definition, so a new run and a continued one are given
 * the same things.
 */
export function drivenOptionsOf<R extends object>(runtime: R, run: CommandRun, drive: CommandRunDrive) {
  const { watch, stored } = drive;
  return {
    ...runtime,
    ...drive.git,
    fixMemory: drive.fixes,
    reuseFixes: run.meta.options.reuseFixes === true,
    store: drive.store,
    ...(watch.inspect ? { inspect: watch.inspect } : {}),
    onNotice: (message: string) => watch.notice(message),
    onStart: (actor: Parameters<RunWatch['started']>[0]) => watch.started(actor, stored),
  };
}

/**
 * On a terminal, the command gets a pseudo-terminal of the terminal's size (its output is still
 * captured), so it prints as it would without `recover`: spec reporters, colours. Not with
 * `--json` (its output goes to stderr, not a terminal's stdout), nor where `TERM=dumb`, nor with
 * `RECOVER_PTY=0`. Off a terminal nothing changes.
 */
export function ptyFor(io: Pick<CliIO, 'env'>, json: boolean, out: { isTTY?: boolean; columns?: number; rows?: number } = process.stdout): { columns: number; rows: number } | null {
  if (json || out.isTTY !== true || io.env.TERM === 'dumb' || io.env.RECOVER_PTY === '0') return null;
  return { columns: out.columns || 80, rows: out.rows || 24 };
}
