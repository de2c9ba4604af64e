/** The fleet verbs end to end: a real `recover worker` process, `submit`, `wait`, `decide` and `list` on PostgreSQL. */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../helpers/postgres.js';
import { BIN, cliEnv, ensureCli, recover, recoverAsync, scriptsCwd } from './cli.js';

let url: string;
let drop: () => Promise<void>;
let worker: ReturnType<typeof spawn>;
let cwd: string;
beforeAll(async () => {
  ensureCli();
  ({ url, drop } = await testDatabase());
  cwd = scriptsCwd({ maxDelayMs: 20 });
  worker = spawn(process.execPath, [BIN, 'worker', '--store', url, '--concurrency', '2', '--lease', '3s'], { cwd, env: cliEnv(), stdio: 'ignore' });
}, 120_000);
afterAll(async () => {
  if (worker.exitCode === null) {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGTERM');
    await exited;
  }
  await drop();
});

describe('recover submit, wait and decide on a fleet', () => {
  it('submit prints a run id; a worker runs it; wait exits with the run\'s exit code', async () => {
    const submitted = recover(cwd, ['submit', '--store', url, '--', 'node', 'flaky.js']);
    expect(submitted.stderr).toBe('');
    expect(submitted.status).toBe(0);
    const runId = submitted.stdout.trim();
    expect(runId).toMatch(/^[A-Za-z0-9._-]+$/);
    const waited = await recoverAsync(cwd, ['wait', runId], 30_000, { RECOVERY_STORE: url });
    expect(waited).toMatchObject({ status: 0, stdout: `${runId} recovered\n` });
    const listed = recover(cwd, ['list', '--json'], { RECOVERY_STORE: url });
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ runId, status: 'recovered', task: 'node flaky.js' })]);
  });

  it('an escalated run waits for a decision made from anywhere; wait then exits with its code', async () => {
    const runId = recover(cwd, ['submit', '--store', url, '--run-id', 'fleet-fatal', '--', 'node', 'fatal.js']).stdout.trim();
    expect(runId).toBe('fleet-fatal');
    const waiting = recoverAsync(cwd, ['wait', runId, '--store', url], 30_000);
    for (let i = 0; i < 200 && !recover(cwd, ['list', '--store', url]).stdout.includes('fleet-fatal  escalated'); i++) await new Promise((r) => setTimeout(r, 100));
    const decided = recover(cwd, ['decide', runId, '--store', url, '--choice', 'skip']);
    expect(decided.status).toBe(0);
    expect(decided.stdout).toContain(`${runId}: decision`);
    expect(await waiting).toMatchObject({ status: 4, stdout: `${runId} skipped\n` });
  });

  it('refuses to queue a command line holding a secret, and stores nothing of it', async () => {
    const token = 'ghp_0123456789abcdefghijABCDEFGHIJ012345';
    const before = recover(cwd, ['list', '--json', '--store', url]).stdout;
    const refused = recover(cwd, ['submit', '--store', url, '--run-id', 'leaky', '--', 'curl', '-H', `Authorization: Bearer ${token}`, 'https://example.invalid']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('argument 2 of the command holds a secret');
    expect(refused.stderr).toContain('$API_TOKEN');
    expect(refused.stderr + refused.stdout).not.toContain(token);
    expect(recover(cwd, ['list', '--json', '--store', url]).stdout).toBe(before);
  });

  it('refuses fleet verbs without a PostgreSQL store, and an unknown run', async () => {
    expect(recover(cwd, ['submit', '--', 'true'])).toMatchObject({ status: 2, stderr: expect.stringContaining('needs a PostgreSQL store') });
    expect(recover(cwd, ['wait', 'nope', '--store', url])).toMatchObject({ status: 2, stderr: expect.stringContaining('Run "nope" does not exist') });
  });
});
