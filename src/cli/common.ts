/**
 * What the run-related verbs share: exit codes by run status, the store, and the way a stored
 * command is turned back into a task (the config file is ./config.ts). Kept in one module so `run`, `resume` and
 * `decide` cannot drift apart on what a status means to a shell script.
 */
import { join, resolve as resolvePath } from 'node:path';
import { findUpward, projectRoot } from './project.js';
import type { Outcome } from '../runtime/outcome.js';
import type { CliIO } from './main.js';
import { CliError, EXIT, UsageError } from './errors.js';
import { DURATION_EXAMPLES, parseDuration } from '../policy/duration.js';
import { loadConfig } from './config.js';

/** The exit-code table as `--help` prints it. */
export const EXIT_CODES_HELP = `Exit codes:
  0    succeeded or recovered (also flaky with --on-flaky pass)
  1    internal error (a bug; the stack is printed)
  2    usage or config error (bad option, bad config field: its path is named)
  3    escalated: a human decision is needed (see the report; 'recover decide')
  4    skipped (by decision)
  5    aborted (by decision)
  6    handed off
  7    manual: a human takes over
  69   the store's database is unavailable (refused, cut, starting up): it is named, nothing was written
  74   the store could not be written (disk full, permissions): the file is named, the checkpoint kept
  75   the run is locked by another process (its pid is named), or another owner took it over
  124  'recover wait --timeout' ran out while the run was still going (as timeout(1))
  129  interrupted by SIGHUP (the terminal closed); as 130
  130  interrupted (SIGINT); the checkpoint stays, 'recover resume RUN_ID' continues
  143  interrupted by SIGTERM; as 130
`;

/** The exit code a run's outcome stands for. */
export function exitCodeOf(outcome: Pick<Outcome, 'status'>): number {
  switch (outcome.status) {
    case 'succeeded':
    case 'recovered':
    case 'flaky': // only final when the policy says `onFlaky: pass`; otherwise the run escalates
      return EXIT.ok;
    case 'escalated':
      return EXIT.escalated;
    case 'skipped':
      return EXIT.skipped;
    case 'aborted':
      return EXIT.aborted;
    case 'handedOff':
      return EXIT.handedOff;
    case 'manual':
      return EXIT.manual;
    default:
      // `running` should never come back from a finished drive: treat it as a bug.
      return EXIT.internal;
  }
}

/**
 * The store directory: `--store DIR`, else `$RECOVERY_STORE`, else the nearest `.recovery/` from
 * the cwd up to the project root, else `.recovery/` at the project root (see project.ts).
 */
export async function cliStoreDir(io: CliIO, dir: string | undefined): Promise<string> {
  if (dir !== undefined) return resolvePath(io.cwd, dir);
  const { defaultStoreDir } = await import('../store/index.js');
  if (io.env.RECOVERY_STORE !== undefined && io.env.RECOVERY_STORE.trim() !== '') return defaultStoreDir(io.env, io.cwd);
  return findUpward(io.cwd, ['.recovery']) ?? join(projectRoot(io.cwd), '.recovery');
}

/**
 * Opens the store at `--store DIR|URL`, else `$RECOVERY_STORE`, else `./.recovery`. A
 * `postgres://` URL opens the PostgreSQL store (fleet mode); its pool lets the process exit once idle.
 */
export async function openCliStore(io: CliIO, dir: string | undefined, options: { leaseMs?: number } = {}) {
  const location = dir ?? io.env.RECOVERY_STORE;
  const { isPostgresUrl, openStoreAt } = await import('../store/open.js');
  if (location !== undefined && isPostgresUrl(location)) return (await openStoreAt(location, io.cwd, options)).store;
  const { openStore } = await import('../store/index.js');
  return openStore(await cliStoreDir(io, dir));
}

/** What `recover run` keeps in the run's `meta` so `resume` and `decide` can rebuild the task. */
export interface RunMeta {
  /** The command, redacted (see sealed-command.ts). */
  command: string[];
  /** How the pieces of the command that held secrets are rebuilt on resume (sealed-command.ts). */
  fromEnv?: import('./sealed-command.js').FromEnv;
  /** On a PostgreSQL store: the fleet task a worker continues the run with if this process dies (`command`). */
  fleet?: { task: string };
  cwd: string;
  options: {
    config?: string | null;
    timeoutMs?: number | null;
    adapter?: string | null;
    diagnoser?: string | null;
    rollback?: 'git' | 'none';
    onFlaky?: 'escalate' | 'pass' | null;
    lastKnownGood?: string | null;
    /** `--rollback-budget` / `--rollback-skip`, so a rollback in a later process keeps as much. */
    rollbackBudget?: import('../runtime/git/budget.js').SnapshotBudget | null;
    /** `--reuse-fixes`: try the best remembered fix before the adapter (in every process that continues the run). */
    reuseFixes?: boolean;
    /** `--agent` and its settings (or the config's `agent`), as resolved when the run started. */
    agent?: import('../runtime/agent/options.js').AgentOptions;
  };
}

