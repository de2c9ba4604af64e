/**
 * The part of a chart one run went through, and how it maps onto the chart's edges. Renderers
 * use {@link highlightSets} to mark visited states and transitions; the run page and its tests
 * use the same sets, so what is highlighted is exactly what was derived.
 */
import { isAncestor, type ChartModel } from './model.js';

/** States and transitions a run took. Ids are XState state node ids. */
export interface VisitedPath {
  /** Visited state ids (compound ancestors included), in first-visit order. */
  states: string[];
  /** Transitions taken as `[from, to]` state id pairs, in order (repeats allowed). */
  transitions: [string, string][];
  /** The state the run rests in (its final or waiting state), if known. */
  current?: string;
}

/** The chart elements to highlight for a path. */
export interface HighlightSets {
  /** State ids that exist in the chart. */
  states: Set<string>;
  /** Edge ids ({@link ChartEdge.id}) that were taken. */
  edges: Set<string>;
  current: string | null;
}

/**
 * Resolves a {@link VisitedPath} against a chart. A pair `[from, to]` matches the edges declared
 * exactly from `from` to `to`; when there are none (the caller gave leaf states while the
 * transition is declared on an ancestor, or targets a compound state that was entered through its
 * initial child), it matches edges declared on an ancestor of `from` and/or targeting an ancestor
 * of `to`. Unknown ids are ignored rather than thrown: a picture of a run must not fail the run.
 */
export function highlightSets(model: ChartModel, path: VisitedPath | undefined): HighlightSets {
  const sets: HighlightSets = { states: new Set(), edges: new Set(), current: null };
  if (!path) return sets;
  for (const id of path.states) if (model.states.has(id)) sets.states.add(id);
  for (const [from, to] of path.transitions) {
    const exact = model.edges.filter((e) => e.source === from && e.target === to);
    const near = exact.length > 0 ? exact : model.edges.filter((e) =>
      (e.source === from || isAncestor(model, e.source, from)) && (e.target === to || isAncestor(model, e.target, to)));
    // Several guarded edges may join the same pair and a pair does not say which guard passed:
    // mark them all rather than guess one.
    for (const e of near) sets.edges.add(e.id);
  }
  if (path.current && model.states.has(path.current)) sets.current = path.current;
  return sets;
}
