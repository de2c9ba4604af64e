import type { SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import { escalationReport } from '../report/escalation.js';
import { observedStack } from '../report/stack.js';
import type { AttemptProcess } from './attempt-process.js';
import { ledgerDataOf } from '../store/test-ledger-data.js';
import { testRows } from './test-ledger.js';
import { checkpointWithoutReport, decisionOptions, type RunCheckpoint, type RunIdentity } from './checkpointer.js';

export { Checkpointer, decisionOptions, type RunCheckpoint, type RunIdentity } from './checkpointer.js';

/**
 * The checkpoint a snapshot stands for. `persisted` is the compact persisted snapshot.
 * `processes`: the process groups the attempt is running now, kept as `meta.attemptProcesses`
 * so a resume after a SIGKILL can end them before it re-runs the attempt (see attempt-process.ts).
 */
export function checkpointOf(
  identity: RunIdentity, snapshot: SnapshotFrom<RecoveryMachine>, persisted: unknown, now: number, processes: readonly AttemptProcess[] = [],
): RunCheckpoint {
  const checkpoint = checkpointWithoutReport(identity, snapshot, persisted, now, processes);
  if (checkpoint.head.status !== 'escalated') return checkpoint;
  const c = snapshot.context;
  const ledger = ledgerDataOf(identity.meta);
  return {
    ...checkpoint,
    head: {
      ...checkpoint.head,
      report: escalationReport({
        runId: c.runId, task: c.task, status: checkpoint.head.status, classification: c.failure?.classification ?? null, history: c.history,
        attempts: c.attempt, iterations: c.iteration, level: c.level, reason: c.reason,
        budget: c.failure ? c.policy.types[c.failure.classification.type].budget : c.policy.budget,
        outputTail: c.failure?.observation.stderr ?? c.failure?.observation.stdout ?? '',
        originalStack: stringOrNull(observedStack(c.originalFailure?.observation)),
        ...(c.failure?.observation.tests ? { tests: c.failure.observation.tests } : {}),
        ...(ledger ? { testRows: testRows(ledger) } : {}),
        decisionOptions: decisionOptions(snapshot),
      }),
    },
  };
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
