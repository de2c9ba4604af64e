/**
 * The fleet verbs when the database is not there, and what `recover wait` returns: a real
 * `recover worker` and real CLI processes on the test cluster, reached through a TCP proxy the
 * test can take down and bring back (as a restart does to the clients) without touching the
 * cluster other files share.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, withClient } from '../helpers/postgres.js';
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { waitFor } from '../helpers/wait-for.js';
import { BIN, cliEnv, recoverAsync, scriptsCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

/** How this file's waits poll: every 50 ms, failing after a minute. */
const POLL = { everyMs: 50, withinMs: 60_000 };

/** Journals its start in NAME.log, then waits for NAME.open and passes. */
const GATE_JS = `const fs = require('fs'); const name = process.argv[2];
fs.appendFileSync(name + '.log', process.env.RECOVERY_ATTEMPT + ' ' + process.env.RECOVERY_FENCE + '\\n');
const t = setInterval(() => { if (fs.existsSync(name + '.open')) { clearInterval(t); console.log('done'); } }, 50);
`;
// Every CLI call here is asynchronous: the TCP proxy relays in this process, and a spawnSync
// would stop it mid-transaction (the worker's migration holding the lock `submit` waits on).

/** Runs out of heap: a resource failure, handed off. */
const OOM_JS = `console.error('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory'); process.exit(134);\n`;

let url: string;
let drop: () => Promise<void>;
let proxy: TcpProxy;
let cwd: string;
let worker: ReturnType<typeof spawn>;
let workerOut = '';
beforeAllBuilt();
beforeAll(async () => {
  ({ url, drop } = await testDatabase());
  proxy = await tcpProxy(url);
  cwd = scriptsCwd({ maxDelayMs: 20 });
  writeFileSync(join(cwd, 'gate.js'), GATE_JS);
  writeFileSync(join(cwd, 'oom.js'), OOM_JS);
  // The worker reaches the database through the proxy only.
  worker = spawn(process.execPath, [BIN, 'worker', '--store', proxy.url, '--concurrency', '2', '--lease', '3s', '--json'], { cwd, env: cliEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
  worker.stdout!.on('data', (d: Buffer) => { workerOut += d.toString(); });
}, 120_000);
afterAll(async () => {
  await proxy?.up();
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGTERM');
    await exited;
  }
  await proxy?.close();
  await drop();
});

/** Polls `probe` until it gives a truthy value, for up to 60 s: a loaded machine starts processes slowly. */

const workerEvents = () => workerOut.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; state?: string; message?: string; runId?: string });

