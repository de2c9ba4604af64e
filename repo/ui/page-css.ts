/**
 * The stylesheet of `recover ui`, served as `/ui.css` (the CSP allows no inline style). Status
 * badges are styled by status name, written in from typed lists so no rule names a status that
 * does not exist.
 */
import { WAITING_STATUSES, type RowStatus } from './run-row.js';

/** The badge selector of each status (`.status.escalated,.status.damaged`). */
const statusSelector = (statuses: readonly RowStatus[]): string => statuses.map((status) => `.status.${status}`).join(',');

/** The page's stylesheet. */
export const UI_CSS = `
:root{color-scheme:light;--accent:#1d4ed8;--muted:#4b5563;--line:#d1d5db;--bg:#f9fafb;--warn:#b91c1c}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#111827;background:#fff}
header.top{display:flex;align-items:center;gap:16px;padding:10px 24px;border-bottom:1px solid var(--line);background:var(--bg)}
.brand{font-weight:700;font-size:18px;color:#111827;text-decoration:none}
.live{font-size:13px;padding:1px 8px;border-radius:10px;background:#dcfce7;color:#166534}
.live.off{background:#fee2e2;color:var(--warn)}
main{padding:16px 24px}
h1{font-size:22px;margin:0 0 4px;overflow-wrap:anywhere}
h2{font-size:17px;margin:24px 0 8px}
.muted{color:var(--muted)}
.toolbar{margin-bottom:12px;display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.toolbar .label{color:var(--muted);margin-right:4px}
button{font:inherit;cursor:pointer;border:1px solid var(--line);background:#fff;border-radius:6px;padding:4px 10px}
button:hover{border-color:var(--accent)}
button.active{background:var(--accent);border-color:var(--accent);color:#fff}
button:disabled{opacity:.5;cursor:default}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
th{background:var(--bg);font-weight:600}
td.num,th.num{text-align:right}
table.runs tbody tr{cursor:pointer}
table.runs tbody tr:hover{background:#eff6ff}
table.runs td.task{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;overflow-wrap:anywhere}
table.runs td.run{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;white-space:nowrap}
.status{display:inline-block;padding:1px 8px;border-radius:10px;font-weight:600;font-size:13px;background:#eef2ff;color:var(--accent);white-space:nowrap}
${statusSelector(WAITING_STATUSES)}{background:#fee2e2;color:var(--warn)}
${statusSelector(['running'])}{background:#fef9c3;color:#854d0e}
${statusSelector(['succeeded', 'recovered'])}{background:#dcfce7;color:#166534}
.back{display:inline-block;margin-bottom:8px}
.decide{border:2px solid var(--warn);border-radius:8px;padding:12px 16px;margin:16px 0;background:#fff7f7}
.decide h2{margin-top:0}
.choices{display:grid;grid-template-columns:max-content 1fr;gap:6px 12px;align-items:center}
.choices button{min-width:11em;text-align:left;font-weight:600}
.decide textarea{width:100%;min-height:3.5em;font:inherit;margin:8px 0;padding:6px}
.notice{margin:8px 0;padding:6px 10px;border-radius:6px;background:#eff6ff}
.notice.error{background:#fee2e2;color:var(--warn)}
.chart{overflow:auto;border:1px solid var(--line);border-radius:6px;padding:8px;max-height:80vh}
.chart svg{display:block}
.chart .node.visited polygon,.chart .node.visited path{stroke:var(--accent)}
.chart .edge.visited path,.chart .edge.visited polygon{stroke:var(--accent)}
pre.tail{background:#111827;color:#f9fafb;padding:10px;border-radius:6px;overflow:auto;max-height:24em;white-space:pre-wrap;overflow-wrap:anywhere;font-size:13px}
td.fix,td.note,td.match{max-width:32em;overflow-wrap:anywhere}
td.match{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
tr.phase-escalate td.phase{color:var(--warn);font-weight:600}
.report pre{background:var(--bg);padding:8px;overflow:auto;border-radius:4px}
.report code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
.report h2{font-size:16px}
`;
