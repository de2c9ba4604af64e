/**
 * Checkpoint records and the writer that saves them in order. `recordOf` (checkpoint.ts) adds
 * the escalation report; a persisted run imports this module and loads checkpoint.ts (and the
 * report modules) only when a snapshot is escalated, so a run that never escalates does not.
 */
import type { SnapshotFrom } from 'xstate';
import { RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, type RecoveryMachine } from '../../machines/recovery.machine.js';
import { wrapSnapshot } from '../store/envelope.js';
import type { RunRecord, Store } from '../store/types.js';
import type { AttemptProcess } from './attempt-process.js';
import type { Clock } from './clock.js';
import { statusOf } from './outcome.js';
import { DECISION_NAME_LIST } from '../policy/types.js';

/** What stays the same across every checkpoint of a run. */
export interface RunIdentity {
  runId: string;
  task: string;
  createdAt: number;
  meta: Record<string, unknown>;
}

/** The choices offered at an escalation checkpoint (`rollback` only when a rollback is possible). */
export function decisionOptions(snapshot: SnapshotFrom<RecoveryMachine>): string[] {
  const all: string[] = [...DECISION_NAME_LIST];
  return snapshot.context.hasRollback ? all : all.filter((choice) => choice !== 'rollback');
}

/**
 * The run record a snapshot stands for, with `report: null`: `recordOf` fills the report in for
 * an escalated snapshot. `persisted` is `actor.getPersistedSnapshot()`.
 */
export function recordWithoutReport(
  identity: RunIdentity, snapshot: SnapshotFrom<RecoveryMachine>, persisted: unknown, now: number, processes: readonly AttemptProcess[] = [],
): RunRecord {
  const status = statusOf(snapshot);
  const escalated = status === 'escalated';
  return {
    runId: identity.runId,
    task: identity.task,
    status,
    createdAt: identity.createdAt,
    updatedAt: now,
    checkpoint: wrapSnapshot(RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, persisted, now),
    history: snapshot.context.history,
    report: null,
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
  private latest: (() => RunRecord | Promise<RunRecord>) | null = null;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(private readonly store: Store, private readonly clock: Clock) {}

  /** Queue the latest state (built lazily, so coalesced states cost nothing; the build may be async). */
  schedule(build: () => RunRecord | Promise<RunRecord>): void {
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
        await this.store.save(await build());
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
