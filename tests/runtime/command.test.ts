import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { commandTask, runCommandOnce } from '../../src/runtime/command.js';
import type { TaskContext } from '../../src/runtime/options.js';
import { TaskFailure } from '../../src/runtime/task-failure.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const node = process.execPath;
const scratch = mkdtempSync(join(tmpdir(), 'recovery-command-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function context(overrides: Partial<TaskContext> = {}): TaskContext {
  return {
    runId: 'run-1', attempt: 2, iteration: 1, approach: 'use the cache', hint: 'check the port', guidance: null,
    refreshContext: false, timeoutMs: null, probe: false,
    signal: new AbortController().signal, heartbeat: () => {}, progress: () => {},
    ...overrides,
  };
}

/** Run a task and return what it threw (or fail the test when it resolved). */
async function failure(promise: unknown): Promise<TaskFailure> {
  try {
    await promise;
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(TaskFailure);
    return thrown as TaskFailure;
  }
  throw new Error('expected the task to fail');
}

/** Gone means no such process, or a zombie waiting to be reaped by init. */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? false;
  } catch {
    return true;
  }
}

function collect() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('commandTask', () => {
  it('resolves on exit 0 and streams the output live', async () => {
    const out = collect();
    const err = collect();
    let chunks = 0;
    const task = commandTask(node, [fixture('exit-with.mjs'), '0', 'a warning', 'all good'], {
      stream: { stdout: out.stream, stderr: err.stream }, onOutput: () => chunks++,
    });
    await expect(task(context())).resolves.toBeUndefined();
    expect(out.text()).toBe('all good\n');
    expect(err.text()).toBe('a warning\n');
    expect(chunks).toBeGreaterThanOrEqual(2);
  });

  it('throws a TaskFailure with the exit code and both tails', async () => {
    const thrown = await failure(commandTask(node, [fixture('exit-with.mjs'), '3', 'SyntaxError: Unexpected token', 'compiling'])(context()));
    expect(thrown.message).toMatch(/exited with code 3$/);
    expect(thrown.observation).toEqual({ exitCode: 3, signal: null, stdout: 'compiling\n', stderr: 'SyntaxError: Unexpected token\n' });
  });

  it('keeps only a bounded tail of a huge output', async () => {
    const thrown = await failure(commandTask(node, [fixture('big-output.mjs'), String(1 << 20), 'stderr', '1'], { tailBytes: 1_000 })(context()));
    const stderr = thrown.observation.stderr ?? '';
    expect(Buffer.byteLength(stderr)).toBeLessThanOrEqual(1_000);
    expect(stderr.endsWith('THE END\n')).toBe(true);
    const result = await runCommandOnce(node, [fixture('big-output.mjs'), String(1 << 20), 'stdout'], { tailBytes: 100 });
    expect(result.stdout).toHaveLength(100);
    expect(result.stdoutBytes).toBe((1 << 20) + 'THE END\n'.length);
  });

  it('kills the whole process group on timeout and reports exit 124', async () => {
    const started = Date.now();
    const thrown = await failure(commandTask('sh', ['-c', 'sleep 30 & echo $!; sleep 30 & echo $!; wait'])(context({ timeoutMs: 300 })));
    const pids = (thrown.observation.stdout ?? '').trim().split('\n').map(Number);
    expect(pids).toHaveLength(2);
    expect(thrown.observation.exitCode).toBe(124);
    expect(thrown.message).toMatch(/timed out after 300 ms/);
    for (const pid of pids) expect(gone(pid)).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000); // not the 30 s of the sleeps
  });

  it('sends SIGKILL to a group that ignores SIGTERM, after the grace period', async () => {
    // 2 s: the child must have started and set its SIGTERM trap before the timeout, even on a loaded machine.
    const thrown = await failure(commandTask(node, [fixture('sleeper.mjs'), '30000', 'trap'])(context({ timeoutMs: 2_000 })));
    const pid = Number((thrown.observation.stdout ?? '').split('\n')[0]);
    expect(thrown.observation.exitCode).toBe(124);
    expect(thrown.observation.signal).toBe('SIGKILL');
    expect(thrown.observation.stdout).toContain('ignoring SIGTERM');
    expect(gone(pid)).toBe(true);
  });

  it('kills the group when the run is aborted', async () => {
    const controller = new AbortController();
    const pending = failure(commandTask('sh', ['-c', 'sleep 30 & echo $!; wait'])(context({ signal: controller.signal })));
    setTimeout(() => controller.abort(), 200);
    const thrown = await pending;
    expect(thrown.message).toMatch(/was stopped/);
    expect(gone(Number(thrown.observation.stdout))).toBe(true);
  });

  it('reports a missing program as exit 127, command not found', async () => {
    const thrown = await failure(commandTask('no-such-program-xyz', ['--version'])(context()));
    expect(thrown.observation.exitCode).toBe(127);
    expect(thrown.observation.stderr).toBe('no-such-program-xyz: command not found\n');
  });

  it('passes RECOVERY_* to the child and arguments verbatim, with no shell', async () => {
    const result = await runCommandOnce(node, [fixture('print-env.mjs'), '$HOME;echo hi', '*', '`id`'], {
      env: { RECOVERY_HINT: 'from the caller', RECOVERY_GUIDANCE: 'leaks from an outer run' },
    });
    expect(JSON.parse(result.stdout).argv).toEqual(['$HOME;echo hi', '*', '`id`']);
    const out = collect();
    await expect(commandTask(node, [fixture('print-env.mjs')], { stream: { stdout: out.stream, stderr: new PassThrough() }, env: { RECOVERY_GUIDANCE: 'stale' } })(context())).resolves.toBeUndefined();
    expect(JSON.parse(out.text()).env).toEqual({
      RECOVERY_RUN_ID: 'run-1', RECOVERY_ATTEMPT: '2', RECOVERY_ITERATION: '1',
      RECOVERY_HINT: 'check the port', RECOVERY_GUIDANCE: '', RECOVERY_APPROACH: 'use the cache', RECOVERY_REFRESH_CONTEXT: '', RECOVERY_MAX_CHARS: '',
    });
  });

  it('runs a flaky command that fails once, then passes (state in a counter file)', async () => {
    const task = commandTask(node, [fixture('flaky.mjs'), join(scratch, 'flaky-count'), '1']);
    const thrown = await failure(task(context()));
    expect(thrown.observation.stderr).toContain('ECONNREFUSED');
    await expect(task(context())).resolves.toBeUndefined();
  });
});

