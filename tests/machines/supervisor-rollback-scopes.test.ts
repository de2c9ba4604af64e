/**
 * Seed 004's rollbacks in the supervisor, what each reverts: the automatic one after 3
 * consecutive failures (agent scope, the supervisor's default), a requested agent rollback (that
 * agent only) and a session rollback (every agent that did work). The rollback slot is a promise
 * the test settles; agents are stubs (`.provide()` in the driver), time a `SimulatedClock`.
 */
import { describe, expect, it } from 'vitest';
import type { SupervisorInput } from '../../machines/supervisor/types.js';
import { deliver, startDriven, type Driven } from './supervisor/driver.js';
import { START } from './supervisor/model.js';

const MIN = 60_000;
/** Watches far away: these scenarios are about failures and rollbacks, not silence. */
const base = { heartbeatTimeoutMs: 60 * MIN, stallTimeoutMs: 60 * MIN, now: START };

const snapshot = (driven: Driven) => driven.actor.getSnapshot();
const agent = (driven: Driven, id: string) => snapshot(driven).context.agents[id]!;
/** What the pending `rollback` actor was asked to revert. */
const rollbackRequest = (driven: Driven) =>
  (snapshot(driven).children.rollback as unknown as { getSnapshot(): { input: { scope: string; agents: Array<{ agentId: string; checkpoint: { checkpoint_id: string } }> } } }).getSnapshot().input;
const failure = (agentId: string, at: number) => ({ type: 'AGENT_FAILED', agentId, at, failureType: 'ERROR_RESPONSE', message: `HTTP 400 Bad Request (${agentId})` });
const restored = (at: number) => ({ type: 'xstate.done.actor.rollback', output: { restored: true, at } });

/** `a` (group ui) works and completes, `b` (group ui) and `d` work, `c` (needs a) runs; `e` (needs c) waits. */
async function busySession(sessionId: string, extra: Partial<SupervisorInput> = {}): Promise<Driven> {
  const driven = await startDriven({
    ...base, sessionId, ...extra,
    agents: [{ id: 'a', group: 'ui', tasks: ['layout', 'nav'] }, { id: 'b', group: 'ui' }, { id: 'c', needs: ['a'] }, { id: 'd' }, { id: 'e', needs: ['c'] }],
  });
  await deliver(driven, { type: 'PROGRESS', agentId: 'a', at: START + 1_000, completed_tasks: ['layout'], pending_tasks: ['nav'], files_committed: ['src/layout.ts'], files_in_progress: ['src/nav.ts'] });
  await deliver(driven, { type: 'AGENT_DONE', agentId: 'a', at: START + 2_000, files_committed: ['src/nav.ts'] });
  await deliver(driven, { type: 'PROGRESS', agentId: 'b', at: START + 3_000, files_committed: ['src/b.ts'] });
  await deliver(driven, failure('d', START + 4_000));
  expect(agent(driven, 'a')).toMatchObject({ status: 'completed', checkpoint: { checkpoint_id: 'chk-a-2', pending_tasks: [] }, restorePoint: { checkpoint_id: 'chk-a-1' } });
  expect(agent(driven, 'c').status).toBe('running');
  expect(agent(driven, 'd')).toMatchObject({ status: 'running', attempt: 2, consecutiveFailures: 1 });
  expect(agent(driven, 'e').status).toBe('waiting');
  return driven;
}

