/**
 * Waiting in tests for a condition, never for a time: a CI runner can be as loaded as this
 * machine (load 20), so a test polls until what it needs is true, with an outer limit generous
 * enough that only a real hang reaches it, and then fails naming what it waited for.
 */

/** The outer limit of {@link waitFor} by default: a hang, not a slow machine. */
export const WAIT_LIMIT_MS = 120_000;

/** What {@link waitFor} resolves with: the probe's first value that is not falsy. */
export type Found<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Resolves once `probe` (it may be async) gives a truthy value, with that value, polling every
 * `everyMs` (default 10); rejects after `withinMs` (default {@link WAIT_LIMIT_MS}) saying `what`
 * never happened. A boolean condition resolves with `true`.
 */
export async function waitFor<T>(what: string, probe: () => T | Promise<T>, { withinMs = WAIT_LIMIT_MS, everyMs = 10 } = {}): Promise<Found<T>> {
  for (const deadline = Date.now() + withinMs; ;) {
    const value = await probe();
    if (value) return value as Found<T>;
    if (Date.now() > deadline) throw new Error(`waited ${withinMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
