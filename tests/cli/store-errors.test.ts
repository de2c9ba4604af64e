/**
 * What the CLI says when the store is in the way: one line naming the file or the run and what
 * to do, a documented exit code, never "internal error" with a stack, and nothing overwritten.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recover, scriptsCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

/** An escalated run in `cwd`'s default store; returns its id and head file. */
function escalatedRun(cwd: string): { runId: string; head: string } {
  const result = recover(cwd, ['run', '--json', '--', 'node', 'fatal.js']);
  expect(result.status).toBe(3);
  const runId = (JSON.parse(result.stdout) as { runId: string }).runId;
  return { runId, head: join(cwd, '.recovery', 'runs', `${runId}.json`) };
}

const oneLine = (stderr: string) => {
  expect(stderr).not.toMatch(/internal error|\n\s+at /);
  return stderr.trim().split('\n').at(-1)!;
};

describe('store errors through the CLI', () => {
  it('a store path that cannot be a directory: exit 74 naming it', () => {
    const cwd = scriptsCwd();
    writeFileSync(join(cwd, 'not-a-dir'), 'x');
    const result = recover(cwd, ['run', '--store', join(cwd, 'not-a-dir', 'store'), '--', 'node', '-e', '0']);
    expect(result.status).toBe(74);
    expect(oneLine(result.stderr)).toMatch(/not-a-dir.*a part of the path is not a directory \(ENOTDIR\)/);
  });

  it('a damaged run file: resume and history exit 2 naming the file and `recover repair`, and leave it as it was', () => {
    const cwd = scriptsCwd();
    const { runId, head } = escalatedRun(cwd);
    writeFileSync(head, '{"format":2, "runId": tru');
    for (const verb of ['resume', 'history']) {
      const result = recover(cwd, [verb, runId]);
      expect(result.status, verb).toBe(2);
      expect(oneLine(result.stderr)).toContain(head);
      expect(result.stderr).toContain('recover repair');
    }
    expect(readFileSync(head, 'utf8')).toBe('{"format":2, "runId": tru');
  });

  it('a snapshot of a newer machine version, or without a context: exit 2 saying why it cannot be restored', () => {
    const cwd = scriptsCwd();
    for (const [edit, message] of [
      [(h: { checkpoint: { version: number } }) => { h.checkpoint.version = 99; }, /newer than the machine's version/],
      [(h: { checkpoint: { snapshot: Record<string, unknown> } }) => { delete h.checkpoint.snapshot.context; }, /has no context/],
    ] as const) {
      const { runId, head } = escalatedRun(cwd);
      const parsed = JSON.parse(readFileSync(head, 'utf8'));
      (edit as (h: unknown) => void)(parsed);
      writeFileSync(head, JSON.stringify(parsed));
      const result = recover(cwd, ['decide', runId, '--choice', 'retry-fresh']);
      expect(result.status).toBe(2);
      expect(oneLine(result.stderr)).toMatch(message);
      expect(oneLine(result.stderr)).toContain(runId);
    }
  });

  it('a lock left by a dead process on a run that was never written: repair releases it', () => {
    const cwd = scriptsCwd();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    mkdirSync(join(cwd, '.recovery', 'locks'), { recursive: true });
    writeFileSync(join(cwd, '.recovery', 'locks', 'ghost.lock'), JSON.stringify({ pid: dead, hostname: execFileSync('hostname').toString().trim(), acquiredAt: 1, token: 'x', fence: 3 }));
    const result = recover(cwd, ['repair']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('released the lock of ghost');
    expect(existsSync(join(cwd, '.recovery', 'locks', 'ghost.lock'))).toBe(false);
  });

  it('a dangling symbolic link as a run file is listed as damaged, not hidden', () => {
    const cwd = scriptsCwd();
    escalatedRun(cwd);
    symlinkSync(join(cwd, 'nowhere.json'), join(cwd, '.recovery', 'runs', 'dangling.json'));
    const result = recover(cwd, ['list']);
    expect(result.stdout).toMatch(/dangling.*damaged/);
    expect(result.stdout).toContain('nowhere.json');
  });

  it('a full disk: exit 74, the command never ran, and no temp file is left', (ctx) => {
    const cwd = scriptsCwd();
    const disk = join(cwd, 'disk');
    mkdirSync(disk);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk], { stdio: 'ignore' });
    } catch {
      return ctx.skip('mounting a tmpfs needs root (CI runs as root)');
    }
    try {
      // Leave a few hundred bytes: the store's directories fit, its first checkpoint does not.
      try { writeFileSync(join(disk, 'filler'), Buffer.alloc(64 * 1024)); } catch { /* filled up to the last block */ }
      const result = recover(cwd, ['run', '--store', join(disk, 'store'), '--', 'node', '-e', "require('fs').writeFileSync('ran', '')"]);
      expect(result.status).toBe(74);
      expect(oneLine(result.stderr)).toMatch(/no space left on the device \(ENOSPC\)|ENOSPC/);
      expect(existsSync(join(cwd, 'ran'))).toBe(false);
      const runs = join(disk, 'store', 'runs');
      expect(existsSync(runs) ? readdirSync(runs).filter((n) => n.endsWith('.tmp')) : []).toEqual([]);
    } finally {
      execFileSync('umount', [disk], { stdio: 'ignore' });
    }
  });
});
