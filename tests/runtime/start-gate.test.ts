import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandTask, runCommandOnce } from '../../src/runtime/command.js';
import { gateOutcome, hostClock, readGateOutcome, StartLapsedError } from '../../src/runtime/start-gate.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'recovery-gate-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('hostClock', () => {
  it('reads the boot clock in centiseconds, as /proc/uptime says, and never goes back', async () => {
    const first = hostClock();
    expect(first).not.toBeNull();
    await sleep(120);
    const second = hostClock()!;
    expect(second).toBeGreaterThanOrEqual(first! + 10);
    expect(second).toBeLessThan(first! + 10_000);
  });
});

describe('gateOutcome', () => {
  it.each([['s', 'started'], ['l', 'lapsed'], ['n', 'not-found'], ['', 'lapsed']] as const)('%j is %s', (byte, outcome) => {
    expect(gateOutcome(byte)).toBe(outcome);
  });
});

describe('readGateOutcome', () => {
  // A real child writing on its fd 3, as the gate does: its first byte decides, none means lapsed.
  it.each([['printf s >&3', 'started'], ['printf nx >&3', 'not-found'], ['printf l >&3', 'lapsed'], ['exit 0', 'lapsed']] as const)('`%s` reads as %s', async (script, outcome) => {
    const child = spawn('/bin/sh', ['-c', script], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    await expect(readGateOutcome(child.stdio[3] as NodeJS.ReadableStream)).resolves.toBe(outcome);
  });

  it('no pipe at all is a gate that never checked: lapsed', async () => {
    await expect(readGateOutcome(null)).resolves.toBe('lapsed');
  });
});

describe('runCommandOnce with startBy', () => {
  it('starts the program before the deadline: its output, exit code and arguments are its own', async () => {
    const result = await runCommandOnce('sh', ['-c', 'echo "$1 $2"; exit 3', 'sh', 'a b', '$HOME'], { startBy: hostClock()! + 3_000 });
    expect(result).toMatchObject({ exitCode: 3, stdout: 'a b $HOME\n', lapsed: false, notFound: false });
  });

  it('does not hand the gate\'s pipe to the program', async () => {
    const result = await runCommandOnce('sh', ['-c', '[ -e /proc/$$/fd/3 ] && echo fd3 || echo clean'], { startBy: hostClock()! + 3_000 });
    expect(result.stdout).toBe('clean\n');
  });

  it('a parent paused past the deadline after computing it (before the fork) starts nothing', async () => {
    const marker = join(dir, 'late');
    const startBy = hostClock()! + 5; // 50 ms from now
    await sleep(250); // the parent "paused" between its check and the spawn
    const result = await runCommandOnce('touch', [marker], { startBy });
    expect(result.lapsed).toBe(true);
    expect(result.exitCode).not.toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  it('names a missing program as without the gate', async () => {
    const result = await runCommandOnce('no-such-program-xyz', [], { startBy: hostClock()! + 3_000 });
    expect(result).toMatchObject({ exitCode: 127, notFound: true, lapsed: false });
    expect(result.stderr).toContain('no-such-program-xyz: command not found');
  });

  it('commandTask throws StartLapsedError, not a task failure, for a lapsed start', async () => {
    const startBy = hostClock()! - 1;
    const task = commandTask('true', [], { startBy });
    const error = await Promise.resolve(task({ runId: 'r1', attempt: 2, iteration: 1, timeoutMs: null, signal: new AbortController().signal } as never)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartLapsedError);
    expect(error).toMatchObject({ runId: 'r1', attempt: 2, code: 'ERR_START_LAPSED' });
  });
});
