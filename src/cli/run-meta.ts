/**
 * What `recover run` keeps in a run's `meta` so that `resume`, `decide` and `recover ui` can
 * rebuild the task in another process, and the runtime options rebuilt from it (the command,
 * the config's policy, rules and redaction, the agent or programs that diagnose and adapt).
 */
import { CliError } from './errors.js';
import { loadConfig } from './config.js';
import type { CliIO } from './verb.js';

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