describe('supervisor: automatic rollback after consecutive failures (seed 004)', () => {
  const oneAgent = (extra: Partial<SupervisorInput> = {}) =>
    startDriven({ ...base, sessionId: 's-auto', agents: [{ id: 'a', tasks: ['layout', 'nav'] }, { id: 'b' }], ...extra });
  const progressed = { type: 'PROGRESS', agentId: 'a', at: START + 1_000, completed_tasks: ['layout'], pending_tasks: ['nav'], files_committed: ['src/layout.ts'], files_in_progress: ['src/nav.ts'] };

  it('by default the 3rd failure in a row rolls the agent back to its last checkpoint, then restarts it from there', async () => {
    const driven = await oneAgent();
    await deliver(driven, progressed);
    await deliver(driven, failure('a', START + 2_000));
    await deliver(driven, failure('a', START + 3_000));
    // Two failures: retried in place, no rollback yet.
    expect(snapshot(driven).matches({ supervising: { work: 'active' } })).toBe(true);
    expect(agent(driven, 'a')).toMatchObject({ status: 'running', attempt: 3, consecutiveFailures: 2 });

    const during = await deliver(driven, failure('a', START + 4_000));
    expect(during.matches({ supervising: { work: 'rollingBack' } })).toBe(true);
    expect(during.context.rollback).toMatchObject({ scope: 'agent', anchor: 'a', cause: 'consecutive_failures', targets: ['a'] });
    expect(during.context.agents.a!.status).toBe('rollingBack');
    expect(rollbackRequest(driven)).toMatchObject({ scope: 'agent', agents: [{ agentId: 'a', checkpoint: { checkpoint_id: 'chk-a-1', files_committed: ['src/layout.ts'], files_in_progress: ['src/nav.ts'] } }] });
    // The other agent is not touched.
    expect(during.context.agents.b).toMatchObject({ status: 'running', attempt: 1 });

    const after = await deliver(driven, restored(START + 5_000));
    expect(after.matches({ supervising: { work: 'active' } })).toBe(true);
    expect(after.context.agents.a).toMatchObject({ status: 'running', attempt: 4, reset: true, consecutiveFailures: 0, checkpoint: { checkpoint_id: 'chk-a-1', pending_tasks: ['nav'] } });
    expect(after.context.events.filter((e) => e.agent_id === 'a').map((e) => [e.recovery_action, e.outcome])).toEqual([
      ['RETRY_IMMEDIATE', 'retrying'], ['RETRY_IMMEDIATE', 'retrying'], ['ROLLBACK', 'rolled_back'],
    ]);
    expect(after.context.events.at(-1)).toMatchObject({ failure_type: 'ERROR_RESPONSE', checkpoint_id: 'chk-a-1', notes: 'rb-1: agent a rolled back (consecutive_failures): HTTP 400 Bad Request (a)' });
    driven.actor.stop();
  });

  it('rollbackAfterFailures 0 turns it off: the 3rd failure is retried like the others', async () => {
    const driven = await oneAgent({ rollbackAfterFailures: 0 });
    await deliver(driven, progressed);
    for (const at of [START + 2_000, START + 3_000, START + 4_000]) await deliver(driven, failure('a', at));
    expect(snapshot(driven).matches({ supervising: { work: 'active' } })).toBe(true);
    expect(snapshot(driven).context.rollbacks).toBe(0);
    expect(agent(driven, 'a')).toMatchObject({ status: 'running', attempt: 4, consecutiveFailures: 3 });
    driven.actor.stop();
  });
});

