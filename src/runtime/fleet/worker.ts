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
 * claim loop's (claim-loop.ts); this file runs what it claims.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { RunFencedError } from '../../store/errors.js';
import { dbErrorReason, isTransientDbError, retryTransient } from '../../store/postgres/transient.js';
import { markDecisionTaken, type Claim } from '../../store/postgres/queue.js';
import type { PostgresStore } from '../../store/postgres/store.js';
import type { LeaseHolder } from '../../store/types.js';
import { recordTakeover } from '../../telemetry/takeover.js';
import type { TaskContext } from '../options.js';
import { recoverPersisted, resume, RunInterruptedError, type PersistedOptions } from '../persisted.js';
import type { RecoveryActor } from '../recovery.js';
import { startClaimLoop, type RunEnd, type StartedRun } from './claim-loop.js';
import type { SlotTicket } from './slots.js';
import { claimedStore } from './claimed-store.js';
import { claimMeta } from './claim-meta.js';
import { COMMAND_TASK, commandInputOf, runCommandTask } from './command-task.js';
import type { Submission } from './submit.js';
import { hostClock, StartLapsedError } from '../start-gate.js';
import type { FleetTask } from './task.js';

/**
 * The part of a fresh lease within which an attempt must start: the rest (a third) is the margin
 * for the started program to reach its first effect before the lease could run out.
 */
const START_WINDOW = 2 / 3;

