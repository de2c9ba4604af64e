/**
 * The test model of the supervisor machine: the configurations walked, which events (with which
 * payloads) each state is offered, and the abstract state a simple path may not revisit.
 *
 * Each configuration is a small scenario that offers one agent's events at a time: interleaving
 * every agent's events would multiply the simple paths without reaching a new transition.
 */
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { SupervisorMachine } from '../../../machines/supervisor.machine.js';
import { childIdOf } from '../../../machines/supervisor/context.js';
import type { AgentRecord, SupervisorContext, SupervisorInput } from '../../../machines/supervisor/types.js';
import { resolvePolicy } from '../../../src/policy/index.js';
import type { FailureType, Severity } from '../../../src/taxonomy/index.js';

/** Epoch ms at which every model run starts. */
export const START = Date.UTC(2026, 0, 2, 10, 0, 0);

type Snap = SnapshotFrom<SupervisorMachine>;

/** One scenario: an input and the events each snapshot is offered. */
export interface SupervisorConfig {
  name: string;
  input: SupervisorInput;
  offer(snapshot: Snap, at: number): AnyEventObject[];
}

/** Small budgets keep simple paths enumerable and still reach every budget guard. */
const policy = resolvePolicy({ types: { HEARTBEAT_TIMEOUT: { budget: 1 }, PROGRESS_STALL: { budget: 1 }, ERROR_RESPONSE: { budget: 2 } } });

const input = (name: string, agents: SupervisorInput['agents'], extra: Partial<SupervisorInput> = {}): SupervisorInput => ({
  sessionId: `model-${name}`, agents, policy, heartbeatTimeoutMs: 10_000, stallTimeoutMs: 15_000, rollbackAfterFailures: 0, now: START, ...extra,
});

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (agentId: string, at: number, failureType: FailureType, severity?: Severity) =>
  ({ type: 'AGENT_FAILED', agentId, at, failureType, message: `${failureType} in model`, ...(severity ? { severity } : {}) });
const agentDone = (agentId: string, at: number) => ({ type: 'AGENT_DONE', agentId, at, files_committed: [`src/${agentId}.ts`] });
const heartbeatSeen = (a: AgentRecord) => a.lastHeartbeatAt !== a.lastProgressAt;
const decided = (c: SupervisorContext) => c.events.some((e) => e.user_decision !== null);
const sleeping = (s: Snap) => s.matches({ supervising: { watch: 'sleeping' } }) && s.context.watchUntil !== null;
const rollingBack = (s: Snap) => s.matches({ supervising: { work: 'rollingBack' } });
const rollbackOutcomes = (at: number): AnyEventObject[] =>
  [done('rollback', { restored: true, at }), done('rollback', { restored: false, at }), { type: 'xstate.error.actor.rollback', error: new Error('revert failed') }];

/**
 * a → b. Every severity and every decision: a fresh `a` is offered each failure kind, a crash, a
 * missed heartbeat (the watch) and a person's abort; a heartbeat then progress then completion
 * lead to `b` and the end; an escalated agent is offered each decision once.
 */
