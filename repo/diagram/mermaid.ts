/**
 * Machine → Mermaid `stateDiagram-v2`.
 *
 * Mermaid's state grammar is narrow, which shapes this file:
 * - ids may not contain `.`, `-`, `:` or spaces, so state ids are sanitised (`recovery.diagnose`
 *   → `recovery_diagnose`) and the key is shown through `state "diagnose" as recovery_diagnose`;
 * - a transition label ends at the first `:` or `;`, so those are written as Mermaid entity codes
 *   (`#58;`, `#59;`). Mermaid swaps entity codes for placeholders before it lexes a diagram and
 *   decodes them when drawing, so `done#58; runTask` shows `done: runTask`;
 * - Mermaid puts a state in the block where it was mentioned last, and a transition mentions both
 *   ends; so transitions come first, at the top level, and the state tree after them, which leaves
 *   every state inside its own composite (checked by rendering with Mermaid 11: declaring a
 *   cross-composite transition after the tree pulls its states out of their boxes).
 */
import type { AnyStateMachine } from 'xstate';
import { describeMachine, type ChartModel, type ChartState } from './model.js';

/** Words the Mermaid lexer treats specially; an id equal to one gets a trailing `_`. */
const RESERVED = new Set(['state', 'note', 'class', 'classdef', 'default', 'direction', 'end', 'as', 'scale']);

/** Escapes text for a Mermaid label or quoted description (entity codes survive Mermaid's lexer). */
function text(s: string): string {
  // One pass, so the `;` of an inserted entity is not itself escaped again.
  return s.replace(/[#:;"%]|[\r\n]+/g, (c) => (ENTITIES[c] ?? ' '));
}

// `%` too: `%%` starts a Mermaid comment.
const ENTITIES: Record<string, string> = { '#': '#35;', ':': '#58;', ';': '#59;', '"': '#34;', '%': '#37;' };

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
  const lines = ['stateDiagram-v2', '  %% transitions (first: see the file comment)'];
  for (const e of model.edges) lines.push(`  ${mid(e.source)} --> ${mid(e.target)} : ${text(e.label)}`);
  lines.push('  %% states', `  [*] --> ${mid(model.root.id)}`);
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
    lines.push(`${pad}}`);
  };
  emit(model.root, 1);
  return `${lines.join('\n')}\n`;
}
