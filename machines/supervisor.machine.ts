/**
 * The supervisor statechart (seed 004's coordinator): agents run as spawned child actors with
 * systemIds and report HEARTBEAT, PROGRESS, AGENT_DONE and AGENT_FAILED; watches turn silence into
 * HEARTBEAT_TIMEOUT and PROGRESS_STALL; severity decides the action; rollbacks of agent, group or
 * session scope pause dependents and resume them after.
 *
 * Pure: every guard, action and actor is named in `setup()`; `agent`, `rollback` and `sleepUntil`
 * are slots filled with `.provide()`. No `after` timers: the watch sleeps until a deadline kept in
 * context, so a restored supervisor waits only for what remains (statelyai/xstate#5331).
 */
import { fromCallback, setup } from 'xstate';
import type { SleepInput, SleepOutput } from './recovery/types.js';
import { supervisorActions } from './supervisor/actions.js';
import { initialSupervisorContext } from './supervisor/context.js';
import { supervisorGuards } from './supervisor/guards.js';
import { rollbackInput } from './supervisor/rollback.js';
import type {
  AgentLogic, SessionStatus, SupervisorContext, SupervisorEvent, SupervisorInput, SupervisorRecoveryEvent,
  SupervisorRollbackInput, SupervisorRollbackOutput,
} from './supervisor/types.js';
import { nextDeadline } from './supervisor/watch.js';
import { actorNames, slotType, slots } from './shared.js';

/** The machine id stored in every checkpoint envelope. */
export const SUPERVISOR_MACHINE_ID = 'supervisor';
/** Bump when context or states change shape. */
export const SUPERVISOR_MACHINE_VERSION = 1;

/** What the supervisor ends with. */
export interface SupervisorOutput {
  sessionId: string;
  status: SessionStatus;
  reason: string | null;
  agents: Record<string, string>;
  events: SupervisorRecoveryEvent[];
}

const missing = (name: string) => new Error(`supervisor machine: the "${name}" actor is not provided; fill it with machine.provide({ actors: { ${name}: … } })`);
const unprovidedAgent: AgentLogic = fromCallback(() => { throw missing('agent'); });

/** The slots a runtime must provide: the agents (any actor logic), and two promise slots. */
const SUPERVISOR_ACTORS = {
  agent: unprovidedAgent,
  ...slots(SUPERVISOR_MACHINE_ID, {
    rollback: slotType<SupervisorRollbackOutput, SupervisorRollbackInput>(),
    sleepUntil: slotType<SleepOutput, SleepInput>(),
  }),
};
/** The names of the slots a runtime must provide: `agent`, `rollback`, `sleepUntil`. */
export const SUPERVISOR_ACTOR_SLOTS = actorNames(SUPERVISOR_ACTORS);

/**
 * The supervisor. Input: {@link SupervisorInput} (defaults: heartbeat 30 s, stall 5 min, rollback
 * after 3 consecutive failures, `DEFAULT_POLICY` budgets). Slots:
 * - `agent`: any actor logic; spawned once per attempt with id and systemId `agent:<id>#<attempt>`
 *   and an {@link AgentInput}; it reports to its parent (`sendBack`/`sendParent`) with HEARTBEAT,
 *   PROGRESS, AGENT_DONE and AGENT_FAILED, and is sent PAUSE/RESUME; if the actor itself fails,
 *   that counts as a CLI_CRASH of the agent.
 * - `rollback`: reverts the targets to their checkpoints (`checkpointFilePlan` decides per file).
 * - `sleepUntil`: resolves `{ at }` once the clock reaches `until` (the runtime's `sleepUntil`);
 *   it must not reject (that would fail the supervisor: without a clock nothing is watched).
 * Ends `completed` (every agent completed or skipped), `halted` (critical) or `aborted` (USER_ABORT);
 * an escalated agent waits for `DECIDE` while the others go on.
 */
