/**
 * Shared machinery of the CLI fault-injection tests: the built `recover` started as a real,
 * detached process group; a SIGKILL that also reaches the command it runs; a seeded PRNG; and
 * the invariants every stored history must keep however the run was killed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../helpers/build.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The built CLI; RECOVER_BIN points the tests at another build of it (e.g. a private one). */
const BIN = process.env.RECOVER_BIN || join(ROOT, 'bin/recover.js');

/**
 * Builds dist when it is missing or older than a source. Like tests/cli/run.test.ts, a type
 * error elsewhere in the tree does not stop the build: tsc still emits, and the CLI under test
 * does not depend on it. Returns whether the CLI entry exists.
 */
export function buildCli(): boolean {
  if (process.env.RECOVER_BIN) return existsSync(BIN);
  ensureBuilt({ typeErrors: 'ignore' });
  return existsSync(join(ROOT, 'dist/src/cli/main.js'));
}

/** A started CLI process: its pid, and a promise of how it ended with what it printed. */
export interface Cli {
  pid: number;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/**
 * Starts `recover ARGS…` in `cwd` as the leader of its own process group (so a test can kill
 * the group), with the store env cleared so only `--store` or the cwd decides the store.
 */
export function startCli(cwd: string, args: string[]): Cli {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RECOVERY_STORE: '', GITHUB_STEP_SUMMARY: '', NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const done = new Promise<Awaited<Cli['done']>>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { pid: child.pid!, done };
}

/**
 * Resolves with the ms waited once the store holds a run file (the first checkpoint) or the
 * process has ended, whichever comes first.
 */
export async function untilCheckpoint(store: string, process: Cli): Promise<number> {
  const began = Date.now();
  let ended = false;
  void process.done.then(() => { ended = true; }, () => { ended = true; });
  while (!ended && runIds(store).length === 0) await new Promise((resolve) => setTimeout(resolve, 3));
  return Date.now() - began;
}

/** Runs `recover ARGS…` to completion. */
export function cli(cwd: string, args: string[]): Cli['done'] {
  return startCli(cwd, args).done;
}

/** Field 3 (state) and field 4 (ppid) of /proc/<pid>/stat, or null when the process is gone. */
function procStat(pid: number): { state: string; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

function signal(target: number, sig: NodeJS.Signals): void {
  try {
    process.kill(target, sig);
  } catch {
    // ESRCH: already gone
  }
}

/**
 * SIGKILLs the `recover` process group AND the command it runs. The command is spawned detached
 * (its own group, so a timeout can kill everything it started), which a kill of recover's group
 * does not reach; a crashed recover would otherwise leave it running and skew the counts. So:
 * freeze recover with SIGSTOP (it cannot spawn once stopped), collect its children from /proc,
 * then kill both groups. False when recover had already exited.
 */
export async function killTree(pid: number): Promise<boolean> {
  if (procStat(pid) === null || procStat(pid)!.state === 'Z') return false;
  signal(-pid, 'SIGSTOP');
  // kill() returns before a process running on another core has actually stopped.
  for (let i = 0; i < 200; i++) {
    const state = procStat(pid)?.state;
    if (state === undefined || state === 'T' || state === 'Z') break;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const children = readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number).filter((p) => procStat(p)?.ppid === pid);
  signal(-pid, 'SIGKILL');
  for (const child of children) {
    signal(-child, 'SIGKILL'); // its group, once it has called setsid
    signal(child, 'SIGKILL'); // itself, if it was forked but not yet its own group leader
  }
  return true;
}

/** Seeded PRNG (mulberry32), so a kill schedule can be replayed from the printed seed. */
export { createRandom as mulberry32 } from '../../src/policy/random.js';

/** Runs `work(i)` for i in 0..n-1, at most `limit` at a time; results in index order. */
export async function pool<T>(n: number, limit: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(n);
  let next = 0;
  const lane = async () => {
    while (next < n) {
      const i = next++;
      results[i] = await work(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, lane));
  return results;
}

/** The part of a history event these tests look at. */
export interface Event { seq: number; phase: string; result: string; attempt: number; iteration: number }

/**
 * Problems with a history as a whole: seq must be 1..n, attempts never go back and rise by at
 * most one per event, and a RESUME event is `interrupted` (these runs never hand off, so no
 * `RESUME/resumed`). Empty when it is sound.
 */
export function historyProblems(history: Event[]): string[] {
  const problems: string[] = [];
  history.forEach((event, i) => {
    if (event.seq !== i + 1) problems.push(`event ${i} has seq ${event.seq}, expected ${i + 1}`);
    const before = history[i - 1];
    if (before && (event.attempt < before.attempt || event.attempt > before.attempt + 1)) {
      problems.push(`seq ${event.seq}: attempt ${before.attempt} → ${event.attempt}`);
    }
    if (event.phase === 'RESUME' && event.result !== 'interrupted') problems.push(`seq ${event.seq}: RESUME/${event.result}`);
  });
  return problems;
}

/** What a run file says about where the run stood: its history and whether an attempt was running. */
export interface Stored { history: Event[]; status: string; value: unknown; midAttempt: boolean; attempt: number }

/** Reads `runs/<runId>.json` straight from disk (null when absent); throws when it does not parse. */
export function readStored(store: string, runId: string): Stored | null {
  let text: string;
  try {
    text = readFileSync(join(store, 'runs', `${runId}.json`), 'utf8');
  } catch {
    // A process killed between a commit's two renames leaves the head as its previous copy
    // (`.<id>.json.prev`, see src/store/run-file.ts): that is the committed head then.
    try {
      text = readFileSync(join(store, 'runs', `.${runId}.json.prev`), 'utf8');
    } catch {
      return null;
    }
  }
  const record = JSON.parse(text) as { status: string; logBytes: number; checkpoint: { snapshot: { value: unknown; context: { attempt: number } } } };
  // The head says how much of the event log is committed: what a reader must see, and no more.
  const log = record.logBytes === 0 ? '' : readFileSync(join(store, 'runs', `${runId}.events.ndjson`)).subarray(0, record.logBytes).toString('utf8');
  const history = log.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Event);
  const value = record.checkpoint.snapshot.value;
  // The same test markInterrupted applies: an `executing` (or flake-probe) state means mid-attempt.
  const midAttempt = (typeof value === 'object' && value !== null && 'executing' in value) || JSON.stringify(value).includes('"probeFlake"');
  return { history, status: record.status, value, midAttempt, attempt: record.checkpoint.snapshot.context.attempt };
}

/** Run ids with a head in `runs/`, or only its previous copy (temp and moved-aside files excluded). */
export function runIds(store: string): string[] {
  try {
    const names = readdirSync(join(store, 'runs'));
    const heads = names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).map((n) => n.slice(0, -5));
    const copies = names.filter((n) => n.startsWith('.') && n.endsWith('.json.prev')).map((n) => n.slice(1, -'.json.prev'.length));
    return [...new Set([...heads, ...copies])];
  } catch {
    return [];
  }
}
