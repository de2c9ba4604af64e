/** Invariants checked at every step of every model path. */
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../../machines/recovery.machine.js';
import { budgetFor } from '../../../src/policy/index.js';
import type { Phase } from '../../../src/taxonomy/index.js';

/** Which phase may follow which in one run's history: the protocol as a graph. */
const NEXT: Record<Phase, Phase[]> = {
  PAUSE: ['DIAGNOSE'],
  DIAGNOSE: ['DIAGNOSE', 'ADAPT', 'RETRY', 'ESCALATE', 'ROLLBACK', 'HANDOFF'],
  ADAPT: ['RETRY', 'ESCALATE'],
  RETRY: ['PAUSE', 'ESCALATE', 'RETRY'],
  ROLLBACK: ['ADAPT', 'RETRY', 'ESCALATE', 'PAUSE'],
  ESCALATE: ['DECISION'],
  DECISION: ['ADAPT', 'RETRY', 'PAUSE', 'ROLLBACK', 'ESCALATE'],
  HANDOFF: [],
  RESUME: ['PAUSE', 'RETRY'],
};

/** Assert the invariants of one step (`previous` is the snapshot before it). */
export function checkStep(previous: SnapshotFrom<RecoveryMachine>, next: SnapshotFrom<RecoveryMachine>): void {
  const c = next.context;
  // History: seq continues by one, nothing is rewritten, and phases follow the protocol.
  const before = previous.context.history;
  expect(c.history.slice(0, before.length)).toEqual(before);
  c.history.forEach((event, i) => expect(event.seq).toBe(i + 1));
  for (let i = Math.max(1, before.length); i < c.history.length; i++) {
    const from = c.history[i - 1]!.phase;
    const to = c.history[i]!.phase;
    expect(NEXT[from], `${from} → ${to} in ${JSON.stringify(c.history.map((e) => e.phase))}`).toContain(to);
  }
  // One event per phase change: a step records at most one event per phase.
  const added = c.history.slice(before.length).map((e) => e.phase);
  expect(new Set(added).size, `one event per phase, got ${added}`).toBe(added.length);
  // Budget: no iteration starts beyond the failure type's budget, unless a human decided to go on.
  const decided = c.history.some((e) => e.phase === 'DECISION');
  if (!decided && c.failure && c.iteration > previous.context.iteration) {
    expect(c.iteration).toBeLessThanOrEqual(budgetFor(c.policy, c.failure.classification.type));
  }
  // Iterations are numbered 1…budget (UC-AP-004 §13): no pass 0 (the original run's events, the
  // flake probe, an escalation from the first diagnosis belong to pass 1), and without a decision
  // nothing beyond the largest budget of the failure types seen (no budget + 1).
  const budget = Math.max(1, ...c.history.filter((e) => e.type !== null).map((e) => budgetFor(c.policy, e.type!)));
  for (const event of c.history.slice(before.length)) {
    expect(event.iteration, `${event.phase} ${event.result}`).toBeGreaterThanOrEqual(1);
    if (!decided) expect(event.iteration, `${event.phase} ${event.result} beyond the budget`).toBeLessThanOrEqual(budget);
  }
  // Fatal and security failures run the task exactly once: no attempt after them without a decision.
  const stopper = previous.context.failure?.classification;
  if (!decided && stopper && (stopper.category === 'fatal' || stopper.severity === 'critical')) {
    expect(c.attempt).toBe(previous.context.attempt);
  }
  // Context is JSON: it survives a round trip unchanged.
  expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  // Sixteen fields at the top (see RecoveryContext: more, and every update's copy is a dictionary).
  expect(Object.keys(c)).toHaveLength(16);
}
