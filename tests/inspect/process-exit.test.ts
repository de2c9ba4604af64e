/**
 * The inspector must never keep a finished process alive. These run a real child `node` process
 * on the compiled dist (built in beforeAll when stale) with a retry schedule that would last
 * ≥ 50 s if its timers or sockets held the event loop, and check the child exits by itself
 * (a 15 s watchdog kills it otherwise and the test fails).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ensureDist, freePort, listen } from './helpers.js';

const CHILD = join(import.meta.dirname, 'fixtures/child-run.mjs');
const SLOW_RETRIES = JSON.stringify({ maxAttempts: 50, retryDelayMs: 1000 });
const WATCHDOG_MS = 15_000;

interface ChildResult { code: number | null; killedByWatchdog: boolean; stdout: string; stderr: string }

function runChild(url: string, mode: 'stop' | 'no-stop', options = SLOW_RETRIES): Promise<ChildResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHILD, url, mode, options], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killedByWatchdog = false;
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const watchdog = setTimeout(() => { killedByWatchdog = true; child.kill('SIGKILL'); }, WATCHDOG_MS);
    child.on('exit', (code) => { clearTimeout(watchdog); resolve({ code, killedByWatchdog, stdout, stderr }); });
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => { for (const c of cleanups.splice(0)) await c(); });

describe('a run with --inspect exits on its own', () => {
  beforeAll(() => { ensureDist(); }, 180_000);

  test('nothing listening, inspector never stopped: exits when the run ends', async () => {
    const r = await runChild(`ws://127.0.0.1:${await freePort()}`, 'no-stop');
    expect(r.killedByWatchdog, `child hung; stderr: ${r.stderr}`).toBe(false);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ value: 'done' });
  }, 30_000);

  test('nothing listening, inspector stopped: exits, stop() does not wait for the retries', async () => {
    const r = await runChild(`ws://127.0.0.1:${await freePort()}`, 'stop');
    expect(r.killedByWatchdog, `child hung; stderr: ${r.stderr}`).toBe(false);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ value: 'done', status: 'stopped' });
  }, 30_000);

  test('a listener is present and stop() is awaited: every event arrives, then the child exits', async () => {
    const server = await listen();
    cleanups.push(server.close);
    const r = await runChild(server.url, 'stop');
    expect(r.killedByWatchdog, `child hung; stderr: ${r.stderr}`).toBe(false);
    expect(r.code).toBe(0);
    const types = server.messages.map((m) => m.type);
    expect(types.filter((t) => t === '@xstate.actor')).toHaveLength(2);
    expect(server.messages).toContainEqual(expect.objectContaining({ type: '@xstate.snapshot', snapshot: expect.objectContaining({ value: 'done', status: 'done' }) }));
  }, 30_000);

  test('a listener is present and the inspector is never stopped: the open socket does not hold the process', async () => {
    const server = await listen();
    cleanups.push(server.close);
    const r = await runChild(server.url, 'no-stop');
    expect(r.killedByWatchdog, `child hung; stderr: ${r.stderr}`).toBe(false);
    expect(r.code).toBe(0);
  }, 30_000);
});
