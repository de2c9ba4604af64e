/**
 * The deadline and abort signal of the user's diagnoser and adapter functions. An adapter is
 * often an LLM call: without a deadline, one that never answers hangs the run in DIAGNOSE or
 * ADAPT for good, and nothing could tell it to stop when the run is stopped.
 */
import type { Clock } from './clock.js';

/**
 * Default time a diagnoser or adapter (a function, or a program run by `adapterCommand` /
 * `diagnoserCommand`) may take before it counts as failed: 10 minutes. One place, so the
 * functions' deadline and the programs' agree.
 */
export const HOOK_TIMEOUT_MS = 10 * 60_000;

/**
 * What a diagnoser or adapter function is told besides its input (its second argument; a
 * one-argument function may ignore it).
 */
export interface HookContext {
  /**
   * Aborts when the run is stopped (the slot's actor is stopped: a signal handler, `actor.stop()`)
   * or when `timeoutMs` has passed: pass it on to `fetch` or your LLM client, and stop work when
   * it fires. Its `reason` says which.
   */
  readonly signal: AbortSignal;
  /** How long this call may take, in ms (`RecoveryOptions.hookTimeoutMs`, default {@link HOOK_TIMEOUT_MS}). */
  readonly timeoutMs: number;
}

/** Which hook is called (the diagnoser in DIAGNOSE, the adapter in ADAPT), as the timeout's message names it. */
export type HookRole = 'diagnoser' | 'adapter';

/**
 * Why `hookTimeoutMs` is not usable, or null: a positive number of ms (`Infinity`: no deadline).
 * A zero or negative deadline would fail every hook at once, and NaN would never fire.
 */
export function hookTimeoutProblem(timeoutMs: unknown): string | null {
  if (typeof timeoutMs !== 'number' || Number.isNaN(timeoutMs) || timeoutMs <= 0) {
    return `hookTimeoutMs must be a positive number of milliseconds (Infinity: no deadline); got ${String(timeoutMs)}`;
  }
  return null;
}

/** The error a hook that overran its deadline is failed with (the machine records its message). */
export function hookTimeoutError(phase: HookRole, timeoutMs: number): Error {
  return Object.assign(new Error(`${phase} timed out after ${timeoutMs} ms`), { name: 'TimeoutError', code: 'ETIMEDOUT' });
}

/**
 * Call `hook` with a {@link HookContext}: its signal follows `stop` (the slot actor's own signal)
 * and aborts at the deadline, `timeoutMs` after the call on `clock` — the run's clock, as its
 * backoff sleeps are, so a `SimulatedClock` drives the deadline in tests. Rejects with
 * {@link hookTimeoutError} at the deadline, and with the stop's reason when stopped, without
 * waiting for a hook that ignores its signal (what it answers later is dropped).
 */
export function callHook<TOutput>(
  phase: HookRole,
  hook: (context: HookContext) => TOutput | Promise<TOutput>,
  stop: AbortSignal,
  clock: Clock,
  timeoutMs: number,
): Promise<TOutput> {
  const controller = new AbortController();
  if (stop.aborted) controller.abort(stop.reason);
  return new Promise<TOutput>((resolve, reject) => {
    let timer: unknown;
    const onStop = () => {
      const reason: unknown = stop.reason ?? new Error(`${phase} stopped: the run was stopped`);
      finish(() => reject(reason), { reason });
    };
    // Settle once; abort the hook's signal when it did not answer (timed out, stopped).
    let done = false;
    function finish(settle: () => void, abort?: { reason: unknown }) {
      if (done) return;
      done = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      stop.removeEventListener('abort', onStop);
      if (abort && !controller.signal.aborted) controller.abort(abort.reason);
      settle();
    }
    if (controller.signal.aborted) return onStop();
    stop.addEventListener('abort', onStop, { once: true });
    // Infinity means no deadline (a timer of Infinity ms would fire at once).
    if (Number.isFinite(timeoutMs)) {
      timer = clock.setTimeout(() => {
        const error = hookTimeoutError(phase, timeoutMs);
        finish(() => reject(error), { reason: error });
      }, timeoutMs);
    }
    let answer: Promise<TOutput>;
    try {
      answer = Promise.resolve(hook({ signal: controller.signal, timeoutMs }));
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then((output) => finish(() => resolve(output)), (error: unknown) => finish(() => reject(error)));
  });
}
