/**
 * `drive`'s checkpoints of a request the runner is given inside its own answer: a failed attempt's
 * answer that leads straight to the next one (the flake probe, a retry without backoff) makes the
 * parent ask the runner while the runner is still busy answering, so the runner takes the request
 * after the parent's observers have seen the step. The write-ahead checkpoint must still name that
 * request, or a run interrupted there (a worker killed or stopped mid-attempt, as the fleet chaos
 * test does) is restored with a runner that has nothing to run, and rests `running` for good.
 * On both stores that keep runs across processes: lowdb files and PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';
import { recoverPersisted, resume, RunInterruptedError, type TaskContext } from '../../src/runtime/index.js';
import type { PolicyConfig } from '../../src/policy/types.js';
import { emptyPostgresStores } from '../helpers/postgres.js';

const dirs: string[] = [];
const tempDir = () => { const dir = mkdtempSync(join(tmpdir(), 'recovery-drive-')); dirs.push(dir); return dir; };
afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });

/** The ways a failed attempt's answer asks the runner for the next attempt in the same step. */
const NEXT_IN_THE_ANSWER: Array<{ name: string; policy: PolicyConfig; failure: () => Error; probe: boolean; rests: string; after: string[][] }> = [
  // An unknown failure (systematic) with no adapter: re-run once unchanged (the chaos test's `esc-*` runs).
  { name: 'the flake probe', policy: {}, failure: () => new Error('the widget frobnicator gave up'), probe: true,
    // The probe passes unchanged after the resume: the failure was not deterministic.
    rests: 'escalated', after: [['RETRY', 'flaky'], ['ESCALATE', 'escalated']] },
  // A transient failure whose retry waits 0 ms goes straight back to `executing`.
  { name: 'a retry without backoff', policy: { categories: { transient: { delaysMs: [0] } } }, failure: () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), probe: false,
    rests: 'recovered', after: [['RETRY', 'success']] },
];

/** The runner's pending request in a stored checkpoint (null when it has none). */
function storedRequest(checkpoint: unknown): unknown {
  const snapshot = (checkpoint as { snapshot?: { children?: { runTask?: { snapshot?: { request?: unknown } } } } } | null)?.snapshot;
  return snapshot?.children?.runTask?.snapshot?.request ?? null;
}

function interruptedInTheAnswer(storeName: string, open: () => Promise<Store>) {
  describe(`a run stopped in an attempt its runner was asked for in its own answer (${storeName})`, () => {
    for (const { name, policy, failure, probe, rests, after } of NEXT_IN_THE_ANSWER) {
      it(`${name}: the write-ahead checkpoint names the attempt, and a resume runs it`, async () => {
        const store = await open();
        const runId = `answer-${probe ? 'probe' : 'retry'}`;
        const calls: Array<[number, boolean]> = [];
        let begun!: () => void;
        const secondBegun = new Promise<void>((resolve) => { begun = resolve; });
        let actor: { stop(): unknown } | undefined;
        const running = recoverPersisted((ctx: TaskContext) => {
          calls.push([ctx.attempt, ctx.probe]);
          if (ctx.attempt === 1) throw failure();
          begun();
          // Hangs until the stop aborts it, as an attempt in flight when its owner goes away.
          return new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))));
        }, { store, runId, policy, onStart: (a) => { actor = a; } });
        await secondBegun;

        // Write-ahead: the checkpoint was durable before attempt 2 began, and names it.
        const during = await store.load(runId);
        expect(during?.status).toBe('running');
        expect(storedRequest(during?.checkpoint)).toMatchObject({ attempt: 2, probe });

        actor!.stop();
        await expect(running).rejects.toBeInstanceOf(RunInterruptedError);
        expect(storedRequest((await store.load(runId))?.checkpoint)).toMatchObject({ attempt: 2, probe });

        // A fresh runtime restores the run: its runner runs the pending attempt again (at-least-once).
        const outcome = await resume(runId, { store, task: (ctx: TaskContext) => void calls.push([ctx.attempt, ctx.probe]) });
        expect(calls).toEqual([[1, false], [2, probe], [2, probe]]);
        expect(outcome.status).toBe(rests);
        expect(outcome.history.map((e) => [e.phase, e.result])).toEqual([['PAUSE', 'failure'], ['DIAGNOSE', 'diagnosed'], ['RESUME', 'interrupted'], ...after]);
        expect((await store.load(runId))?.status).toBe(rests);
      });
    }
  });
}

interruptedInTheAnswer('lowdb', async () => openStore(tempDir()));
interruptedInTheAnswer('PostgreSQL', emptyPostgresStores());
