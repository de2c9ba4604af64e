/**
 * A run driven in this process, interrupted by a signal (Ctrl-C, a polite kill, a closed
 * terminal) the way the protocol wants: the actor stops, the attempt's process group is killed,
 * the last checkpoint stays and the lock is let go, so `recover resume` continues the run.
 */
import type { Outcome } from '../runtime/outcome.js';
import { EXIT } from './exit-codes.js';

/** The signals that interrupt a run: Ctrl-C, a polite kill (systemd, docker, CI), a closed terminal. */
export const INTERRUPT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** One of {@link INTERRUPT_SIGNALS}. */
export type InterruptSignal = (typeof INTERRUPT_SIGNALS)[number];

/** A run ended by a signal: the checkpoint is kept and the lock released; `exitCode` is 128 + signo. */
export class Interrupted {
  readonly exitCode: number;
  constructor(readonly signal: InterruptSignal) {
    this.exitCode = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hangup }[signal];
  }
}

/**
 * Drives `start` with SIGINT, SIGTERM and SIGHUP handled alike: the first one stops the actor,
 * which aborts the attempt (the command's process group is killed); the run then rejects with
 * `RunInterruptedError` once that group is gone, the last checkpoint is on disk and the lock is
 * released, so the run is resumable. Resolves to the outcome, or to {@link Interrupted}.
 * A second signal exits at once with the same code (a user who insists); a group it leaves
 * behind is recorded in the checkpoint and killed by the next `recover resume`.
 */
export async function withInterrupt(
  start: (onStart: (actor: { stop(): unknown }) => void) => Promise<Outcome>,
): Promise<Outcome | Interrupted> {
  let actor: { stop(): unknown } | undefined;
  let caught: Interrupted | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (caught) process.exit(caught.exitCode);
    caught = new Interrupted(signal as InterruptSignal);
    actor?.stop();
  };
  for (const signal of INTERRUPT_SIGNALS) process.on(signal, onSignal);
  try {
    // A signal before the run started (the lock, the store) stops it as soon as it starts.
    return await start((a) => {
      actor = a;
      if (caught) a.stop();
    });
  } catch (error) {
    if (caught && (error as { code?: unknown }).code === 'ERR_RUN_INTERRUPTED') return caught;
    throw error;
  } finally {
    for (const signal of INTERRUPT_SIGNALS) process.removeListener(signal, onSignal);
  }
}
