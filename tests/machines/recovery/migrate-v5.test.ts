/**
 * Runs persisted by the version-5 machine (its context flat, before `fixed`/`next`/`pass`)
 * restore and continue: the checkpoints in fixtures/v5 were written by real runs of a build of
 * that release (fixtures/v5/make.mjs), and resume here through the runtime, so the migration,
 * the codec's compact context and the machine all meet a checkpoint as a user's store holds it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECOVERY_MACHINE_VERSION, recoveryMigrations } from '../../../machines/recovery.machine.js';
import { memoryStore, type RunHead } from '../../../src/store/index.js';
import { resume, type TaskContext } from '../../../src/runtime/index.js';
import type { HistoryEvent } from '../../../src/taxonomy/index.js';

/** A version-5 checkpoint as that release committed it, stored for resume. */
async function storedV5(name: string) {
  const { events, head } = JSON.parse(readFileSync(new URL(`./fixtures/v5/${name}.json`, import.meta.url), 'utf8')) as { events: HistoryEvent[]; head: RunHead };
  expect(head.checkpoint?.version).toBe(5);
  const store = memoryStore();
  const lease = await store.acquire(head.runId);
  await store.commit(head.runId, lease.fence, { events, head });
  await lease.release();
  return { store, runId: head.runId, head };
}

type Told = Pick<TaskContext, 'attempt' | 'iteration' | 'approach' | 'hint' | 'guidance' | 'timeoutMs'>;
const told = (into: Told[]) => ({ attempt, iteration, approach, hint, guidance, timeoutMs }: TaskContext) => { into.push({ attempt, iteration, approach, hint, guidance, timeoutMs }); };

describe('version-5 checkpoints (flat context) under the current machine', () => {
  it('is version 7, with a migration from every earlier version', () => {
    expect(RECOVERY_MACHINE_VERSION).toBe(7);
    for (let v = 1; v < RECOVERY_MACHINE_VERSION; v++) expect(typeof recoveryMigrations[v]).toBe('function');
  });

  it('5 → 6 groups the fields the machine alone reads, keeps the others at the top, and leaves everything else as it was', async () => {
    const { head } = await storedV5('escalated');
    const before = head.checkpoint!.snapshot as { value: unknown; children: unknown; context: Record<string, unknown> };
    const after = recoveryMigrations[5]!(before) as typeof before;
    expect(after.value).toEqual(before.value);
    expect(after.children).toEqual(before.children);
    const c = before.context;
    expect(after.context).toEqual({
      runId: c.runId, task: c.task, policy: c.policy, attempt: c.attempt, iteration: c.iteration, level: c.level, reason: c.reason,
      failure: c.failure, originalFailure: c.originalFailure, nextAttemptAt: c.nextAttemptAt, delayMs: c.delayMs, clockAt: c.clockAt, history: c.history,
      fixed: { rules: c.rules, hasDiagnoser: c.hasDiagnoser, hasAdapter: c.hasAdapter, hasRollback: c.hasRollback, lastKnownGood: c.lastKnownGood, startedAt: c.startedAt },
      next: { approach: c.approach, hint: c.hint, guidance: c.guidance, refreshContext: c.refreshContext, timeoutMs: c.timeoutMs },
      pass: { diagnosis: c.diagnosis, diagnoseRound: c.diagnoseRound, regression: c.regression, fixes: c.fixes, consecutiveFailures: c.consecutiveFailures, flakeProbed: c.flakeProbed, afterRollback: c.afterRollback, decisionDeadline: c.decisionDeadline },
    });
    expect(Object.keys(after.context)).toHaveLength(16);
    // Applied twice (a checkpoint already grouped): unchanged.
    expect(recoveryMigrations[5]!(after)).toBe(after);
  });

  it('an escalated version-5 run takes a decision: retry-fresh starts its budget and context again, and its history goes on', async () => {
    const { store, runId, head } = await storedV5('escalated');
    const stored = (head.checkpoint!.snapshot as { context: { attempt: number; approach: string; fixes: string[] } }).context;
    expect(stored.fixes).toEqual([stored.approach]);
    const attempts: Told[] = [];
    const outcome = await resume(runId, { store, task: told(attempts), decision: { choice: 'retry-fresh' } });
    expect(outcome.status).toBe('recovered');
    // No approach, no hint, the budget from 0 again, the next execution.
    expect(attempts).toEqual([{ attempt: stored.attempt + 1, iteration: 0, approach: null, hint: null, guidance: null, timeoutMs: null }]);
    expect(outcome.history.slice(-3).map((e) => [e.phase, e.result])).toEqual([['ESCALATE', 'escalated'], ['DECISION', 'decided'], ['RETRY', 'success']]);
    expect(outcome.history.map((e) => e.seq)).toEqual(outcome.history.map((_, i) => i + 1));
    const after = (await store.load(runId))!;
    expect(after.checkpoint?.version).toBe(RECOVERY_MACHINE_VERSION);
    expect((after.checkpoint?.snapshot as { context: { pass: { fixes: string[] } } }).context.pass.fixes).toEqual([]);
  });

  it('a version-5 run waiting in RETRY after a timeout wakes and runs the next attempt with the hint and the longer timeout it was given', async () => {
    const { store, runId, head } = await storedV5('waiting');
    const c = (head.checkpoint!.snapshot as { context: { hint: string; timeoutMs: number; attempt: number } }).context;
    expect(c.hint).toMatch(/timed out/);
    const attempts: Told[] = [];
    const outcome = await resume(runId, { store, task: told(attempts) });
    expect(outcome.status).toBe('recovered');
    expect(attempts).toEqual([{ attempt: c.attempt + 1, iteration: 1, approach: null, hint: c.hint, guidance: null, timeoutMs: c.timeoutMs }]);
    expect(outcome.history.map((e) => [e.phase, e.result])).toEqual([['PAUSE', 'failure'], ['DIAGNOSE', 'diagnosed'], ['RETRY', 'success']]);
    expect((await store.load(runId))?.checkpoint?.version).toBe(RECOVERY_MACHINE_VERSION);
  });
});
