/**
 * `recover ui` end to end in real headless Chromium (Debian's `chromium` driven by playwright-core),
 * against the BUILT CLI in a temp dir: real runs (one escalated whose stderr carries an XSS payload
 * and a token, one running), a real `recover ui` child process, and a click that decides.
 * Screenshots go to test-artifacts/ui-*.png. Chromium is required: this suite is never skipped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BIN, cliEnv, recover, recoverJson, scriptsCwd } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';
import { waitFor } from '../helpers/wait-for.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(import.meta.dirname, '../../test-artifacts');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SECRET = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789AB';
const PAYLOAD = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';
/** Fails with a rejected credential (escalates at once) until a file `fixed` exists. */
const GATE_JS = `const fs = require('fs');
if (fs.existsSync('fixed')) { console.log('ok now'); process.exit(0); }
console.error(${JSON.stringify(`deploying with ${SECRET}\n${PAYLOAD}\nHTTP 401 Unauthorized`)});
process.exit(1);
`;

let dir: string;
let escalatedId: string;
/** A run of `true` and the attempts `recover run --json` said it made. */
let passed: { runId: string; attempts: number };
let running: ChildProcess;
let ui: ChildProcess;
let url: string;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const foreignRequests: string[] = [];

/** Resolves with the first stdout line of `child` that matches `pattern`. */
function lineOf(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = pattern.exec(out);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('exit', (code) => reject(new Error(`exited ${code} before printing ${pattern}:\n${out}\n${err}`)));
  });
}

beforeAllBuilt();
beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run scripts/ensure-chromium.sh (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  dir = scriptsCwd();
  writeFileSync(join(dir, 'gate.js'), GATE_JS);
  const escalated = recoverJson<{ runId: string; status: string }>(dir, ['run', '--', 'node', 'gate.js']);
  expect(escalated.outcome.status).toBe('escalated');
  escalatedId = escalated.outcome.runId;
  passed = recoverJson<{ runId: string; attempts: number }>(dir, ['run', '--', 'true']).outcome;
  running = spawn(process.execPath, [BIN, 'run', '--', 'node', 'slow.js'], { cwd: dir, env: cliEnv(), stdio: 'ignore' });
  await waitFor('the running command to start', () => existsSync(join(dir, 'pid')), { everyMs: 100, withinMs: 30_000 });
  ui = spawn(process.execPath, [BIN, 'ui', '--as', 'alice'], { cwd: dir, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  url = await lineOf(ui, /recover ui: (http:\/\/\S+)\n/);
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  const origin = new URL(url).origin;
  page.on('request', (r) => { if (new URL(r.url()).origin !== origin) foreignRequests.push(r.url()); });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  ui?.kill('SIGINT');
  running?.kill('SIGTERM');
  await Promise.all([ui, running].filter(Boolean).map((child) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))));
});

