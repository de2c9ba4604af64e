/**
 * A stored run as Markdown: the escalation report while the run waits for a decision, otherwise
 * how it ended (its original error and the recovery attempts). `recover report`, the GitHub step
 * summary and `recover ui` all show this one text.
 */
import { observedStack } from '../report/stack.js';
import { attemptsOf } from '../report/attempt-count.js';
import type { RunRecord } from '../store/types.js';

/**
 * The Markdown report of `record`. The stored report is used only while the run is escalated: it
 * was written at escalation, so once a decision has ended the run it would describe the past.
 */
export async function markdownOf(record: RunRecord): Promise<string> {
  if (record.status === 'escalated' && record.report) return record.report;
  const { runReport } = await import('../report/escalation-outcome.js');
  const { testRows } = await import('../runtime/test-ledger.js');
  const { ledgerDataOf } = await import('../store/test-ledger-data.js');
  const ledger = ledgerDataOf(record.meta);
  const history = record.history;
  // The final output has the exact figures; a resting run (escalated, interrupted) only its history.
  const snapshot = (record.checkpoint as { snapshot?: { output?: { iterations?: number }; context?: { originalFailure?: { observation?: { error?: unknown; stderr?: string; stdout?: string } } | null } } } | undefined)?.snapshot;
  const output = snapshot?.output;
  const stack = observedStack(snapshot?.context?.originalFailure?.observation);
  const last = [...history].reverse().find((event) => event.type !== null);
  return runReport({
    runId: record.runId,
    task: record.task,
    status: record.status,
    classification: null,
    history,
    attempts: attemptsOf(record),
    iterations: output?.iterations ?? Math.max(0, ...history.map((event) => event.iteration)),
    level: last?.level ?? history.at(-1)?.level ?? 'same',
    reason: [...history].reverse().find((event) => event.phase === 'ESCALATE')?.reason ?? last?.reason ?? null,
    budget: 0,
    originalStack: typeof stack === 'string' ? stack : null,
    ...(ledger ? { testRows: testRows(ledger) } : {}),
  });
}
