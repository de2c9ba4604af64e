/**
 * The exact path of a run, read from its NDJSON trace (`--trace FILE`): the root actor's
 * `@xstate.microstep` entries list every transition taken, by state node id, and its snapshots
 * give the states it was in. Prefer this to the history-based path when a trace exists.
 */
import type { AnyStateMachine } from 'xstate';
import { describeMachine, lineage, type ChartModel } from './model.js';
import type { VisitedPath } from './visited.js';

/** The trace fields read here (a TraceEntry from src/inspect fits). */
export interface TraceStep {
  type: string;
  rootId: string;
  sessionId: string;
  snapshot?: { value?: unknown };
  transitions?: { source: string; targets: string[] }[];
}

/** State ids of a state value (`{ recovery: 'diagnose' }` → recovery, recovery.diagnose), document order. */
function idsOfValue(model: ChartModel, value: unknown, parentId = model.root.id): string[] {
  const parent = model.states.get(parentId);
  if (!parent) return [];
  const entries: [string, unknown][] = typeof value === 'string' ? [[value, undefined]]
    : value && typeof value === 'object' ? Object.entries(value) : [];
  return entries.flatMap(([key, sub]) => {
    const child = parent.children.find((c) => c.key === key);
    return child ? [child.id, ...(sub === undefined ? [] : idsOfValue(model, sub, child.id))] : [];
  });
}

/** The innermost state of a value that is not a parallel region's child (where the run "is"). */
function restingState(model: ChartModel, ids: readonly string[]): string | undefined {
  let current: string | undefined;
  for (const id of ids) {
    const parent = model.states.get(id)?.parentId;
    if (parent && model.states.get(parent)?.type === 'parallel') break;
    current = id;
  }
  return current;
}

/**
 * Visited states and transitions of the root actor of a traced run. Entries of other actors
 * (invoked tasks, diagnosers) are ignored; unknown state ids are ignored.
 */
export function visitedFromTrace(machine: AnyStateMachine | ChartModel, entries: readonly TraceStep[]): VisitedPath {
  const model = 'edges' in machine ? machine : describeMachine(machine);
  const states: string[] = [];
  const transitions: [string, string][] = [];
  const mark = (ids: readonly string[]): void => {
    for (const id of ids) if (model.states.has(id) && !states.includes(id)) states.push(id);
  };
  mark([model.root.id]);
  let last: string[] = [];
  for (const e of entries) {
    if (e.sessionId !== e.rootId) continue;
    for (const t of e.transitions ?? []) {
      for (const target of t.targets) {
        transitions.push([t.source, target]);
        mark(lineage(model, target).reverse());
      }
    }
    if (e.snapshot && e.snapshot.value !== undefined && (e.type === '@xstate.snapshot' || e.type === '@xstate.microstep')) {
      last = idsOfValue(model, e.snapshot.value);
      mark(last);
    }
  }
  const current = restingState(model, last);
  return current ? { states, transitions, current } : { states, transitions };
}
