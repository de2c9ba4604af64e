import { describe, expect, test, vi } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { combineInspectors } from '../../src/inspect/combine.js';
import { quick } from '../diagram/fixtures/machines.js';

describe('combineInspectors', () => {
  test('undefined when nothing is given, so createActor skips inspection', () => {
    expect(combineInspectors()).toBeUndefined();
    expect(combineInspectors(undefined, undefined)).toBeUndefined();
  });

  test('every sink sees every event, in order; a throwing sink is isolated', async () => {
    const seen: string[] = [];
    const fn = (e: InspectionEvent): void => { seen.push(`fn ${e.type}`); };
    const observer = { next: (e: InspectionEvent) => { seen.push(`obs ${e.type}`); } };
    const broken = vi.fn(() => { throw new Error('sink down'); });
    const actor = createActor(quick, { inspect: combineInspectors(fn, undefined, broken, observer) });
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(broken).toHaveBeenCalled();
    expect(seen.filter((s) => s.startsWith('fn')).length).toBe(seen.filter((s) => s.startsWith('obs')).length);
    expect(seen[0]).toBe('fn @xstate.actor');
    expect(seen[1]).toBe('obs @xstate.actor');
  });
});
