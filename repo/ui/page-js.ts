/**
 * The script of `recover ui`, served as `/ui.js`: the run list (filter by status, live over SSE)
 * and the run view (chart, failure, timeline, report, decision). Text from runs is only ever set
 * with `textContent`; the chart, timeline and report arrive as HTML the server escaped
 * (diagram/escape.ts), and the CSP runs no script but this one, so recorded text stays text.
 * The status filters' order is written in when the module loads, from the run list's
 * {@link ROW_STATUSES} (itself the taxonomy's statuses), so the page lists no status by hand.
 */
import { ROW_STATUSES } from './run-row.js';

/** The page's script (an immediately invoked function; no module, no dependency). */
export const UI_JS = String.raw`(function () {
'use strict';
var token = document.querySelector('meta[name="recover-token"]').content;
var decider = document.querySelector('meta[name="recover-decider"]').content;
var state = { rows: [], filter: 'all', openId: null, openUpdatedAt: null, notice: null };

function el(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}
function api(path, init) {
  init = init || {};
  init.headers = Object.assign({ authorization: 'Bearer ' + token }, init.headers || {});
  return fetch(path, init).then(function (response) {
    return response.json().then(function (body) {
      if (!response.ok) throw new Error(body && body.error ? body.error : 'HTTP ' + response.status);
      return body;
    });
  });
}
function ago(ms) {
  if (ms === null || ms === undefined) return '';
  var s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 60) return s + ' s ago';
  if (s < 3600) return Math.floor(s / 60) + ' min ago';
  if (s < 86400) return Math.floor(s / 3600) + ' h ago';
  return Math.floor(s / 86400) + ' d ago';
}
function statusBadge(status) { return el('span', 'status ' + status, status); }

function renderFilters() {
  var box = document.getElementById('filters');
  box.textContent = '';
  var counts = { all: state.rows.length };
  state.rows.forEach(function (row) { counts[row.status] = (counts[row.status] || 0) + 1; });
  var order = ['all'].concat(${JSON.stringify(ROW_STATUSES)});
  order.forEach(function (name) {
    if (name !== 'all' && !counts[name] && state.filter !== name) return;
    var button = el('button', state.filter === name ? 'active' : '', name + ' (' + (counts[name] || 0) + ')');
    button.dataset.status = name;
    button.addEventListener('click', function () { state.filter = name; renderList(); });
    box.appendChild(button);
  });
}

function renderList() {
  renderFilters();
  var body = document.querySelector('#runs tbody');
  body.textContent = '';
  var rows = state.rows.filter(function (row) { return state.filter === 'all' || row.status === state.filter; });
  rows.forEach(function (row) {
    var tr = el('tr');
    tr.dataset.runId = row.runId;
    tr.dataset.status = row.status;
    var status = el('td', 'status-cell'); status.appendChild(statusBadge(row.status)); tr.appendChild(status);
    tr.appendChild(el('td', 'run', row.runId));
    tr.appendChild(el('td', 'task', row.task));
    tr.appendChild(el('td', 'type', row.failureType || ''));
    tr.appendChild(el('td', 'num attempts', row.attempts));
    var updated = el('td', 'age', ago(row.updatedAt)); updated.title = new Date(row.updatedAt).toISOString(); tr.appendChild(updated);
    tr.appendChild(el('td', 'age', ago(row.createdAt)));
    tr.addEventListener('click', function () { location.hash = '#/run/' + encodeURIComponent(row.runId); });
    body.appendChild(tr);
  });
  document.getElementById('empty').hidden = state.rows.length > 0;
}

function section(parent, title, id) {
  var s = el('section');
  if (id) s.id = id;
  s.appendChild(el('h2', '', title));
  parent.appendChild(s);
  return s;
}
function trusted(node, html) {
  // HTML the server built with every recorded string escaped (chart, timeline, report).
  node.innerHTML = html;
  return node;
}

function decisionPanel(view, parent) {
  var box = el('section', 'decide');
  box.id = 'decide';
  box.appendChild(el('h2', '', 'Decide: this run waits for a person'));
  if (decider) box.appendChild(el('p', 'muted', 'Your decision is recorded as made by ' + decider + '.'));
  var guidance = el('textarea');
  guidance.id = 'guidance';
  guidance.placeholder = 'Guidance for retry-with: what to do differently';
  var grid = el('div', 'choices');
  view.decisionOptions.forEach(function (option) {
    var button = el('button', '', option.choice);
    button.dataset.choice = option.choice;
    button.addEventListener('click', function () { decide(view.runId, option.choice, guidance.value, box); });
    grid.appendChild(button);
    grid.appendChild(el('span', '', option.description));
  });
  box.appendChild(guidance);
  box.appendChild(grid);
  parent.appendChild(box);
}

function decide(runId, choice, guidance, box) {
  if (choice === 'retry-with' && guidance.trim() === '') {
    state.notice = { error: true, text: 'retry-with needs guidance: say what to do differently.' };
    return showNotice();
  }
  box.querySelectorAll('button').forEach(function (b) { b.disabled = true; });
  var body = { choice: choice };
  if (choice === 'retry-with') body.guidance = guidance;
  api('/api/runs/' + encodeURIComponent(runId) + '/decide', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    .then(function () { state.notice = { error: false, text: 'Decision ' + choice + ' accepted; the run continues.' }; showNotice(); loadRun(runId); })
    .catch(function (error) {
      state.notice = { error: true, text: 'Decision refused: ' + error.message };
      box.querySelectorAll('button').forEach(function (b) { b.disabled = false; });
      showNotice();
    });
}
function showNotice() {
  var node = document.getElementById('notice');
  if (!node) return;
  node.hidden = !state.notice;
  if (state.notice) { node.className = 'notice' + (state.notice.error ? ' error' : ''); node.textContent = state.notice.text; }
}

function renderRun(view) {
  var root = document.getElementById('run-view');
  var scroll = window.scrollY;
  root.textContent = '';
  var back = el('a', 'back', '← all runs'); back.href = '#/'; root.appendChild(back);
  var h1 = el('h1'); h1.appendChild(document.createTextNode(view.runId + ' ')); h1.appendChild(statusBadge(view.status)); root.appendChild(h1);
  var task = el('div', 'task'); task.appendChild(el('code', '', view.task)); root.appendChild(task);
  root.appendChild(el('div', 'muted', 'started ' + ago(view.createdAt) + ' · updated ' + ago(view.updatedAt) + ' · ' + view.attempts + ' attempt' + (view.attempts === 1 ? '' : 's') + (view.failureType ? ' · ' + view.failureType : '')));
  var notice = el('div', 'notice'); notice.id = 'notice'; notice.hidden = true; root.appendChild(notice);
  if (view.decisionOptions.length > 0) decisionPanel(view, root);
  if (view.decisions.length > 0) {
    var ds = section(root, 'Decisions', 'decisions');
    var ul = el('ul');
    view.decisions.forEach(function (d) { ul.appendChild(el('li', '', d.choice + ' by ' + d.by + ' at ' + new Date(d.at).toISOString())); });
    ds.appendChild(ul);
  }
  var chart = section(root, 'Statechart', 'chart');
  chart.appendChild(el('p', 'muted', 'Blue: the path this run took; thick border: where it is now.'));
  var chartBox = trusted(el('div', 'chart'), view.chartHtml);
  chart.appendChild(chartBox);
  chart.appendChild(el('p', 'path', 'Path: ' + (view.path.length ? view.path.join(' → ') : 'none')));
  if (view.failure) {
    var f = view.failure;
    var fs = section(root, 'Latest failure', 'failure');
    fs.appendChild(el('p', '', [f.type, f.category, f.confidence !== null ? 'confidence ' + f.confidence : null, f.exitCode !== null ? 'exit ' + f.exitCode : null].filter(Boolean).join(' · ')));
    if (f.evidence.length) {
      var table = el('table', 'evidence');
      var head = el('tr'); ['rule', 'found in', 'matched text'].forEach(function (h) { head.appendChild(el('th', '', h)); });
      var thead = el('thead'); thead.appendChild(head); table.appendChild(thead);
      var tbody = el('tbody');
      f.evidence.forEach(function (e) { var tr = el('tr'); tr.appendChild(el('td', 'rule', e.rule)); tr.appendChild(el('td', 'source', e.source)); tr.appendChild(el('td', 'match', e.match)); tbody.appendChild(tr); });
      table.appendChild(tbody);
      fs.appendChild(table);
    }
    fs.appendChild(el('h2', '', 'stderr (tail)'));
    var stderr = el('pre', 'tail', f.stderr || '(empty)'); stderr.id = 'stderr'; fs.appendChild(stderr);
    fs.appendChild(el('h2', '', 'stdout (tail)'));
    var stdout = el('pre', 'tail', f.stdout || '(empty)'); stdout.id = 'stdout'; fs.appendChild(stdout);
  }
  section(root, 'Timeline', 'timeline').appendChild(trusted(el('div'), view.timelineHtml));
  var report = section(root, view.reportTitle, 'report');
  report.className = 'report';
  report.appendChild(trusted(el('div'), view.reportHtml));
  showNotice();
  centre(chartBox, chartBox.querySelector('g.current'));
  window.scrollTo(0, scroll);
}

function centre(box, node) {
  // The chart is drawn at its natural size (readable at 100 %) and scrolls: show where the run is.
  if (!node) return;
  var outer = box.getBoundingClientRect();
  var inner = node.getBoundingClientRect();
  box.scrollLeft += inner.left - outer.left - outer.width / 2 + inner.width / 2;
  box.scrollTop += inner.top - outer.top - outer.height / 2 + inner.height / 2;
}

function loadRun(runId) {
  return api('/api/runs/' + encodeURIComponent(runId)).then(function (view) {
    if (state.openId !== runId) return;
    state.openUpdatedAt = view.updatedAt;
    renderRun(view);
  }).catch(function (error) {
    var root = document.getElementById('run-view');
    root.textContent = '';
    root.appendChild(el('p', 'notice error', error.message));
  });
}

function route() {
  var match = /^#\/run\/(.+)$/.exec(location.hash);
  var listView = document.getElementById('list-view');
  var runView = document.getElementById('run-view');
  if (match) {
    var runId = decodeURIComponent(match[1]);
    if (state.openId !== runId) { state.notice = null; runView.textContent = ''; }
    state.openId = runId;
    listView.hidden = true; runView.hidden = false;
    loadRun(runId);
  } else {
    state.openId = null; state.openUpdatedAt = null;
    listView.hidden = false; runView.hidden = true;
    renderList();
  }
}

function connect() {
  var live = document.getElementById('live');
  var events = new EventSource('/api/events?token=' + encodeURIComponent(token));
  events.addEventListener('open', function () { live.textContent = 'live'; live.className = 'live'; });
  events.addEventListener('error', function () { live.textContent = 'reconnecting…'; live.className = 'live off'; });
  events.addEventListener('runs', function (event) {
    state.rows = JSON.parse(event.data);
    if (!state.openId) return renderList();
    var row = state.rows.find(function (r) { return r.runId === state.openId; });
    if (row && row.updatedAt !== state.openUpdatedAt) loadRun(state.openId);
  });
}

window.addEventListener('hashchange', route);
setInterval(function () { if (!state.openId) renderList(); }, 5000);
connect();
route();
})();
`;
