/**
 * `npm run bench:list`: `recover list` over 10,000 runs (issue #32: ≤ 0.3 s), and under writers.
 *
 * A temp lowdb store of 10,000 runs (mostly ended, 1 % left `running` by a process that is gone,
 * so listed as interrupted), then, interleaved in one loop so every variant sees the same machine:
 * - `node -e 0` (the floor any Node CLI pays), and `recover --help` (the CLI's own floor: its
 *   bundle loaded, nothing listed),
 * - raw: a whole `node` process reading and parsing one JSON file the size of the store's
 *   `index.json` (the least a listing from one file can cost),
 * - `recover list --json`, `recover list` (text) and `recover list --limit 20 --json` as whole
 *   processes over the store,
 * - with BENCH_BASE=DIR (a checkout of another version, built: e.g. main's), its `recover list
 *   --json` over a copy of the store of its own (the two index formats differ: one store would
 *   have each version rewrite the other's index), quiet store only,
 * and in this process the library's `openStore(dir).list()` on a fresh store object against
 * `readFile` + `JSON.parse` of that same-size file.
 * Then the same again with 200 runs being written beside it: BENCH_WRITERS processes (default 4)
 * each committing round-robin to its share of 200 runs it holds the leases of. A listing takes no
 * lock, so it should cost about the same; every listing's runs are counted (none missing, none
 * damaged). Prints p50 / p90 in ms and the ratios to the baselines, plus the first listing of a
 * store with no index.json. Figures only: nothing here asserts on time. BENCH_ROUNDS (default 15).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../src/store/index.js';
import type { RunStatus } from '../src/taxonomy/run-status.js';
import { fmt, percentile } from './measure.js';
import { populateStore } from './store-populate.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 4);
const WRITTEN = 200;
const WARMUP = 2;
const BIN = fileURLToPath(new URL('../../bin/recover.js', import.meta.url));
const BASE = process.env.BENCH_BASE ? join(process.env.BENCH_BASE, 'bin/recover.js') : null;
const WRITER = fileURLToPath(new URL('./store-writer.js', import.meta.url));
const ENDED: RunStatus[] = ['succeeded', 'recovered', 'succeeded', 'escalated', 'succeeded', 'recovered', 'flaky', 'succeeded', 'aborted', 'succeeded'];

/** Wall time of a child process in ms, and its stdout; fails loudly when it does not exit 0. */
function timeProcess(argv: string[], env: NodeJS.ProcessEnv): { ms: number; stdout: string } {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, argv, { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`node ${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
  return { ms, stdout: result.stdout };
}

async function timeAsync<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

interface Sample { name: string; samples: number[] }
const sample = (name: string): Sample => ({ name, samples: [] });

/** One interleaved measurement of every variant over `dir`; `expected` is how many rows a listing must have. */
async function measure(dir: string, baselineFile: string, expected: number, baseDir: string | null = null) {
  const env = { ...process.env, RECOVERY_STORE: '', GITHUB_STEP_SUMMARY: '', NO_COLOR: '1' };
  const nodeFloor = sample('node -e 0');
  const cliFloor = sample('recover --help');
  const rawProcess = sample('raw: node reads + parses one same-size JSON file');
  const listJson = sample('recover list --json');
  const listText = sample('recover list');
  const listLimit = sample('recover list --limit 20 --json');
  const base = sample('base: recover list --json (BENCH_BASE)');
  const library = sample('library: openStore(dir).list(), fresh object');
  const rawLibrary = sample('raw: readFile + JSON.parse, same-size file');
  let short = 0;
  let damaged = 0;
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const keep = round >= WARMUP;
    const add = (s: Sample, ms: number) => { if (keep) s.samples.push(ms); };
    add(nodeFloor, timeProcess(['-e', '0'], env).ms);
    add(cliFloor, timeProcess([BIN, '--help'], env).ms);
    add(rawProcess, timeProcess(['-e', `JSON.parse(require('fs').readFileSync(${JSON.stringify(baselineFile)}, 'utf8'))`], env).ms);
    const json = timeProcess([BIN, 'list', '--json', '--store', dir], env);
    add(listJson, json.ms);
    const rows = JSON.parse(json.stdout) as { status: string | null }[];
    if (rows.length < expected) short++;
    damaged += rows.filter((r) => r.status === 'damaged').length;
    add(listText, timeProcess([BIN, 'list', '--store', dir], env).ms);
    const limited = timeProcess([BIN, 'list', '--limit', '20', '--json', '--store', dir], env);
    add(listLimit, limited.ms);
    // Quiet, the newest 20 are the whole listing's first 20 (busy runs reorder between two listings).
    if (expected === RUNS && limited.stdout !== `${JSON.stringify(rows.slice(0, 20))}\n`) short++;
    if (BASE !== null && baseDir !== null) {
      const other = timeProcess([BASE, 'list', '--json', '--store', baseDir], env);
      add(base, other.ms);
      if ((JSON.parse(other.stdout) as unknown[]).length !== rows.length) short++;
    }
    const listed = await timeAsync(() => openStore(dir).list());
    add(library, listed.ms);
    if (listed.value.length < expected) short++;
    add(rawLibrary, (await timeAsync(async () => JSON.parse(await readFile(baselineFile, 'utf8')) as unknown)).ms);
  }
  return { variants: [nodeFloor, rawProcess, listJson, listText, library, rawLibrary, cliFloor, listLimit, ...(base.samples.length > 0 ? [base] : [])], short, damaged };
}

function report(title: string, result: Awaited<ReturnType<typeof measure>>) {
  const [nodeFloor, rawProcess, listJson, listText, library, rawLibrary, cliFloor, listLimit, base] = result.variants as [Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample | undefined];
  const p50 = (s: Sample) => percentile([...s.samples], 50);
  console.log(`\n${title}`);
  console.log('                                                        p50 ms     p90 ms');
  for (const s of result.variants) console.log(`  ${s.name.padEnd(50)}${fmt(p50(s))} ${fmt(percentile([...s.samples], 90))}`);
  console.log(`  recover list --json: ${(p50(listJson) / 1000).toFixed(3)} s (goal ≤ 0.300 s); ${(p50(listJson) / p50(rawProcess)).toFixed(2)}x the raw process, ${(p50(listJson) - p50(nodeFloor)).toFixed(0)} ms over node -e 0`);
  console.log(`  recover list (text): ${(p50(listText) / 1000).toFixed(3)} s; the listing's own share: ${(p50(listJson) - p50(cliFloor)).toFixed(0)} ms over recover --help, against ${(p50(rawProcess) - p50(nodeFloor)).toFixed(0)} ms the raw read adds to node -e 0`);
  console.log(`  recover list --limit 20 --json: ${(p50(listLimit) / 1000).toFixed(3)} s, ${(p50(listLimit) - p50(cliFloor)).toFixed(0)} ms over recover --help`);
  if (base !== undefined) console.log(`  against BENCH_BASE: recover list --json ${(p50(listJson) / p50(base)).toFixed(2)}x its ${(p50(base) / 1000).toFixed(3)} s; over node -e 0: ${(p50(listJson) - p50(nodeFloor)).toFixed(0)} ms against ${(p50(base) - p50(nodeFloor)).toFixed(0)} ms`);
  console.log(`  library list(): ${(p50(library) / p50(rawLibrary)).toFixed(2)}x the raw read`);
  console.log(`  listings missing a run: ${result.short}; rows listed as damaged: ${result.damaged} (aim 0 and 0)`);
}

function startWriters(dir: string): Promise<ChildProcess[]> {
  const ids = Array.from({ length: WRITTEN }, (_, i) => `busy-${String(i).padStart(3, '0')}`);
  const share = Math.ceil(WRITTEN / WRITERS);
  const writers = Array.from({ length: WRITERS }, (_, w) =>
    spawn(process.execPath, [WRITER, dir, ...ids.slice(w * share, (w + 1) * share)], { stdio: ['ignore', 'pipe', 'inherit'] }));
  const ready = Promise.all(writers.map((child) => new Promise<ChildProcess>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('READY')) resolve(child); });
    child.on('exit', (code) => reject(new Error(`writer exited with ${code}`)));
  })));
  // Measured once every written run has its first head: a listing then must show all of them.
  return ready.then(async (started) => {
    while (!ids.every((id) => existsSync(join(dir, 'runs', `${id}.json`)))) await new Promise((resolve) => setTimeout(resolve, 50));
    return started;
  });
}

