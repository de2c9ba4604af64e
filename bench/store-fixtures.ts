/** Realistic run heads and events for the store benches. */
import type { HistoryEvent } from '../src/taxonomy/history.js';
import { wrapSnapshot, type RunHead } from '../src/store/index.js';

/** History event `seq` of a run that keeps timing out. */
export function benchEvent(seq: number): HistoryEvent {
  return {
    seq, phase: (['PAUSE', 'DIAGNOSE', 'ADAPT', 'RETRY'] as const)[seq % 4]!, iteration: Math.ceil(seq / 4), attempt: Math.ceil(seq / 4) + 1,
    timestamp: new Date(1_700_000_000_000 + seq * 1000).toISOString(), result: 'failure', type: 'TIMEOUT', category: 'transient',
    message: `npm test timed out after ${seq * 10}s`, hypotheses: [{ text: 'the test server is slow to start', confidence: 0.8 }],
    confidence: 0.8, fix: null, delayMs: 5000, durationMs: 10_000 + seq, level: 'same', reason: null,
  };
}

/**
 * A compact head as a persisted run writes it after `seq` events: the machine's snapshot without
 * its history, the policy as its config and hash, the latest failure's output tail.
 */
export function benchHead(runId: string, seq: number): RunHead {
  const updatedAt = 1_700_000_000_000 + seq * 1000;
  const snapshot = {
    status: 'active', value: { recovery: 'retry' }, historyValue: {},
    context: {
      runId, task: 'npm test', policy: { $config: { jitterSeed: 42 }, $hash: '0123456789abcdef' }, rules: [],
      attempt: Math.ceil(seq / 4) + 1, iteration: Math.ceil(seq / 4), level: 'same', nextAttemptAt: updatedAt + 20_000,
      failure: { type: 'TIMEOUT', exitCode: 124, stderrTail: 'Error: ETIMEDOUT connect 10.0.0.1:5432\n'.repeat(25) },
      fixes: [], history: [],
    },
    children: { sleep: { src: 'sleepUntil', snapshot: { status: 'active', input: { until: updatedAt + 20_000 } }, syncSnapshot: false } },
  };
  return {
    runId, task: 'npm test', status: 'running', createdAt: 1_700_000_000_000, updatedAt,
    checkpoint: wrapSnapshot('recovery', 2, snapshot, updatedAt),
    report: null, decisionOptions: null, meta: { command: ['npm', 'test'], cwd: '/work/project', options: { timeout: 60_000 } },
  };
}
