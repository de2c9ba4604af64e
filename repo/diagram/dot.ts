/**
 * Machine → Graphviz DOT. Compound and parallel states become `subgraph cluster_<id>`; atomic,
 * final and history states become nodes. Graphviz cannot draw an edge to a cluster, so each
 * cluster holds a small initial point node that edges attach to, clipped at the cluster border
 * with `lhead`/`ltail` (`compound=true`).
 *
 * SVG ids are the state ids (`id="recovery.diagnose"`) and edge ids (`recovery.diagnose->…#0`);
 * classes say what an element is (`state`, `compound`, `final`, `transition`) and, when a path is
 * given, what the run did (`visited`, `current`). The run page and its tests rely on both.
 */
import type { AnyStateMachine } from 'xstate';
import { describeMachine, isAncestor, type ChartEdge, type ChartModel, type ChartState } from './model.js';
import { highlightSets, type HighlightSets, type VisitedPath } from './visited.js';

/** Options for {@link toDot}. */
export interface DotOptions {
  /** Highlight the states and transitions of one run (default: nothing highlighted). */
  visited?: VisitedPath;
  /** Graphviz `rankdir` (default `TB`: the recovery cycle reads top to bottom). */
  rankdir?: 'TB' | 'LR';
}

// One font Graphviz has metrics for: it sizes every label with them, and a font list it does not
// know ("Helvetica,Arial,sans-serif") is measured as Times, narrower than what a browser draws, so
// labels overlapped and ran past their cluster. Browsers draw Helvetica as Arial or Liberation Sans.
const FONT = 'Helvetica';
const ACCENT = '#1d4ed8';
const VISITED_FILL = '#dbeafe';

/** Quotes a DOT string; Graphviz reads `\\` escapes in labels, so backslashes are doubled. */
function q(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}

