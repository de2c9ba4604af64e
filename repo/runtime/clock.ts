/**
 * The one place time comes from. Every wait of a run (backoff, timeouts, decision deadlines,
 * heartbeat watches) goes through a Clock, so tests drive time with XState's `SimulatedClock`.
 */

/** A clock: XState's `Clock` plus `now()`. XState's `SimulatedClock` satisfies it. */
export interface Clock {
  now(): number;
  setTimeout(fn: (...args: unknown[]) => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Real time. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Resolve at `until` (epoch ms on `clock`), or at once when it has passed; abortable. */
export function sleepUntil(clock: Clock, until: number, signal?: AbortSignal): Promise<{ at: number }> {
  return new Promise((resolve) => {
    const remaining = until - clock.now();
    if (remaining <= 0) return resolve({ at: clock.now() });
    const handle = clock.setTimeout(() => resolve({ at: clock.now() }), remaining);
    signal?.addEventListener('abort', () => clock.clearTimeout(handle), { once: true });
  });
}
