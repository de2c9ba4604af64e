/**
 * A worker's claim loop. While runs are short, it keeps up to twice its concurrency of runs in
 * hand, each started at once: a run writes its first checkpoint while it waits for a slot
 * (slots.ts), so a slot that frees goes to a run ready to start its attempt, and the checkpoint
 * writes of some runs overlap the attempts of others. It renews every lease it holds each lease/3 from the claim to the
 * release, and releases what it let go: a run that came to rest in its next claim's statement,
 * any other at once with a wake-up for the other workers. No SQL here: the statements are the
 * store's (queue.ts).
 *
 * Wake-ups: LISTEN/NOTIFY (a submit, a decision, a run let go) and a run ending, with polling
 * every `pollMs` as the backstop (a lost notification, a lease that simply ran out). A database
 * that stops answering is reported once per outage and tried with a growing pause.
 */
import { RunFencedError, StoreUnavailableError } from '../../store/errors.js';
import { listen } from '../../store/postgres/notify.js';
import { Outage } from '../../store/postgres/outage.js';
import { announceWork, claimRuns, releaseRuns, touchWorker, WORK_CHANNEL, type Claim, type HandBack } from '../../store/postgres/queue.js';
import type { PostgresStore } from '../../store/postgres/store.js';
import { isTransientDbError } from '../../store/postgres/transient.js';
import type { LeaseHolder } from '../../store/types.js';
import { Slots, type SlotTicket } from './slots.js';

/** How a started run was let go: at rest (final or escalated), lost to a newer fence, or left for another worker. */
export type RunEnd = 'rest' | 'lost' | 'left';

/** A run the loop started, as the worker runs it. */
export interface StartedRun {
  /** Stops the run (the worker stop): its checkpoint is kept, `ended` follows. */
  stop(): void;
  /** A renew found the lease taken: stop at once and write nothing more. */
  lose(error: RunFencedError): void;
  readonly ended: Promise<RunEnd>;
}

/** What the loop reports besides the runs' own events. */
export type LoopEvent =
  | { type: 'store'; state: 'lost'; error: unknown }
  | { type: 'store'; state: 'back'; afterMs: number }
  | { type: 'error'; runId: string | null; error: unknown };

/** What the loop needs. */
export interface ClaimLoopOptions {
  store: PostgresStore;
  holder: LeaseHolder & { worker: string };
  tasks: readonly string[];
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  report(event: LoopEvent): void;
  /**
   * Runs `claim`: its attempts start only once `slot.take()` resolves, and `done()` says that its
   * machine is done (only its last checkpoint is left to write): its slot goes to the next run.
   */
  start(claim: Claim, slot: SlotTicket, done: () => void): StartedRun;
}

/** A running loop. */
export interface ClaimLoop {
  /** Stops claiming, stops the runs in hand, releases every lease it holds; resolves when all are let go. */
  stop(): Promise<void>;
  /** Resolves once the loop has stopped. */
  readonly done: Promise<void>;
}

/** Runs that hold their slot less than this on average are claimed ahead (see `inHand`). */
const SHORT_RUN_MS = 1_000;

/** A lease held from its claim to its release, and the run on it. */
interface Held {
  stop(): void;
  renewer: NodeJS.Timeout;
  slot: SlotTicket;
  /** The machine is done: the run only writes its last checkpoint, and no longer counts as in hand. */
  finishing: boolean;
  /** Settles once the run is let go and its release written (when it is written at once). */
  gone: Promise<void>;
}