/** Formats an attribute list in a fixed order, skipping undefined values. */
function attrs(pairs: Record<string, string | number | undefined>): string {
  const parts = Object.entries(pairs).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${typeof v === 'number' ? v : q(v as string)}`);
  return `[${parts.join(' ')}]`;
}

const anchor = (id: string): string => `${id}::initial`;
const cluster = (id: string): string => `cluster_${id}`;

function classes(base: string, id: string, hl: HighlightSets): string {
  return [base, hl.states.has(id) ? 'visited' : '', hl.current === id ? 'current' : ''].filter(Boolean).join(' ');
}

function node(state: ChartState, hl: HighlightSets, pad: string): string {
  const visited = hl.states.has(state.id);
  const label = [state.type === 'history' ? 'H' : state.key, ...state.invokes.map((i) => `invoke ${i.src}`)].join('\n');
  return `${pad}${q(state.id)} ${attrs({
    id: state.id,
    class: classes(`state ${state.type}`, state.id, hl),
    label,
    shape: state.type === 'history' ? 'circle' : 'box',
    peripheries: state.type === 'final' ? 2 : undefined,
    color: visited ? ACCENT : undefined,
    fillcolor: visited ? VISITED_FILL : undefined,
    penwidth: hl.current === state.id ? 3 : visited ? 2 : undefined,
  })};`;
}

function emitState(state: ChartState, hl: HighlightSets, lines: string[], depth: number): void {
  const pad = '  '.repeat(depth);
  if (state.children.length === 0) {
    lines.push(node(state, hl, pad));
    return;
  }
  const visited = hl.states.has(state.id);
  lines.push(`${pad}subgraph ${q(cluster(state.id))} {`);
  lines.push(`${pad}  graph ${attrs({
    id: state.id,
    class: classes(`state ${state.type}`, state.id, hl),
    // The root is the whole picture: named as the machine, without a box, so a state that shares
    // the machine's name (recovery.recovery) is the only box with that name.
    // A compound state's invoked actors live as long as it does (the recovery root's runner).
    label: [state.parentId === null ? `${state.key} machine` : state.key, ...state.invokes.map((i) => `invoke ${i.src}`)].join('\n'),
    // Explicitly 1 below the root: a cluster inherits its parent's graph attributes.
    peripheries: state.parentId === null ? 0 : 1,
    style: state.type === 'parallel' ? 'rounded,dashed' : 'rounded',
    color: visited ? ACCENT : '#6b7280',
    // The root is always visited; tinting the whole picture would highlight nothing.
    bgcolor: visited && state.parentId !== null ? '#eff6ff' : undefined,
    penwidth: visited ? 2 : undefined,
  })};`);
  lines.push(`${pad}  ${q(anchor(state.id))} ${attrs({ id: anchor(state.id), class: 'initial', shape: 'point', width: 0.12, label: '', fillcolor: '#111827', color: '#111827' })};`);
  for (const child of state.children) emitState(child, hl, lines, depth + 1);
  lines.push(`${pad}}`);
}

/** The DOT node an edge end attaches to: the state itself, or its cluster's anchor. */
function end(model: ChartModel, id: string): string {
  return (model.states.get(id)?.children.length ?? 0) > 0 ? anchor(id) : id;
}

/** `EVENT [guard]` → `[EVENT, '[guard]']` (no guard: `[EVENT, null]`). */
function splitLabel(label: string): [string, string | null] {
  const at = label.indexOf(' [');
  return at < 0 ? [label, null] : [label.slice(0, at), label.slice(at + 1)];
}

/**
 * The label of edges drawn as one, one line each: `EVENT [guard]` as the event over its guard (half
 * the width, and the guard still reads with its event); several with one event as that event over
 * one guard per line, a guardless one being the `(otherwise)`.
 */
function mergedLabel(edges: readonly ChartEdge[]): string {
  const byEvent = new Map<string, (string | null)[]>();
  for (const e of edges) {
    const [event, guard] = splitLabel(e.label);
    byEvent.set(event, [...(byEvent.get(event) ?? []), guard]);
  }
  const lines: string[] = [];
  for (const [event, guards] of byEvent) {
    lines.push(event);
    const only = guards.length === 1 ? guards[0] : undefined;
    if (only !== undefined) lines.push(...(only === null ? [] : [only]));
    else lines.push(...guards.map((guard) => guard ?? '(otherwise)'));
  }
  return lines.join('\n');
}

/**
 * Transitions between the same two states, drawn as one edge: the recovery machine's diagnosis
 * chooses among seven guarded `always` transitions to `escalated`, and parallel curves with a
 * label each made the picture 2,300 pt wide with labels drawn on top of each other. The drawn
 * edge keeps the first one's id and has every kind among its classes; it is `visited` when any
 * of them was taken, and dashed when all of them are eventless or targetless.
 */
function edgeGroups(edges: readonly ChartEdge[]): ChartEdge[][] {
  const groups = new Map<string, ChartEdge[]>();
  for (const e of edges) {
    const key = `${e.source}\u0000${e.target}`;
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  return [...groups.values()];
}

function edge(model: ChartModel, group: readonly ChartEdge[], hl: HighlightSets): string {
  const e = group[0]!;
  const taken = group.some((member) => hl.edges.has(member.id));
  const srcCompound = end(model, e.source) !== e.source;
  const dstCompound = end(model, e.target) !== e.target;
  return `  ${q(end(model, e.source))} -> ${q(end(model, e.target))} ${attrs({
    id: e.id,
    class: `transition ${[...new Set(group.map((member) => member.kind))].join(' ')}${taken ? ' visited' : ''}`,
    label: mergedLabel(group),
    // Clip at the cluster border, except when the other end sits inside that same cluster
    // (Graphviz would warn and ignore it).
    ltail: srcCompound && e.source !== e.target && !isAncestor(model, e.source, e.target) ? cluster(e.source) : undefined,
    lhead: dstCompound && e.source !== e.target && !isAncestor(model, e.target, e.source) ? cluster(e.target) : undefined,
    style: group.every((member) => member.targetless || member.kind === 'always') ? 'dashed' : undefined,
    color: taken ? ACCENT : undefined,
    fontcolor: taken ? ACCENT : undefined,
    penwidth: taken ? 2.5 : undefined,
  })};`;
}

/**
 * Renders a machine as a Graphviz `digraph`: compound states as clusters (the machine root is the
 * outermost one), an initial point per cluster, final states double-bordered, and every
 * transition labelled like {@link toMermaid} (`START`, `done: runTask [ok]`, `after 5s`).
 * Deterministic: same machine and options → same bytes.
 */
export function toDot(machine: AnyStateMachine, options: DotOptions = {}): string {
  const model = describeMachine(machine);
  const hl = highlightSets(model, options.visited);
  const lines = [
    `digraph ${q(model.id)} {`,
    `  graph ${attrs({ compound: 'true', rankdir: options.rankdir ?? 'TB', fontname: FONT, fontsize: 13, nodesep: 0.5, ranksep: 0.6 })};`,
    `  node ${attrs({ fontname: FONT, fontsize: 11, style: 'rounded,filled', fillcolor: 'white' })};`,
    `  edge ${attrs({ fontname: FONT, fontsize: 10, color: '#374151' })};`,
  ];
  emitState(model.root, hl, lines, 1);
  for (const s of model.states.values()) {
    if (!s.initialId) continue;
    const taken = hl.states.has(s.id) && hl.states.has(s.initialId);
    lines.push(`  ${q(anchor(s.id))} -> ${q(end(model, s.initialId))} ${attrs({
      id: `${anchor(s.id)}->${s.initialId}`,
      class: `initial${taken ? ' visited' : ''}`,
      lhead: end(model, s.initialId) !== s.initialId ? cluster(s.initialId) : undefined,
      color: taken ? ACCENT : undefined,
    })};`);
  }
  for (const group of edgeGroups(model.edges)) lines.push(edge(model, group, hl));
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
