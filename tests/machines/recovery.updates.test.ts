/**
 * One update per step: no transition of the recovery machine — its own actions plus the entry
 * actions of the states it enters — assigns context more than once (each assign copies the
 * context and the snapshot), and every way into `executing` begins the attempt in that update.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { recoveryMachine } from '../../machines/index.js';

type ActionRef = string | { type: string; params?: Record<string, unknown> };
const typeOf = (action: unknown) => (typeof action === 'string' ? action : (action as { type: string }).type);
const implementations = recoveryMachine.implementations.actions as Record<string, { type?: string }>;
const isUpdate = (action: unknown) => implementations[typeOf(action)]?.type === 'xstate.assign';

/** A state and the initial states below it: what a transition targeting it enters. */
function entered(target: AnyStateNode): AnyStateNode[] {
  const nodes = [target];
  for (let node = target; node.type === 'compound' && node.initial?.target?.[0]; ) {
    node = node.initial.target[0];
    nodes.push(node);
  }
  return nodes;
}

const nodes = [recoveryMachine.root, ...getStateNodes(recoveryMachine.root)];
const transitions: AnyTransitionDefinition[] = nodes.flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]);
const label = (t: AnyTransitionDefinition) => `${t.source.id} --${t.eventType || 'always'}--> ${(t.target ?? []).map((s) => s.id).join(',')}`;

describe('recovery machine: one update per step', () => {
  it('has transitions to check', () => expect(transitions.length).toBeGreaterThan(50));

  it.each(transitions.map((t) => [label(t), t] as const))('%s updates context at most once', (_label, t) => {
    const actions: unknown[] = [...t.actions, ...(t.target ?? []).flatMap((target) => entered(target).flatMap((n) => n.entry))];
    expect(actions.filter(isUpdate).map(typeOf).length).toBeLessThanOrEqual(1);
  });

  const intoExecuting = transitions.filter((t) => (t.target ?? []).some((s) => s.id === 'recovery.executing'));
  // 9: a transient failure retried at once re-enters `executing` from `executing` itself.
  it('finds every way into executing', () => expect(intoExecuting.length).toBe(9));

  it.each(intoExecuting.map((t) => [label(t), t] as const))('%s begins the attempt in its update', (_label, t) => {
    const begins = (t.actions as ActionRef[]).filter((a) => typeOf(a) === 'beginAttempt' || (typeof a === 'object' && a.params?.begin === true));
    expect(begins).toHaveLength(1);
  });
});