/** Reads the meta of a run started by `recover run`, or fails saying why it cannot be resumed. */
export function runMetaOf(runId: string, meta: Record<string, unknown>): RunMeta {
  const command = meta.command;
  if (!Array.isArray(command) || command.length === 0 || !command.every((part) => typeof part === 'string')) {
    throw new CliError(`run ${runId} was not started by 'recover run' (no command stored), so the CLI cannot resume it`);
  }
  const cwd = typeof meta.cwd === 'string' ? meta.cwd : process.cwd();
  const options = meta.options !== null && typeof meta.options === 'object' ? (meta.options as RunMeta['options']) : {};
  return { command: command as string[], cwd, options };
}

/**
 * The options shared by `run`, `resume` and `decide` that rebuild a command run from its meta.
 * With `json`, the command's stdout goes to stderr so stdout carries only the JSON outcome;
 * `stream` replaces where the command's output goes (the live progress line wraps the
 * terminal's streams).
 */
export async function runtimeOptionsOf(meta: RunMeta, io: CliIO, json = false, stream?: { stdout: import('node:stream').Writable; stderr: import('node:stream').Writable }) {
  const { commandTask } = await import('../runtime/command.js');
  const [cmd, ...args] = meta.command as [string, ...string[]];
  const task = commandTask(cmd, args, { cwd: meta.cwd, stream: stream ?? { stdout: json ? process.stderr : process.stdout, stderr: process.stderr }, pty: ptyFor(io, json) });
  const config = await loadConfig(meta.cwd, meta.options.config ?? undefined);
  const policy: Record<string, unknown> = { ...(config.policy ?? {}) };
  if (meta.options.onFlaky) policy.onFlaky = meta.options.onFlaky;
  const extra: {
    adapt?: import('../runtime/options.js').Adapter;
    diagnose?: import('../runtime/options.js').Diagnoser;
  } = {};
  if (meta.options.agent || meta.options.adapter || meta.options.diagnoser) {
    // The hooks' live output (an agent's progress) and notes go where the command's stderr goes, redacted there.
    const stderr = stream?.stderr ?? process.stderr;
    const { resolvePolicy } = await import('../policy/index.js');
    const hookOptions = { cwd: meta.cwd, command: meta.command, stderr, policy: resolvePolicy(policy), onNote: (note: string) => stderr.write(`recover: ${note}\n`) };
    if (meta.options.agent) {
      const { agentHooks } = await import('../runtime/agent/agent-hooks.js');
      Object.assign(extra, agentHooks(meta.options.agent, hookOptions));
    }
    const hooks = await import('../runtime/program-hooks.js');
    if (meta.options.adapter) extra.adapt = hooks.adapterCommand(meta.options.adapter, hookOptions);
    if (meta.options.diagnoser) extra.diagnose = hooks.diagnoserCommand(meta.options.diagnoser, hookOptions);
  }
  void io;
  return {
    task,
    name: meta.command.join(' '),
    policy: policy as never,
    ...(config.rules ? { rules: config.rules } : {}),
    ...(config.redact ? { redact: config.redact } : {}),
    ...extra,
    // Each program call has its own timeout (--agent-timeout; 10 min for --adapter/--diagnoser):
    // no second, shorter deadline around the phase's tries.
    ...(extra.adapt || extra.diagnose ? { hookTimeoutMs: Number.POSITIVE_INFINITY } : {}),
    ...(meta.options.timeoutMs ? { timeoutMs: meta.options.timeoutMs } : {}),
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

/** A duration option (`--timeout 2` is 2 s; `500ms`, `30s`, `2m`, `1h`, `90d`) in ms, greater than zero. */
export function durationOption(text: string, option: string): number {
  const ms = parseDuration(text);
  if (ms === null) throw new UsageError(`${option}: '${text}' is not a duration (e.g. ${DURATION_EXAMPLES})`);
  if (ms <= 0) throw new UsageError(`${option}: must be greater than zero`);
  return ms;
}

/** `--json`: the outcome as one JSON line on stdout (the progress reporter prints the summary otherwise). */
export function printJsonOutcome(outcome: Outcome, io: CliIO): void {
  io.stdout.write(`${JSON.stringify(outcome)}\n`);
}
