/**
 * Waiting for a recovery actor to rest: final, or escalated and waiting for `DECIDE`.
 *
 * `recover()` waits this way for every run, so what a run holds while it waits is paid 10,000
 * times by 10,000 concurrent runs: one object (the wait itself, subscribed as the actor's
 * observer) besides the caller's promise — no async frame, no promise between the wait and the
 * caller's, no closure per check, and no subscription kept (the actor is stopped once it rests,
 * which drops its observers, and its work is unbound from its system: see `releaseRun`).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import type { AttemptValue } from './attempt-value.js';
import { releaseRun } from './actors.js';
import { isResting, outcomeOf, type Outcome } from './outcome.js';
import { extensionsPending } from './run-extensions.js';

type Snapshot = SnapshotFrom<RecoveryMachine>;
type RecoveryActor = ActorRefFrom<RecoveryMachine>;

/**
 * One wait for `actor` to rest, as the actor's observer: settles once, on the first resting
 * snapshot or the actor's error. With `value` (a run `recover()` started and owns), it also
 * waits for the run's extensions' writes, stops the actor and resolves with the outcome carrying
 * the passing attempt's value; without (an actor the caller keeps), it unsubscribes and resolves
 * with the outcome, leaving the actor running.
 */
class RestingWait {
  #settled = false;
  /** Set for a caller's actor only: its observers are not ours to drop by stopping it. */
  subscription: { unsubscribe(): void } | undefined;

  constructor(
    private readonly actor: RecoveryActor,
    private readonly value: AttemptValue | null,
    private readonly resolve: (outcome: Outcome) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  /** Starts waiting: settles at once when the actor already rests or has failed. */
  begin(): void {
    // A stopped actor answers `subscribe` with `complete`, never `next`: read its snapshot first.
    const snapshot = this.actor.getSnapshot();
    if (snapshot.status === 'error') return this.error(snapshot.error);
    if (isResting(snapshot)) return this.next(snapshot);
    const subscription = this.actor.subscribe(this);
    if (!this.value) this.subscription = subscription;
  }

  next(snapshot: Snapshot): void {
    if (this.#settled || !isResting(snapshot)) return;
    this.#settled = true;
    this.subscription?.unsubscribe();
    if (!this.value) return this.resolve(outcomeOf(snapshot));
    // Never stopped inside the actor's own notification: after the extensions' writes, or a tick.
    const value = this.value;
    (extensionsPending(this.actor) ?? RESOLVED).then(
      () => {
        // Read from the resting snapshot (it never changes), with the passing attempt's value: one outcome built.
        const result = value.outcomeFrom(snapshot);
        this.stopOwned();
        this.resolve(result);
      },
      (error: unknown) => {
        this.stopOwned();
        this.reject(error);
      },
    );
  }

  error(error: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    this.subscription?.unsubscribe();
    // An owned actor stops before its caller hears (it has stopped itself on an error already).
    if (this.value) this.stopOwned();
    this.reject(error);
  }

  /** Stop the actor `recover()` owns and unbind its work from its system (see `releaseRun`). */
  private stopOwned(): void {
    this.actor.stop();
    releaseRun(this.actor);
  }
}

const RESOLVED = Promise.resolve();

/** Resolve with the outcome once the actor rests (final, or escalated and waiting); it keeps running. */
export function whenResting(actor: RecoveryActor): Promise<Outcome> {
  return new Promise((resolve, reject) => new RestingWait(actor, null, resolve, reject).begin());
}

/**
 * Resolve with the outcome of a run this process started and owns, once it rests and its
 * extensions' writes (fix memory) are done, with the passing attempt's value; the actor is
 * stopped first (an escalated run is left for a store to decide). Rejects with the actor's error.
 */
export function outcomeWhenResting<T>(actor: RecoveryActor, value: AttemptValue): Promise<Outcome<T>> {
  return new Promise((resolve, reject) => new RestingWait(actor, value, resolve as (outcome: Outcome) => void, reject).begin());
}
