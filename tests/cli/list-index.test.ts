/**
 * `recover list` from the lowdb store's index (store/run-index.ts), the BUILT CLI on real files.
 * On one store, the listing read from every run file (no index.json), from the quiet index alone
 * (nothing else read), and from an index of the format before (version 1) print the same for
 * every filter, and that is what the run files say (an oracle reading each head here). A broken
 * index is named on stderr, the listing still right. A listing never waits for the processes
 * writing runs, frozen ones included.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/lowdb-store.js';
import type { Lease } from '../../src/store/types.js';
import type { RunStatus } from '../../src/taxonomy/run-status.js';
import { makeRun, saveRun } from '../store/helpers/fixtures.js';
import { ROOT, recover, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

let cwd: string;
let store: string;
let held: Lease;
const old = new Date(Date.now() - 86_400_000);
const ENDED: RunStatus[] = ['succeeded', 'recovered', 'flaky', 'escalated', 'skipped', 'aborted', 'manual', 'handedOff'];

beforeAllBuilt();

beforeAll(async () => {
  cwd = tempCwd();
  store = join(cwd, '.recovery');
  const runs = openStore(store);
  // Ended runs, two by two on the same updatedAt (ties list by run id).
  for (let i = 0; i < 16; i++) await saveRun(runs, makeRun(`run-${String(i).padStart(2, '0')}`, { status: ENDED[i % ENDED.length]!, updatedAt: 1_000 + Math.floor(i / 2), task: `task ${i} ü` }));
  // Left running by processes that are gone: interrupted; one a Claude Code hook run: waiting for the agent.
  for (const runId of ['gone-1', 'gone-2']) await saveRun(runs, makeRun(runId, { updatedAt: 2_000 }));
  await saveRun(runs, makeRun('hook-1', { updatedAt: 2_001, meta: { hook: 'claude' } }));
  // Running, its lease held by this (live) process.
  await saveRun(runs, makeRun('held-1', { updatedAt: 2_002 }));
  held = await runs.acquire('held-1');
  // A head that is not JSON: damaged.
  writeFileSync(join(store, 'runs', 'bad-1.json'), '{"runId": "bad-1", ');
  for (const name of readdirSync(join(store, 'runs'))) utimesSync(join(store, 'runs', name), old, old);
  utimesSync(join(store, 'runs'), old, old);
}, 120_000);
afterAll(async () => {
  await held.release();
  rmSync(cwd, { recursive: true, force: true });
});

interface Listed { runId: string; status: string | null; task: string | null; createdAt: number | null; updatedAt: number; kind: string; damaged?: { path: string; error: string }; waitingFor?: string }

/** What `recover list --json` must print, read here from the run files and lock files themselves. */
function oracle(status: string | undefined, limit: number): Listed[] {
  const runsDir = join(store, 'runs');
  const rows = readdirSync(runsDir).filter((name) => name.endsWith('.json')).map((name): Listed => {
    const path = join(runsDir, name);
    const runId = name.slice(0, -5);
    let head: { status: string; task: string; createdAt: number; updatedAt: number; meta: { hook?: string } };
    try {
      head = JSON.parse(readFileSync(path, 'utf8')) as typeof head;
    } catch {
      return { runId, status: 'damaged', task: null, createdAt: null, updatedAt: statSync(path).mtimeMs, damaged: { path, error: expect.stringMatching(/^invalid JSON/) as unknown as string }, kind: 'run' };
    }
    const row: Listed = { runId, status: head.status, task: head.task, createdAt: head.createdAt, updatedAt: head.updatedAt, kind: 'run' };
    if (head.status !== 'running' || existsSync(join(store, 'locks', `${runId}.lock`)) && JSON.parse(readFileSync(join(store, 'locks', `${runId}.lock`), 'utf8')).pid === process.pid) return row;
    return head.meta.hook === 'claude' ? { ...row, status: 'running', waitingFor: 'agent' } : { ...row, status: 'interrupted' };
  });
  return rows.sort((a, b) => b.updatedAt - a.updatedAt || (a.runId < b.runId ? -1 : 1)).filter((r) => status === undefined || r.status === status).slice(0, limit);
}

/** The index's header line: its version and the directory identity it vouches for. */
const header = (): { version: number; dir: string } => JSON.parse(`${readFileSync(join(store, 'index.json'), 'utf8').split('\n')[0]}]}`) as { version: number; dir: string };

/** The version-1 index the listing before this one wrote for the same runs (from the version-2 one). */
function asVersion1(): string {
  const v2 = JSON.parse(readFileSync(join(store, 'index.json'), 'utf8')) as { dir: string; runs: (Omit<Listed, 'kind'> & { damage?: string })[]; ids: string[] };
  const runs = Object.fromEntries(v2.runs.map((r, i) => [r.runId, [v2.ids[i], r.status, r.task, r.createdAt, r.updatedAt, r.damage ?? null]]));
  return JSON.stringify({ version: 1, dir: v2.dir, runs });
}

const list = (args: string[]) => {
  const result = recover(cwd, ['list', ...args]);
  expect(result.status, result.stderr).toBe(0);
  return { stdout: result.stdout, stderr: result.stderr };
};

