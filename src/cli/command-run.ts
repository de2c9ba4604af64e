/**
 * A command run's runtime options, rebuilt from what the run keeps (`CommandRunMeta`, the
 * runtime's one decoder reads it back): the command (with its test reporter under `--tests
 * auto`), the config's policy, rules and redaction, the agent or programs that diagnose and adapt.
 * `recover run` builds them from the meta it is about to store; `resume`, `decide` and `recover
 * ui` from the stored one, so every process runs the same run.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PolicyConfig } from '../policy/types.js';
import type { Adapter, Diagnoser } from '../runtime/options.js';
import type { CommandRunMeta } from '../runtime/run-meta.js';
import { loadConfig } from './config.js';
import { UsageError } from './errors.js';
import type { CommandOutput } from './run-watch.js';
import type { CliIO } from './verb.js';

/**
 * The options shared by `run`, `resume`, `decide` and `recover ui` that rebuild a command run
 * from its meta (`runId` names the directory `--tests auto` has the runner write its report
 * into), its command writing to `output` (a run session's, or the ui's).
 */
export async function runtimeOptionsOf(runId: string, meta: CommandRunMeta, output: CommandOutput, io: Pick<CliIO, 'env'>) {
  const { commandTask } = await import('../runtime/command.js');
  const reports = await testReportsOf(runId, meta);
  const [cmd, ...args] = reports.argv as [string, ...string[]];
  const config = await loadConfig(meta.cwd, meta.options.config ?? undefined);
  const { ledgerDataOf } = await import('../store/test-ledger-data.js');
  const expect = meta.options.expect ?? null;
  const task = commandTask(cmd, args, {
    // The output checks read stdout alone: a pseudo-terminal would mix stderr (and CRLFs) into it.
    cwd: meta.cwd, stream: { stdout: output.stdout, stderr: output.stderr }, pty: expect ? null : output.pty,
    ...(expect ? { expect } : {}),
    // A resumed run continues its test ledger (the executions so far, the flaky tests found).
    ...(reports.files.length > 0 ? {
      testReports: reports.files, testLedger: ledgerDataOf(meta), scripts: packageScripts(meta.cwd),
      ...(meta.options.rerun ? { rerun: meta.options.rerun } : {}), ...(config.redact ? { redact: config.redact } : {}),
    } : {}),
    ...(Object.keys(reports.env).length > 0 ? { env: reports.env } : {}),
    // A command line that risks data loss is refused unless the person running it says it may (seed 004 BLOCK_AND_ALERT).
    ...(io.env.RECOVERY_ALLOW_DATA_LOSS === '1' ? { allowDataLoss: true } : {}),
  });
  const policy: PolicyConfig = { ...(config.policy ?? {}), ...(meta.options.onFlaky ? { onFlaky: meta.options.onFlaky } : {}) };
  const extra: { adapt?: Adapter; diagnose?: Diagnoser } = {};
  if (meta.options.agent || meta.options.adapter || meta.options.diagnoser) {
    // The hooks' live output (an agent's progress) and notes go where the command's stderr goes, redacted there.
    const { stderr } = output;
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
  return {
    task,
    name: meta.command.join(' '),
    policy,
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

/**
 * The command as it runs under `--tests`: with `auto`, the runner's reporter added (a runner it
 * cannot tell is a usage error, before anything runs); the report files to read after each
 * failed attempt; and the environment the reporter reads.
 */
export async function testReportsOf(runId: string, meta: CommandRunMeta): Promise<{ argv: string[]; files: string[]; env: Record<string, string> }> {
  const tests = meta.options.tests ?? [];
  if (tests[0] !== 'auto') return { argv: meta.command, files: tests, env: {} };
  const { autoTestReports } = await import('../runtime/test-runners.js');
  const dir = join(tmpdir(), 'recover-tests', runId);
  const auto = autoTestReports(meta.command, dir, packageScripts(meta.cwd));
  if ('refused' in auto) throw new UsageError(auto.refused);
  // Some reporters (node's --test-reporter-destination) do not create the directory they write into.
  mkdirSync(dir, { recursive: true });
  return { argv: auto.argv, files: auto.reports, env: auto.env };
}

/** The package.json scripts of `cwd` (for `npm test` under `--tests auto`); none when it has no readable one. */
function packageScripts(cwd: string): Record<string, string> {
  try {
    const scripts = (JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { scripts?: unknown }).scripts;
    return typeof scripts === 'object' && scripts !== null ? Object.fromEntries(Object.entries(scripts).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};
  } catch {
    return {};
  }
}
