/**
 * The HTML run page in real headless Chromium (Debian's `chromium` driven by playwright-core):
 * it loads without console errors or any network request, the highlighted SVG elements are exactly
 * the run's path, and a screenshot is written to test-artifacts/run-report.png.
 * Chromium is required: without /usr/bin/chromium this suite fails (it is never skipped).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeMachine } from '../../src/diagram/model.js';
import { runPage } from '../../src/diagram/run-page.js';
import { escalatedHistory, escalatedPath, escalationReportMd } from './fixtures/histories.js';
import { recoveryLike } from './fixtures/machines.js';
import { recoveryMachine } from '../../machines/recovery.machine.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(import.meta.dirname, '../../test-artifacts');
const HTML_FILE = join(ARTIFACTS, 'run-report.html');
const SCREENSHOT = join(ARTIFACTS, 'run-report.png');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let browser: Browser;
let page: Page;
let html: string;
const consoleErrors: string[] = [];
const requests: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH. The run-page test needs a real browser and is not skipped.`);
  }
  html = await runPage({ machine: recoveryLike, history: escalatedHistory, report: escalationReportMd, title: 'Run run-1 · npm test', status: 'escalated' });
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(HTML_FILE, html);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  const url = pathToFileURL(HTML_FILE).href;
  page.on('request', (r) => { if (r.url() !== url) requests.push(r.url()); });
  await page.goto(url, { waitUntil: 'load' });
}, 60_000);

afterAll(async () => { await browser?.close(); });

const ids = (selector: string): Promise<string[]> => page.$$eval(selector, (els) => els.map((e) => e.id).sort());

describe('run page in headless Chromium', () => {
  test('loads with no console error and no network request', () => {
    expect(consoleErrors).toEqual([]);
    expect(requests).toEqual([]);
  });

  test('highlighted states are exactly the states the run visited', async () => {
    expect(await ids('#chart svg g.node.visited, #chart svg g.cluster.visited')).toEqual([...escalatedPath.states].sort());
    expect(await ids('#chart svg g.current')).toEqual(['recoveryLike.escalated']);
  });

  test('highlighted transitions are exactly the transitions the run took', async () => {
    const taken = new Set(escalatedPath.transitions.map(([a, b]) => `${a}->${b}`));
    // A step [from, to] marks the one edge drawn for every transition declared between them
    // (history does not say which guard passed: diagnose → escalated exists as isFatal,
    // budgetSpent and error); that edge has the id of the first of them.
    const firstOfPair = new Map<string, string>();
    for (const e of describeMachine(recoveryLike).edges) if (!firstOfPair.has(`${e.source}->${e.target}`)) firstOfPair.set(`${e.source}->${e.target}`, e.id);
    const expected = [...taken].map((pair) => firstOfPair.get(pair)).filter((id) => id !== undefined).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(await ids('#chart svg g.edge.transition.visited')).toEqual(expected);
    // Initial arrows count as taken when both ends were visited.
    expect(await ids('#chart svg g.edge.initial.visited')).toEqual([
      'recoveryLike.recovery::initial->recoveryLike.recovery.pause', 'recoveryLike::initial->recoveryLike.executing',
    ]);
  });

  test('the real recovery chart is drawn at its own size (the box scrolls), so its labels are readable at 100 %', async () => {
    // Scaled to fit the page, the recovery machine's labels were about 6 px high.
    const real = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await real.setContent(await runPage({ machine: recoveryMachine, history: [], title: 'Run r · npm test' }), { waitUntil: 'load' });
      const heights = await real.$$eval('#chart svg text', (texts) => texts.map((t) => t.getBoundingClientRect().height));
      expect(heights.length).toBeGreaterThan(50);
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(11);
    } finally {
      await real.close();
    }
  });

  test('timeline and escalation report are shown, and recorded text cannot inject markup', async () => {
    expect(await page.$$eval('table.timeline tbody tr', (rows) => rows.length)).toBe(escalatedHistory.length);
    expect(await page.textContent('table.timeline tbody tr:nth-child(4) td.delay')).toBe('5s');
    expect(await page.textContent('#report h2 + h2')).toBe('Recovery Escalation Required');
    expect(await page.$$eval('img, script, iframe, link', (els) => els.length)).toBe(0);
    expect(await page.textContent('#report ul li')).toBe('first <img src=x onerror=alert(1)>');
  });

  test('writes a screenshot artifact', async () => {
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    const png = readFileSync(SCREENSHOT);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(10_000);
  });

  test('the page is deterministic', async () => {
    expect(await runPage({ machine: recoveryLike, history: escalatedHistory, report: escalationReportMd, title: 'Run run-1 · npm test', status: 'escalated' })).toBe(html);
  });
});
