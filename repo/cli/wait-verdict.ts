/**
 * When `recover wait` stops waiting, and with which code: as soon as the run needs nobody but a
 * person, with exactly the code `recover run` would have exited with. A run at rest is final
 * (its status's code), escalated with no decision recorded yet (3: a decision is needed), or a
 * `recover run` let go that no worker will continue (130: `recover resume` continues it).
 * Anything else is still moving: queued, running, taken over, or escalated with a decision
 * recorded that a worker is about to take (it would otherwise be reported as escalated again).
 */
import { EXIT, exitCodeOf } from './exit-codes.js';
import type { FleetRunState } from '../store/postgres/queue.js';
import { isRunStatus } from '../taxonomy/index.js';

/** Why `wait` returns: the code, the status it prints, and what to do next (for stderr), if anything. */
export interface WaitVerdict {
  code: number;
  /** The run's status as printed (`interrupted` for a run let go that no worker continues). */
  status: string;
  /** One line for stderr: the command that moves the run on. */
  next: string | null;
}

/**
 * The verdict on `state`, or null to keep waiting. `storeArg` is what the printed commands add to
 * name the store (empty when `$RECOVERY_STORE` names it).
 */
export function waitVerdict(runId: string, state: FleetRunState, storeArg: string): WaitVerdict | null {
  // A final status this build does not know (a newer worker's) is no exit code of ours: internal.
  if (state.final && state.status !== null) return { code: isRunStatus(state.status) ? exitCodeOf({ status: state.status }) : EXIT.internal, status: state.status, next: null };
  if (state.status === 'escalated' && !state.decisionPending) {
    const choices = state.decisionOptions && state.decisionOptions.length > 0 ? state.decisionOptions.join('|') : 'CHOICE';
    return { code: EXIT.escalated, status: 'escalated', next: `${runId} waits for a decision: recover decide ${runId} --choice ${choices}${storeArg}` };
  }
  if (state.status === 'running' && !state.offered && state.unowned) {
    return { code: EXIT.interrupted, status: 'interrupted', next: `${runId} was interrupted and no worker will continue it: recover resume ${runId}${storeArg}` };
  }
  return null;
}
