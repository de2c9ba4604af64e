import { SimulatedClock } from 'xstate';

/** A simulated clock starting at a fixed epoch, so timestamps in history are predictable. */
export function simulatedClock(start = Date.UTC(2026, 0, 1)): SimulatedClock {
  const clock = new SimulatedClock();
  clock.set(start);
  return clock;
}

/** Let promise reactions run. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Await `promise` while moving simulated time forward in `stepMs` steps, up to `maxMs`.
 * Returns the result and the simulated time that passed.
 */
export async function advanceUntilSettled<T>(clock: SimulatedClock, promise: Promise<T>, stepMs = 1000, maxMs = 3_600_000): Promise<{ value: T; elapsedMs: number }> {
  let settled = false;
  let value!: T;
  let failure: unknown;
  promise.then((v) => { settled = true; value = v; }, (e) => { settled = true; failure = e; });
  const start = clock.now();
  for (let i = 0; i < 20 && !settled; i++) await flush();
  while (!settled && clock.now() - start < maxMs) {
    clock.increment(stepMs);
    for (let i = 0; i < 5 && !settled; i++) await flush();
  }
  if (failure) throw failure;
  if (!settled) throw new Error(`not settled after ${maxMs} simulated ms`);
  return { value, elapsedMs: clock.now() - start };
}
