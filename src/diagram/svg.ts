/**
 * Machine → SVG, rendered in process by Graphviz compiled to WebAssembly (@viz-js/viz): no
 * browser, no `dot` binary, so `npm run viz` and the run page work on any machine with Node.
 */
import { instance, type Viz } from '@viz-js/viz';
import type { AnyStateMachine } from 'xstate';
import { toDot, type DotOptions } from './dot.js';

// Instantiating the WebAssembly module costs tens of milliseconds; one instance renders any
// number of graphs, so it is created once per process, on first use.
let vizPromise: Promise<Viz> | undefined;

/** The shared Graphviz instance (created on first call). */
export function getViz(): Promise<Viz> {
  vizPromise ??= instance();
  return vizPromise;
}

/**
 * Renders DOT source to an SVG document string.
 * @throws when Graphviz rejects the DOT source (the error lists Graphviz's messages).
 */
export async function dotToSvg(dot: string): Promise<string> {
  const viz = await getViz();
  return viz.renderString(dot, { format: 'svg', engine: 'dot' });
}

/**
 * Renders a machine as SVG via {@link toDot} (same options: `visited`, `rankdir`).
 * Deterministic for a given machine, options and @viz-js/viz version; upgrading Graphviz may
 * change the bytes, which the staleness test then reports (`npm run viz` regenerates).
 */
export async function toSvg(machine: AnyStateMachine, options: DotOptions = {}): Promise<string> {
  return dotToSvg(toDot(machine, options));
}
