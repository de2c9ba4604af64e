/**
 * Background processes of an attempt end with it (built CLI): `sh -c 'sleep N & exit 1'`
 * retried several times leaves no `sleep N` running, whether the attempt failed or passed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseProcStat } from '../../src/runtime/attempt-process.js';
import { recoverJson, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

/** Live (not zombie) processes whose command line is exactly `sleep <seconds>`. */
function sleepers(seconds: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const stat = parseProcStat(readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (argv[0]?.endsWith('sleep') && argv[1] === String(seconds) && stat && stat.state !== 'Z') found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

// A duration no other process on this machine uses, so only this test's sleepers are counted.
const unique = () => 30_000 + Math.floor(Math.random() * 20_000);

describe.runIf(process.platform === 'linux')('attempt process groups end with the attempt', () => {
  test('four failed attempts that each leave a background sleep: none survives', () => {
    const seconds = unique();
    // ECONNRESET is transient: retried until the budget is spent, so several attempts run.
    const dir = tempCwd({ maxDelayMs: 10, types: { NETWORK: { budget: 3 } } });
    const { outcome } = recoverJson<{ attempts: number; status: string }>(dir, [
      'run', '--', 'sh', '-c', `echo run >> count; sleep ${seconds} & echo "Error: read ECONNRESET" >&2; exit 1`,
    ]);
    const runs = readFileSync(join(dir, 'count'), 'utf8').split('\n').filter(Boolean).length;
    expect(runs).toBe(outcome.attempts);
    expect(runs).toBeGreaterThanOrEqual(4);
    expect(sleepers(seconds)).toEqual([]);
  });

  test('a passing attempt that leaves a background sleep: none survives', () => {
    const seconds = unique();
    const { outcome } = recoverJson<{ status: string }>(tempCwd(), ['run', '--', 'sh', '-c', `sleep ${seconds} & echo ok`]);
    expect(outcome.status).toBe('succeeded');
    expect(sleepers(seconds)).toEqual([]);
  });

  test('a program that leaves the group on purpose (setsid) is not ended', () => {
    const seconds = unique();
    try {
      // As a daemon does, the command returns once the detached process is in its own session.
      const detach = `setsid sleep ${seconds} > /dev/null 2>&1 < /dev/null & pid=$!; `
        + `until [ "$(cut -d' ' -f6 /proc/$pid/stat)" = "$pid" ]; do sleep 0.02; done; echo ok`;
      const { outcome } = recoverJson<{ status: string }>(tempCwd(), ['run', '--', 'sh', '-c', detach]);
      expect(outcome.status).toBe('succeeded');
      expect(sleepers(seconds)).toHaveLength(1);
    } finally {
      for (const pid of sleepers(seconds)) process.kill(pid, 'SIGKILL');
    }
  });
});
