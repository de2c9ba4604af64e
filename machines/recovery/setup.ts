/**
 * The recovery machine's `setup()`: its types, its I/O slots unfilled, its delays, and every
 * guard and action by the name the chart uses. The chart's states (states/*.ts) are written
 * against it with `createStateConfig`, so each is typed as if it were written inline; and the
 * two shapes of transition the chart repeats most, into the next attempt and to ESCALATE.
 */
import { setup } from 'xstate';
import type { Reason } from '../../src/taxonomy/index.js';
import { slots } from '../shared.js';
import { recoveryActions, type EscalateAfter } from './actions.js';
import { recoveryGuards } from './guards.js';
import type { RecoveryOutput } from './output.js';
import { RECOVERY_MACHINE_ID, RECOVERY_SLOTS } from './slots.js';
import type { RecoveryContext, RecoveryEvent, RecoveryInput } from './types.js';

/** The recovery machine's implementations, named; `recoveryMachine` is this setup's one machine. */
export const recoverySetup = setup({
  types: {
    context: {} as RecoveryContext,
    input: {} as RecoveryInput,
    events: {} as RecoveryEvent,
    output: {} as RecoveryOutput,
  },
  actors: slots(RECOVERY_MACHINE_ID, RECOVERY_SLOTS),
  delays: {
    heartbeatTimeout: ({ context }) => context.policy.heartbeatTimeoutMs,
    stallTimeout: ({ context }) => context.policy.stallTimeoutMs,
  },
  guards: recoveryGuards,
  actions: recoveryActions,
});

/** The updates that lead into the next attempt (each takes `{ begin: true }`). */
type IntoAttemptAction = 'retrySame' | 'retryAtOnce' | 'recordRollback' | 'applyFix' | 'noteSleepEnd' | 'applyDecision' | 'applyStrategyHint';

/** Into the next attempt: the transition's own update (`action`) begins it too, so the step makes one update. */
export const intoAttempt = (action: IntoAttemptAction) =>
  ({ target: '#recovery.executing', actions: { type: action, params: { begin: true } } }) as const;

/** To ESCALATE for `reason`, recording first what the phase left needs (see `EscalateAfter`; default `null`: nothing). */
export const escalateFor = (reason: Reason, after: EscalateAfter | null = null) =>
  ({ target: '#recovery.escalated', actions: { type: 'escalate', params: { reason, after } } }) as const;
