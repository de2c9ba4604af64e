/**
 * Running one claimed run under the persisted runtime: a run started before is loaded and
 * resumed at its last checkpoint (the attempt in flight runs again: at-least-once), a new one
 * started; its checkpoints are written under the claim's fence, one cut by a passing database
 * error written again (a notice says so), and its attempts start under the lease (leased-start.ts).
 * No SQL here: the statements are the store's.
 */
import type { RunFencedError } from '../../store/errors.js';
import { dbErrorReason, retryTransient } from '../../store/postgres/transient.js';
import type { Claim } from '../../store/postgres/queue.js';
import type { PostgresStore } from '../../store/postgres/store.js';
import { recordTakeover } from '../../telemetry/takeover.js';
import { recoverPersisted, resume, type PersistedOptions } from '../persisted.js';
import type { RecoveryActor } from '../recovery.js';
import type { StartLapsedError } from '../start-gate.js';
import { claimedStore } from './claimed-store.js';
import { claimMeta } from './claim-meta.js';
import { commandInputOf } from './command-task.js';
import { leasedTask, Renewals } from './leased-start.js';
import type { SlotTicket } from './slots.js';
import type { Submission } from './submit.js';
import type { FleetTask } from './task.js';
import type { WorkerEvent } from './worker-event.js';

/** What a claimed run needs of its worker. */
export interface ClaimedRunContext {
  store: PostgresStore;
  task: FleetTask;
  leaseMs: number;
  /** How long a checkpoint cut by a passing database error is written again (see the worker's option). */
  commitRetryMs: number;
  /** Says the claim (`claimed`) and the run's notices. */
  emit: (event: Extract<WorkerEvent, { type: 'claimed' | 'notice' }>) => void;
}

/**
 * Runs `claim` to rest and resolves with its status. Its attempts wait for `slot`; `halted` aborts
 * a wait for it; `onStart` hears the actor; `onLost` hears a lease found taken or a lapsed start.
 */
export async function runClaimed(
  claim: Claim, slot: SlotTicket, halted: AbortSignal, onStart: (actor: RecoveryActor) => void,
  onLost: (error: RunFencedError | StartLapsedError) => void, worker: ClaimedRunContext,
): Promise<string> {
  const { store, leaseMs, commitRetryMs, emit } = worker;
  const { lease } = claim;
  const renewals = new Renewals();
  const record = claim.started ? await retryTransient(() => store.load(lease.runId), { budgetMs: commitRetryMs }) : null;
  const submission = claim.input as Submission | null;
  // The run's meta as last committed: its test ledger grows with each attempt (by any owner).
  let meta = record?.meta;
  // A run `recover run` offered to the fleet was never queued: its command is in its meta, read
  // as an attempt starts, so a meta that cannot be read fails the attempt naming the field (the
  // run comes to rest with it in its history) instead of passing from worker to worker.
  const inputOf = submission ? () => submission.input : () => (record && meta ? commandInputOf(record.runId, meta) : null);
  const task = leasedTask(worker.task, { lease, leaseMs, slot, renewals, inputOf, onLost });
  emit({ type: 'claimed', runId: lease.runId, fence: lease.fence, resumed: claim.started, tookOverFrom: lease.tookOverFrom });
  // A checkpoint that cannot be written for a passing reason is written again under the same
  // fence (a retry after a commit that did land is recognised by the store): giving the run up
  // instead would make its next owner run the attempt again, whose outcome this one already has.
  const commitHard = (commit: () => Promise<void>) => retryTransient(() => renewals.renewing(commit), {
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
}