const dir = populateStore(RUNS, (i) => (i % 100 === 99 ? 'running' : ENDED[i % ENDED.length]!), 'list-bench-');
const writers: ChildProcess[] = [];
try {
  const first = await timeAsync(() => openStore(dir).list()); // no index.json yet: reads every head, writes the index
  const baselineFile = join(dir, 'baseline.json');
  copyFileSync(join(dir, 'index.json'), baselineFile);
  console.log(`list bench — Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}, tmpdir ${tmpdir()}`);
  console.log(`${RUNS} runs (1 % interrupted), ${ROUNDS} rounds; first list() with no index.json: ${first.ms.toFixed(0)} ms`);
  // The base version lists a copy of its own, settled once by a listing (its own index written).
  const baseDir = BASE === null ? null : `${dir}-base`;
  if (baseDir !== null) {
    cpSync(dir, baseDir, { recursive: true, preserveTimestamps: true });
    rmSync(join(baseDir, 'index.json'));
    timeProcess([BASE!, 'list', '--json', '--store', baseDir], { ...process.env, RECOVERY_STORE: '' });
  }
  report('quiet store', await measure(dir, baselineFile, RUNS, baseDir));
  if (baseDir !== null) rmSync(baseDir, { recursive: true, force: true });
  writers.push(...await startWriters(dir));
  report(`with ${WRITTEN} runs being written by ${WRITERS} processes (load ${loadavg()[0]!.toFixed(2)})`, await measure(dir, baselineFile, RUNS + WRITTEN));
  console.log(`\nload at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  for (const w of writers) w.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
