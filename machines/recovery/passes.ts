/**
 * Which recovery pass (iteration) a history event belongs to. Passes are numbered 1…budget
 * (UC-AP-004 §13): an event before the first pass begins belongs to pass 1, the one it opens
 * (see `appendHistory`), and an event after the last pass closes it rather than opening a pass
 * budget + 1 that never runs.
 */
import { isBudgetSpent } from './routing.js';
import type { RecoveryContext } from './types.js';

/**
 * The pass a PAUSE or DIAGNOSE belongs to (and the probe, escalation, handoff or fall-through
 * decided in that diagnosis): the one it opens, `iteration + 1`; or, when the failure type's
 * budget is spent and no pass will open, the last one, so no event is numbered budget + 1.
 */
export function openedPass(d: RecoveryContext): number {
  return isBudgetSpent(d) ? d.iteration : d.iteration + 1;
}
