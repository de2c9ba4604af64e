/**
 * Scenarios of the supervisor that the model walks but does not spell out: what dependents are
 * told during a rollback, what a skipped upstream means downstream, that watch deadlines survive a
 * restore, the audit rows, the severity table, and input validation.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { supervisorMachine } from '../../machines/supervisor.machine.js';
import { supervisorInputIssues } from '../../machines/supervisor/context.js';
import { SEVERITIES, SEVERITY_ACTIONS } from '../../src/taxonomy/index.js';
import { sleepUntil } from '../../src/runtime/clock.js';
import { agentChild, deliver, flush, startDriven } from './supervisor/driver.js';
import { START } from './supervisor/model.js';

const base = { sessionId: 's1', heartbeatTimeoutMs: 10_000, stallTimeoutMs: 60_000, now: START };

describe('supervisor scenarios', () => {
  it('pauses a running dependent during an upstream group rollback and resumes it after', async () => {
    const driven = await startDriven({ ...base, agents: [{ id: 'a', group: 'ui' }, { id: 'b', group: 'ui' }, { id: 'c', needs: ['a'] }] });
    await deliver(driven, { type: 'PROGRESS', agentId: 'a', at: START + 1_000, progress: 0.5, files_committed: ['src/a.ts'], files_in_progress: ['src/a2.ts'] });
    await deliver(driven, { type: 'AGENT_DONE', agentId: 'a', at: START + 2_000 });
    expect(driven.actor.getSnapshot().context.agents.c!.status).toBe('running');
    const during = await deliver(driven, { type: 'ROLLBACK', scope: 'group', target: 'ui', at: START + 3_000 });
    expect(during.matches({ supervising: { work: 'rollingBack' } })).toBe(true);
    expect(during.context.agents.c).toMatchObject({ status: 'paused', pausedFor: ['a'] });
    expect(driven.commands.get('agent:c#1')).toEqual([{ type: 'PAUSE', reason: 'upstream_rollback' }]);
    // The rollback reverts a completed agent to the checkpoint it last took while working.
    const request = (during.children.rollback as unknown as { getSnapshot(): { input: unknown } }).getSnapshot().input;
    expect(request).toMatchObject({ scope: 'group', agents: [{ agentId: 'a', checkpoint: { checkpoint_id: 'chk-a-1', files_in_progress: ['src/a2.ts'] } }, { agentId: 'b' }] });
    const after = await deliver(driven, { type: 'xstate.done.actor.rollback', output: { restored: true, at: START + 4_000 } });
    expect(after.context.agents.c!.status).toBe('running');
    expect(driven.commands.get('agent:c#1')?.at(-1)).toEqual({ type: 'RESUME' });
    expect(after.context.agents.a).toMatchObject({ status: 'running', attempt: 2, reset: true });
    expect(after.context.events.map((e) => [e.agent_id, e.recovery_action, e.outcome])).toEqual([['a', 'ROLLBACK', 'rolled_back'], ['b', 'ROLLBACK', 'rolled_back']]);
    driven.actor.stop();
  });

  it('escalates a waiting dependent with DEPENDENCY_FAILURE when its upstream is skipped', async () => {
    const driven = await startDriven({ ...base, agents: [{ id: 'a' }, { id: 'b', needs: ['a'] }] });
    await deliver(driven, { type: 'AGENT_FAILED', agentId: 'a', at: START + 1_000, failureType: 'AUTH_REQUIRED', message: '401' });
    const skipped = await deliver(driven, { type: 'DECIDE', agentId: 'a', choice: 'skip', at: START + 2_000 });
    expect(skipped.context.agents.b).toMatchObject({ status: 'escalated', lastFailure: { type: 'DEPENDENCY_FAILURE' } });
    const row = skipped.context.events.at(-1)!;
    expect(row).toMatchObject({ agent_id: 'b', failure_type: 'DEPENDENCY_FAILURE', severity: 'high', recovery_action: 'ESCALATE', outcome: 'escalated', user_escalated: true });
    expect(row.notes).toContain('required input from a is missing');
    // A person may run it anyway; then the session can complete.
    await deliver(driven, { type: 'DECIDE', agentId: 'b', choice: 'retry-fresh', at: START + 3_000 });
    const end = await deliver(driven, { type: 'AGENT_DONE', agentId: 'b', at: START + 4_000 });
    expect(end.value).toBe('completed');
    expect(end.output?.agents).toEqual({ a: 'skipped', b: 'completed' });
  });

  it('records seed 004 recovery events and reports a recovery when the agent finishes', async () => {
    const driven = await startDriven({ ...base, agents: [{ id: 'frontend' }] });
    await deliver(driven, { type: 'AGENT_FAILED', agentId: 'frontend', at: START + 1_000, failureType: 'TIMEOUT', message: 'slow' });
    const end = await deliver(driven, { type: 'AGENT_DONE', agentId: 'frontend', at: START + 2_000 });
    expect(end.context.events).toEqual([
      { id: 's1:1', session_id: 's1', agent_id: 'frontend', event_timestamp: new Date(START + 1_000).toISOString(), failure_type: 'TIMEOUT', severity: 'medium', recovery_action: 'RETRY_IMMEDIATE', attempt_number: 2, outcome: 'retrying', checkpoint_id: 'chk-frontend-0', user_escalated: false, user_decision: null, notes: 'slow' },
      { id: 's1:2', session_id: 's1', agent_id: 'frontend', event_timestamp: new Date(START + 2_000).toISOString(), failure_type: 'TIMEOUT', severity: 'medium', recovery_action: 'RETRY_IMMEDIATE', attempt_number: 2, outcome: 'recovered', checkpoint_id: 'chk-frontend-1', user_escalated: false, user_decision: null, notes: null },
    ]);
  });

  it('lets severity decide the action (SEVERITY_ACTIONS)', async () => {
    const actions: Record<string, string> = {};
    for (const severity of SEVERITIES) {
      const driven = await startDriven({ ...base, agents: [{ id: 'a' }] });
      const s = await deliver(driven, { type: 'AGENT_FAILED', agentId: 'a', at: START + 1_000, failureType: 'ERROR_RESPONSE', severity });
      actions[severity] = s.context.events[0]!.recovery_action;
      if (severity === 'immediate') expect(s.value).toBe('aborted');
      if (severity === 'critical') expect(s.value).toBe('halted');
      if (severity === 'low') expect(s.context.agents.a!.attempt).toBe(1);
      driven.actor.stop();
    }
    expect(actions).toEqual(SEVERITY_ACTIONS);
  });

  it('keeps watch deadlines across a restore: a restored supervisor waits only for what remains', async () => {
    const input = { ...base, agents: [{ id: 'a' }] };
    const driven = await startDriven(input);
    expect(agentChild(driven, 'a')).toBeDefined();
    const persisted = JSON.parse(JSON.stringify(driven.actor.getPersistedSnapshot()));
    driven.actor.stop();
    // The process restarts 8 s later: the heartbeat deadline (10 s after start) is 2 s away.
    const clock = new SimulatedClock();
    clock.set(START + 8_000);
    const logic = driven.logic.provide({ actors: { sleepUntil: fromPromise<{ at: number }, { until: number }>(({ input: s, signal }) => sleepUntil(clock, s.until, signal)) } });
    const restored = createActor(logic, { snapshot: persisted, input, clock }).start();
    await flush();
    clock.set(START + 9_999);
    await flush();
    expect(restored.getSnapshot().context.events).toEqual([]);
    clock.set(START + 10_000);
    await flush();
    await flush();
    expect(restored.getSnapshot().context.events[0]).toMatchObject({ failure_type: 'HEARTBEAT_TIMEOUT', recovery_action: 'RETRY_WITH_RESET', notes: 'No heartbeat received for 10000 ms' });
    restored.stop();
  });

  it('refuses an invalid input, naming every problem by path', () => {
    expect(supervisorInputIssues({ ...base, agents: [{ id: 'a', needs: ['b'] }, { id: 'b', needs: ['a'] }, { id: 'a' }, { id: 'c', needs: ['zz'] }], heartbeatTimeoutMs: 0 })).toEqual([
      'agents[2].id: duplicate id "a"',
      'agents[3].needs[0]: unknown agent "zz"',
      'agents: dependency cycle a → b → a',
      'heartbeatTimeoutMs: must be a positive number of ms',
    ]);
    // XState keeps a throwing context factory's error on the snapshot rather than throwing.
    const actor = createActor(supervisorMachine, { input: { ...base, agents: [{ id: 'x', needs: ['x'] }] } });
    expect(actor.getSnapshot()).toMatchObject({ status: 'error', error: expect.objectContaining({ message: expect.stringMatching(/dependency cycle x → x/) }) });
  });
});
