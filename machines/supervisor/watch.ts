/**
 * Heartbeat and progress watches as deadlines in context. Nothing here reads a clock: the machine
 * sleeps until the earliest deadline through its `sleepUntil` slot and checks at the time the
 * slot reports, so a restored supervisor waits only for what remains (XState does not restore
 * pending `after` timers, statelyai/xstate#5331).
 */
import type { FailureType } from '../../src/taxonomy/index.js';
import type { AgentRecord, SupervisorContext } from './types.js';

type WatchContext = Pick<SupervisorContext, 'agents' | 'order' | 'heartbeatTimeoutMs' | 'stallTimeoutMs' | 'checkedAt'>;

/** Only running agents are watched: paused, rolling back and escalated agents are silent by design. */
const watched = (c: WatchContext): AgentRecord[] =>
  c.order.map((id) => c.agents[id]!).filter((a) => a.status === 'running');

/** When an agent's heartbeat and progress watches expire (epoch ms). */
export function deadlinesOf(c: Pick<WatchContext, 'heartbeatTimeoutMs' | 'stallTimeoutMs'>, a: AgentRecord) {
  return { heartbeat: a.lastHeartbeatAt + c.heartbeatTimeoutMs, progress: a.lastProgressAt + c.stallTimeoutMs };
}

/**
 * The earliest deadline after the last check, or null when nothing is watched. Deadlines at or
 * before the last check belong to agents whose failure that check already raised.
 */
export function nextDeadline(c: WatchContext): number | null {
  let earliest: number | null = null;
  for (const agent of watched(c)) {
    const { heartbeat, progress } = deadlinesOf(c, agent);
    for (const at of [heartbeat, progress]) if (at > c.checkedAt && (earliest === null || at < earliest)) earliest = at;
  }
  return earliest;
}

/** A watch failure found by a check. */
export interface Overdue {
  agentId: string;
  failureType: Extract<FailureType, 'HEARTBEAT_TIMEOUT' | 'PROGRESS_STALL'>;
  message: string;
}

/** Running agents whose heartbeat (first) or progress deadline has passed at `at`. */
export function overdueAt(c: WatchContext, at: number): Overdue[] {
  const overdue: Overdue[] = [];
  for (const agent of watched(c)) {
    const { heartbeat, progress } = deadlinesOf(c, agent);
    if (heartbeat <= at) {
      overdue.push({ agentId: agent.id, failureType: 'HEARTBEAT_TIMEOUT', message: `No heartbeat received for ${at - agent.lastHeartbeatAt} ms` });
    } else if (progress <= at) {
      overdue.push({ agentId: agent.id, failureType: 'PROGRESS_STALL', message: `No progress reported for ${at - agent.lastProgressAt} ms` });
    }
  }
  return overdue;
}