describe('the same listing from every file, from the index, and from the index of the format before', () => {
  it.each([
    [[]],
    [['--json']],
    [['--status', 'interrupted', '--json']],
    [['--status', 'running', '--json']],
    [['--status', 'damaged', '--json']],
    [['--status', 'succeeded', '--limit', '1', '--json']],
    [['--limit', '3', '--json']],
    [['--limit', '3']],
    [['--status', 'flaky']],
    [['--status', 'failed']],
  ])('recover list %j', (args) => {
    rmSync(join(store, 'index.json'), { force: true });
    const fromFiles = list(args);
    expect(header()).toMatchObject({ version: 2, dir: expect.stringMatching(/^\d+:/) }); // whole: the next listing is the index alone
    const fromIndex = list(args);
    writeFileSync(join(store, 'index.json'), asVersion1());
    const fromVersion1 = list(args);
    expect(header().version).toBe(2); // written anew
    expect(fromIndex).toEqual(fromFiles);
    expect(fromVersion1).toEqual(fromFiles);
    const status = args.includes('--status') ? args[args.indexOf('--status') + 1] : undefined;
    const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : Infinity;
    const expected = oracle(status, limit);
    if (args.includes('--json')) expect(JSON.parse(fromFiles.stdout)).toEqual(expected);
    else if (expected.length > 0) expect(fromFiles.stdout.split('\n').slice(0, -1).map((line) => line.split('  ')[0])).toEqual(expected.map((r) => r.runId));
    else expect(fromFiles).toEqual({ stdout: '', stderr: `recover: no runs with status ${status} in the store (${store})\n` });
  });

  it('a broken index is named on stderr, and the listing is the same', () => {
    const good = list(['--json']);
    writeFileSync(join(store, 'index.json'), readFileSync(join(store, 'index.json'), 'utf8').replace('"status":"flaky"', '"status":"flakey"'));
    const broken = list(['--json']);
    expect(broken.stdout).toBe(good.stdout);
    expect(broken.stderr).toMatch(/^recover: \/.*index\.json: row \d+: not a run's row .*; every run file was read instead, and the index rewritten\n$/);
    expect(list(['--json'])).toEqual(good); // rewritten: nothing to say
  });
});

describe('recover repair', () => {
  it('rebuilds the index from the run files, naming one it could not use', () => {
    const good = list(['--json']);
    const text = readFileSync(join(store, 'index.json'), 'utf8');
    writeFileSync(join(store, 'index.json'), text.slice(0, text.length - 10));
    const repair = recover(cwd, ['repair']);
    expect(repair.status).toBe(0);
    expect(repair.stderr).toMatch(/^recover: \/.*index\.json: cut short \(no end\); every run file was read instead, and the index rewritten\n/);
    expect(readFileSync(join(store, 'index.json'), 'utf8')).toBe(text);
    // It moved the damaged head aside: the listing is the same less that run.
    const after = JSON.parse(list(['--json']).stdout) as Listed[];
    expect(after).toEqual((JSON.parse(good.stdout) as Listed[]).filter((r) => r.status !== 'damaged'));
    writeFileSync(join(store, 'runs', 'bad-1.json'), '{"runId": "bad-1", '); // as it was, for the tests after
    utimesSync(join(store, 'runs', 'bad-1.json'), old, old);
  });
});

describe('a listing never waits for the processes writing runs', () => {
  const writers: ChildProcess[] = [];
  afterAll(() => {
    for (const w of writers) w.kill('SIGKILL');
  });

  it('lists every run while 4 processes commit to 40 of them, one of those processes frozen', async () => {
    const library = pathToFileURL(join(ROOT, 'dist/src/store/index.js')).href;
    // Each writer owns its runs (their leases, never released) and commits to them round-robin.
    const script = `const { openStore } = await import(${JSON.stringify(library)});
const [dir, ...ids] = process.argv.slice(1);
const store = openStore(dir);
const leases = await Promise.all(ids.map((id) => store.acquire(id)));
const head = (runId, n) => ({ runId, task: 'busy', status: 'running', createdAt: 1, updatedAt: Date.now(), checkpoint: null, report: null, decisionOptions: null, meta: { n } });
const event = (seq) => ({ seq, phase: 'RETRY', iteration: seq, attempt: seq + 1, timestamp: new Date().toISOString(), result: 'failure', type: 'TIMEOUT', category: 'transient', message: 'timed out', hypotheses: [], confidence: null, fix: null, delayMs: 0, durationMs: 1, level: 'same', reason: null });
for (let seq = 1; ; seq++) {
  for (const lease of leases) await store.commit(lease.runId, lease.fence, { events: [event(seq)], head: head(lease.runId, seq) });
  if (seq === 1) process.stdout.write('COMMITTED\\n');
}`;
    const quiet = oracle(undefined, Infinity); // before the busy runs exist
    const busy = Array.from({ length: 40 }, (_, i) => `busy-${String(i).padStart(2, '0')}`);
    for (let w = 0; w < 4; w++) {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script, store, ...busy.slice(w * 10, w * 10 + 10)], { stdio: ['ignore', 'pipe', 'inherit'] });
      writers.push(child);
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('COMMITTED')) resolve(); });
        child.once('exit', (code) => reject(new Error(`writer exited with ${code}`)));
      });
    }
    // Frozen holding its leases, between two commits: a listing that waited for a lease would never end.
    writers[0]!.kill('SIGSTOP');
    for (let listing = 0; listing < 5; listing++) {
      const rows = JSON.parse(list(['--json']).stdout) as Listed[];
      expect(rows.filter((r) => r.runId.startsWith('busy-')).map((r) => [r.runId, r.status]).sort()).toEqual(busy.map((id) => [id, 'running']));
      expect(rows.filter((r) => !r.runId.startsWith('busy-'))).toEqual(quiet);
    }
    writers[0]!.kill('SIGCONT');
  }, 120_000);
});
