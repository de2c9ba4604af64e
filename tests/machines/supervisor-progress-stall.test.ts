/**
 * Seed 004's PROGRESS_STALL as the supervisor's watch finds it, with the default timeouts
 * (heartbeat 30 s, stall 5 min): an agent that keeps sending heartbeats but reports no progress
 * fails with PROGRESS_STALL (severity medium) 5 min after its last progress, is restarted
 * (RETRY_IMMEDIATE), and after its budget of 2 retries is escalated; an agent that reports progress
 * in time is never stalled. Agents are stubs (`.provide()` in the driver), time a `SimulatedClock`.
 */
import { describe, expect, it } from 'vitest';
import { agentChild, deliver, flush, startDriven, type Driven } from './supervisor/driver.js';
import { START } from './supervisor/model.js';
import { waitFor } from '../helpers/wait-for.js';

const MIN = 60_000;

/**
 * Move the clock to `until` in 20 s steps; at each step both agents send a heartbeat (while
 * running), and `b` also reports progress once a minute.
 */
async function keepAlive(driven: Driven, from: number, until: number): Promise<void> {
  for (let t = from + 20_000; t <= until; t += 20_000) {
    driven.clock.set(t);
    await flush();
    await flush();
    for (const id of ['a', 'b']) {
      if (driven.actor.getSnapshot().context.agents[id]!.status !== 'running') continue;
      await deliver(driven, { type: 'HEARTBEAT', agentId: id, at: t });
      if (id === 'b' && (t - START) % MIN === 0) await deliver(driven, { type: 'PROGRESS', agentId: 'b', at: t, progress: (t - START) / (20 * MIN) });
    }
  }
}

const rowsOf = (driven: Driven, agentId: string) => driven.actor.getSnapshot().context.events.filter((e) => e.agent_id === agentId);

describe('supervisor: no progress for 5 min is PROGRESS_STALL (seed 004)', () => {
  it('heartbeats alone do not count: the stall is found at 5 min, retried, and escalated after 2 retries', async () => {
    const driven = await startDriven({ sessionId: 's-stall', agents: [{ id: 'a' }, { id: 'b' }], now: START });
    const first = agentChild(driven, 'a');

    // Alive but silent about progress: nothing is raised before the 5 min are up.
    await keepAlive(driven, START, START + 5 * MIN - 20_000);
    expect(driven.actor.getSnapshot().context.events).toEqual([]);
    expect(agentChild(driven, 'a')).toBe(first);

    await keepAlive(driven, START + 5 * MIN - 20_000, START + 5 * MIN);
    await waitFor('the first PROGRESS_STALL', () => rowsOf(driven, 'a').length === 1);
    expect(rowsOf(driven, 'a')[0]).toMatchObject({
      event_timestamp: new Date(START + 5 * MIN).toISOString(), failure_type: 'PROGRESS_STALL', severity: 'medium',
      recovery_action: 'RETRY_IMMEDIATE', attempt_number: 2, outcome: 'retrying', notes: 'No progress reported for 300000 ms',
    });
    // Restarted in a fresh context (seed 004: a stalled agent's retry refreshes it): a new child
    // for attempt 2, its watches counting from the restart.
    expect(driven.actor.getSnapshot().context.agents.a).toMatchObject({ status: 'running', attempt: 2, retries: 1, reset: true, lastProgressAt: START + 5 * MIN });
    expect(agentChild(driven, 'a')).not.toBe(first);

    // Stalled again 5 min after the restart: the second (and last) retry.
    await keepAlive(driven, START + 5 * MIN, START + 10 * MIN);
    await waitFor('the second PROGRESS_STALL', () => rowsOf(driven, 'a').length === 2);
    expect(rowsOf(driven, 'a')[1]).toMatchObject({ failure_type: 'PROGRESS_STALL', recovery_action: 'RETRY_IMMEDIATE', attempt_number: 3, outcome: 'retrying' });

    // The third stall: the budget of 2 retries is spent, so it escalates instead of a third retry.
    await keepAlive(driven, START + 10 * MIN, START + 15 * MIN);
    await waitFor('the escalation', () => rowsOf(driven, 'a').length === 3);
    expect(rowsOf(driven, 'a')[2]).toMatchObject({
      failure_type: 'PROGRESS_STALL', severity: 'medium', recovery_action: 'ESCALATE', attempt_number: 3, outcome: 'escalated',
      notes: 'budget of 2 retries spent: No progress reported for 300000 ms',
    });
    expect(driven.actor.getSnapshot().context.agents.a).toMatchObject({ status: 'escalated', attempt: 3 });

    // b reported progress every minute all along: never stalled, never restarted.
    expect(rowsOf(driven, 'b')).toEqual([]);
    expect(driven.actor.getSnapshot().context.agents.b).toMatchObject({ status: 'running', attempt: 1 });
    driven.actor.stop();
  });
});
