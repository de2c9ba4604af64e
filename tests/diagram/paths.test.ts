import { describe, expect, test, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { defaultPhaseMapper, visitedFromHistory } from '../../src/diagram/path-from-history.js';
import { visitedFromTrace } from '../../src/diagram/path-from-trace.js';
import { describeMachine } from '../../src/diagram/model.js';
import { highlightSets } from '../../src/diagram/visited.js';
import type { TraceEntry } from '../../src/inspect/trace.js';
import { toTraceEntry } from '../../src/inspect/trace.js';
import { escalatedHistory, escalatedPath } from './fixtures/histories.js';
import { recoveryLike } from './fixtures/machines.js';
import { shapes } from './fixtures/shapes.js';

describe('visitedFromHistory', () => {
  test('maps phases to states and fills the steps between with the shortest path', () => {
    expect(visitedFromHistory(recoveryLike, escalatedHistory, { finalState: 'escalated' })).toEqual(escalatedPath);
  });

  test('every derived transition is an edge of the chart', () => {
    const model = describeMachine(recoveryLike);
    const path = visitedFromHistory(model, escalatedHistory);
    for (const [from, to] of path.transitions) expect(model.edges.some((e) => e.source === from && e.target === to)).toBe(true);
    expect(highlightSets(model, path).edges.size).toBeGreaterThanOrEqual(new Set(path.transitions.map(String)).size);
  });

  test('a final state the run is already in adds nothing; one it is not in is reached', () => {
    const escalated = visitedFromHistory(recoveryLike, escalatedHistory, { finalState: 'escalated' });
    expect(escalated.transitions).toHaveLength(8);
    const skipped = visitedFromHistory(recoveryLike, [...escalatedHistory, { phase: 'DECISION', result: 'skipped' }]);
    expect(skipped.transitions.at(-1)).toEqual(['recoveryLike.escalated', 'recoveryLike.skipped']);
    expect(skipped.current).toBe('recoveryLike.skipped');
  });

  test('an empty history is the initial state; unknown phases are skipped', () => {
    expect(visitedFromHistory(recoveryLike, [{ phase: 'RESUME' }, { phase: 'NOPE' }])).toEqual({
      states: ['recoveryLike', 'recoveryLike.executing'], transitions: [], current: 'recoveryLike.executing',
    });
  });

  test('between two events the path avoids states that would have recorded an event of their own', () => {
    const m = createMachine({
      id: 'm', initial: 'adapt',
      states: {
        adapt: { on: { NONE: 'escalated', FIX: 'retry' } },
        escalated: { on: { DECIDE: 'executing' } },
        retry: { on: { WAKE: 'executing' } },
        executing: {},
      },
    });
    // adapt→escalated→executing comes first in document order and is as short, but entering
    // escalated would have written an ESCALATE event.
    expect(visitedFromHistory(m, [{ phase: 'ADAPT' }, { phase: 'RETRY', result: 'failure' }]).transitions).toEqual([
      ['m.adapt', 'm.retry'], ['m.retry', 'm.executing'],
    ]);
  });

  test('a repeated phase follows the chart round its loop; equally short loops resolve in document order', () => {
    const p = visitedFromHistory(recoveryLike, [{ phase: 'PAUSE' }, { phase: 'PAUSE' }]);
    // No loop avoids a recorded state here (diagnose is one), so the plain shortest loop is taken:
    // diagnose→escalated→executing and diagnose→retry→executing are both 2 steps and diagnose's
    // first declared edge (to escalated) wins. Only a trace can tell which one really happened.
    expect(p.transitions.map(([a, b]) => `${a.split('.').at(-1)}>${b.split('.').at(-1)}`)).toEqual([
      'executing>recovery', 'pause>diagnose', 'diagnose>escalated', 'escalated>executing', 'executing>recovery',
    ]);
  });

  test('parallel states enter every region; a custom mapper and full ids work', () => {
    const p = visitedFromHistory(shapes, [{ phase: 'X' }], { mapPhase: () => ['shapes.complete'] });
    expect(p.states).toEqual(expect.arrayContaining(['shapes.active', 'shapes.active.upload', 'shapes.active.upload.idle', 'shapes.active.audit.on', 'shapes.complete']));
    expect(p.transitions).toEqual([['shapes.active', 'shapes.complete']]);
  });

  test('defaultPhaseMapper', () => {
    expect(defaultPhaseMapper({ phase: 'RETRY', result: 'flaky' })).toEqual(['probeFlake', 'flaky']);
    expect(defaultPhaseMapper({ phase: 'ESCALATE', result: 'aborted' })).toEqual(['aborted']);
    expect(defaultPhaseMapper({ phase: 'DECISION', result: 'decided' })).toEqual([]);
  });
});

describe('visitedFromTrace', () => {
  test('the exact path of a real run, from the root actor’s microsteps', async () => {
    const entries: TraceEntry[] = [];
    const machine = recoveryLike.provide({
      actors: { runTask: fromPromise<{ ok: boolean }, { attempt: number }>(async () => { throw new Error('exit 1'); }) },
      delays: { backoff: 0 },
    });
    const actor = createActor(machine, { inspect: (e) => entries.push({ seq: entries.length + 1, at: 0, ...toTraceEntry(e) }) });
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('escalated'));
    actor.stop();
    const path = visitedFromTrace(recoveryLike, JSON.parse(JSON.stringify(entries)) as TraceEntry[]);
    // budget 2: fail, adapt, retry, fail, budget spent → escalated: the same walk as escalatedHistory.
    expect(path).toEqual(escalatedPath);
  });
});
