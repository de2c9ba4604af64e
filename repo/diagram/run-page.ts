/**
 * `recover report RUN_ID --format html`: one self-contained HTML page per run — the statechart
 * with the path this run took highlighted, the timeline of its history, and its report (the
 * escalation report while it waits for a decision, else how it ended). Nothing is loaded from the network: the SVG and the CSS are inline, there is no script,
 * and a Content-Security-Policy (`default-src 'none'`) makes the browser refuse any load, so the
 * page can be attached to a CI run or mailed and still render the same offline.
 */
import type { AnyStateMachine } from 'xstate';
import { toDot } from './dot.js';
import { escapeHtml } from './escape.js';
import { markdownToHtml } from './markdown.js';
import { describeMachine } from './model.js';
import { visitedFromHistory, type PathFromHistoryOptions } from './path-from-history.js';
import { MissingPackageError } from '../optional-package.js';
import { dotToSvg } from './svg.js';
import { timelineTable, type TimelineEvent } from './timeline.js';
import type { VisitedPath } from './visited.js';

/** What a run page shows. */
export interface RunPageInput {
  /** The machine the run executed. */
  machine: AnyStateMachine;
  /** The run's history events, oldest first. */
  history: readonly TimelineEvent[];
  /**
   * The run's report (Markdown): the escalation report when `status` is `escalated` (or not
   * given), else the report of how it ended (default: no report section).
   */
  report?: string;
  /** Page title, e.g. `Run 2024-05-01-abc · npm test`. */
  title: string;
  /** Where the run ended or rests (a state key such as the run status `recovered`), if known. */
  status?: string;
  /**
   * The path to highlight. Default: rebuilt from `history` (and `status`) with
   * {@link visitedFromHistory}; pass `visitedFromTrace(...)` when a trace exists, for the exact one.
   */
  visited?: VisitedPath;
  /** Phase → state mapping for the default path (see {@link PathFromHistoryOptions.mapPhase}). */
  mapPhase?: PathFromHistoryOptions['mapPhase'];
}

/** The page content once the SVG is rendered; {@link renderRunPage} turns it into HTML. */
export interface RunPageParts {
  title: string;
  status?: string;
  svg: string;
  visited: VisitedPath;
  /** Human-readable names of the visited states, in order. */
  visitedNames: string[];
  history: readonly TimelineEvent[];
  report?: string;
}

const CSS = `
:root{color-scheme:light;--accent:#1d4ed8;--muted:#6b7280;--line:#e5e7eb}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#111827;background:#fff}
header,main section{padding:16px 24px}
header{border-bottom:1px solid var(--line)}
h1{font-size:20px;margin:0 0 4px}
h2{font-size:16px;margin:0 0 12px}
.status{display:inline-block;padding:1px 8px;border-radius:10px;background:#eef2ff;color:var(--accent);font-weight:600}
.muted{color:var(--muted)}
.chart{overflow:auto;max-height:85vh;border:1px solid var(--line);border-radius:6px;padding:8px}
.chart svg{max-width:none;height:auto}
.chart .node.visited polygon,.chart .node.visited path{stroke:var(--accent)}
.chart .edge.visited path,.chart .edge.visited polygon{stroke:var(--accent)}
.legend span{margin-right:16px}
.legend .swatch{display:inline-block;width:12px;height:12px;border:2px solid var(--accent);background:#dbeafe;vertical-align:middle;margin-right:4px}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f9fafb;font-weight:600}
td.fix,td.note{max-width:28em;overflow-wrap:anywhere}
tr.phase-escalate td.phase{color:#b91c1c;font-weight:600}
.report pre{background:#f9fafb;padding:8px;overflow:auto;border-radius:4px}
.report code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
`;

/** The SVG element alone: Graphviz's XML prolog and DOCTYPE are not valid inside HTML. */
export function svgElement(svg: string): string {
  const start = svg.indexOf('<svg');
  return start < 0 ? '' : svg.slice(start).trim();
}

/**
 * Assembles the page HTML from rendered parts. Pure and synchronous: same parts, same bytes
 * (no clock, no randomness), which is what the tests compare.
 */
export function renderRunPage(parts: RunPageParts): string {
  const status = parts.status ? ` <span class="status">${escapeHtml(parts.status)}</span>` : '';
  const path = parts.visitedNames.length > 0 ? escapeHtml(parts.visitedNames.join(' → ')) : 'none';
  // Only an escalated run is asking for a decision; calling a recovered run's report an
  // "Escalation report" would send the reader looking for a problem that is not there.
  const reportTitle = parts.status === undefined || parts.status === 'escalated' ? 'Escalation report' : 'Run report';
  const report = parts.report === undefined ? '' : `
<section id="report" class="report">
<h2>${reportTitle}</h2>
${markdownToHtml(parts.report)}
</section>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)}</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>${escapeHtml(parts.title)}${status}</h1>
<div class="muted">${parts.history.length} history event${parts.history.length === 1 ? '' : 's'} · ${parts.visited.states.length} states visited · ${parts.visited.transitions.length} transitions taken</div>
</header>
<main>
<section id="chart">
<h2>Statechart</h2>
<p class="legend"><span><span class="swatch"></span>visited by this run</span><span>thick border: where it ended</span></p>
<div class="chart">${svgElement(parts.svg)}</div>
<p class="path"><strong>Path:</strong> ${path}</p>
</section>
<section id="timeline">
<h2>Timeline</h2>
${timelineTable(parts.history)}
</section>${report}
</main>
</body>
</html>
`;
}

/**
 * The chart's place when @viz-js/viz (an optional peer) is not installed: the page, with its
 * path, timeline and report, is still worth showing (`recover ui`, `recover report --format html`),
 * so the chart alone says what to install. Any other rendering error is thrown as before.
 */
function chartMissing(error: unknown): string {
  if (!(error instanceof MissingPackageError)) throw error;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="32" role="img"><text x="8" y="21" font-size="14">The statechart needs @viz-js/viz: npm install @viz-js/viz</text></svg>`;
}

/**
 * The run page's parts: derives the visited path (unless given) and renders the chart with that
 * path highlighted (SVG node ids are state ids; visited ones have class `visited`, the resting
 * state `current`). `recover ui` shows these parts in its run view; {@link runPage} assembles them.
 */
export async function runPageParts(input: RunPageInput): Promise<RunPageParts> {
  const model = describeMachine(input.machine);
  const visited = input.visited ?? visitedFromHistory(model, input.history, {
    ...(input.status ? { finalState: input.status } : {}),
    ...(input.mapPhase ? { mapPhase: input.mapPhase } : {}),
  });
  const svg = await dotToSvg(toDot(input.machine, { visited })).catch(chartMissing);
  const visitedNames = visited.states.filter((id) => id !== model.root.id).map((id) => model.states.get(id)?.key ?? id);
  return {
    title: input.title,
    ...(input.status ? { status: input.status } : {}),
    svg, visited, visitedNames, history: input.history,
    ...(input.report === undefined ? {} : { report: input.report }),
  };
}

/** Renders the run page ({@link runPageParts} assembled by {@link renderRunPage}). Deterministic. */
export async function runPage(input: RunPageInput): Promise<string> {
  return renderRunPage(await runPageParts(input));
}
