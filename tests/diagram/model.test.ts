import { describe, expect, test } from 'vitest';
import { describeMachine, isAncestor, lineage } from '../../src/diagram/model.js';
import { recoveryLike } from './fixtures/machines.js';
import { shapes } from './fixtures/shapes.js';

const labels = (m = describeMachine(recoveryLike)) => m.edges.map((e) => `${e.source} -> ${e.target} : ${e.label}`);

describe('describeMachine', () => {
  test('walks the state tree in document order with types, initial children and invokes', () => {
    const m = describeMachine(recoveryLike);
    expect(m.id).toBe('recoveryLike');
    expect(m.root.key).toBe('recoveryLike');
    expect(m.root.children.map((c) => c.key)).toEqual(['executing', 'recovery', 'escalated', 'succeeded', 'skipped', 'aborted']);
    const recovery = m.states.get('recoveryLike.recovery');
    expect(recovery?.type).toBe('compound');
    expect(recovery?.initialId).toBe('recoveryLike.recovery.pause');
    expect(m.states.get('recoveryLike.succeeded')?.type).toBe('final');
    expect(m.states.get('recoveryLike.executing')?.invokes).toEqual([{ id: 'task', src: 'runTask' }]);
  });

  test('labels events, guards (named, and/not, inline), actors, delays and always', () => {
    expect(labels()).toEqual(expect.arrayContaining([
      'recoveryLike -> recoveryLike.aborted : ABORT',
      'recoveryLike.executing -> recoveryLike.succeeded : done: runTask [inline]',
      'recoveryLike.executing -> recoveryLike.recovery : error: runTask',
      'recoveryLike.recovery.pause -> recoveryLike.recovery.diagnose : always',
      'recoveryLike.recovery.diagnose -> recoveryLike.escalated : done: diagnose [budgetSpent]',
      'recoveryLike.recovery.diagnose -> recoveryLike.recovery.retry : done: diagnose [isTransient && !isFatal]',
      'recoveryLike.recovery.retry -> recoveryLike.executing : after backoff (5s)',
      'recoveryLike.recovery.retry -> recoveryLike.escalated : after 1min',
      'recoveryLike.escalated -> recoveryLike.aborted : DECIDE',
    ]));
  });

  test('edge ids are unique and count repeated pairs', () => {
    const m = describeMachine(recoveryLike);
    const ids = m.edges.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('recoveryLike.recovery.diagnose->recoveryLike.escalated#2');
  });

  test('handles parallel regions, history, targetless transitions, state onDone, stateIn and guard params', () => {
    const m = describeMachine(shapes);
    expect(m.states.get('shapes.active')?.type).toBe('parallel');
    expect(m.states.get('shapes.active')?.initialId).toBeNull();
    expect(m.states.get('shapes.active.audit.hist')?.type).toBe('history');
    const ping = m.edges.find((e) => e.eventType === 'PING');
    expect(ping).toMatchObject({ source: 'shapes.active', target: 'shapes.active', targetless: true, label: 'PING' });
    expect(labels(m)).toEqual(expect.arrayContaining([
      'shapes.active -> shapes.complete : done',
      'shapes.active.audit.on -> shapes.active.audit.off : TOGGLE [in #shapes.active.upload.busy]',
      'shapes.state -> shapes.complete : say "hi" #1 [ready]',
      'shapes.active.upload.busy -> shapes.active.upload.finished : step:done;',
    ]));
  });

  test('same machine, same model', () => {
    expect(JSON.stringify(describeMachine(recoveryLike).edges)).toBe(JSON.stringify(describeMachine(recoveryLike).edges));
  });

  test('lineage and isAncestor', () => {
    const m = describeMachine(recoveryLike);
    expect(lineage(m, 'recoveryLike.recovery.pause')).toEqual(['recoveryLike.recovery.pause', 'recoveryLike.recovery', 'recoveryLike']);
    expect(isAncestor(m, 'recoveryLike.recovery', 'recoveryLike.recovery.pause')).toBe(true);
    expect(isAncestor(m, 'recoveryLike.recovery', 'recoveryLike.recovery')).toBe(false);
  });
});
