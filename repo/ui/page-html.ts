/**
 * The page shell of `recover ui`: no data in it, only the token (for the page's own API calls)
 * and who decides; the script (page-js.ts) fills it from the API and the live channel.
 */
import { escapeHtml } from '../diagram/escape.js';

/** The HTML shell; `token` and `decider` are escaped. */
export function pageHtml(token: string, decider: string): string {
  const t = encodeURIComponent(token);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="recover-token" content="${escapeHtml(token)}">
<meta name="recover-decider" content="${escapeHtml(decider)}">
<title>recover ui</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/ui.css?token=${escapeHtml(t)}">
<script src="/ui.js?token=${escapeHtml(t)}" defer></script>
</head>
<body>
<header class="top">
<a class="brand" href="#/">recover ui</a>
<span id="live" class="live off">connecting…</span>
</header>
<main>
<section id="list-view">
<div class="toolbar"><span class="label">Status:</span><span id="filters"></span></div>
<table id="runs" class="runs">
<thead><tr><th>status</th><th>run</th><th>command</th><th>failure type</th><th class="num">attempts</th><th>updated</th><th>started</th></tr></thead>
<tbody></tbody>
</table>
<p id="empty" class="muted" hidden>No runs in the store yet.</p>
</section>
<section id="run-view" hidden></section>
</main>
</body>
</html>
`;
}
