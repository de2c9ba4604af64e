/**
 * Machine → Graphviz DOT. Compound and parallel states become `subgraph cluster_<id>`; atomic,
 * final and history states become nodes. Graphviz cannot draw an edge to a cluster, so each
 * cluster holds a small initial point node that edges attach to, clipped at the cluster border
 * with `lhead`/`ltail` (`compound=true`).
 *
 * SVG ids are the state ids (`id="recovery.diagnose"`) and edge ids (`recovery.pause->…#0`);
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

const FONT = 'Helvetica,Arial,sans-serif';
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
    label: state.key,
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

function edge(model: ChartModel, e: ChartEdge, hl: HighlightSets): string {
  const taken = hl.edges.has(e.id);
  const srcCompound = end(model, e.source) !== e.source;
  const dstCompound = end(model, e.target) !== e.target;
  return `  ${q(end(model, e.source))} -> ${q(end(model, e.target))} ${attrs({
    id: e.id,
    class: `transition ${e.kind}${taken ? ' visited' : ''}`,
    label: e.label,
    // Clip at the cluster border, except when the other end sits inside that same cluster
    // (Graphviz would warn and ignore it).
    ltail: srcCompound && e.source !== e.target && !isAncestor(model, e.source, e.target) ? cluster(e.source) : undefined,
    lhead: dstCompound && e.source !== e.target && !isAncestor(model, e.target, e.source) ? cluster(e.target) : undefined,
    style: e.targetless || e.kind === 'always' ? 'dashed' : undefined,
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
    `  graph ${attrs({ compound: 'true', rankdir: options.rankdir ?? 'TB', fontname: FONT, fontsize: 12, nodesep: 0.35, ranksep: 0.45 })};`,
    `  node ${attrs({ fontname: FONT, fontsize: 11, style: 'rounded,filled', fillcolor: 'white' })};`,
    `  edge ${attrs({ fontname: FONT, fontsize: 9, color: '#374151' })};`,
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
  for (const e of model.edges) lines.push(edge(model, e, hl));
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
