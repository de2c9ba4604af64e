/**
 * Pictures of machines and runs: Mermaid, Graphviz DOT and SVG of any XState v5 machine, the
 * path a run took, and the self-contained HTML run page.
 * @packageDocumentation
 */
export { describeMachine, type ChartEdge, type ChartEdgeKind, type ChartModel, type ChartState, type ChartStateType } from './model.js';
export { toMermaid } from './mermaid.js';
export { toDot, type DotOptions } from './dot.js';
export { dotToSvg, toSvg } from './svg.js';
export { renderAll, VISUALIZATION_EXTENSIONS } from './render-all.js';
export { loadMachines, MACHINES_MODULE } from './load-machines.js';
export { highlightSets, type HighlightSets, type VisitedPath } from './visited.js';
export { defaultPhaseMapper, visitedFromHistory, type PathFromHistoryOptions, type PhaseEvent, type PhaseMapper } from './path-from-history.js';
export { visitedFromTrace, type TraceStep } from './path-from-trace.js';
export { renderRunPage, runPage, runPageParts, svgElement, type RunPageInput, type RunPageParts } from './run-page.js';
export { timelineTable, type TimelineEvent } from './timeline.js';
export { markdownToHtml } from './markdown.js';
