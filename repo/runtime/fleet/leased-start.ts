/**
 * An attempt of a claimed run starts only while its owner's lease surely holds. The write-ahead
 * checkpoint was fenced, but the worker may have stalled (SIGSTOP, a long pause) between it and
 * the start while another worker took the run. So the attempt starts only within START_WINDOW of
 * a renew that got through (a renew, or a commit: the store's commit renews), sent again while a
 * passing database error cuts it; a start that misses the window is a lapse: the run is let go,
 * as a late start is, not failed. A program's start is checked by its forked child against
 * `startBy` (start-gate.ts); a function's here, the closest this process can come to its start.
 */
import { RunFencedError } from '../../store/errors.js';
import { isTransientDbError, retryTransient } from '../../store/postgres/transient.js';
import type { Lease } from '../../store/types.js';
import type { TaskContext } from '../options.js';
import { hostClock, StartLapsedError } from '../start-gate.js';
import type { SlotTicket } from './slots.js';
import type { FleetTask } from './task.js';

/**
 * The part of a fresh lease within which an attempt must start: the rest (a third) is the margin
 * for the started program to reach its first effect before the lease could run out.
 */
export const START_WINDOW = 2 / 3;

/** When a renew was sent: the host clock (null without one) and `performance.now()`, read before the request went out. */
export interface RenewSent {
  clock: number | null;
  ms: number;
}

/** When the lease was last renewed, by a renew or a commit of this owner. */
export class Renewals {
  #last: RenewSent | null = null;

  /** Runs `request` (a renew, or a commit, which renews); once it got through, it is the last renew, dated when it was sent. */
  async renewing(request: () => Promise<void>): Promise<RenewSent> {
    const sent = { clock: hostClock(), ms: performance.now() };
    await request();
    return (this.#last = sent);
  }

  /** The last renew when it was sent within `withinMs`, else null. */
  freshWithin(withinMs: number): RenewSent | null {
    return this.#last !== null && performance.now() - this.#last.ms <= withinMs ? this.#last : null;
  }
}

/** What {@link leasedTask} needs of the claim and its worker. */
export interface LeasedStart {
  lease: Lease;
  leaseMs: number;
  slot: SlotTicket;
  renewals: Renewals;
  /** The run's input, read as each attempt starts. */
  inputOf: () => unknown;
  /** A renew found the lease taken, or the start lapsed: the run is let go. */
  onLost: (error: RunFencedError | StartLapsedError) => void;
}

/** `fn` as the persisted runtime's task: each attempt waits for the run's slot, then starts only under a lease that surely holds (see the module doc). */
export function leasedTask(fn: FleetTask, start: LeasedStart) {
  const { lease, leaseMs, slot, renewals, inputOf, onLost } = start;
  return async (ctx: TaskContext) => {
    await slot.take(ctx.signal); // taken once the write-ahead checkpoint landed (see the worker's store): at once
    const lapse = () => {
      const error = new StartLapsedError(ctx.runId, ctx.attempt);
      onLost(error);
      return error;
    };
    // The write-ahead commit renewed the lease; when that is not fresh, a renew of its own (an owner
    // that has been replaced is refused). One that never gets through in the window is a lapse.
    const { clock: sentAt, ms: sentMs } = renewals.freshWithin(leaseMs / 6) ?? await retryTransient(() => renewals.renewing(() => lease.renew()), {
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
}
