/**
 * Signals to the BUILT `recover` as real processes. SIGINT, SIGTERM and SIGHUP are handled alike:
 * the command's process group is killed, the checkpoint kept, the lock released, exit 128 + signo.
 * SIGKILL cannot be caught: the command's group survives, and the next `recover resume` must
 * kill it (it was recorded right after the spawn) before it runs the attempt again.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { BIN, cliEnv, recoverJson, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

/**
 * The first execution records its pid (it leads its own group) and a background member's, then
 * hangs; later executions only record their pid and succeed.
 */
const SCRIPT = 'echo $$ >> pids; if [ "$(wc -l < pids)" -eq 1 ]; then sleep 30 & echo $! > member; exec sleep 30; fi';

const dirs: string[] = [];
const groups: number[] = [];
beforeAllBuilt();
afterEach(() => {
  // A failed assertion must not leave a 30 s sleeper behind.
  for (const pgid of groups.splice(0)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
});
afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Running and not a zombie (a zombie is dead; where PID 1 does not reap, it stays listed). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return !existsSync('/proc/self/stat');
  }
}

function runFile(dir: string): { runId: string; record: { status: string; meta: { attemptProcesses?: Array<{ pid: number }> } } } {
  const [file] = readdirSync(join(dir, '.recovery/runs')).filter((name) => name.endsWith('.json'));
  return { runId: file!.slice(0, -5), record: JSON.parse(readFileSync(join(dir, '.recovery/runs', file!), 'utf8')) };
}

/** Starts `recover run -- sh -c SCRIPT` and resolves once the command's group is on record. */
async function startRun(): Promise<{ dir: string; pid: number; member: number; runId: string; exited: Promise<{ code: number | null; stderr: string }> }> {
  const dir = tempCwd();
  dirs.push(dir);
  const child = spawn(process.execPath, [BIN, 'run', '--', 'sh', '-c', SCRIPT], { cwd: dir, env: cliEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  for (let i = 0; ; i++) {
    expect(i, 'the command group was never recorded').toBeLessThan(1_000);
    await sleep(10);
    if (!existsSync(join(dir, 'member')) || !existsSync(join(dir, '.recovery/runs'))) continue;
    try {
      if (runFile(dir).record.meta.attemptProcesses?.length) break;
    } catch {
      // the file is being replaced: read it again
    }
  }
  const pid = Number(readFileSync(join(dir, 'pids'), 'utf8').trim());
  groups.push(pid);
  const { runId, record } = runFile(dir);
  expect(record.meta.attemptProcesses).toEqual([expect.objectContaining({ pid, pgid: pid, attempt: 1 })]);
  return { dir, pid, member: Number(readFileSync(join(dir, 'member'), 'utf8')), runId, exited };
}

type Outcome = { status: string; attempts: number; history: Array<{ phase: string; result: string; attempt: number; message: string | null }> };

describe('signals to recover run (built CLI, real processes)', () => {
  test('SIGKILL leaves the command running; resume kills its group first, names it in history, runs the attempt once more', async () => {
    const { dir, pid, member, runId, exited } = await startRun();
    const recoverPid = Number(readFileSync(join(dir, '.recovery/locks', `${runId}.lock`), 'utf8').match(/"pid":(\d+)/)![1]);
    process.kill(recoverPid, 'SIGKILL'); // recover only: its command leads a group of its own
    expect((await exited).code).toBe(null);
    await sleep(100);
    expect(alive(pid)).toBe(true);
    expect(alive(member)).toBe(true);

    const { status, outcome } = recoverJson<Outcome>(dir, ['resume', runId]);
    expect(status).toBe(0);
    expect(alive(pid)).toBe(false);
    expect(alive(member)).toBe(false);
    expect(outcome).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(outcome.history).toHaveLength(1);
    expect(outcome.history[0]).toMatchObject({ phase: 'RESUME', result: 'interrupted', attempt: 1 });
    expect(outcome.history[0]!.message).toContain(`the previous attempt's process ${pid} was still running; killed`);
    // The killed execution and exactly one re-run.
    expect(readFileSync(join(dir, 'pids'), 'utf8').trim().split('\n')).toHaveLength(2);
    expect(readdirSync(join(dir, '.recovery/locks')).filter((n) => !n.endsWith('.fence'))).toEqual([]); // no lock; each run keeps its last fence
    expect(runFile(dir).record.meta.attemptProcesses).toBeUndefined();
  }, 60_000);

  test.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s: exit %i, the command group is dead, no lock is left, and resume continues', async (signal, code) => {
    const { dir, pid, member, runId, exited } = await startRun();
    const recoverPid = Number(readFileSync(join(dir, '.recovery/locks', `${runId}.lock`), 'utf8').match(/"pid":(\d+)/)![1]);
    process.kill(recoverPid, signal);
    const end = await exited;
    expect(end.code, end.stderr).toBe(code);
    expect(end.stderr).toContain(`interrupted (${signal})`);
    // Checked at once: the exit waits for the group to be gone, not a timer.
    expect(alive(pid)).toBe(false);
    expect(alive(member)).toBe(false);
    expect(readdirSync(join(dir, '.recovery/locks')).filter((n) => !n.endsWith('.fence'))).toEqual([]); // no lock; each run keeps its last fence
    expect(runFile(dir).record).toMatchObject({ status: 'running' });
    expect(runFile(dir).record.meta.attemptProcesses).toBeUndefined();

    const { status, outcome } = recoverJson<Outcome>(dir, ['resume', runId]);
    expect(status).toBe(0);
    expect(outcome).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(outcome.history.map((e) => `${e.phase}/${e.result}`)).toEqual(['RESUME/interrupted']);
    expect(outcome.history[0]!.message).not.toContain('killed');
    expect(readFileSync(join(dir, 'pids'), 'utf8').trim().split('\n')).toHaveLength(2);
  }, 60_000);
});

