/**
 * Every diagram file for a set of machines, as content in memory. `npm run viz` writes the result
 * to visualizations/; the staleness test compares it with what is committed. One function for
 * both, so the test checks exactly what the script writes.
 */
import type { AnyStateMachine } from 'xstate';
import { toDot } from './dot.js';
import { toMermaid } from './mermaid.js';
import { dotToSvg } from './svg.js';

/** The file extensions written per machine, in this order. */
export const VISUALIZATION_EXTENSIONS = ['mmd', 'dot', 'svg'] as const;

/**
 * Renders `<name>.mmd`, `<name>.dot` and `<name>.svg` for each machine. Keys are file names
 * (relative to visualizations/), sorted by machine name then extension, so the record is
 * deterministic whatever order the machines were declared in.
 */
export async function renderAll(machines: Readonly<Record<string, AnyStateMachine>>): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of Object.keys(machines).sort()) {
    const machine = machines[name];
    if (!machine) continue;
    const dot = toDot(machine);
    files[`${name}.mmd`] = toMermaid(machine);
    files[`${name}.dot`] = dot;
    files[`${name}.svg`] = await dotToSvg(dot);
  }
  return files;
}
