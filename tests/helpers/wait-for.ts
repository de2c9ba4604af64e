/**
 * Waiting in tests for a condition, never for a time: a CI runner can be as loaded as this
 * machine (load 20), so a test polls until what it needs is true, with an outer limit generous
 * enough that only a real hang reaches it, and then fails naming what it waited for.
 */

/** The outer limit of {@link waitFor} by default: a hang, not a slow machine. */
export const WAIT_LIMIT_MS = 120_000;

/**
 * Resolves once `condition` holds (it may be async), polling every `everyMs`; rejects after
 * `withinMs` saying `what` never happened.
 */
export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, { withinMs = WAIT_LIMIT_MS, everyMs = 10 } = {}): Promise<void> {
  for (const deadline = Date.now() + withinMs; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`waited ${withinMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
