/**
 * `recover report RUN --format html` from the BUILT CLI on real runs, opened in real headless
 * Chromium: self-contained (no request leaves the file, no http(s) URL to load in the markup), no
 * console error, and the report section matches how the run ended: "Run report" with an honest
 * heading for a recovered run, the Exc-1 escalation report for an escalated one. Screenshots go
 * to test-artifacts/ (git-ignored) next to run-report.png from run-page.test.ts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recover, ROOT, tempCwd } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

const ARTIFACTS = join(ROOT, 'test-artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let browser: Browser;

/** Builds dist when it is missing or older than a source, then starts Chromium. */
beforeAllBuilt();
beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  mkdirSync(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => { await browser?.close(); });

/** A real run of `script` in a fresh temp dir; returns the dir and the run id. */
function realRun(script: string, expectedExit: number): { dir: string; runId: string } {
  const dir = tempCwd({ maxDelayMs: 20 }, 'recover-page-');
  writeFileSync(join(dir, 'task.js'), script);
  const run = recover(dir, ['run', '--json', '--', 'node', 'task.js']);
  expect(run.status, run.stderr).toBe(expectedExit);
  return { dir, runId: (JSON.parse(run.stdout) as { runId: string }).runId };
}

/** Opens the CLI's HTML page from a file: what it requested beyond itself, console errors, texts. */
async function open(html: string, name: string) {
  const file = join(ARTIFACTS, `${name}.html`);
  writeFileSync(file, html);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const url = pathToFileURL(file).href;
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => { if (r.url() !== url) requests.push(r.url()); });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url, { waitUntil: 'load' });
  const headings = await page.$$eval('#report h2', (els) => els.map((e) => e.textContent ?? ''));
  const text = (await page.textContent('#report')) ?? '';
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  await page.close();
  return { requests, errors, headings, text };
}

/** Markup that would make a browser fetch something from the network. */
const REMOTE = /(?:src|href|action|poster|data)\s*=\s*["']?\s*(?:https?:)?\/\/|url\(\s*["']?\s*(?:https?:)?\/\/|@import/i;

const FLAKY = `const fs = require('fs');
const n = fs.existsSync('count') ? Number(fs.readFileSync('count', 'utf8')) : 0;
fs.writeFileSync('count', String(n + 1));
if (n === 0) { console.error('Error: socket hang up'); process.exit(1); }
`;

describe('recover report --format html (built CLI, headless Chromium)', () => {
  test('a recovered run: self-contained page with an honest "Run report", no decide commands', async () => {
    const { dir, runId } = realRun(FLAKY, 0);
    const md = recover(dir, ['report', runId]);
    expect(md.stdout.split('\n')[0]).toBe('## Recovery report: recovered after 2 attempts');
    const html = recover(dir, ['report', runId, '--format', 'html']).stdout;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).not.toMatch(REMOTE);
    const page = await open(html, 'run-report-recovered');
    expect(page.requests).toEqual([]);
    expect(page.errors).toEqual([]);
    expect(page.headings).toEqual(['Run report', 'Recovery report: recovered after 2 attempts']);
    expect(page.text).toContain('socket hang up');
    expect(page.text).not.toContain('Human intervention required');
    expect(page.text).not.toContain('recover decide');
    expect(readFileSync(join(ARTIFACTS, 'run-report-recovered.png')).subarray(1, 4).toString()).toBe('PNG');
  });

  test('an escalated run keeps the escalation report and its decide commands', async () => {
    const { dir, runId } = realRun(`console.error('HTTP 401 Unauthorized'); process.exit(1);\n`, 3);
    const html = recover(dir, ['report', runId, '--format', 'html']).stdout;
    expect(html).not.toMatch(REMOTE);
    const page = await open(html, 'run-report-escalated');
    expect(page.requests).toEqual([]);
    expect(page.errors).toEqual([]);
    expect(page.headings.slice(0, 2)).toEqual(['Escalation report', 'Recovery Escalation Required']);
    expect(page.text).toContain(`recover decide ${runId} --choice skip`);
  });
});
