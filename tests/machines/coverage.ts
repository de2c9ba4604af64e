/**
 * Coverage bookkeeping for model-based machine tests: every transition of a machine, keyed so
 * that `.provide()` does not change identity, and a traversable view of a machine for
 * `xstate/graph`.
 */
import { createEmptyActor, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

/** Every transition of the given state nodes (eventless ones included), with a readable label. */
export function allTransitions(nodes: AnyStateNode[]): Map<string, string> {
  const all = new Map<string, string>();
  for (const node of nodes) {
    const defs: AnyTransitionDefinition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const t of defs) {
      const guard = t.guard ? ` [${typeof t.guard === 'object' ? (t.guard as { type: string }).type : 'fn'}]` : '';
      all.set(keyOf(t), `${node.id} --${t.eventType || 'always'}${guard}--> ${(t.target ?? []).map((s) => s.id).join(',') || '(self)'}`);
    }
  }
  return all;
}

/** A transition's key: its source, event and position among that event's candidates. */
export function keyOf(t: AnyTransitionDefinition): string {
  const list = t.eventType === '' ? t.source.always ?? [] : t.source.transitions.get(t.eventType) ?? [];
  return `${t.source.id}|${t.eventType}|${list.indexOf(t)}`;
}

/**
 * The machine as `xstate/graph` should walk it. The graph functions share one mock actor system
 * across the whole traversal, so a child spawned with the same systemId on two branches would
 * collide ("Actor with system ID … already exists"); each transition here gets a fresh system.
 */
export function traversable<T extends AnyStateMachine>(machine: T): T {
  const logic = Object.create(machine) as T;
  (logic as { transition: unknown }).transition = (snapshot: unknown, event: unknown) =>
    machine.transition(snapshot as never, event as never, mockScope() as never);
  return logic;
}

function mockScope() {
  const self = createEmptyActor();
  return {
    self, logger: () => {}, id: '', sessionId: '', defer: () => {}, system: self.system,
    stopChild: () => {}, emit: () => {}, actionExecutor: () => {},
  };
}

/** Percent, one decimal. */
export const percent = (covered: number, total: number) => ((100 * covered) / total).toFixed(1);
