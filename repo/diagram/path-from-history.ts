/**
 * The path a run took through a chart, rebuilt from its history events. History records phases
 * (PAUSE, DIAGNOSE, ADAPT, RETRY…), not every state, so each phase is mapped to a state by key
 * and the steps in between are filled with the shortest path through the chart's transitions
 * (e.g. ADAPT → RETRY passes through `retry`), avoiding states that would have written a history
 * event of their own. When several paths remain equally short the first in document order is
 * taken. A trace gives the exact path instead (see path-from-trace.ts).
 */
import type { AnyStateMachine } from 'xstate';
import { PHASES } from '../taxonomy/categories.js';
import { RESULTS } from '../taxonomy/history.js';
import { describeMachine, lineage, type ChartEdge, type ChartModel } from './model.js';
import type { VisitedPath } from './visited.js';

/** The history fields the path needs (a full HistoryEvent fits). */
export interface PhaseEvent {
  phase: string;
  result?: string | null;
}

/** Maps one history event to the key(s) of the state it shows the run in; `[]` = no state. */
export type PhaseMapper = (event: PhaseEvent) => readonly string[];

/**
 * The default mapping, written for the recovery machine's vocabulary (DESIGN.md): PAUSE → `pause`
 * in a chart that has one (the recovery chart records PAUSE on its way into `diagnose`),
 * DIAGNOSE → `diagnose`, ADAPT → `adapt`, ROLLBACK → `rollback`, HANDOFF → `handedOff`, RETRY →
 * `executing` (the retried attempt; `retry` in charts without one; `probeFlake` for a flaky
 * re-run), ESCALATE → `escalated` (`aborted` for a user abort),
 * DECISION → the final state it chose (`skipped`, `aborted`, `manual`), otherwise nothing: where
 * a decision leads shows in the next event. RESUME maps to nothing.
 */
export const defaultPhaseMapper: PhaseMapper = ({ phase, result }) => {
  switch (phase) {
    case 'PAUSE': return ['pause'];
    case 'DIAGNOSE': return ['diagnose'];
    case 'ADAPT': return ['adapt'];
    case 'ROLLBACK': return ['rollback'];
    case 'HANDOFF': return ['handedOff'];
    // A RETRY event is written when a retried attempt ends, so the run was executing it.
    case 'RETRY': return result === 'flaky' ? ['probeFlake', 'flaky'] : ['executing', 'retry'];
    case 'ESCALATE': return result === 'aborted' ? ['aborted'] : ['escalated'];
    case 'DECISION': return result === 'skipped' || result === 'aborted' || result === 'manual' ? [result] : [];
    default: return [];
  }
};

/** Options for {@link visitedFromHistory}. */
export interface PathFromHistoryOptions {
  /** Event → state keys (default {@link defaultPhaseMapper}). A key may also be a full state id. */
  mapPhase?: PhaseMapper;
  /** Where the run ended or rests, as a state key or id (e.g. the run status `recovered`). */
  finalState?: string;
}

/** Finds a state by id, else by key (case-insensitive, first in document order). */
function findState(model: ChartModel, keys: readonly string[]): string | null {
  for (const key of keys) {
    if (model.states.has(key)) return key;
    const lower = key.toLowerCase();
    for (const s of model.states.values()) if (s.parentId !== null && s.key.toLowerCase() === lower) return s.id;
  }
  return null;
}

/** States entered when a transition targets `id`: it, its ancestors, and its initial descendants. */
function enter(model: ChartModel, id: string): { entered: string[]; position: string } {
  const entered = lineage(model, id).reverse();
  let position = id;
  const descend = (sid: string): void => {
    const s = model.states.get(sid);
    if (!s || s.children.length === 0) return;
    if (s.type === 'parallel') {
      // All regions are entered; the parallel state itself stays the position.
      for (const c of s.children) if (c.type !== 'history') { entered.push(c.id); descend(c.id); }
    } else if (s.initialId) {
      entered.push(s.initialId);
      position = s.initialId;
      descend(s.initialId);
    }
  };
  descend(id);
  return { entered, position };
}

/**
 * Breadth-first search for the shortest edge path from `from` into `goal` (at least one edge)
 * that does not pass through an `avoid` state on the way.
 */
function shortest(model: ChartModel, from: string, goal: string, avoid: ReadonlySet<string>): ChartEdge[] | null {
  const out = new Map<string, ChartEdge[]>();
  for (const e of model.edges) if (!e.targetless) out.set(e.source, [...(out.get(e.source) ?? []), e]);
  const seen = new Set<string>();
  let frontier: { position: string; path: ChartEdge[] }[] = [{ position: from, path: [] }];
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const { position, path } of frontier) {
      for (const source of lineage(model, position)) {
        for (const e of out.get(source) ?? []) {
          const landed = enter(model, e.target).position;
          const step = [...path, e];
          const line = lineage(model, landed);
          if (line.includes(goal)) return step;
          if (line.some((id) => avoid.has(id))) continue;
          if (!seen.has(landed)) { seen.add(landed); next.push({ position: landed, path: step }); }
        }
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * Rebuilds the visited states and transitions of a run from its history (see the file comment).
 * Events whose state cannot be found in the chart are skipped; a state the chart cannot reach is
 * marked without a transition. Pure and deterministic.
 */
export function visitedFromHistory(machine: AnyStateMachine | ChartModel, history: readonly PhaseEvent[], options: PathFromHistoryOptions = {}): VisitedPath {
  const model = 'edges' in machine ? machine : describeMachine(machine);
  const mapPhase = options.mapPhase ?? defaultPhaseMapper;
  const states: string[] = [];
  const transitions: [string, string][] = [];
  const mark = (ids: readonly string[]): void => { for (const id of ids) if (!states.includes(id)) states.push(id); };

  // Entering a state that some phase maps to writes a history event, so a run with no such event
  // between two others did not pass through one: avoid them in between when the chart allows.
  const recorded = new Set<string>();
  for (const phase of PHASES) {
    for (const result of RESULTS) {
      const id = findState(model, mapPhase({ phase, result }));
      if (id) recorded.add(id);
    }
  }
  const start = enter(model, model.root.id);
  mark(start.entered);
  let position = start.position;
  // A second event in the state the run is already in (DIAGNOSE, then DIAGNOSE after consulting
  // the diagnoser) means it went round a loop and came back; the final state never does.
  const goals = history.map((e) => ({ id: findState(model, mapPhase(e)), loop: true }));
  if (options.finalState) goals.push({ id: findState(model, [options.finalState]), loop: false });

  for (const { id: goal, loop } of goals) {
    if (goal === null) continue;
    if (!loop && lineage(model, position).includes(goal)) continue;
    const path = shortest(model, position, goal, recorded) ?? shortest(model, position, goal, new Set());
    if (!path) {
      if (!lineage(model, position).includes(goal)) {
        const landed = enter(model, goal);
        mark(landed.entered);
        position = landed.position;
      }
      continue;
    }
    for (const e of path) {
      transitions.push([e.source, e.target]);
      const landed = enter(model, e.target);
      mark(landed.entered);
      position = landed.position;
    }
  }
  return { states, transitions, current: position };
}