/** What a worker reports. */
export type WorkerEvent =
  | { type: 'claimed'; runId: string; fence: number; resumed: boolean; tookOverFrom: LeaseHolder | null }
  | { type: 'finished'; runId: string; fence: number; status: string }
  | { type: 'lost'; runId: string; fence: number; error: RunFencedError }
  | { type: 'interrupted'; runId: string; fence: number }
  | { type: 'lapsed'; runId: string; fence: number; attempt: number }
  | { type: 'notice'; runId: string; message: string }
  /** The database stopped answering (said once per outage; the worker keeps trying with backoff), or answers again. */
  | { type: 'store'; state: 'lost'; error: unknown }
  | { type: 'store'; state: 'back'; afterMs: number }
  | { type: 'error'; runId: string | null; error: unknown };

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
    const ended = execute(claim, slot, halt.signal, (a) => {
      actor = a;
      if (lost || lapsed || stopping) a.stop();
      else if (a.getSnapshot().status === 'done') done();
      else a.subscribe((snapshot) => { if (snapshot.status === 'done') done(); });
    }, onLost).then((status) => {
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

  const execute = async (
    claim: Claim, slot: SlotTicket, halted: AbortSignal, onStart: (actor: RecoveryActor) => void, onLost: (error: RunFencedError | StartLapsedError) => void,
  ): Promise<string> => {
    const { lease } = claim;
    /** When the lease was last renewed (by a renew or a commit): both clocks, read before the request was sent. */
    let renewed: { clock: number | null; ms: number } | null = null;
    const renewing = async (request: () => Promise<void>) => {
      const sent = { clock: hostClock(), ms: performance.now() };
      await request();
      return (renewed = sent);
    };
    const record = claim.started ? await retryTransient(() => store.load(lease.runId), { budgetMs: commitRetryMs }) : null;
    const submission = claim.input as Submission | null;
    // The run's meta as last committed: its test ledger grows with each attempt (by any owner).
    let meta = record?.meta;
    // A run `recover run` offered to the fleet was never queued: its command is in its meta, read
    // as an attempt starts, so a meta that cannot be read fails the attempt naming the field (the
    // run comes to rest with it in its history) instead of passing from worker to worker.
    const inputOf = submission ? () => submission.input : () => (record && meta ? commandInputOf(record.runId, meta) : null);
    const fn = tasks[claim.taskName]!;
    const task = async (ctx: TaskContext) => {
      await slot.take(ctx.signal); // taken once the write-ahead checkpoint landed (see `common`): at once
      // The write-ahead checkpoint was fenced, but this process may have stalled (SIGSTOP, a long
      // pause) between it and here while another worker took the run. So the attempt starts only
      // while a renewed lease surely holds: it lasts at least `leaseMs` from before its renew was
      // sent, and the start must come within START_WINDOW of that. The write-ahead commit renewed
      // it (a commit does, see the store's RENEW); when that is not fresh, a renew of its own (an
      // owner that has been replaced is refused). A program's start is checked by its forked child
      // (start-gate.ts); a function's here, the closest this process can come to its start.
      const lapse = () => {
        const error = new StartLapsedError(ctx.runId, ctx.attempt);
        onLost(error);
        return error;
      };
      // A renew cut by a passing database error is sent again while the start window lasts; one
      // that never gets through is a lapse (the run is let go, as a late start is), not a failure
      // of an attempt that never ran.
      const fresh = renewed !== null && performance.now() - renewed.ms <= leaseMs / 6 ? renewed : null;
      const { clock: sentAt, ms: sentMs } = fresh ?? await retryTransient(() => renewing(() => lease.renew()), {
        budgetMs: leaseMs * START_WINDOW, firstDelayMs: Math.min(100, leaseMs / 30),
      }).catch((error: unknown) => {
        if (error instanceof RunFencedError) onLost(error);
        throw isTransientDbError(error) ? lapse() : error;
      });
      if (performance.now() - sentMs > leaseMs * START_WINDOW) throw lapse();
      try {
        return await fn({
          // `signal` is an accessor of the context, which a spread does not copy.
          ...ctx, signal: ctx.signal, input: inputOf(), fence: lease.fence,
          ...(sentAt === null ? {} : { startBy: sentAt + Math.floor((leaseMs * START_WINDOW) / 10) }),
          env: { RECOVERY_RUN_ID: ctx.runId, RECOVERY_ATTEMPT: String(ctx.attempt), RECOVERY_FENCE: String(lease.fence) },
        });
      } catch (error) {
        throw error instanceof StartLapsedError ? lapse() : error;
      }
    };
    emit({ type: 'claimed', runId: lease.runId, fence: lease.fence, resumed: claim.started, tookOverFrom: lease.tookOverFrom });
    // A checkpoint that cannot be written for a passing reason is written again under the same
    // fence (a retry after a commit that did land is recognised by the store): giving the run up
    // instead would make its next owner run the attempt again, whose outcome this one already has.
    const commitHard = (commit: () => Promise<void>) => retryTransient(() => renewing(commit), {
      budgetMs: commitRetryMs,
      onRetry: (error, attempt) => {
        if (attempt === 1) emit({ type: 'notice', runId: lease.runId, message: `checkpoint not written (${dbErrorReason(error)}); retrying under fence ${lease.fence} for up to ${Math.round(commitRetryMs / 1000)} s` });
      },
    });
    recordTakeover(lease, record?.meta.traceparent); // telemetry: `recover.lease.takeovers`, when this claim replaced an owner
    // What this claim adds to the run's meta (claim-meta.ts): the takeover, a claimed decision, a queued command.
    const { meta: added, decision } = claimMeta(claim, record);
    // The run's options, built once: what it was submitted with, and this worker's store, lease and notices.
    const options: PersistedOptions = {
      ...submission?.options, runId: lease.runId, onStart,
      // Once a checkpoint landed, the run waits for one of the worker's slots (slots.ts) before it
      // goes on: runs in hand write their first checkpoint while others run their attempts, and
      // at most `concurrency` runs are past it at once. The attempt's timeout starts after the wait.
      store: claimedStore(store, lease, async (commit, checkpoint) => {
        await commitHard(commit);
        meta = checkpoint.head.meta;
        await slot.take(halted);
      }),
      onNotice: (message: string) => emit({ type: 'notice', runId: lease.runId, message }),
      meta: added,
    };
    const outcome = claim.started ? await resume(lease.runId, { ...options, task, ...(decision ? { decision } : {}) }) : await recoverPersisted(task, options);
    return outcome.status;
  };

  const loop = startClaimLoop({ store, holder, tasks: names, concurrency, leaseMs, pollMs, report: emit, start });
  return { id, stop: loop.stop, done: loop.done };
}
