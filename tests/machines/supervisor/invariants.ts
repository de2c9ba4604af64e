/** Invariants checked at every step of every supervisor model path. */
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { SupervisorMachine } from '../../../machines/supervisor.machine.js';
import { childIdOf } from '../../../machines/supervisor/context.js';
import { upstreamOf } from '../../../machines/pipeline/graph.js';
import { budgetFor } from '../../../src/policy/index.js';
import type { Driven } from './driver.js';

type Snap = SnapshotFrom<SupervisorMachine>;

/** Assert the invariants of one step (`previous` is the snapshot before it). */
export function checkStep(driven: Driven, previous: Snap, next: Snap): void {
  const c = next.context;
  // Context is JSON and the effect outbox is empty between events.
  expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  expect(c.effects).toEqual([]);
  // The audit trail only grows, with consecutive ids.
  expect(c.events.slice(0, previous.context.events.length)).toEqual(previous.context.events);
  c.events.forEach((e, i) => expect(e.id).toBe(`${c.sessionId}:${i + 1}`));
  // Exactly the live agents have a child actor, registered under their attempt's systemId.
  const live = c.order.filter((id) => ['running', 'paused'].includes(c.agents[id]!.status));
  const expected = next.status === 'active' ? live.map((id) => childIdOf(id, c.agents[id]!.attempt)).sort() : [];
  expect(Object.keys(next.children).filter((k) => k.startsWith('agent:')).sort()).toEqual(expected);
  for (const systemId of expected) expect(driven.actor.system.get(systemId), systemId).toBeDefined();
  const nodes = c.order.map((id) => c.agents[id]!);
  for (const a of nodes) {
    // Paused exactly when an upstream agent is rolling back or escalated.
    const blocked = upstreamOf(nodes, a.id).some((id) => ['rollingBack', 'escalated'].includes(c.agents[id]!.status));
    if (next.status === 'active' && a.status === 'running') expect(blocked, `${a.id} runs while an upstream is blocked`).toBe(false);
    if (a.status === 'paused') expect(blocked, `${a.id} paused without cause`).toBe(true);
    // An automatic retry never exceeds the failure type's budget.
    const before = previous.context.agents[a.id]!;
    if (a.retries > before.retries && a.lastFailure) expect(a.retries).toBeLessThanOrEqual(budgetFor(c.policy, a.lastFailure.type));
    // A paused agent was told so; a resumed one was told to resume.
    const told = driven.commands.get(childIdOf(a.id, a.attempt)) ?? [];
    if (a.status === 'paused' && before.status !== 'paused') expect(told.at(-1)?.type).toBe('PAUSE');
    if (a.status === 'running' && before.status === 'paused' && before.attempt === a.attempt) expect(told.at(-1)?.type).toBe('RESUME');
  }
  // The session's status and the chart agree.
  if (next.status === 'done') expect(next.value).toBe(c.status);
  else expect(c.status).toBe('running');
}