describe('the fleet verbs and an unavailable database', { timeout: 180_000 }, () => {
  it('a short command facing an unreachable database exits 69 with one line naming it (no password, no stack)', async () => {
    const port = await new Promise<number>((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => resolve(p)); }); });
    const gone = `postgres://alice:s3cr3t@127.0.0.1:${port}/fleetdb`;
    const verbs = [['submit', '--store', gone, '--', 'true'], ['list', '--store', gone], ['decide', 'some-run', '--choice', 'skip', '--store', gone], ['wait', 'some-run', '--store', gone], ['worker', '--store', gone]];
    for (const result of await Promise.all(verbs.map((args) => recoverAsync(cwd, args, 60_000)))) {
      expect(result.status).toBe(69);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(`alice:***@127.0.0.1:${port}/fleetdb is unavailable: `);
      expect(result.stderr).toContain('ECONNREFUSED');
      expect(result.stderr).not.toContain('s3cr3t');
    }
  });

  it('wait exits with the run\'s code: handed off 6, a timeout 124, a recover run let go 130', async () => {
    const oom = (await recoverAsync(cwd, ['submit', '--store', url, '--', 'node', 'oom.js'], 60_000)).stdout.trim();
    expect(await recoverAsync(cwd, ['wait', oom, '--store', url], 60_000)).toMatchObject({ status: 6, stdout: `${oom} handedOff\n` });

    const slow = (await recoverAsync(cwd, ['submit', '--store', url, '--', 'node', 'gate.js', 'slow'], 60_000)).stdout.trim();
    await waitFor('the slow run to start', () => existsSync(join(cwd, 'slow.log')), POLL);
    const timedOut = await recoverAsync(cwd, ['wait', slow, '--store', url, '--timeout', '1s'], 60_000);
    expect(timedOut).toMatchObject({ status: 124, stdout: '' });
    expect(timedOut.stderr).toContain(`timed out; ${slow} is still running`);
    writeFileSync(join(cwd, 'slow.open'), '');
    expect(await recoverAsync(cwd, ['wait', slow, '--store', url], 60_000)).toMatchObject({ status: 0, stdout: `${slow} succeeded\n` });

    // Ctrl-C on `recover run`: the run is withdrawn from the fleet; nobody but a person continues it.
    const running = recoverAsync(cwd, ['run', '--store', url, '--', 'node', 'gate.js', 'interrupted'], 60_000);
    await waitFor('the run to start', () => existsSync(join(cwd, 'interrupted.log')), POLL);
    const id = JSON.parse((await recoverAsync(cwd, ['list', '--json', '--store', url], 60_000)).stdout).find((r: { task: string }) => r.task === 'node gate.js interrupted').runId as string;
    running.child.kill('SIGINT');
    expect((await running).status).toBe(130);
    const waited = await recoverAsync(cwd, ['wait', id, '--store', url], 60_000);
    expect(waited).toMatchObject({ status: 130, stdout: `${id} interrupted\n` });
    expect(waited.stderr).toContain(`recover resume ${id}`);
  });

  it('wait and the worker ride out the database going away: said once, reconnected, the attempt not run again', async () => {
    const id = (await recoverAsync(cwd, ['submit', '--store', url, '--', 'node', 'gate.js', 'outage'], 60_000)).stdout.trim();
    await waitFor('the attempt to start', () => existsSync(join(cwd, 'outage.log')), POLL);
    const waiter = spawn(process.execPath, [BIN, 'wait', id, '--store', `${proxy.url}?application_name=waiter`], { cwd, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    waiter.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
    waiter.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
    const exited = new Promise<number | null>((resolve) => waiter.once('close', resolve));
    // The database goes away only once `wait` has seen the run (before that, it is exit 69).
    await waitFor('wait to read the run', async () => (await withClient(url, (c) => c.query(
      "SELECT 1 FROM pg_stat_activity WHERE application_name = 'waiter' AND query LIKE 'SELECT status, final%'"))).rowCount, POLL);
    await proxy.down();
    await waitFor('wait to notice', () => err.includes('lost the store'), POLL);
    await waitFor('the worker to notice', () => workerEvents().some((e) => e.type === 'store' && e.state === 'lost'), POLL);
    // The attempt ends while the database is away: its outcome must be written, not the attempt re-run.
    writeFileSync(join(cwd, 'outage.open'), '');
    await waitFor('the worker to retry its checkpoint', () => workerEvents().some((e) => e.type === 'notice' && e.runId === id && e.message?.includes('checkpoint not written')), POLL);
    await proxy.up();
    expect(await exited).toBe(0);
    expect(out).toBe(`${id} succeeded\n`);
    expect(err.match(/lost the store/g)).toHaveLength(1);
    expect(err).toContain('the store is back');
    expect(err).not.toContain('internal error');
    await waitFor('the worker to reconnect', () => workerEvents().some((e) => e.type === 'store' && e.state === 'back'), POLL);
    expect(readFileSync(join(cwd, 'outage.log'), 'utf8').trim().split('\n')).toHaveLength(1);
    expect(workerEvents().filter((e) => e.type === 'error' || e.type === 'lost')).toEqual([]);
    expect(workerEvents().filter((e) => e.type === 'store' && e.state === 'lost')).toHaveLength(1);
  });
});