/**
 * A run whose adapter hangs: the command is a broken build (adapted at once: no flake probe);
 * the adapter records its pid and hangs the first time, answers a fix when run again.
 */
async function startAdaptingRun(): Promise<{ dir: string; adapter: number; runId: string; recoverPid: number; exited: Promise<number | null> }> {
  const dir = tempCwd({ maxDelayMs: 20, flakeProbe: false });
  dirs.push(dir);
  const adapter = 'if [ -f adapter.pid ]; then echo \'{"fix":"add the module","confidence":0.9}\'; else echo $$ > adapter.pid; exec sleep 30; fi';
  const command = ['node', '-e', "console.error(\"Error: Cannot find module './utils'\"); process.exit(1)"];
  const child = spawn(process.execPath, [BIN, 'run', '--adapter', `sh -c '${adapter.replace(/'/g, `'\\''`)}'`, '--', ...command], { cwd: dir, env: cliEnv(), stdio: 'ignore' });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  for (let i = 0; ; i++) {
    expect(i, 'the adapter never started').toBeLessThan(1_000);
    await sleep(10);
    if (!existsSync(join(dir, 'adapter.pid'))) continue;
    try {
      const pid = Number(readFileSync(join(dir, 'adapter.pid'), 'utf8'));
      if (runFile(dir).record.meta.attemptProcesses?.some((p) => p.pid === pid)) {
        groups.push(pid);
        return { dir, adapter: pid, runId: runFile(dir).runId, recoverPid: child.pid!, exited };
      }
    } catch {
      // a file is being written: read it again
    }
  }
}

describe('signals while the adapter program runs', () => {
  test('SIGTERM ends the adapter too (nothing else would), exit 143, nothing on record', async () => {
    const { dir, adapter, recoverPid, exited } = await startAdaptingRun();
    process.kill(recoverPid, 'SIGTERM');
    expect(await exited).toBe(143);
    expect(alive(adapter)).toBe(false);
    expect(runFile(dir).record.meta.attemptProcesses).toBeUndefined();
  }, 60_000);

  test('SIGKILL leaves the adapter running; resume kills it before the adapter runs again', async () => {
    const { dir, adapter, runId, recoverPid, exited } = await startAdaptingRun();
    process.kill(recoverPid, 'SIGKILL');
    await exited;
    await sleep(100);
    expect(alive(adapter)).toBe(true);
    const { outcome } = recoverJson<Outcome>(dir, ['resume', runId]);
    expect(alive(adapter)).toBe(false);
    // The adapter ran again (now answering) and its fix was tried.
    expect(outcome.history.some((e) => e.phase === 'ADAPT' && e.result === 'adapted')).toBe(true);
  }, 60_000);
});
