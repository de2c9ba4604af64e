/**
 * Machine → Mermaid `stateDiagram-v2`.
 *
 * Mermaid's state grammar is narrow, which shapes this file:
 * - ids may not contain `.`, `-`, `:` or spaces, so state ids are sanitised (`recovery.diagnose`
 *   → `recovery_diagnose`) and the key is shown through `state "diagnose" as recovery_diagnose`;
 * - a transition label ends at the first `:` or `;`, so those are written as Mermaid entity codes
 *   (`#58;`, `#59;`), which Mermaid decodes when rendering: `done#58; runTask` shows `done: runTask`;
 * - a transition is declared in the block of the innermost state containing both ends, so Mermaid
 *   does not create a stray duplicate state inside the wrong composite.
 */
import type { AnyStateMachine } from 'xstate';
import { describeMachine, lineage, type ChartModel, type ChartState } from './model.js';

/** Words the Mermaid lexer treats specially; an id equal to one gets a trailing `_`. */
const RESERVED = new Set(['state', 'note', 'class', 'classdef', 'default', 'direction', 'end', 'as', 'scale']);

/** Escapes text for a Mermaid label or quoted description (entity codes survive Mermaid's lexer). */
function text(s: string): string {
  // One pass, so the `;` of an inserted entity is not itself escaped again.
  return s.replace(/[#:;"]|[\r\n]+/g, (c) => (ENTITIES[c] ?? ' '));
}

const ENTITIES: Record<string, string> = { '#': '#35;', ':': '#58;', ';': '#59;', '"': '#34;' };

/** Builds unique Mermaid-safe ids for every state, in document order so collisions resolve stably. */
function mermaidIds(model: ChartModel): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const id of model.states.keys()) {
    let base = id.replace(/[^A-Za-z0-9_]/g, '_');
    if (RESERVED.has(base.toLowerCase())) base += '_';
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}_${n}`;
    used.add(candidate);
    ids.set(id, candidate);
  }
  return ids;
}

/** The innermost state that strictly contains both ends of an edge, or `null` for the top level. */
function scopeOf(model: ChartModel, source: string, target: string): string | null {
  const targetLine = new Set(lineage(model, target).slice(1));
  for (const id of lineage(model, source).slice(1)) if (targetLine.has(id)) return id;
  return null;
}

/**
 * Renders a machine as a Mermaid `stateDiagram-v2`: compound (and parallel) states as nested
 * `state X { }` blocks with `[*] -->` their initial child, final states `--> [*]`, and every
 * transition labelled with its event, `[guard]`, invoked actor (`done: runTask`) or delay
 * (`after 5s`). The machine root is drawn as the outermost composite, so root-level events
 * (e.g. a global `ABORT`) have a state to start from. Output is deterministic.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const model = describeMachine(machine);
  const ids = mermaidIds(model);
  const mid = (id: string): string => ids.get(id) ?? id;
  // Edges grouped by the block they belong in; `null` is the top level.
  const byScope = new Map<string | null, string[]>();
  for (const e of model.edges) {
    const scope = scopeOf(model, e.source, e.target);
    const list = byScope.get(scope) ?? [];
    list.push(`${mid(e.source)} --> ${mid(e.target)} : ${text(e.label)}`);
    byScope.set(scope, list);
  }
  const lines = ['stateDiagram-v2', `  [*] --> ${mid(model.root.id)}`];
  const emit = (state: ChartState, depth: number): void => {
    const pad = '  '.repeat(depth);
    const label = state.type === 'history' ? 'H' : state.key;
    if (state.children.length === 0) {
      lines.push(`${pad}state "${text(label)}" as ${mid(state.id)}`);
      return;
    }
    lines.push(`${pad}state "${text(label)}" as ${mid(state.id)} {`);
    if (state.initialId) lines.push(`${pad}  [*] --> ${mid(state.initialId)}`);
    state.children.forEach((child, i) => {
      // Parallel regions are separated by Mermaid's concurrency divider.
      if (state.type === 'parallel' && i > 0) lines.push(`${pad}  --`);
      emit(child, depth + 1);
    });
    for (const child of state.children) if (child.type === 'final') lines.push(`${pad}  ${mid(child.id)} --> [*]`);
    for (const edge of byScope.get(state.id) ?? []) lines.push(`${pad}  ${edge}`);
    lines.push(`${pad}}`);
  };
  emit(model.root, 1);
  for (const edge of byScope.get(null) ?? []) lines.push(`  ${edge}`);
  return `${lines.join('\n')}\n`;
}
