/**
 * The DECIDE event, built typed. xstate does not check the event of a `sendTo` whose target is an
 * actor id (`sendTo('step', { type: 'DECIDE', choice: 'skp' })` compiles), so an orchestrator
 * that builds the event here gets a compile error for a misspelt choice instead of a run that
 * silently stays escalated.
 */
import type { DecisionChoice, DecisionName } from '../../src/policy/types.js';
import type { DecideEvent } from './types.js';

/**
 * A human's (or an orchestrator's) decision on an escalated run.
 *
 * @param choice - either spelling: `retry-with` or `retry-with-modifications`, `skip`, …
 * @param guidance - what to try next; read by `retry-with`. Default: none.
 * @example
 * ```ts
 * skipEscalatedStep: sendTo('step', decide('skip')),
 * ```
 */
export function decide(choice: DecisionChoice | DecisionName, guidance?: string): DecideEvent {
  return guidance === undefined ? { type: 'DECIDE', choice } : { type: 'DECIDE', choice, guidance };
}
