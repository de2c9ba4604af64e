import type { SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import { escalationReport } from '../report/escalation.js';
import type { RunRecord } from '../store/types.js';
import type { AttemptProcess } from './attempt-process.js';
import { decisionOptions, recordWithoutReport, type RunIdentity } from './checkpointer.js';

export { Checkpointer, decisionOptions, type RunIdentity } from './checkpointer.js';

/**
 * The run record a snapshot stands for. `persisted` is `actor.getPersistedSnapshot()`.
 * `processes`: the process groups the attempt is running now, kept as `meta.attemptProcesses`
 * so a resume after a SIGKILL can end them before it re-runs the attempt (see attempt-process.ts).
 */
export function recordOf(
  identity: RunIdentity, snapshot: SnapshotFrom<RecoveryMachine>, persisted: unknown, now: number, processes: readonly AttemptProcess[] = [],
): RunRecord {
  const record = recordWithoutReport(identity, snapshot, persisted, now, processes);
  if (record.status !== 'escalated') return record;
  const c = snapshot.context;
  return {
    ...record,
    report: escalationReport({
      runId: c.runId, task: c.task, status: record.status, classification: c.failure?.classification ?? null, history: c.history,
      attempts: c.attempt, iterations: c.iteration, level: c.level, reason: c.reason,
      budget: c.failure ? c.policy.types[c.failure.classification.type].budget : c.policy.budget,
      outputTail: c.failure?.observation.stderr ?? c.failure?.observation.stdout ?? '',
      decisionOptions: decisionOptions(snapshot),
    }),
  };
}