describe('runCommandOnce', () => {
  it('does not wait for a background grandchild that keeps the output pipe open', async () => {
    const result = await runCommandOnce('sh', ['-c', 'sleep 5 & echo $!']);
    expect(result.exitCode).toBe(0);
    expect(result.durationMs).toBeLessThan(2_000);
    process.kill(Number(result.stdout), 'SIGKILL');
  });

  it('writes input to stdin and never cuts a character in half in a tail', async () => {
    const result = await runCommandOnce(node, ['-e', 'process.stdin.pipe(process.stdout)'], { input: 'é'.repeat(100), tailBytes: 11 });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('é'.repeat(5));
    expect(result.stdoutBytes).toBe(200);
  });

  it('tells a program that cannot be executed (126) and a missing working directory from a missing program', async () => {
    const script = join(scratch, 'not-executable.sh');
    writeFileSync(script, '#!/bin/sh\necho hi\n', { mode: 0o644 });
    expect(await runCommandOnce(script, [])).toMatchObject({ exitCode: 126, notFound: false });
    const result = await runCommandOnce(node, ['-v'], { cwd: join(scratch, 'missing-dir') });
    expect(result).toMatchObject({ exitCode: 1, notFound: false });
    expect(result.stderr).toContain('missing-dir does not exist');
  });

  it('reports death by signal as 128 + n', async () => {
    const result = await runCommandOnce('sh', ['-c', 'kill -9 $$']);
    expect(result).toMatchObject({ exitCode: 137, signal: 'SIGKILL', timedOut: false });
  });
});
