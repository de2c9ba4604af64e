/**
 * The state of a long-running loop's link to the database (a worker claiming, `recover wait`
 * polling): up, or down since a first failure. It says when an outage begins and ends, so the
 * loop reports each once instead of once per try, and how long to wait before the next try
 * (doubling from `firstDelayMs` up to `maxDelayMs`, with jitter so a fleet does not reconnect in step).
 */

/** Options of {@link Outage}. */
export interface OutageOptions {
  /** The wait after the first failure, in ms. Default 250. */
  firstDelayMs?: number;
  /** The longest wait between tries, in ms. Default 5,000: a server back is noticed within 5 s. */
  maxDelayMs?: number;
}

/** Tracks one loop's outages; see the module doc. */
export class Outage {
  readonly #first: number;
  readonly #max: number;
  #delay: number;
  #since: number | null = null;

  constructor(options: OutageOptions = {}) {
    this.#first = options.firstDelayMs ?? 250;
    this.#max = options.maxDelayMs ?? 5_000;
    this.#delay = this.#first;
  }

  /** True while the last try failed. */
  get down(): boolean {
    return this.#since !== null;
  }

  /** A try failed: whether this began an outage (report it), and how long to wait before the next try. */
  failed(): { began: boolean; delayMs: number } {
    const began = this.#since === null;
    if (began) this.#since = performance.now();
    const delayMs = Math.round(this.#delay * (0.5 + Math.random() / 2));
    this.#delay = Math.min(this.#max, this.#delay * 2);
    return { began, delayMs };
  }

  /** A try succeeded: how long the outage it ended lasted, in ms, or null when there was none. */
  recovered(): number | null {
    if (this.#since === null) return null;
    const lasted = performance.now() - this.#since;
    this.#since = null;
    this.#delay = this.#first;
    return Math.round(lasted);
  }
}
