/**
 * Machine → SVG, rendered in process by Graphviz compiled to WebAssembly (@viz-js/viz): no
 * browser, no `dot` binary, so `npm run viz` and the run page work on any machine with Node.
 * @viz-js/viz is an optional peer dependency (5 MB a library user rarely needs): imported on
 * first use, and its absence is one line saying `npm install @viz-js/viz`.
 */
import type { AnyStateMachine } from 'xstate';
import { importOptional } from '../optional-package.js';
import { toDot, type DotOptions } from './dot.js';

/** The part of @viz-js/viz's instance used here, declared so our types do not need the package. */
export interface Viz {
  renderString(dot: string, options: { format: 'svg'; engine: 'dot' }): string;
}

// Instantiating the WebAssembly module costs tens of milliseconds; one instance renders any
// number of graphs, so it is created once per process, on first use.
let vizPromise: Promise<Viz> | undefined;

/** The shared Graphviz instance (created on first call). */
export function getViz(): Promise<Viz> {
  vizPromise ??= importOptional('@viz-js/viz', 'Rendering a statechart as SVG (--format svg, the run page)', () => import('@viz-js/viz')).then(({ instance }) => instance());
  // A missing package must not stay cached as a rejection once it is installed (a long-lived inspector).
  vizPromise.catch(() => { vizPromise = undefined; });
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
