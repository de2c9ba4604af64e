/**
 * A fleet worker: claims runs from the PostgreSQL store (queued ones, ones whose owner's lease
 * ran out, escalated ones a decision is waiting for), runs each with its registered task under
 * the persisted runtime, renews each lease every lease/3, and stops a run the moment a renew
 * finds it taken (the fence moved): the attempt's process group is killed and nothing more is
 * written. A run taken over from a lost owner resumes at its last checkpoint; the attempt that
 * was in flight runs again (at-least-once), as a resume after kill -9 does, and the takeover is
 * recorded in the run's meta (`takeovers`: from whom, at which event, with which fence).
 *
 * Claiming, wake-ups (LISTEN/NOTIFY, polling as the backstop), renewals and releases are the
 * claim loop's (claim-loop.ts); running a claimed run is claimed-run.ts's, its attempts' starts
 * under the lease leased-start.ts's. This file ties them together and says what happened.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { RunFencedError } from '../../store/errors.js';
import { markDecisionTaken, type Claim } from '../../store/postgres/queue.js';
import type { PostgresStore } from '../../store/postgres/store.js';
import { RunInterruptedError } from '../persisted.js';
import type { RecoveryActor } from '../recovery.js';
import { StartLapsedError } from '../start-gate.js';
import { startClaimLoop, type RunEnd, type StartedRun } from './claim-loop.js';
import { runClaimed } from './claimed-run.js';
import { COMMAND_TASK, runCommandTask } from './command-task.js';
import type { SlotTicket } from './slots.js';
import type { FleetTask } from './task.js';
import type { WorkerEvent } from './worker-event.js';

export type { WorkerEvent } from './worker-event.js';

/** Options of `createWorker`. */
export interface WorkerOptions {
  store: PostgresStore;
  /** Tasks by name. The built-in `command` task is added unless one is given under that name. */
  tasks?: Record<string, FleetTask>;
  /**
   * Runs at once: runs past their first checkpoint (running an attempt, between attempts). While
   * runs are short (< 1 s), up to as many more are in hand, writing their first checkpoint or
   * waiting for one of these slots. Default 1.
   */
  concurrency?: number;
  /** Lease length in ms, by the database clock. Default 15,000; renewed every third of it. */
  leaseMs?: number;
  /** The polling backstop, in ms. Default 1,000. */
  pollMs?: number;
  /** Default: `<host>-<pid>-<random>`. */
  workerId?: string;
  /**
   * How long a checkpoint write that fails for a passing database error (a restart, a cut
   * connection) is retried under the same fence before the run is let go, in ms. Default 60,000.
   * While it is retried the attempt's outcome is kept in memory and nothing runs again.
   */
  commitRetryMs?: number;
  onEvent?: (event: WorkerEvent) => void;
}

/** A running worker. */
export interface Worker {
  readonly id: string;
  /** Stops claiming, interrupts the runs in hand (their checkpoints kept, leases released), resolves when all are let go. */
  stop(): Promise<void>;
  /** Resolves once the worker has stopped. */
  readonly done: Promise<void>;
}

/** Starts a worker on `options.store`. */
export function createWorker(options: WorkerOptions): Worker {
  const { store } = options;
  const tasks: Record<string, FleetTask> = { [COMMAND_TASK]: runCommandTask, ...options.tasks };
  const names = Object.keys(tasks);
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const leaseMs = options.leaseMs ?? 15_000;
  const pollMs = options.pollMs ?? 1_000;
  const commitRetryMs = options.commitRetryMs ?? 60_000;
  const id = options.workerId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const holder = { pid: process.pid, host: hostname(), worker: id };
  const emit = (event: WorkerEvent) => options.onEvent?.(event);

  const start = (claim: Claim, slot: SlotTicket, done: () => void): StartedRun => {
    let actor: RecoveryActor | undefined;
    let lost: RunFencedError | null = null;
    let lapsed: StartLapsedError | null = null;
    let stopping = false;
    // Aborts a wait for a slot: a run stopped or lost before it had one goes no further.
    const halt = new AbortController();
    const stop = () => {
      halt.abort(new RunInterruptedError(claim.lease.runId));
      actor?.stop();
    };
    const onLost = (error: RunFencedError | StartLapsedError) => {
      if (error instanceof StartLapsedError) lapsed ??= error;
      else lost ??= error;
      stop(); // kills the attempt's process group; the runtime writes nothing more under this fence
    };
    const { runId, fence } = claim.lease;
    const ended = runClaimed(claim, slot, halt.signal, (a) => {
      actor = a;
      if (lost || lapsed || stopping) a.stop();
      else if (a.getSnapshot().status === 'done') done();
      else a.subscribe((snapshot) => { if (snapshot.status === 'done') done(); });
    }, onLost, { store, task: tasks[claim.taskName]!, leaseMs, commitRetryMs, emit }).then((status) => {
      if (claim.decision) return markDecisionTaken(store, claim.decision.id, fence).then(() => status);
      return status;
    }).then((status): RunEnd => {
      emit({ type: 'finished', runId, fence, status });
      return 'rest'; // final, or escalated: nothing for another worker to do until a decision comes
    }, (error: unknown): RunEnd => {
      const fenced = lost ?? (error instanceof RunFencedError ? error : null);
      if (fenced) emit({ type: 'lost', runId, fence, error: fenced });
      else if (lapsed) emit({ type: 'lapsed', runId, fence, attempt: lapsed.attempt });
      else if (error instanceof RunInterruptedError) emit({ type: 'interrupted', runId, fence });
      else emit({ type: 'error', runId, error });
      return fenced ? 'lost' : 'left';
    });
    return {
      stop: () => {
        stopping = true;
        stop();
      },
      lose: onLost,
      ended,
    };
  };

  const loop = startClaimLoop({ store, holder, tasks: names, concurrency, leaseMs, pollMs, report: emit, start });
  return { id, stop: loop.stop, done: loop.done };
}
