/**
 * A format-neutral description of an XState v5 machine: its states (as a tree) and its
 * transitions (as labelled edges). Every renderer (Mermaid, DOT, the run page) reads this model
 * instead of walking XState internals itself, so they agree on ids, labels and order.
 *
 * Order is document order (the order states and transitions appear in the machine config), which
 * is deterministic: the same machine always yields the same model and so the same bytes.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { edgeLabel, formatDelay, formatGuard } from './labels.js';

/** XState's state node types. */
export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** One state of the chart. `id` is XState's state node id (e.g. `recovery.diagnose`). */
export interface ChartState {
  id: string;
  /** The key within its parent (`diagnose`); the root's key is the machine id. */
  key: string;
  type: ChartStateType;
  /** `null` for the root. */
  parentId: string | null;
  /** Child states in document order. */
  children: ChartState[];
  /** The initial child's id for compound states, else `null`. */
  initialId: string | null;
  /** Actors invoked while in this state: invoke id and source name. */
  invokes: { id: string; src: string }[];
}

/** What triggers a transition. */
export type ChartEdgeKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'snapshot' | 'stateDone';

/** One transition, per target (a transition to two parallel targets yields two edges). */
export interface ChartEdge {
  /** Unique and stable: `source->target#n`, n counting edges between the same pair. */
  id: string;
  /** Id of the state node that declares the transition. */
  source: string;
  /** Target state id; equals `source` for targetless transitions (see `targetless`). */
  target: string;
  /** True when the transition has no target (actions only; the state is not left). */
  targetless: boolean;
  kind: ChartEdgeKind;
  /** The XState event type (`xstate.done.actor.task`, `xstate.after.5000.x`, `START`…). */
  eventType: string;
  /** The guard expression, or `null`. */
  guard: string | null;
  /** The invoked actor's source name for done/error/snapshot edges, else `null`. */
  actor: string | null;
  /** The full label: `START`, `done: runTask [ok]`, `after 5s`, `always [budgetSpent]`. */
  label: string;
}

/** The whole chart: the root state, every state by id, and every edge in document order. */
export interface ChartModel {
  /** The machine id. */
  id: string;
  root: ChartState;
  states: ReadonlyMap<string, ChartState>;
  edges: ChartEdge[];
}

/** The transition shape we read from XState (the public types hide `delay` and keep guards loose). */
interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  delay?: number | string;
}

const PREFIXES: ReadonlyArray<[string, ChartEdgeKind]> = [
  ['xstate.done.actor.', 'done'],
  ['xstate.error.actor.', 'error'],
  ['xstate.snapshot.', 'snapshot'],
  ['xstate.done.state.', 'stateDone'],
];

/** Names an invoked actor by its `src`; inline sources (`xstate.invoke.*`) fall back to the invoke id. */
function actorName(node: AnyStateNode, invokeId: string): string {
  const inv = node.invoke.find((i) => i.id === invokeId);
  if (!inv) return invokeId;
  return typeof inv.src === 'string' && !inv.src.startsWith('xstate.invoke.') ? inv.src : inv.id;
}

/** Classifies one transition and builds its trigger text (before the guard is appended). */
function trigger(node: AnyStateNode, t: TransitionLike, delays: Record<string, unknown>): {
  kind: ChartEdgeKind; actor: string | null; text: string;
} {
  if (t.eventType === '') return { kind: 'always', actor: null, text: 'always' };
  if (t.delay !== undefined && t.eventType.startsWith('xstate.after.')) {
    return { kind: 'after', actor: null, text: formatDelay(t.delay, delays) };
  }
  for (const [prefix, kind] of PREFIXES) {
    if (!t.eventType.startsWith(prefix)) continue;
    if (kind === 'stateDone') return { kind, actor: null, text: 'done' };
    const actor = actorName(node, t.eventType.slice(prefix.length));
    return { kind, actor, text: `${kind}: ${actor}` };
  }
  return { kind: 'event', actor: null, text: t.eventType };
}

function toState(node: AnyStateNode, parentId: string | null, all: Map<string, ChartState>): ChartState {
  const state: ChartState = {
    id: node.id,
    key: parentId === null ? node.machine.id : node.key,
    type: node.type as ChartStateType,
    parentId,
    children: [],
    initialId: node.type === 'compound' ? (node.initial?.target[0]?.id ?? null) : null,
    invokes: node.invoke.map((i) => ({ id: i.id, src: actorName(node, i.id) })),
  };
  all.set(state.id, state);
  state.children = Object.values(node.states as Record<string, AnyStateNode>).map((c) => toState(c, node.id, all));
  return state;
}

function collectEdges(node: AnyStateNode, delays: Record<string, unknown>, edges: ChartEdge[], seen: Map<string, number>): void {
  const transitions: TransitionLike[] = [...(node.transitions as Map<string, TransitionLike[]>).values()].flat();
  transitions.push(...((node.always ?? []) as TransitionLike[]));
  for (const t of transitions) {
    const { kind, actor, text } = trigger(node, t, delays);
    const guard = formatGuard(t.guard);
    const targets = t.target && t.target.length > 0 ? t.target.map((n) => n.id) : [null];
    for (const target of targets) {
      const pair = `${node.id}->${target ?? node.id}`;
      const n = seen.get(pair) ?? 0;
      seen.set(pair, n + 1);
      edges.push({
        id: `${pair}#${n}`, source: node.id, target: target ?? node.id, targetless: target === null,
        kind, eventType: t.eventType, guard, actor, label: edgeLabel(text, guard),
      });
    }
  }
  for (const child of Object.values(node.states as Record<string, AnyStateNode>)) collectEdges(child, delays, edges, seen);
}

/**
 * Describes any XState v5 machine as a {@link ChartModel}: walks `machine.root` (states,
 * `on`/`onDone`/invoke `onDone`/`onError`/`onSnapshot`/`after` transitions, then `always`).
 * Named delays are resolved against `machine.implementations.delays` for display only.
 */
export function describeMachine(machine: AnyStateMachine): ChartModel {
  const states = new Map<string, ChartState>();
  const root = toState(machine.root, null, states);
  const edges: ChartEdge[] = [];
  const delays = (machine.implementations?.delays ?? {}) as Record<string, unknown>;
  collectEdges(machine.root, delays, edges, new Map());
  return { id: machine.id, root, states, edges };
}

/** The ids of `id` and all its ancestors, innermost first. */
export function lineage(model: ChartModel, id: string): string[] {
  const out: string[] = [];
  for (let s = model.states.get(id); s; s = s.parentId === null ? undefined : model.states.get(s.parentId)) out.push(s.id);
  return out;
}

/** True when `ancestor` is a strict ancestor of `id`. */
export function isAncestor(model: ChartModel, ancestor: string, id: string): boolean {
  return ancestor !== id && lineage(model, id).includes(ancestor);
}
