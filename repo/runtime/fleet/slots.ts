/**
 * A worker's slots: how many of its runs may be past their first checkpoint at once (the worker's
 * concurrency). A run takes its slot once that checkpoint is written, before its first attempt
 * starts (so the wait is not part of the attempt's timeout), and keeps it until its machine is
 * done or it is let go; runs waiting for one are served in the order they asked.
 */

/** One run's hold on a slot. */
export interface SlotTicket {
  /**
   * Resolves once the run holds its slot, at once when it does or has given it back (a run takes
   * one slot once); rejects when `signal` aborts first, or the ticket is freed while it waits.
   */
  take(signal?: AbortSignal): Promise<void>;
  /** Gives the slot back for good, the longest waiting run getting it; a `take` still waiting is rejected. */
  free(): void;
}

/** A fixed number of slots and the runs waiting for one. */
export class Slots {
  #free: number;
  readonly #waiting: Array<() => void> = [];
  readonly #onHeld: (ms: number) => void;

  /** `onHeld` hears how long each run held its slot, in ms. */
  constructor(size: number, onHeld: (ms: number) => void = () => undefined) {
    this.#free = size;
    this.#onHeld = onHeld;
  }

  /** A ticket for one run. */
  ticket(): SlotTicket {
    let state: 'new' | 'holding' | 'spent' = 'new';
    let heldAt = 0;
    // The run's place in the queue while it waits: `grant` hands it a slot, `drop` takes it out.
    let place: { grant: () => void; drop: (reason: unknown) => void } | null = null;
    return {
      take: (signal) => {
        if (state !== 'new') return Promise.resolve();
        if (signal?.aborted) return Promise.reject(signal.reason);
        if (place === null && this.#free > 0) {
          this.#free--;
          state = 'holding';
          heldAt = performance.now();
          return Promise.resolve();
        }
        return new Promise<void>((resolve, reject) => {
          const onAbort = () => place?.drop(signal!.reason);
          const settle = () => {
            signal?.removeEventListener('abort', onAbort);
            place = null;
          };
          const mine = {
            grant: () => {
              settle();
              state = 'holding';
              heldAt = performance.now();
              resolve();
            },
            drop: (reason: unknown) => {
              settle();
              this.#waiting.splice(this.#waiting.indexOf(mine.grant), 1);
              reject(reason);
            },
          };
          place?.drop(new Error('a second wait for the same slot')); // one wait per ticket
          place = mine;
          this.#waiting.push(mine.grant);
          signal?.addEventListener('abort', onAbort, { once: true });
        });
      },
      free: () => {
        place?.drop(new Error('the run was let go before it had a slot'));
        const held = state === 'holding';
        state = 'spent';
        if (!held) return;
        this.#onHeld(performance.now() - heldAt);
        const next = this.#waiting.shift();
        if (next) next(); // handed on: the count of free slots does not change
        else this.#free++;
      },
    };
  }
}
