import type { SnapshotFrom } from 'xstate';
import { RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, type RecoveryMachine } from '../../machines/recovery.machine.js';
import { escalationReport } from '../report/escalation.js';
import { wrapSnapshot } from '../store/envelope.js';
import type { RunRecord, Store } from '../store/types.js';
import type { AttemptProcess } from './attempt-process.js';
import type { Clock } from './clock.js';
import { statusOf } from './outcome.js';

/** What stays the same across every checkpoint of a run. */
export interface RunIdentity {
  runId: string;
  task: string;
  createdAt: number;
  meta: Record<string, unknown>;
}

/** The choices offered at an escalation checkpoint (`rollback` only when a rollback is possible). */
export function decisionOptions(snapshot: SnapshotFrom<RecoveryMachine>): string[] {
  const all = ['retry-fresh', 'retry-with', 'skip', 'rollback', 'abort', 'manual'];
  return snapshot.context.hasRollback ? all : all.filter((choice) => choice !== 'rollback');
}

/**
 * The run record a snapshot stands for. `persisted` is `actor.getPersistedSnapshot()`.
 * `processes`: the process groups the attempt is running now, kept as `meta.attemptProcesses`
 * so a resume after a SIGKILL can end them before it re-runs the attempt (see attempt-process.ts).
 */
export function recordOf(
  identity: RunIdentity, snapshot: SnapshotFrom<RecoveryMachine>, persisted: unknown, now: number, processes: readonly AttemptProcess[] = [],
): RunRecord {
  const status = statusOf(snapshot);
  const c = snapshot.context;
  const escalated = status === 'escalated';
  return {
    runId: identity.runId,
    task: identity.task,
    status,
    createdAt: identity.createdAt,
    updatedAt: now,
    checkpoint: wrapSnapshot(RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, persisted, now),
    history: c.history,
    report: escalated
      ? escalationReport({
          runId: c.runId, task: c.task, status, classification: c.failure?.classification ?? null, history: c.history,
          attempts: c.attempt, iterations: c.iteration, level: c.level, reason: c.reason,
          budget: c.failure ? c.policy.types[c.failure.classification.type].budget : c.policy.budget,
          outputTail: c.failure?.observation.stderr ?? c.failure?.observation.stdout ?? '',
          decisionOptions: decisionOptions(snapshot),
        })
      : null,
    decisionOptions: escalated ? decisionOptions(snapshot) : null,
    meta: processes.length > 0 ? { ...identity.meta, attemptProcesses: processes } : identity.meta,
  };
}

/**
 * Saves checkpoints in order, one at a time, always the latest: a burst of transitions costs one
 * write per write-time, not one per transition. `flush()` resolves once the latest is on disk,
 * which is what write-ahead needs before an attempt starts.
 */
export class Checkpointer {
  private latest: (() => RunRecord) | null = null;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(private readonly store: Store, private readonly clock: Clock) {}

  /** Queue the latest state (built lazily, so coalesced states cost nothing). */
  schedule(build: () => RunRecord): void {
    const idle = this.latest === null;
    this.latest = build;
    if (idle) this.writing = this.writing.then(() => this.drain());
  }

  /** Resolve once everything scheduled so far is saved; rejects with the first save error. */
  async flush(): Promise<void> {
    await this.writing;
    if (this.failure) throw this.failure;
  }

  private async drain(): Promise<void> {
    while (this.latest) {
      const build = this.latest;
      this.latest = null;
      try {
        await this.store.save(build());
      } catch (error) {
        this.failure ??= error;
      }
    }
  }

  /** Now, on the run's clock. */
  now(): number {
    return this.clock.now();
  }
}
