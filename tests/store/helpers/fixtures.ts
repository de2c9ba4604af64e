/** Realistic runs, events and temp directories for the store tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryEvent } from '../../../src/taxonomy/history.js';
import type { RunHead, Store } from '../../../src/store/types.js';

/** History event number `seq` (a failed retry), with overrides. */
export function makeEvent(seq: number, overrides: Partial<HistoryEvent> = {}): HistoryEvent {
  return {
    seq, phase: 'RETRY', iteration: Math.ceil(seq / 4), attempt: Math.ceil(seq / 4) + 1,
    timestamp: new Date(1_700_000_000_000 + seq * 1000).toISOString(), result: 'failure',
    type: 'TIMEOUT', category: 'transient', message: `attempt timed out after ${seq * 100} ms`,
    hypotheses: [{ text: 'the server is slow', confidence: 0.8 }], confidence: 0.8, fix: null,
    delayMs: 5000, durationMs: 120 + seq, level: 'same', reason: null, ...overrides,
  };
}

/** Events `from`..`to` inclusive. */
export function makeEvents(from: number, to: number): HistoryEvent[] {
  const out: HistoryEvent[] = [];
  for (let seq = from; seq <= to; seq++) out.push(makeEvent(seq));
  return out;
}

/** A run as a test writes it: a head and its history. */
export type TestRun = RunHead & { history: HistoryEvent[] };

/** A run with a checkpoint and `events` history events, with overrides. */
export function makeRun(runId: string, overrides: Partial<TestRun> = {}, events = 3): TestRun {
  return {
    runId, task: 'npm test', status: 'running', createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000,
    checkpoint: {
      machine: 'recovery', version: 1, savedAt: 1_700_000_000_000,
      snapshot: {
        status: 'active', value: { recovery: 'retry' }, historyValue: {},
        context: { runId, attempt: 2, iteration: 1, nextAttemptAt: 1_700_000_005_000, tail: 'Error: ETIMEDOUT\n'.repeat(20) },
        children: { sleep: { src: 'sleepUntil', snapshot: { status: 'active' }, systemId: undefined } },
      },
    },
    history: makeEvents(1, events), report: null, decisionOptions: null,
    meta: { command: ['npm', 'test'], cwd: '/work/project', options: { timeout: 60_000 } }, ...overrides,
  };
}

/** A fresh temp directory and a function that removes it. */
export async function tempDir(prefix = 'recovery-store-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A pid that is certainly not running: a child that has exited and been reaped. */
export async function deadPid(): Promise<number> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/** The head of a test run (everything but its history). */
export function headOf(run: TestRun): RunHead {
  const { history: _history, ...head } = run;
  return head;
}

/** Writes `run` as its owner would: acquire, commit its whole history and head, release. Returns the fence used. */
export async function saveRun(store: Store, run: TestRun): Promise<number> {
  const lease = await store.acquire(run.runId);
  try {
    await store.commit(run.runId, lease.fence, { events: run.history, head: headOf(run) });
    return lease.fence;
  } finally {
    await lease.release();
  }
}