/** Starts the loop; see the module doc. */
export function startClaimLoop(options: ClaimLoopOptions): ClaimLoop {
  const { store, holder, tasks, concurrency, leaseMs, pollMs, report } = options;
  // Runs in hand: `concurrency` with a slot, and while runs are short as many more writing their
  // first checkpoint or waiting for a slot. A long run would keep a waiting one from an idle
  // worker elsewhere for as long as it lasts, and its checkpoint write is no part of its time
  // worth hiding; so a run is claimed ahead only while runs hold their slots < SHORT_RUN_MS on
  // average (an exponentially weighted mean, none before the first).
  let slotMs = Infinity;
  const slots = new Slots(concurrency, (ms) => { slotMs = slotMs === Infinity ? ms : 0.8 * slotMs + 0.2 * ms; });
  const inHand = () => (slotMs < SHORT_RUN_MS ? 2 * concurrency : concurrency);
  const held = new Map<string, Held>();
  const handBack = new Map<string, number>(); // runs let go at rest, by fence: released by the next claim
  let finishing = 0;
  let stopping = false;
  let wake: (() => void) | null = null;
  // A poke while the loop is claiming (not waiting) must not be lost: the next wait returns at once.
  let poked = false;
  const poke = () => {
    poked = true;
    wake?.();
  };
  const listener = listen(store.url, [WORK_CHANNEL], poke);
  const touch = (stopped = false) => touchWorker(store, holder.worker, holder, stopped);
  const heartbeat = setInterval(() => void touch().catch(() => undefined), Math.max(1_000, leaseMs / 3));

  const hold = (claim: Claim) => {
    const slot = slots.ticket();
    let entry: Held | undefined;
    const run = options.start(claim, slot, () => {
      if (entry === undefined || entry.finishing) return;
      entry.finishing = true;
      finishing++;
      slot.free();
      poke();
    });
    entry = {
      stop: run.stop, slot, finishing: false,
      renewer: setInterval(() => {
        // Another error: the database was unreachable; try again next time.
        claim.lease.renew().catch((error: unknown) => { if (error instanceof RunFencedError) run.lose(error); });
      }, Math.max(50, leaseMs / 3)),
      gone: run.ended.then((end) => letGo(claim, entry!, end)),
    };
    held.set(claim.lease.runId, entry);
  };

  const letGo = async (claim: Claim, entry: Held, end: RunEnd) => {
    clearInterval(entry.renewer);
    entry.slot.free();
    const { runId, fence } = claim.lease;
    await claim.lease.release().catch(() => undefined); // deferred: fills `handBack`
    if (end !== 'rest') handBack.delete(runId);
    // Let go before it came to rest: released now, and another worker may take it at once rather than at its next poll.
    if (end === 'left') await releaseRuns(store, [{ runId, fence }]).then(() => announceWork(store, runId)).catch(() => undefined);
    held.delete(runId);
    if (entry.finishing) finishing--;
    poke();
  };

  const outage = new Outage();
  let backoff = pollMs;
  const claimOnce = async (): Promise<boolean> => {
    const want = stopping ? 0 : inHand() - (held.size - finishing);
    if (want <= 0 && handBack.size === 0) return false;
    const handing: HandBack[] = [...handBack].map(([runId, fence]) => ({ runId, fence }));
    try {
      const claims = await claimRuns(store, holder, tasks, want, leaseMs, {
        inHand: [...held.keys()], handBack: handing, deferRelease: (runId, fence) => void handBack.set(runId, fence),
      });
      for (const { runId, fence } of handing) if (handBack.get(runId) === fence) handBack.delete(runId);
      const lasted = outage.recovered();
      if (lasted !== null) report({ type: 'store', state: 'back', afterMs: lasted });
      for (const claim of claims) hold(claim);
      return claims.length > 0 && claims.length === want;
    } catch (error) {
      if (!isTransientDbError(error) && !(error instanceof StoreUnavailableError)) report({ type: 'error', runId: null, error });
      else {
        // Said once per outage; the next claim comes after a growing pause rather than every poll.
        const { began, delayMs } = outage.failed();
        if (began) report({ type: 'store', state: 'lost', error });
        backoff = delayMs;
      }
      return false;
    }
  };

  const loop = async () => {
    await touch().catch((error: unknown) => { if (!isTransientDbError(error)) report({ type: 'error', runId: null, error }); });
    while (!stopping) {
      poked = false; // this claim answers every poke so far
      const full = await claimOnce();
      if (stopping || full || poked) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, outage.down ? backoff : pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  };

  const loopDone = loop();
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      stopping = true;
      poke();
      await loopDone;
      const runs = [...held.values()];
      for (const entry of runs) entry.stop();
      await Promise.all(runs.map((entry) => entry.gone));
      await releaseRuns(store, [...handBack].map(([runId, fence]) => ({ runId, fence }))).catch(() => undefined);
      clearInterval(heartbeat);
      await listener.close();
      await touch(true).catch(() => undefined);
    })();
    return stopped;
  };
  const done = new Promise<void>((resolve) => void loopDone.then(() => stopped ?? stop()).then(resolve, resolve));
  return { stop, done };
}
