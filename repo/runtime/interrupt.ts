/**
 * What a persisted run needs when it is stopped from outside (the CLI's SIGINT/SIGTERM/SIGHUP
 * handler calls `actor.stop()`): a typed rejection for the caller, and a way to wait until the
 * attempt that was running has really ended (its command's process group is gone) before the
 * last checkpoint is written and the lock released.
 */
import type { Task } from './options.js';
import { attemptAborted } from './run-attempt.js';

/** How long a stopped run waits for its running task to honour the abort before it lets go. */
export const STOP_GRACE_MS = 5_000;

/**
 * The run was stopped from outside before it came to rest. Its last checkpoint is on disk and
 * its lock released by the time this is thrown, so `resume(runId)` continues it.
 */
export class RunInterruptedError extends Error {
  readonly code = 'ERR_RUN_INTERRUPTED';
  constructor(readonly runId: string) {
    super(`run ${runId} was stopped before it finished; its last checkpoint is kept and resume continues it`);
    this.name = 'RunInterruptedError';
  }
}

/**
 * Wraps `task` so a stop can wait for the attempts in flight. Stopping aborts the attempt's
 * signal (a command then kills its process group and settles once the group is gone); `idle()`
 * resolves when every call has settled, or after `withinMs` for a task that ignores the abort.
 * A call that arrives already aborted (the stop landed while the write-ahead checkpoint was
 * being flushed) never starts the task: nothing would be left to stop it.
 */
export function trackedTask(task: Task): { task: Task; idle(withinMs?: number): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  const tracked: Task = (ctx) => {
    // Asked without reading `ctx.signal`, which would make two AbortControllers (the attempt's and
    // the run's) on every attempt of a persisted run; the reason, only for one that was stopped.
    if (attemptAborted(ctx)) return Promise.reject(ctx.signal.reason ?? new Error('stopped before the attempt started'));
    const call = Promise.resolve().then(() => task(ctx));
    running.add(call);
    const forget = () => void running.delete(call);
    call.then(forget, forget);
    return call;
  };
  return {
    task: tracked,
    async idle(withinMs = STOP_GRACE_MS) {
      if (running.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => { timer = setTimeout(resolve, withinMs); });
      await Promise.race([Promise.allSettled([...running]).then(() => undefined), late]);
      clearTimeout(timer);
    },
  };
}
