/** The fleet verbs end to end: a real `recover worker` process, `submit`, `wait`, `decide` and `list` on PostgreSQL. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, withClient } from '../helpers/postgres.js';
import { waitFor } from '../helpers/wait-for.js';
import { BIN, cliEnv, recover, recoverAsync, scriptsCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

let url: string;
let drop: () => Promise<void>;
let worker: ReturnType<typeof spawn>;
let cwd: string;
beforeAllBuilt();
beforeAll(async () => {
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

/** Polls `probe` until it gives something (a non-empty array, a defined value), for up to 60 s: a loaded machine starts processes slowly. */
/** How this file's waits poll: every 100 ms, failing after a minute. */
const POLL = { everyMs: 100, withinMs: 60_000 };

const withDb = <T>(use: (db: pg.Client) => Promise<T>) => withClient(url, use);

// Real worker and CLI processes: generous limits, since a loaded 2-core machine starts them slowly.
describe('recover submit, wait and decide on a fleet', { timeout: 150_000 }, () => {
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

  it('a command line that risks data loss is blocked on the worker unless the person who submitted it allowed it', async () => {
    const marker = join(cwd, 'dataloss-ran.txt');
    const script = `echo ran >> ${marker} # DROP DATABASE app`;
    const blocked = recover(cwd, ['submit', '--store', url, '--', 'sh', '-c', script]).stdout.trim();
    expect(await recoverAsync(cwd, ['wait', blocked, '--store', url], 60_000)).toMatchObject({ status: 3, stdout: `${blocked} escalated\n` });
    const report = JSON.parse(recover(cwd, ['report', blocked, '--store', url, '--format', 'json']).stdout);
    expect(JSON.stringify(report)).toContain('blocked before it ran: the command line risks data loss: drop database');
    expect(existsSync(marker)).toBe(false);
    const allowed = recover(cwd, ['submit', '--store', url, '--', 'sh', '-c', script], { RECOVERY_ALLOW_DATA_LOSS: '1' }).stdout.trim();
    expect(await recoverAsync(cwd, ['wait', allowed, '--store', url], 60_000)).toMatchObject({ status: 0 });
    expect(readFileSync(marker, 'utf8')).toBe('ran\n');
  });

  it('wait returns 3 for an escalated run with the decide command; a decision made from anywhere moves it on', async () => {
    const runId = recover(cwd, ['submit', '--store', url, '--run-id', 'fleet-fatal', '--', 'node', 'fatal.js']).stdout.trim();
    expect(runId).toBe('fleet-fatal');
    // The CI step `id=$(recover submit …) && recover wait "$id"` returns with the run's code.
    const escalated = await recoverAsync(cwd, ['wait', runId, '--store', url], 60_000);
    expect(escalated).toMatchObject({ status: 3, stdout: `${runId} escalated\n` });
    expect(escalated.stderr).toMatch(new RegExp(`recover decide ${runId} --choice \\S*skip\\S* --store postgres://`));
    const decided = recover(cwd, ['decide', runId, '--store', url, '--choice', 'skip']);
    expect(decided.status).toBe(0);
    expect(decided.stdout).toContain(`${runId}: decision`);
    // Right after the decision the run is still escalated, but wait knows a decision is on its way.
    expect(await recoverAsync(cwd, ['wait', runId, '--store', url], 60_000)).toMatchObject({ status: 4, stdout: `${runId} skipped\n` });
  });

  it('a recover run on the shared store is taken over by a worker when its process dies, but not when it is interrupted', async () => {
    const journal = join(cwd, 'taken.log');
    // Attempt 1 under `recover run` works for long; once taken over, the re-run passes at once.
    const script = `echo "$RECOVERY_ATTEMPT $$" >> ${journal}; [ -e ${cwd}/taken.marker ] && exit 0; touch ${cwd}/taken.marker; sleep 60`;
    const running = recoverAsync(cwd, ['run', '--store', url, '--lease', '2s', '--', 'sh', '-c', script], 90_000);
    const lines = await waitFor('attempt 1 to start', () => {
      const first = (existsSync(journal) ? readFileSync(journal, 'utf8').trim().split('\n').filter(Boolean) : []).slice(0, 1);
      return first.length > 0 && first;
    }, POLL);
    const runId = JSON.parse(recover(cwd, ['list', '--json', '--store', url]).stdout).find((r: { task: string }) => r.task.includes('taken.marker')).runId as string;
    // The process dies (its attempt with it, as a host that goes down takes both).
    running.child.kill('SIGKILL');
    process.kill(-Number(lines[0]!.split(' ')[1]), 'SIGKILL');
    await running;
    const waited = await recoverAsync(cwd, ['wait', runId, '--store', url], 60_000);
    expect(waited).toMatchObject({ status: 0, stdout: `${runId} succeeded\n` });
    const history = JSON.parse(recover(cwd, ['history', runId, '--json', '--store', url]).stdout) as { phase: string; result: string }[];
    expect(history.map((e) => `${e.phase}/${e.result}`)).toContain('RESUME/interrupted');
    expect(readFileSync(journal, 'utf8').trim().split('\n').map((l) => l.split(' ')[0])).toEqual(['1', '1']); // at-least-once: attempt 1 re-ran
    const { rows } = await withDb((db) => db.query('SELECT meta FROM (SELECT head->\'meta\' AS meta FROM recovery_runs WHERE run_id = $1) m', [runId]));
    expect(rows[0].meta.takeovers).toEqual([expect.objectContaining({ from: expect.objectContaining({ pid: running.child.pid }) })]);

    // Ctrl-C: the run is let go on purpose, so it is withdrawn from the fleet (resumable by hand).
    const started = join(cwd, 'ctrl-c.marker');
    const interrupted = recoverAsync(cwd, ['run', '--store', url, '--', 'sh', '-c', `touch ${started}; sleep 60`], 30_000);
    const id2 = await waitFor('the interrupted run to be listed', () => JSON.parse(recover(cwd, ['list', '--json', '--store', url]).stdout).find((r: { task: string }) => r.task.includes('ctrl-c.marker'))?.runId as string | undefined, POLL);
    // Ctrl-C while the attempt runs: wait for its command to have started, not for a fixed time.
    await waitFor('the interrupted run\'s attempt to start', () => existsSync(started), POLL);
    interrupted.child.kill('SIGINT');
    expect((await interrupted).status).toBe(130);
    const after = await withDb((db) => db.query('SELECT task_name, owner, status FROM recovery_runs WHERE run_id = $1', [id2]));
    expect(after.rows).toEqual([{ task_name: null, owner: null, status: 'running' }]);
  });

  it('recover ui on the shared store: a decision is checked, recorded with who made it, and a worker continues the run', async () => {
    const runId = recover(cwd, ['submit', '--store', url, '--run-id', 'fleet-ui', '--', 'node', 'fatal.js']).stdout.trim();
    await waitFor('the run to be listed escalated', () => recover(cwd, ['list', '--store', url]).stdout.includes('fleet-ui  escalated'), POLL);
    // The terminal path refuses what the run does not offer, as on a directory store.
    const refused = recover(cwd, ['decide', runId, '--store', url, '--choice', 'rollback']);
    expect(refused).toMatchObject({ status: 2, stderr: expect.stringContaining(`run ${runId} does not offer 'rollback'`) });

    const ui = spawn(process.execPath, [BIN, 'ui', '--store', url, '--as', 'carol'], { cwd, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let out = '';
        ui.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          const match = /recover ui: (\S+)\n/.exec(out);
          if (match) resolve(match[1]!);
        });
        ui.once('exit', (code) => reject(new Error(`recover ui exited ${code}`)));
      });
      const token = new URL(address).searchParams.get('token')!;
      const decide = (choice: string) => fetch(new URL(`/api/runs/${runId}/decide`, address), {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ choice }),
      });
      const listed = await fetch(new URL('/api/runs', address), { headers: { authorization: `Bearer ${token}` } });
      expect(await listed.json()).toContainEqual(expect.objectContaining({ runId, status: 'escalated' }));
      const offBounds = await decide('rollback');
      expect(offBounds.status).toBeGreaterThanOrEqual(400);
      expect(await offBounds.text()).toContain("does not offer 'rollback'");
      expect((await decide('skip')).status).toBe(202); // accepted: it happens on a worker
      // The server records; a worker (not the server) continues the run.
      expect(await recoverAsync(cwd, ['wait', runId, '--store', url], 60_000)).toMatchObject({ status: 4, stdout: `${runId} skipped\n` });
      const { rows } = await withDb((db) => db.query("SELECT head->'meta'->'decisions' AS decisions, (SELECT decided_by FROM recovery_decisions WHERE run_id = $1) AS by FROM recovery_runs WHERE run_id = $1", [runId]));
      expect(rows[0].by).toBe('carol');
      expect(rows[0].decisions).toEqual([expect.objectContaining({ by: 'carol', choice: 'skip' })]);
    } finally {
      ui.kill('SIGINT');
    }
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