describe('supervisor: rollback scopes (seed 004)', () => {
  it('AGENT: reverts only that agent to its checkpoint; its running dependent pauses and resumes, the rest run on', async () => {
    const driven = await busySession('s-agent');
    const during = await deliver(driven, { type: 'ROLLBACK', scope: 'agent', target: 'a', at: START + 5_000 });
    expect(during.matches({ supervising: { work: 'rollingBack' } })).toBe(true);
    expect(during.context.rollback).toMatchObject({ scope: 'agent', targets: ['a'] });
    // The completed agent goes back to the checkpoint it last took while working, not its final one.
    expect(rollbackRequest(driven)).toEqual({
      sessionId: 's-agent', rollbackId: 'rb-1', scope: 'agent',
      agents: [{ agentId: 'a', checkpoint: expect.objectContaining({ checkpoint_id: 'chk-a-1', completed_tasks: ['layout'], pending_tasks: ['nav'], files_committed: ['src/layout.ts'], files_in_progress: ['src/nav.ts'] }) }],
    });
    expect(during.context.agents.a!.status).toBe('rollingBack');
    expect(during.context.agents.c).toMatchObject({ status: 'paused', pausedFor: ['a'] });
    // Not reverted: b (a's group, but this is not a group rollback) and d run on.
    expect(during.context.agents.b).toMatchObject({ status: 'running', attempt: 1 });
    expect(during.context.agents.d).toMatchObject({ status: 'running', attempt: 2 });

    const after = await deliver(driven, restored(START + 6_000));
    expect(after.context.agents.a).toMatchObject({ status: 'running', attempt: 2, reset: true, checkpoint: { checkpoint_id: 'chk-a-1', pending_tasks: ['nav'] } });
    expect(after.context.agents.c).toMatchObject({ status: 'running', attempt: 1, pausedFor: [] });
    expect(driven.commands.get('agent:c#1')).toEqual([{ type: 'PAUSE', reason: 'upstream_rollback' }, { type: 'RESUME' }]);
    expect(after.context.agents.b).toMatchObject({ status: 'running', attempt: 1, checkpoint: { checkpoint_id: 'chk-b-1' } });
    expect(after.context.events.filter((e) => e.recovery_action === 'ROLLBACK').map((e) => [e.agent_id, e.outcome, e.notes])).toEqual([['a', 'rolled_back', 'rb-1: agent a rolled back (request)']]);
    driven.actor.stop();
  });

  it('SESSION: reverts every agent that did work to its own checkpoint and restarts them in a cleared context', async () => {
    const driven = await busySession('s-session');
    const during = await deliver(driven, { type: 'ROLLBACK', scope: 'session', at: START + 5_000 });
    expect(during.matches({ supervising: { work: 'rollingBack' } })).toBe(true);
    // Every agent that ran (completed or running) is a target; e, still waiting, has nothing to revert.
    expect(during.context.rollback).toMatchObject({ scope: 'session', anchor: null, targets: ['a', 'b', 'c', 'd'] });
    expect(rollbackRequest(driven)).toMatchObject({
      scope: 'session',
      agents: [
        { agentId: 'a', checkpoint: { checkpoint_id: 'chk-a-1' } },
        { agentId: 'b', checkpoint: { checkpoint_id: 'chk-b-1', files_committed: ['src/b.ts'] } },
        { agentId: 'c', checkpoint: { checkpoint_id: 'chk-c-0' } },
        { agentId: 'd', checkpoint: { checkpoint_id: 'chk-d-0' } },
      ],
    });
    for (const id of ['a', 'b', 'c', 'd']) expect(during.context.agents[id]!.status, id).toBe('rollingBack');
    expect(during.context.agents.e!.status).toBe('waiting');

    const after = await deliver(driven, restored(START + 6_000));
    // Every target is back at its checkpoint with its failure count cleared…
    expect(Object.fromEntries(['a', 'b', 'c', 'd'].map((id) => [id, [after.context.agents[id]!.checkpoint.checkpoint_id, after.context.agents[id]!.consecutiveFailures]]))).toEqual({
      a: ['chk-a-1', 0], b: ['chk-b-1', 0], c: ['chk-c-0', 0], d: ['chk-d-0', 0],
    });
    expect(after.context.agents.a!.checkpoint).toMatchObject({ completed_tasks: ['layout'], pending_tasks: ['nav'], files_in_progress: ['src/nav.ts'] });
    // …and those with nothing upstream restart from it at once, in a cleared context (a new attempt).
    expect(Object.fromEntries(['a', 'b', 'd'].map((id) => [id, [after.context.agents[id]!.status, after.context.agents[id]!.attempt, after.context.agents[id]!.reset]]))).toEqual({
      a: ['running', 2, true], b: ['running', 2, true], d: ['running', 3, true],
    });
    expect(after.context.agents.e!.status).toBe('waiting');
    expect(after.context.rollback).toBeNull();
    expect(after.context.events.filter((e) => e.recovery_action === 'ROLLBACK').map((e) => [e.agent_id, e.outcome, e.notes])).toEqual(
      ['a', 'b', 'c', 'd'].map((id) => [id, 'rolled_back', 'rb-1: session rolled back (request)']),
    );
    driven.actor.stop();
  });
});