const severities: SupervisorConfig = {
  name: 'severities',
  input: input('severities', [{ id: 'a', tasks: ['layout', 'nav'] }, { id: 'b', needs: ['a'] }]),
  offer(s, at) {
    const c = s.context;
    const a = c.agents.a!;
    const b = c.agents.b!;
    const events: AnyEventObject[] = [];
    if (rollingBack(s)) events.push(...rollbackOutcomes(at));
    if (a.status === 'running') {
      const fresh = a.attempt === 1 && c.events.length === 0;
      if (fresh && !heartbeatSeen(a) && a.checkpoints === 1) {
        events.push(
          { type: 'HEARTBEAT', agentId: 'a', at },
          failed('a', at, 'USER_ABORT'), failed('a', at, 'SECURITY_VIOLATION'), failed('a', at, 'ERROR_RESPONSE', 'low'),
          failed('a', at, 'HEARTBEAT_TIMEOUT'), failed('a', at, 'AUTH_REQUIRED'), failed('a', at, 'ERROR_RESPONSE'),
          { type: `xstate.error.actor.${childIdOf('a', 1)}`, error: new Error('agent process died') },
          { type: 'USER_ABORT', at, reason: 'ctrl-c' },
        );
        if (sleeping(s)) events.push(done('watchTimer', { at: c.watchUntil }));
      } else if (fresh && heartbeatSeen(a)) {
        events.push({ type: 'PROGRESS', agentId: 'a', at, progress: 0.5, completed_tasks: ['layout'], pending_tasks: ['nav'], files_committed: ['src/Layout.tsx'], files_in_progress: ['src/Nav.tsx'] });
      } else {
        events.push(agentDone('a', at));
      }
    }
    if (a.status === 'escalated' && !decided(c)) {
      for (const choice of ['retry-fresh', 'skip', 'rollback', 'abort'] as const) events.push({ type: 'DECIDE', agentId: 'a', choice, at });
    }
    if (b.status === 'running') events.push(agentDone('b', at));
    return events;
  },
};

/**
 * a and b in group `ui`, c → a. Consecutive failures roll `a` back; a requested session rollback,
 * and a group rollback while `c` runs (so `c` pauses and resumes, or stays paused when the revert fails).
 */
const rollbacks: SupervisorConfig = {
  name: 'rollbacks',
  input: input('rollbacks', [{ id: 'a', group: 'ui' }, { id: 'b', group: 'ui' }, { id: 'c', needs: ['a'] }], { rollbackAfterFailures: 2 }),
  offer(s, at) {
    const c = s.context;
    const a = c.agents.a!;
    const events: AnyEventObject[] = [];
    if (rollingBack(s)) return rollbackOutcomes(at);
    if (a.status === 'running' && a.attempt <= 2) events.push(failed('a', at, 'ERROR_RESPONSE'), agentDone('a', at));
    if (c.rollbacks === 0 && c.events.length === 0 && a.attempt === 1) events.push({ type: 'ROLLBACK', scope: 'session', at, note: 'model request' });
    if (c.rollbacks === 0 && a.status === 'completed' && c.agents.c!.status === 'running') {
      events.push({ type: 'ROLLBACK', scope: 'group', target: 'ui', failureType: 'QUALITY_GATE_FAIL', at, note: 'gate failed on a' });
    }
    return events;
  },
};

/** One agent that never reports progress: the watch fails it with PROGRESS_STALL, retries, then escalates. */
const stall: SupervisorConfig = {
  name: 'stall',
  input: input('stall', [{ id: 'a' }], { stallTimeoutMs: 5_000 }),
  offer: (s) => (sleeping(s) && s.context.agents.a!.attempt <= 2 ? [done('watchTimer', { at: s.context.watchUntil })] : []),
};

/** The configurations walked; together they must cover every state and transition. */
export const CONFIGS: SupervisorConfig[] = [severities, rollbacks, stall];

/** The events a snapshot is offered. */
export function eventsFor(snapshot: Snap, config: SupervisorConfig): AnyEventObject[] {
  return snapshot.status === 'active' ? config.offer(snapshot, snapshot.context.clockAt + 1_000) : [];
}

/**
 * The abstract state a path may not revisit: chart position, what routes, and the time (each
 * event is 1 s after the last, so the time also tells paths of different lengths apart, whose
 * contexts differ in their timestamps).
 */
export function serialize(snapshot: Snap): string {
  const c = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    c.order.map((id) => {
      const a = c.agents[id]!;
      return [a.status, a.attempt, a.retries, a.consecutiveFailures, heartbeatSeen(a), a.checkpoints, a.pausedFor, a.lastFailure?.type ?? null, a.lastAction];
    }),
    c.rollback?.id ?? null, c.rollbacks, decided(c), c.status, c.events.length, c.clockAt,
  ]);
}