describe('recover ui in headless Chromium', () => {
  test('prints a 127.0.0.1 URL with a token', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{32}$/);
  });

  test('the list shows the escalated run first and the running one, live', async () => {
    await page.goto(url);
    await page.waitForSelector('#runs tbody tr[data-status="running"]');
    await page.waitForSelector('#runs tbody tr[data-status="escalated"]');
    expect(await page.getAttribute('#runs tbody tr:first-child', 'data-status')).toBe('escalated');
    expect(await page.textContent(`#runs tbody tr[data-run-id="${escalatedId}"] td.type`)).toBe('AUTH_REQUIRED');
    expect(await page.textContent(`#runs tbody tr[data-run-id="${escalatedId}"] td.task`)).toBe('node gate.js');
    expect(await page.textContent('#live')).toBe('live');
    await page.screenshot({ path: join(ARTIFACTS, 'ui-list.png'), fullPage: true });
    await page.click('#filters button[data-status="running"]');
    expect(await page.$$eval('#runs tbody tr', (rows) => rows.map((r) => r.getAttribute('data-status')))).toEqual(['running']);
    await page.click('#filters button[data-status="all"]');
  });

  test('attempts read as the CLI reads them: a run of `true` made 1 (it showed 0)', async () => {
    expect(passed.attempts).toBe(1);
    expect(await page.textContent(`#runs tbody tr[data-run-id="${passed.runId}"] td.attempts`)).toBe('1');
    expect(await page.textContent(`#runs tbody tr[data-run-id="${escalatedId}"] td.attempts`)).toBe('1');
    await page.click(`#runs tbody tr[data-run-id="${passed.runId}"]`);
    await page.waitForSelector('#run-view h1 .status.succeeded');
    expect(await page.textContent('#run-view .muted')).toContain(' · 1 attempt');
    await page.click('#run-view .back');
    await page.waitForSelector('#runs tbody tr');
  });

  test('every request without the token gets 401, and nothing changes state by GET or from another origin', async () => {
    const base = new URL(url).origin;
    const token = new URL(url).searchParams.get('token')!;
    for (const path of ['/', '/api/runs', `/api/runs/${escalatedId}`, '/api/events', '/ui.js']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(401);
      expect((await fetch(`${base}${path}?token=not-the-token`)).status, path).toBe(401);
    }
    const decide = `${base}/api/runs/${escalatedId}/decide`;
    expect((await fetch(decide, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"choice":"skip"}' })).status).toBe(401);
    expect((await fetch(`${decide}?token=${token}`)).status).toBe(405);
    const foreign = await fetch(decide, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: 'http://evil.example' }, body: '{"choice":"skip"}',
    });
    expect(foreign.status).toBe(403);
    const refused = await fetch(decide, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"choice":"rollback"}' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain("does not offer 'rollback'");
    const runs = JSON.parse(recover(dir, ['list', '--json']).stdout) as { runId: string; status: string }[];
    expect(runs.find((r) => r.runId === escalatedId)?.status).toBe('escalated');
  });

  test('the run view shows chart, failure, tails and report; stderr stays text and the token is redacted', async () => {
    await page.click(`#runs tbody tr[data-run-id="${escalatedId}"]`);
    await page.waitForSelector('#decide');
    expect(await page.$$eval('#chart svg g.current', (els) => els.map((e) => e.id))).toEqual(['recovery.escalated.awaiting']);
    // Readable at 100 %, not cramped: every label of the chart as drawn is at least 11 px (font
    // size × the SVG's scale on screen, and the box Chromium lays the text out in), and no two
    // labels' boxes overlap.
    const labels = await page.$$eval('#chart svg text', (texts) => texts.map((text) => {
      const r = text.getBoundingClientRect();
      // Graphviz writes each label's size as an attribute, in the SVG's own units.
      const scale = (text as unknown as { getScreenCTM(): { a: number } | null }).getScreenCTM()?.a ?? 0;
      return { text: text.textContent, size: parseFloat(text.getAttribute('font-size') ?? '0') * scale, height: r.height, box: [r.left, r.top, r.right, r.bottom] as const };
    }));
    expect(labels.length).toBeGreaterThan(50);
    const overlapping = labels.flatMap((a, i) => labels.slice(i + 1)
      .filter((b) => a.box[0] < b.box[2] && b.box[0] < a.box[2] && a.box[1] < b.box[3] && b.box[1] < a.box[3])
      .map((b) => `${a.text} / ${b.text}`));
    expect(overlapping).toEqual([]);
    expect(labels.filter((l) => l.size < 11 || l.height < 11)).toEqual([]);
    expect(await page.$$eval('#decide button', (els) => els.map((e) => e.getAttribute('data-choice'))))
      .toEqual(['retry-fresh', 'retry-with', 'skip', 'abort', 'manual']);
    expect(await page.textContent('#stderr')).toBe(`deploying with ghp_[REDACTED]\n${PAYLOAD}\nHTTP 401 Unauthorized\n`);
    expect(await page.$$eval('#failure td.rule', (els) => els.map((e) => e.textContent))).toContain('http.auth-required');
    expect(await page.$$eval('table.timeline tbody tr', (rows) => rows.map((r) => r.getAttribute('data-phase')))).toEqual(['PAUSE', 'DIAGNOSE', 'ESCALATE']);
    expect(await page.textContent('#report h2')).toBe('Escalation report');
    expect(await page.evaluate(() => (globalThis as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.$$eval('script', (els) => els.map((e) => new URL((e as unknown as { src: string }).src).pathname))).toEqual(['/ui.js']);
    expect(await page.$$eval('#run-view img', (els) => els.length)).toBe(0);
    expect(await page.content()).not.toContain(SECRET);
    await page.screenshot({ path: join(ARTIFACTS, 'ui-run.png'), fullPage: true });
    await (await page.$('#chart .chart'))!.screenshot({ path: join(ARTIFACTS, 'ui-chart.png') });
  });

  test('a click on retry-fresh resumes the run; the page then shows it recovered and who decided', async () => {
    writeFileSync(join(dir, 'fixed'), '');
    await page.click('#decide button[data-choice="retry-fresh"]');
    // The page's own CSP forbids eval, so wait on a selector rather than a predicate string.
    await page.waitForSelector('#run-view h1 .status.recovered', { timeout: 60_000 });
    expect(await page.$('#decide')).toBeNull();
    expect(await page.textContent('#decisions li')).toMatch(/^retry-fresh by alice at /);
    expect(await page.textContent('#report h2')).toBe('Run report');
    await page.screenshot({ path: join(ARTIFACTS, 'ui-recovered.png'), fullPage: true });
    const runs = JSON.parse(recover(dir, ['list', '--json']).stdout) as { runId: string; status: string }[];
    expect(runs.find((r) => r.runId === escalatedId)?.status).toBe('recovered');
    const record = JSON.parse(recover(dir, ['report', escalatedId, '--format', 'json']).stdout) as { meta: { decisions: { by: string; choice: string }[] } };
    expect(record.meta.decisions.map((d) => [d.by, d.choice])).toEqual([['alice', 'retry-fresh']]);
  }, 90_000);

  test('no console error and no request to another origin', () => {
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
