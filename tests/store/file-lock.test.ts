/** The lock file protocol's edge cases, in one process (processes.test.ts races real ones). */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunLockedError } from '../../src/store/errors.js';
import { WRITING_GRACE_MS } from '../../src/store/lock-file.js';
import { openStore } from '../../src/store/lowdb-store.js';
import { isProcessAlive } from '../../src/store/process-alive.js';
import type { Store } from '../../src/store/types.js';
import { deadPid, tempDir } from './helpers/fixtures.js';

describe('file locks', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let store: Store;
  let lockFile: string;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    store = openStore(dir);
    lockFile = join(dir, 'locks', 'r1.lock');
    await mkdir(join(dir, 'locks'), { recursive: true });
  });
  afterEach(() => cleanup());

  const aged = async (path: string) => {
    const old = new Date(Date.now() - WRITING_GRACE_MS - 1000);
    await utimes(path, old, old);
  };

  it('writes { pid, hostname, acquiredAt, fence } and removes the file on release', async () => {
    const before = Date.now();
    const lock = await store.acquire('r1');
    const content = JSON.parse(await readFile(lockFile, 'utf8')) as Record<string, unknown>;
    expect(content).toMatchObject({ pid: process.pid, hostname: hostname(), fence: lock.fence });
    expect(content.acquiredAt).toBeGreaterThanOrEqual(before);
    expect(lock.acquiredAt).toBe(content.acquiredAt);
    await lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('treats an empty or unreadable lock file as being written, then as stale once old', async () => {
    await writeFile(lockFile, '');
    const error = await store.acquire('r1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunLockedError);
    expect(error).toMatchObject({ pid: null });
    expect((error as Error).message).toContain('acquiring it right now');
    await aged(lockFile);
    const lock = await store.acquire('r1');
    expect(lock.tookOverFrom).toBeNull();
    await lock.release();
  });

  it('never takes over a lock from another host, even if that pid is dead here', async () => {
    const dead = await deadPid();
    await writeFile(lockFile, JSON.stringify({ pid: dead, hostname: 'elsewhere.example', acquiredAt: 1, token: 'x' }));
    const error = await store.acquire('r1').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RunLockedError', pid: dead, hostname: 'elsewhere.example' });
    expect((error as Error).message).toContain(`locked by process ${dead} on elsewhere.example`);
  });

  it('clears a takeover ticket left by a taker that died mid-takeover', async () => {
    const dead = await deadPid();
    const stale = JSON.stringify({ pid: dead, hostname: hostname(), acquiredAt: 1, token: 'a' });
    await writeFile(lockFile, stale);
    const ticket = `${lockFile}.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`;
    await writeFile(ticket, JSON.stringify({ pid: dead, hostname: hostname(), acquiredAt: 2, token: 'b' }));
    const lock = await store.acquire('r1');
    expect(lock.tookOverFrom?.pid).toBe(dead);
    await lock.release();
    expect(await readdir(join(dir, 'locks'))).toEqual(['r1.fence']); // no ticket, no lock: only the run's last fence
  });

  it('reports a live taker as busy rather than racing it', async () => {
    const dead = await deadPid();
    const stale = JSON.stringify({ pid: dead, hostname: hostname(), acquiredAt: 1, token: 'a' });
    await writeFile(lockFile, stale);
    const ticket = `${lockFile}.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`;
    // A live process (us, as far as the file says) holds the ticket and never finishes.
    await writeFile(ticket, JSON.stringify({ pid: process.pid, hostname: hostname(), acquiredAt: 2, token: 'b' }));
    await expect(store.acquire('r1')).rejects.toMatchObject({ name: 'RunLockedError', pid: null });
    expect(await readFile(lockFile, 'utf8')).toBe(stale); // untouched: only the ticket holder may remove it
  });

  it('release leaves alone a lock file that is no longer its own', async () => {
    const lock = await store.acquire('r1');
    const foreign = JSON.stringify({ pid: process.pid, hostname: hostname(), acquiredAt: 5, token: 'someone-else' });
    await writeFile(lockFile, foreign);
    await lock.release();
    expect(await readFile(lockFile, 'utf8')).toBe(foreign);
  });
});

describe('isProcessAlive', () => {
  it('knows the living from the dead, and refuses group pids', async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(await deadPid())).toBe(false);
    for (const pid of [0, -1, 1.5, Number.NaN]) expect(isProcessAlive(pid)).toBe(false);
  });
});
