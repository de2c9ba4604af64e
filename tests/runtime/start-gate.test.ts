import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandTask, runCommandOnce } from '../../src/runtime/command.js';
import { gateOutcome, hostClock, readGateOutcome, StartLapsedError } from '../../src/runtime/start-gate.js';
import { waitFor } from '../helpers/wait-for.js';

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

/** The argv of a live process (not a zombie), or null. */
function argvOf(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return null;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

describe.runIf(process.platform === 'linux')('runCommandOnce with startAfter', () => {
  it('holds the program in its forked child until the promise resolves, then runs it without the gate\'s pipe', async () => {
    const marker = join(dir, 'held');
    let go: () => void = () => undefined;
    let spawned = 0;
    const running = runCommandOnce('sh', ['-c', `echo ran > ${marker}; [ -e /proc/$$/fd/3 ] && echo fd3 || echo clean`], {
      startAfter: (pid) => {
        spawned = pid;
        return new Promise<void>((resolve) => { go = resolve; });
      },
    });
    // The child sits in the gate (blocked reading its go), not in the program, for as long as it is held.
    await waitFor('the held child to wait in the gate', () => {
      const stat = spawned ? readFileSync(`/proc/${spawned}/stat`, 'utf8') : '';
      return argvOf(spawned)?.includes('recover-start-gate') === true && stat.slice(stat.lastIndexOf(')') + 2).startsWith('S');
    });
    expect(existsSync(marker)).toBe(false);
    go();
    expect(await running).toMatchObject({ exitCode: 0, stdout: 'clean\n', aborted: false, lapsed: false });
    expect(readFileSync(marker, 'utf8')).toBe('ran\n');
  });

  it('a refused start never runs the program, reads as an abort, and leaves no process', async () => {
    const marker = join(dir, 'refused');
    let spawned = 0;
    const result = await runCommandOnce('touch', [marker], {
      startAfter: async (pid) => {
        spawned = pid;
        throw new Error('the store refused the checkpoint');
      },
    });
    expect(result).toMatchObject({ aborted: true, lapsed: false, timedOut: false });
    expect(result.exitCode).not.toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(argvOf(spawned)).toBeNull();
  });

  it('with a deadline too: the deadline is checked after the go, just before the start', async () => {
    const marker = join(dir, 'held-late');
    const startBy = hostClock()! + 5; // 50 ms from now
    const result = await runCommandOnce('touch', [marker], { startBy, startAfter: () => sleep(250).then(() => undefined) });
    expect(result.lapsed).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });
});
