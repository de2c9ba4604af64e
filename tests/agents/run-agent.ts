/**
 * Runs a real agent CLI to its end and keeps what it did: exit code, signal, stdout, stderr and
 * how long it took. `stopWhen` ends it (SIGTERM, then SIGKILL) as soon as its output shows a
 * condition: for a CLI that never gives up on its own (Codex waiting for the network).
 */
import { spawn } from 'node:child_process';
import { agentCommand, type AgentBin } from './agents.js';

export interface AgentRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** True when stopWhen (or the deadline) ended it. */
  stopped: boolean;
}

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Written to stdin then closed; stdin is /dev/null otherwise. */
  stdin?: string;
  stopWhen?: (out: { stdout: string; stderr: string }) => boolean;
  /** A safety net, not a wait: the run is killed then and reported as stopped. */
  deadlineMs?: number;
}

export async function runAgent(bin: AgentBin, args: string[], options: RunOptions): Promise<AgentRun> {
  const command = agentCommand(bin);
  const started = performance.now();
  const child = spawn(command.file, [...command.args, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  let stdout = '';
  let stderr = '';
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 2_000).unref();
  };
  const check = (): void => {
    if (options.stopWhen?.({ stdout, stderr }) === true) stop();
  };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    check();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    check();
  });
  const deadline = setTimeout(stop, options.deadlineMs ?? 60_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (c, s) => resolve([c, s]));
  });
  clearTimeout(deadline);
  return { code, signal, stdout, stderr, ms: Math.round(performance.now() - started), stopped };
}
