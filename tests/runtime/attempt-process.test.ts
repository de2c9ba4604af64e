import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import {
  attemptProcessesOf, groupAlive, killLeftovers, parseProcStat, processStartTime, recordsProcesses, reportExit, reportSpawn, stillRunning,
  watchAttemptProcesses, type AttemptProcess, type AttemptProcessEvent,
} from '../../src/runtime/attempt-process.js';
import { waitFor } from '../helpers/wait-for.js';

const linux = existsSync('/proc/self/stat');
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
});

/** `sh -c SCRIPT` as the leader of its own group, like commandTask starts a command. */
function group(script: string): number {
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  started.push(child.pid!);
  return child.pid!;
}

function recordOf(pid: number): AttemptProcess {
  let recorded: AttemptProcess | undefined;
  const unwatch = watchAttemptProcesses('run-a', (event) => { if (event.kind === 'spawned') recorded = event.process; });
  reportSpawn('run-a', 1, pid);
  unwatch();
  return recorded!;
}

describe('parseProcStat', () => {
  it('reads state, ppid, pgrp and field 22 after the last parenthesis, whatever the command name holds', () => {
    const rest = Array.from({ length: 50 }, (_, i) => String(i + 3));
    rest[0] = 'S'; rest[1] = '77'; rest[2] = '1234'; rest[19] = '998877';
    expect(parseProcStat(`1234 (we ird) (name) ${rest.join(' ')}\n`)).toEqual({ state: 'S', ppid: 77, pgrp: 1234, startTime: '998877' });
    expect(parseProcStat('garbage')).toBeNull();
    expect(parseProcStat('12 (x) S 1')).toBeNull();
  });

  it.runIf(linux)('agrees with /proc for this process', () => {
    const mine = parseProcStat(readFileSync('/proc/self/stat', 'utf8'));
    expect(processStartTime(process.pid)).toBe(mine?.startTime);
  });
});

describe('recorded attempt processes', () => {
  it('a spawn is reported to the run that listens, with the leader start time (Linux); others hear nothing', () => {
    const heard: AttemptProcessEvent[] = [];
    const unwatch = watchAttemptProcesses('run-b', (event) => { heard.push(event); });
    reportSpawn('run-other', 1, process.pid);
    reportSpawn('run-b', 3, process.pid);
    reportExit('run-b', process.pid);
    unwatch();
    reportExit('run-b', process.pid);
    expect(heard).toEqual([
      { kind: 'spawned', process: { pid: process.pid, pgid: process.pid, startTime: processStartTime(process.pid), bootId: expect.anything(), host: hostname(), attempt: 3 } },
      { kind: 'exited', pid: process.pid },
    ]);
    if (linux) expect(heard[0]).toMatchObject({ process: { startTime: expect.stringMatching(/^\d+$/) } });
  });

  it('a spawn\'s report settles as the run\'s recording does; a run nobody drives records nothing and resolves at once', async () => {
    let record: (() => void) | undefined;
    const unwatch = watchAttemptProcesses('run-c', (event) => (event.kind === 'spawned' ? new Promise<void>((resolve) => { record = resolve; }) : undefined));
    expect([recordsProcesses('run-c'), recordsProcesses('run-none')]).toEqual([true, false]);
    await expect(reportSpawn('run-none', 1, process.pid)).resolves.toBeUndefined();
    let recorded = false;
    const reported = reportSpawn('run-c', 1, process.pid).then(() => { recorded = true; });
    await Promise.resolve();
    expect(recorded).toBe(false);
    record!();
    await reported;
    expect(recorded).toBe(true);
    unwatch();
    const refusing = watchAttemptProcesses('run-d', () => Promise.reject(new Error('store refused')));
    await expect(reportSpawn('run-d', 1, process.pid)).rejects.toThrow('store refused');
    refusing();
    expect(recordsProcesses('run-d')).toBe(false);
  });

  it('kills a recorded group that still runs (leader and members) and waits until it is gone', async () => {
    const pid = group('sleep 30 & exec sleep 30');
    const recorded = recordOf(pid);
    expect(stillRunning(recorded)).toBe(true);
    expect(await killLeftovers([recorded])).toEqual([pid]);
    expect(groupAlive(pid)).toBe(false);
    expect(await killLeftovers([recorded])).toEqual([]);
  });

  it.runIf(linux)('leaves alone a pid whose start time differs (reused) and a record from another host', async () => {
    const pid = group('exec sleep 30');
    const recorded = recordOf(pid);
    const reused = { ...recorded, startTime: String(Number(recorded.startTime) + 1) };
    const elsewhere = { ...recorded, host: `${hostname()}-other` };
    expect(stillRunning(reused)).toBe(false);
    expect(await killLeftovers([reused, elsewhere])).toEqual([]);
    expect(groupAlive(pid)).toBe(true);
  });

  it.runIf(linux)('a group whose only members are zombies counts as gone (PID 1 may never reap them)', async () => {
    // The leader leaves an unreaped child; once the leader is killed, only that zombie is left.
    const pid = group('sleep 0 & exec sleep 30');
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(pid, 'SIGKILL');
    await waitFor('the group to hold only its zombie', () => !groupAlive(pid));
    expect(groupAlive(pid)).toBe(false);
  });

  it('reads only well-formed entries from a run meta, and never a pgid that would signal everyone', () => {
    const good = { pid: 4321, pgid: 4321, startTime: '1', bootId: null, host: 'h', attempt: 1 };
    expect(attemptProcessesOf({ attemptProcesses: [good, { pid: 1, pgid: 1, host: 'h' }, { pid: 5, pgid: 0, host: 'h' }, null, 'x'] })).toEqual([good]);
    expect(attemptProcessesOf({})).toEqual([]);
    expect(attemptProcessesOf({ attemptProcesses: 'nope' })).toEqual([]);
  });
});
