/**
 * `recoverPersisted` with a `runKey`: every call with one key is one run, on both stores that
 * keep runs across processes (lowdb files in a temp dir, and PostgreSQL).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';
import { recoverPersisted, RunInterruptedError, type TaskContext } from '../../src/runtime/index.js';
import { runIdForKey } from '../../src/runtime/run-key.js';
import { RunLockedError } from '../../src/store/errors.js';
import { emptyPostgresStores } from '../helpers/postgres.js';

const dirs: string[] = [];
const tempDir = () => { const dir = mkdtempSync(join(tmpdir(), 'recovery-run-key-')); dirs.push(dir); return dir; };
afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });

const unauthorized = () => Object.assign(new Error('401 Unauthorized: invalid x-api-key'), { status: 401 });

/** A task that fails (fatal, so it escalates at once) until it is given guidance, then returns a value; counts its calls. */
function deployTask() {
  const calls: Array<string | null> = [];
  const task = ({ guidance }: TaskContext) => {
    calls.push(guidance);
    if (!guidance) throw unauthorized();
    return { deployed: 'v2', guidance };
  };
  return { task, calls };
}

/** The contract of keyed runs, against one store. */
function keyedRuns(name: string, open: () => Promise<Store>) {
  describe(`recoverPersisted with a runKey (${name})`, () => {
    it('is one run across calls: escalated, still escalated, decided and recovered, then its stored outcome', async () => {
      const store = await open();
      const { task, calls } = deployTask();
      const options = { store, runKey: 'thread-7:deploy', name: 'deploy' };

      const first = await recoverPersisted(task, options);
      expect(first).toMatchObject({ runId: runIdForKey('thread-7:deploy'), status: 'escalated', reason: 'fatal_error' });
      expect(calls).toEqual([null]);

      // Re-executed without a decision (the graph resumed the node before asking): nothing runs, nothing is added.
      const again = await recoverPersisted(task, options);
      expect(again).toMatchObject({ runId: first.runId, status: 'escalated' });
      expect(calls).toEqual([null]);
      expect((await store.load(first.runId))?.history.map((e) => e.seq)).toEqual([1, 2, 3]);

      const decided = await recoverPersisted(task, { ...options, decision: { choice: 'retry-with-modifications', guidance: 'use the deploy key' } });
      expect(decided).toMatchObject({ runId: first.runId, status: 'recovered', level: 'clarify', value: { deployed: 'v2', guidance: 'use the deploy key' } });
      expect(calls).toEqual([null, 'use the deploy key']);

      // Finished: the stored outcome, without running the task and without a value (values are never stored).
      const done = await recoverPersisted(task, { ...options, decision: { choice: 'abort' } });
      expect(calls).toHaveLength(2);
      const { value: _value, ...decidedWithoutValue } = decided;
      expect(done).toEqual(decidedWithoutValue);
      expect('value' in done).toBe(false);

      const runs = (await store.list()).filter((run) => run.runId === first.runId);
      expect(runs).toHaveLength(1);
      expect((await store.list())).toHaveLength(1);
      const stored = await store.load(first.runId);
      expect(stored?.status).toBe('recovered');
      expect(stored?.meta.runKey).toBe('thread-7:deploy');
      expect(stored?.history.map((e) => e.phase)).toEqual(['PAUSE', 'DIAGNOSE', 'ESCALATE', 'DECISION', 'RETRY']);
    });

    it('continues a keyed run that was interrupted, re-running the attempt', async () => {
      const store = await open();
      let started!: () => void;
      const attemptStarted = new Promise<void>((resolve) => { started = resolve; });
      let actor: { stop(): unknown } | undefined;
      const hanging = ({ signal }: TaskContext) => {
        started();
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      };
      const running = recoverPersisted(hanging, { store, runKey: 'job-1', onStart: (a) => { actor = a; } });
      await attemptStarted;
      actor!.stop();
      await expect(running).rejects.toBeInstanceOf(RunInterruptedError);

      const outcome = await recoverPersisted(() => 'second time', { store, runKey: 'job-1' });
      expect(outcome).toMatchObject({ runId: runIdForKey('job-1'), status: 'succeeded', value: 'second time' });
      expect(outcome.history.map((e) => [e.phase, e.result])).toEqual([['RESUME', 'interrupted']]);
      expect(await store.list()).toHaveLength(1);
    });

    it('continues a keyed run that was decided and then interrupted: the decision is not asked for again', async () => {
      const store = await open();
      const guidances: Array<string | null> = [];
      let started!: () => void;
      const decidedAttempt = new Promise<void>((resolve) => { started = resolve; });
      let actor: { stop(): unknown } | undefined;
      const hangsOnceDecided = ({ guidance, signal }: TaskContext) => {
        guidances.push(guidance);
        if (!guidance) throw unauthorized();
        started();
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      };
      await recoverPersisted(hangsOnceDecided, { store, runKey: 'decided' });
      const running = recoverPersisted(hangsOnceDecided, { store, runKey: 'decided', decision: { choice: 'retry-with-modifications', guidance: 'rotate' }, onStart: (a) => { actor = a; } });
      await decidedAttempt;
      actor!.stop();
      await expect(running).rejects.toBeInstanceOf(RunInterruptedError);

      const outcome = await recoverPersisted(({ guidance }: TaskContext) => `deployed with ${guidance}`, { store, runKey: 'decided' });
      expect(outcome).toMatchObject({ status: 'recovered', value: 'deployed with rotate' });
      expect(guidances).toEqual([null, 'rotate']);
      const stored = await store.load(runIdForKey('decided'));
      expect(stored?.history.map((e) => `${e.phase}:${e.result}`)).toEqual(['PAUSE:failure', 'DIAGNOSE:diagnosed', 'ESCALATE:escalated', 'DECISION:decided', 'RESUME:interrupted', 'RETRY:success']);
      expect(await store.list()).toHaveLength(1);
    });

    it('refuses a decision the escalated run does not offer, and writes nothing', async () => {
      const store = await open();
      const { task, calls } = deployTask();
      const first = await recoverPersisted(task, { store, runKey: 'no-rollback' });
      const before = await store.load(first.runId);
      await expect(recoverPersisted(task, { store, runKey: 'no-rollback', decision: { choice: 'rollback' } })).rejects.toThrow(/does not offer the decision 'rollback'/);
      expect(calls).toHaveLength(1);
      const after = await store.load(first.runId);
      expect(after?.history).toEqual(before?.history);
      expect(after?.status).toBe('escalated');
      // The lease was released: the run can still be decided.
      await expect(recoverPersisted(task, { store, runKey: 'no-rollback', decision: { choice: 'skip' } })).resolves.toMatchObject({ status: 'skipped' });
    });

    it('a second caller with the key while the run executes gets RunLockedError, and no second run exists', async () => {
      const store = await open();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => { release = resolve; });
      let started!: () => void;
      const attemptStarted = new Promise<void>((resolve) => { started = resolve; });
      const first = recoverPersisted(async () => { started(); await gate; return 1; }, { store, runKey: 'busy' });
      await attemptStarted;
      await expect(recoverPersisted(() => 2, { store, runKey: 'busy' })).rejects.toBeInstanceOf(RunLockedError);
      release();
      await expect(first).resolves.toMatchObject({ status: 'succeeded', value: 1 });
      expect(await store.list()).toHaveLength(1);
    });

    it('different keys are different runs', async () => {
      const store = await open();
      const a = await recoverPersisted(() => 'a', { store, runKey: 'a' });
      const b = await recoverPersisted(() => 'b', { store, runKey: 'b' });
      expect(a.runId).not.toBe(b.runId);
      expect(await store.list()).toHaveLength(2);
    });
  });
}

keyedRuns('lowdb', async () => openStore(tempDir()));

keyedRuns('PostgreSQL', emptyPostgresStores());

describe('recoverPersisted: what is refused and what is never stored', () => {
  it('refuses a runKey with a runId that is not its own, and a decision without a runKey', async () => {
    const store = openStore(tempDir());
    await expect(recoverPersisted(() => 1, { store, runKey: 'k', runId: 'other' })).rejects.toThrow(/runKey and runId name different runs/);
    await expect(recoverPersisted(() => 1, { store, decision: { choice: 'skip' } })).rejects.toThrow(/pass runKey too/);
    expect(await store.list()).toEqual([]);
  });

  it('keeps the value in memory only: no file of the store holds it', async () => {
    const dir = tempDir();
    const store = openStore(dir);
    const secret = 'value-only-in-memory-7f3e9a';
    const outcome = await recoverPersisted(() => ({ token: secret }), { store, runKey: 'secret-value' });
    expect(outcome.value).toEqual({ token: secret });
    const files = (function walk(path: string): string[] {
      return statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => walk(join(path, name))) : [path];
    })(dir);
    expect(files.some((file) => file.endsWith('.json'))).toBe(true);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain(secret);
  });
});
