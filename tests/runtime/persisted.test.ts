import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import type { Lease } from '../../src/store/types.js';
import { commandTask, recoverPersisted, resume, RunInterruptedError } from '../../src/runtime/index.js';
import { groupAlive } from '../../src/runtime/attempt-process.js';
import { beforeAllBuilt } from '../helpers/build.js';

const dirs: string[] = [];
const tempStore = () => { const dir = mkdtempSync(join(tmpdir(), 'recovery-persisted-')); dirs.push(dir); return dir; };
afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });

describe('persisted runs', () => {
  beforeAllBuilt();

  it('stores an escalation with its report and options, and a decision continues the run', async () => {
    const store = openStore(tempStore());
    let guidanceSeen: string | null = null;
    const task = ({ guidance }: { guidance: string | null }) => {
      guidanceSeen = guidance;
      if (!guidance) throw Object.assign(new Error('401 Unauthorized: invalid x-api-key'), { status: 401 });
    };
    const escalated = await recoverPersisted(task, { store, runId: 'auth-run', name: 'deploy' });
    expect(escalated).toMatchObject({ status: 'escalated', reason: 'fatal_error' });
    const stored = await store.load('auth-run');
    expect(stored?.status).toBe('escalated');
    expect(stored?.report).toContain('recover decide auth-run');
    expect(stored?.decisionOptions).toEqual(['retry-fresh', 'retry-with', 'skip', 'abort', 'manual']);
    expect(stored?.history.map((e) => e.seq)).toEqual([1, 2, 3]);

    const outcome = await resume('auth-run', { store, task, decision: { choice: 'retry-with-modifications', guidance: 'use the deploy key' } });
    expect(outcome).toMatchObject({ status: 'recovered', level: 'clarify' });
    expect(guidanceSeen).toBe('use the deploy key');
    const after = await store.load('auth-run');
    expect(after?.status).toBe('recovered');
    expect(after?.history.map((e) => e.phase)).toEqual(['PAUSE', 'DIAGNOSE', 'ESCALATE', 'DECISION', 'RETRY']);
    expect(after?.history.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the caller's secret patterns out of the run file, started and resumed: the meta, the name, the failure, the guidance", async () => {
    const dir = tempStore();
    const store = openStore(dir);
    // Strings, as a config writes them: compiled once per process, for everything the run records.
    const redact = ['tok_[0-9]{6}'];
    const task = ({ guidance }: { guidance: string | null }) => {
      if (!guidance) throw Object.assign(new Error('401 Unauthorized: tok_111111 was refused'), { status: 401 });
    };
    const escalated = await recoverPersisted(task, { store, runId: 'tok-run', name: 'deploy tok_222222', redact, meta: { note: 'with tok_333333' } });
    expect(escalated.status).toBe('escalated');
    const outcome = await resume('tok-run', { store, task, redact, meta: { resumedWith: 'tok_444444' }, decision: { choice: 'retry-with-modifications', guidance: 'use tok_555555 instead' } });
    expect(outcome.status).toBe('recovered');
    const file = readFileSync(join(dir, 'runs', 'tok-run.json'), 'utf8');
    expect(file).toContain('deploy [REDACTED]');
    expect(file).toContain('with [REDACTED]');
    expect(file).not.toMatch(/tok_[0-9]/);
  });

  it('a run killed with SIGKILL mid-attempt resumes by re-running that attempt, marked interrupted', async () => {
    const dir = tempStore();
    const child = spawn(process.execPath, [join(import.meta.dirname, '../fixtures/hang-in-attempt.mjs'), dir, 'killed-run'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => { if (chunk.toString().includes('READY')) resolve(); });
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));

    const store = openStore(dir);
    // Write-ahead: the checkpoint of attempt 1 was on disk before the attempt started.
    const before = await store.load('killed-run');
    expect(before?.status).toBe('running');
    let runs = 0;
    // The dead holder's lock is stale: resume takes it over.
    const outcome = await resume('killed-run', { store, task: () => { runs++; } });
    expect(runs).toBe(1);
    expect(outcome.status).toBe('succeeded');
    expect(outcome.history.map((e) => [e.phase, e.result])).toEqual([['RESUME', 'interrupted']]);
    expect((await store.load('killed-run'))?.status).toBe('succeeded');
  }, 30_000);

  it('a run stopped from outside (SIGINT in the CLI) releases its lock at once, and resumes as interrupted', async () => {
    const store = openStore(tempStore());
    let started!: () => void;
    const attemptStarted = new Promise<void>((resolve) => { started = resolve; });
    let actor: { stop(): unknown } | undefined;
    // Settles (rejects) only once the attempt has ended, the checkpoint is saved and the lock is free.
    const running = recoverPersisted(({ signal }) => {
      started();
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    }, { store, runId: 'stopped', onStart: (a) => { actor = a; } });
    await attemptStarted;
    actor!.stop();
    await expect(running).rejects.toBeInstanceOf(RunInterruptedError);
    // Before the fix the lock stayed held by this (live) process until it exited: no one could resume.
    let lock: Lease | undefined;
    for (let i = 0; i < 100 && !lock; i++) {
      lock = await store.acquire('stopped').catch(async () => { await new Promise((r) => setTimeout(r, 10)); return undefined; });
    }
    expect(lock).toBeDefined();
    await lock!.release();
    expect((await store.load('stopped'))?.status).toBe('running');
    const outcome = await resume('stopped', { store, task: () => undefined });
    expect(outcome.history.map((e) => [e.phase, e.result])).toEqual([['RESUME', 'interrupted']]);
  });

  it("records the command's process group while it runs; a stop settles only once that group is gone", async () => {
    const dir = tempStore();
    const store = openStore(dir);
    let actor: { stop(): unknown } | undefined;
    const task = commandTask('sh', ['-c', 'echo $$ > pid; sleep 30 & exec sleep 30'], { cwd: dir });
    const running = recoverPersisted(task, { store, runId: 'cmd', onStart: (a) => { actor = a; } });
    let recorded: Array<{ pid: number }> | undefined;
    // The spawn is recorded as it happens; the shell writes its pid file a moment later.
    for (let i = 0; i < 500 && !(recorded && existsSync(join(dir, 'pid'))); i++) {
      await new Promise((r) => setTimeout(r, 10));
      recorded = (await store.load('cmd'))?.meta.attemptProcesses as typeof recorded;
    }
    expect(existsSync(join(dir, 'pid'))).toBe(true);
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    expect(recorded).toEqual([expect.objectContaining({ pid, pgid: pid, attempt: 1 })]);
    actor!.stop();
    await expect(running).rejects.toBeInstanceOf(RunInterruptedError);
    expect(groupAlive(pid)).toBe(false);
    const stored = await store.load('cmd');
    expect(stored?.status).toBe('running');
    expect(stored?.meta.attemptProcesses).toBeUndefined();
    await (await store.acquire('cmd')).release();
  }, 30_000);

  it('refuses to resume a run held by a live process, naming its pid', async () => {
    const store = openStore(tempStore());
    await recoverPersisted(() => { throw new Error('401 Unauthorized'); }, { store, runId: 'held' });
    const lock = await store.acquire('held');
    try {
      await expect(resume('held', { store, task: () => undefined })).rejects.toThrow(String(process.pid));
    } finally {
      await lock.release();
    }
  });

  it('refuses to resume a run the store does not have, naming it, and lets go of the lease it took to look', async () => {
    const store = openStore(tempStore());
    await expect(resume('never-stored', { store, task: () => { throw new Error('must not run'); } }))
      .rejects.toThrow(expect.objectContaining({ name: 'RunNotFoundError', message: expect.stringContaining('never-stored') }));
    // Leases are not re-entrant: this acquire would be refused had the failed resume kept its own.
    const lease = await store.acquire('never-stored');
    await lease.release();
  });
});

