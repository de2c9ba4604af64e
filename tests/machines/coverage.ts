/**
 * Coverage bookkeeping for model-based machine tests: every transition of a machine, keyed so
 * that `.provide()` does not change identity, what the driven paths covered, the JSON restore
 * check every reachable snapshot passes, and a traversable view of a machine for `xstate/graph`.
 */
import { expect } from 'vitest';
import { createActor, createEmptyActor, type AnyActorLogic, type InspectionEvent, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/** Every transition of the given state nodes (eventless ones included), with a readable label. */
function allTransitions(nodes: AnyStateNode[]): Map<string, string> {
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
function keyOf(t: AnyTransitionDefinition): string {
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
const percent = (covered: number, total: number) => ((100 * covered) / total).toFixed(1);

/**
 * What a model-based test of `machine` covered: every state node and every transition (the
 * root's too: a root-level `on` is a transition), the ones the driven paths reached, and the
 * path count. `assertComplete` prints the figures and fails unless both are 100 %.
 */
export function coverageOf(name: string, machine: AnyStateMachine) {
  const nodes = getStateNodes(machine.root);
  const transitions = allTransitions([machine.root, ...nodes]);
  const states = new Set<string>();
  const taken = new Set<string>();
  let paths = 0;
  return {
    /** Mark a state node (by id) as visited. */
    visit: (id: string) => void states.add(id),
    /** Mark a transition as taken. */
    take: (t: AnyTransitionDefinition) => void taken.add(keyOf(t)),
    /** Count one driven path. */
    pathDone: () => void paths++,
    assertComplete(): void {
      const missingStates = nodes.map((n) => n.id).filter((id) => !states.has(id));
      const missingTransitions = [...transitions].filter(([key]) => !taken.has(key)).map(([, label]) => label);
      console.log(`${name} machine: ${paths} paths; states ${percent(nodes.length - missingStates.length, nodes.length)} % of ${nodes.length}; transitions ${percent(transitions.size - missingTransitions.length, transitions.size)} % of ${transitions.size}`);
      expect(missingStates).toEqual([]);
      expect(missingTransitions).toEqual([]);
    },
  };
}

/** The actor's persisted snapshot, through JSON and restored, has the same state and context. */
export function expectJsonRestore(logic: AnyActorLogic, actor: { getPersistedSnapshot(): unknown }, input: unknown, next: { value?: unknown; context?: unknown }): void {
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
  const restored = createActor(logic, { snapshot: persisted, input } as never).getSnapshot() as { value?: unknown; context?: unknown };
  expect(restored.value).toEqual(next.value);
  expect(restored.context).toEqual(next.context);
}

/**
 * An `inspect` observer that records the root actor's microsteps: every transition taken and
 * every state node entered, transient ones included (no resting snapshot shows those).
 */
export function microstepRecorder() {
  const taken = new Set<AnyTransitionDefinition>();
  const visited = new Set<string>();
  const inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return; // the root actor only
    for (const t of (event as { _transitions: AnyTransitionDefinition[] })._transitions) taken.add(t);
    for (const node of (event.snapshot as unknown as { _nodes: Array<{ id: string }> })._nodes) visited.add(node.id);
  };
  return { taken, visited, inspect };
}
