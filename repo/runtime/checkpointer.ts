/**
 * Checkpoints and the writer that commits them in order. `checkpointOf` (checkpoint.ts) adds
 * the escalation report; a persisted run imports this module and loads checkpoint.ts (and the
 * report modules) only when a snapshot is escalated, so a run that never escalates does not.
 */
import type { SnapshotFrom } from 'xstate';
import { RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, type RecoveryMachine } from '../../machines/recovery.machine.js';
import { wrapSnapshot } from '../store/envelope.js';
import type { RunHead, Store } from '../store/types.js';
import type { HistoryEvent } from '../taxonomy/history.js';
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

/** One checkpoint: the run's head and its whole history (the writer commits only the new events). */
export interface RunCheckpoint {
  head: RunHead;
  history: readonly HistoryEvent[];
}

/** The choices offered at an escalation checkpoint (`rollback` only when a rollback is possible). */
export function decisionOptions(snapshot: SnapshotFrom<RecoveryMachine>): string[] {
  const all: string[] = [...DECISION_NAME_LIST];
  return snapshot.context.fixed.hasRollback ? all : all.filter((choice) => choice !== 'rollback');
}

/**
 * The checkpoint a snapshot stands for, with `report: null`: `checkpointOf` fills the report in
 * for an escalated snapshot. `persisted` is the compact persisted snapshot (`persistedSnapshotOf`, snapshot-codec.ts).
 */
export function checkpointWithoutReport(
  identity: RunIdentity, snapshot: SnapshotFrom<RecoveryMachine>, persisted: unknown, now: number, processes: readonly AttemptProcess[] = [],
): RunCheckpoint {
  const status = statusOf(snapshot);
  return {
    head: {
      runId: identity.runId,
      task: identity.task,
      status,
      createdAt: identity.createdAt,
      updatedAt: now,
      checkpoint: wrapSnapshot(RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, persisted, now),
      report: null,
      decisionOptions: status === 'escalated' ? decisionOptions(snapshot) : null,
      meta: processes.length > 0 ? { ...identity.meta, attemptProcesses: processes } : identity.meta,
    },
    history: snapshot.context.history,
  };
}

/**
 * Commits checkpoints in order, one at a time, always the latest: a burst of transitions costs
 * one commit per write-time, not one per transition, and each commit carries only the events
 * since the last one. `flush()` resolves once the latest is committed, which is what write-ahead
 * needs before an attempt starts.
 */
export class Checkpointer {
  private latest: (() => RunCheckpoint | Promise<RunCheckpoint>) | null = null;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /** The run and the fence of the lease this process holds on it. */
    private readonly lease: { runId: string; fence: number },
    /** Events already committed (a resumed run's history). */
    private committed = 0,
  ) {}

  /** Queue the latest state (built lazily, so coalesced states cost nothing; the build may be async). */
  schedule(build: () => RunCheckpoint | Promise<RunCheckpoint>): void {
    const idle = this.latest === null;
    this.latest = build;
    if (idle) this.writing = this.writing.then(() => this.drain());
  }

  /** Resolve once everything scheduled so far is committed; rejects with the first commit error. */
  async flush(): Promise<void> {
    await this.writing;
    if (this.failure) throw this.failure;
  }

  private async drain(): Promise<void> {
    while (this.latest) {
      const build = this.latest;
      this.latest = null;
      // After a failed commit nothing more is written: the run stops (see `writeAhead` in drive.ts).
      if (this.failure) continue;
      try {
        const { head, history } = await build();
        await this.store.commit(this.lease.runId, this.lease.fence, { events: history.slice(this.committed), head });
        this.committed = history.length;
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