export const supervisorMachine = setup({
  types: {
    context: {} as SupervisorContext,
    input: {} as SupervisorInput,
    events: {} as SupervisorEvent,
    output: {} as SupervisorOutput,
  },
  actors: SUPERVISOR_ACTORS,
  guards: supervisorGuards,
  actions: supervisorActions,
}).createMachine({
  id: SUPERVISOR_MACHINE_ID,
  context: ({ input }) => initialSupervisorContext(input),
  initial: 'supervising',
  output: ({ context }) => ({
    sessionId: context.sessionId,
    status: context.status,
    reason: context.reason,
    agents: Object.fromEntries(context.order.map((id) => [id, context.agents[id]!.status])),
    events: context.events,
  }),
  states: {
    supervising: {
      type: 'parallel',
      entry: ['startReadyAgents', 'flushEffects'],
      always: { guard: 'isSessionCompleted', target: 'completed' },
      on: {
        HEARTBEAT: { guard: 'isLiveAgentEvent', actions: 'recordHeartbeat' },
        PROGRESS: { guard: 'isLiveAgentEvent', actions: 'recordProgress' },
        AGENT_DONE: { guard: 'isLiveAgentEvent', actions: ['completeAgent', 'flushEffects'] },
        // Severity routing, in priority order (seed 004; USER_ABORT and critical stop everything).
        AGENT_FAILED: [
          { guard: 'isAbortFailure', target: 'aborted', actions: ['abortFromAgent', 'flushEffects'] },
          { guard: 'isCriticalFailure', target: 'halted', actions: ['haltSession', 'flushEffects'] },
          { guard: 'isLowFailure', actions: 'logFailure' },
          { guard: 'isFailureBudgetSpent', actions: ['escalateAgent', 'flushEffects'] },
          { guard: 'isAutoRollbackDue', target: '.work.rollingBack', actions: ['beginAutoRollback', 'flushEffects'] },
          { guard: 'isHighFailure', actions: ['retryWithReset', 'flushEffects'] },
          { guard: 'isLiveAgentEvent', actions: ['retryImmediate', 'flushEffects'] },
        ],
        DECIDE: [
          { guard: 'choseRetryFresh', actions: ['applyDecision', 'flushEffects'] },
          { guard: 'choseSkip', actions: ['applyDecision', 'flushEffects'] },
          { guard: 'choseRollback', target: '.work.rollingBack', actions: ['applyDecision', 'flushEffects'] },
          { guard: 'choseAbort', target: 'aborted', actions: ['applyDecision', 'flushEffects'] },
        ],
        ROLLBACK: { guard: 'canRollbackRequest', target: '.work.rollingBack', actions: ['beginRequestedRollback', 'flushEffects'] },
        USER_ABORT: { target: 'aborted', actions: ['abortSession', 'flushEffects'] },
        'xstate.error.actor.*': { guard: 'isCurrentAgentCrash', actions: 'raiseCrash' },
      },
      states: {
        work: {
          initial: 'active',
          states: {
            active: {},
            rollingBack: {
              invoke: {
                id: 'rollback',
                src: 'rollback',
                input: ({ context }) => rollbackInput(context),
                onDone: [
                  { guard: 'isRestored', target: 'active', actions: ['finishRollback', 'flushEffects'] },
                  { target: 'active', actions: ['failRollback', 'flushEffects'] },
                ],
                onError: { target: 'active', actions: ['failRollback', 'flushEffects'] },
              },
            },
          },
        },
        watch: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasDeadline', target: 'sleeping' } },
            sleeping: {
              entry: 'armWatch',
              always: { guard: 'hasNoDeadline', target: 'idle', actions: 'disarmWatch' },
              invoke: {
                id: 'watchTimer',
                src: 'sleepUntil',
                input: ({ context }) => ({ until: nextDeadline(context) ?? context.clockAt }),
                onDone: { target: 'idle', actions: 'checkWatches' },
              },
            },
          },
        },
      },
    },
    completed: { type: 'final' },
    halted: { type: 'final' },
    aborted: { type: 'final' },
  },
});

/** The supervisor machine's type, for embedding. */
export type SupervisorMachine = typeof supervisorMachine;
