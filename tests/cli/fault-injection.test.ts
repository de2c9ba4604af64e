/**
 * Fault injection against the BUILT `recover` CLI (issue #4 item 7): real runs of a real command
 * are SIGKILLed at random moments, then resumed; two resumes race for one run. Replay a failing
 * kill schedule with RECOVERY_FAULT_SEED=<printed seed> (timing still varies from run to run).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildCli, cli, historyProblems, killTree, mulberry32, pool, readStored, runIds, startCli, untilCheckpoint, type Event, type Stored,
} from './fault-helpers.js';
import { BUILD_HOOK_LIMIT_MS } from '../helpers/build.js';

/** Executions that fail before one succeeds: two, so a run passes through backoff twice. */
const FAILS = 2;
/**
 * The command under test. Every execution appends its pid to `executions` first, so the test
 * counts real executions; the first FAILS executions fail like a dropped connection. A shell
 * script rather than node: a run executes it up to five times, and node's ~60 ms of CPU per start
 * would dominate the file's time on 2 cores.
 */
const TASK = `echo $$ >> executions
n=$(wc -l < executions)
if [ -f hang-first ] && [ "$n" -eq 1 ]; then exec sleep 60; fi
sleep 0.04
if [ "$n" -le ${FAILS} ]; then echo 'Error: socket hang up' >&2; exit 1; fi
echo ok
`;

const dirs: string[] = [];
beforeAll(() => { expect(buildCli()).toBe(true); }, BUILD_HOOK_LIMIT_MS);
afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

/** A trial's working dir (the command's cwd) with the task and a policy whose backoff waits ~100 ms. */
function workdir(hangFirst = false): { dir: string; store: string } {
  const dir = mkdtempSync(join(tmpdir(), 'recover-fault-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'recovery.config.json'), JSON.stringify({ maxDelayMs: 100 }));
  writeFileSync(join(dir, 'task.sh'), TASK);
  if (hangFirst) writeFileSync(join(dir, 'hang-first'), '');
  return { dir, store: join(dir, 'store') };
}

const executions = (dir: string) => (existsSync(join(dir, 'executions')) ? readFileSync(join(dir, 'executions'), 'utf8').trim().split('\n').length : 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a kill left the run, from the file it left behind. */
function whereKilled(stored: Stored | null): string {
  if (stored === null) return 'before start';
  if (stored.status !== 'running') return 'after finish';
  if (stored.midAttempt) return 'mid-attempt';
  return JSON.stringify(stored.value).includes('"retry"') ? 'mid-backoff' : 'between phases';
}

/**
 * What a resume may have added to the stored history: the old history stays as it was (no event
 * lost or rewritten), and the first new event is RESUME/interrupted exactly when the resume
 * started from a checkpoint taken mid-attempt; no other RESUME events appear.
 */
function expectResumeAdded(before: Stored, after: Stored, label: string): void {
  expect(after.history.slice(0, before.history.length), label).toEqual(before.history);
  const added = after.history.slice(before.history.length);
  const resumes = added.filter((e) => e.phase === 'RESUME');
  if (before.midAttempt && added.length > 0) {
    expect(added[0], label).toMatchObject({ phase: 'RESUME', result: 'interrupted', attempt: before.attempt });
    expect(resumes, label).toHaveLength(1);
  } else {
    expect(resumes, label).toHaveLength(0);
  }
}

/** The store holds exactly this run's head and log, whole, and no lock or takeover ticket (only its last fence). */
function expectCleanStore(store: string, runId: string, label: string): void {
  expect(readdirSync(join(store, 'runs')).sort(), label).toEqual([`${runId}.events.ndjson`, `${runId}.json`]);
  expect(() => JSON.parse(readFileSync(join(store, 'runs', `${runId}.json`), 'utf8')), label).not.toThrow();
  expect(readdirSync(join(store, 'locks')), label).toEqual([`${runId}.fence`]);
}

/** `recover history RUN_ID --format json`, checked for gaps, duplicates and attempt jumps. */
async function cliHistory(dir: string, store: string, runId: string, label: string): Promise<Event[]> {
  const shown = await cli(dir, ['history', runId, '--store', store, '--format', 'json']);
  expect(shown.code, `${label}: ${shown.stderr}`).toBe(0);
  const history = JSON.parse(shown.stdout) as Event[];
  expect(historyProblems(history), label).toEqual([]);
  return history;
}

describe('recover under SIGKILL (built CLI, real processes)', () => {
  test('30 trials: run killed at a random moment (and some resumes too), then resumed to the right end', async () => {
    const seed = Number(process.env.RECOVERY_FAULT_SEED ?? Date.now() % 1_000_000);
    console.log(`recover fault injection: RECOVERY_FAULT_SEED=${seed}`);
    // Kill windows come from how long the two stages of a run take here, under the same load:
    // start-up (node loads the CLI) until the first checkpoint, then the run itself.
    const calibration = await pool(3, 3, async () => {
      const { dir, store } = workdir();
      const began = Date.now();
      const run = startCli(dir, ['run', '--store', store, '--json', '--', 'sh', 'task.sh']);
      const startup = await untilCheckpoint(store, run);
      const end = await run.done;
      expect(JSON.parse(end.stdout)).toMatchObject({ status: 'recovered', attempts: FAILS + 1 });
      return { startup, rest: Date.now() - began - startup };
    });
    const startupMs = Math.max(...calibration.map((c) => c.startup));
    const restMs = Math.round(calibration.reduce((sum, c) => sum + c.rest, 0) / calibration.length);
    const counts: Record<string, number> = {};
    let resumesKilled = 0;

    await pool(30, 3, async (trial) => {
      const label = `trial ${trial} (RECOVERY_FAULT_SEED=${seed})`;
      const next = mulberry32(seed + trial * 7919);
      const { dir, store } = workdir();
      const run = startCli(dir, ['run', '--store', store, '--json', '--', 'sh', 'task.sh']);
      // One kill in ten aims at start-up; the others at a random moment of the run proper,
      // counted from its first checkpoint so that a slow start under load does not skew them.
      if (trial % 10 === 0) await sleep(startupMs * next());
      else {
        await untilCheckpoint(store, run);
        await sleep(0.85 * restMs * next()); // the last ~15% is the process exiting after its final checkpoint
      }
      const killed = await killTree(run.pid);
      await run.done;
      const [runId, ...others] = runIds(store);
      expect(others, label).toEqual([]);
      const where = killed ? whereKilled(runId === undefined ? null : readStored(store, runId)) : 'after finish';
      counts[where] = (counts[where] ?? 0) + 1;
      if (runId === undefined) {
        // Write-ahead: no checkpoint on disk means the command never started; nothing is damaged.
        expect(executions(dir), label).toBe(0);
        const list = await cli(dir, ['list', '--store', store, '--json']);
        expect(JSON.parse(list.stdout), label).toEqual([]);
        return;
      }

      // Some resumes are killed too (at most two per trial); each must leave a sound file.
      for (let k = 0; k < 2 && next() < 0.35; k++) {
        const before = readStored(store, runId)!;
        const resume = startCli(dir, ['resume', runId, '--store', store, '--json']);
        await sleep((startupMs + restMs) * next());
        if (await killTree(resume.pid)) resumesKilled++;
        await resume.done;
        expectResumeAdded(before, readStored(store, runId)!, `${label}, killed resume`);
      }

      const before = readStored(store, runId)!;
      const resumed = await cli(dir, ['resume', runId, '--store', store, '--json']);
      expect(resumed.code, `${label}: ${resumed.stderr}`).toBe(0);
      const after = readStored(store, runId)!;
      expectResumeAdded(before, after, label);
      const outcome = JSON.parse(resumed.stdout) as { status: string; attempts: number };
      const history = await cliHistory(dir, store, runId, label);
      expect(history, label).toEqual(after.history);
      // A failure on record means the run recovered; otherwise every failing execution was cut short.
      expect(outcome.status, label).toBe(history.some((e) => e.phase === 'PAUSE') ? 'recovered' : 'succeeded');
      expect(outcome.attempts, label).toBe(Math.max(1, ...history.map((e) => e.attempt)));
      // At-least-once: every attempt ran; an interrupted one may have run once more, nothing else did.
      const interrupted = history.filter((e) => e.phase === 'RESUME').length;
      expect(executions(dir), label).toBeGreaterThanOrEqual(Math.max(outcome.attempts, FAILS + 1));
      expect(executions(dir), label).toBeLessThanOrEqual(outcome.attempts + interrupted);
      const list = JSON.parse((await cli(dir, ['list', '--store', store, '--json'])).stdout) as { runId: string; status: string }[];
      expect(list, label).toEqual([expect.objectContaining({ runId, status: outcome.status })]);
      expectCleanStore(store, runId, label);
    });
    console.log(`recover fault injection: kills ${JSON.stringify(counts)}, resumes killed: ${resumesKilled} (start-up ≈ ${startupMs} ms, run ≈ ${restMs} ms)`);
    expect((counts['mid-attempt'] ?? 0) + (counts['mid-backoff'] ?? 0) + (counts['between phases'] ?? 0)).toBeGreaterThanOrEqual(15);
  }, 120_000);

  test('20 trials: two resumes of one interrupted run start at once; exactly one runs it', async () => {
    const tally = { refused: 0, sawFinished: 0 };
    await pool(20, 3, async (trial) => {
      const label = `race trial ${trial}`;
      const { dir, store } = workdir(true);
      const run = startCli(dir, ['run', '--store', store, '--', 'sh', 'task.sh']);
      // The first execution hangs: once it has started, the kill surely lands mid-attempt.
      for (let i = 0; executions(dir) === 0; i++) {
        expect(i, label).toBeLessThan(1000);
        await sleep(10);
      }
      expect(await killTree(run.pid), label).toBe(true);
      await run.done;
      const [runId] = runIds(store);
      expect(readStored(store, runId!)?.midAttempt, label).toBe(true);

      const racers = [0, 1].map(() => startCli(dir, ['resume', runId!, '--store', store, '--json']));
      const ends = await Promise.all(racers.map((r) => r.done));
      const winner = ends.findIndex((e) => e.code === 0);
      expect(winner, `${label}: ${ends.map((e) => e.stderr).join(' | ')}`).toBeGreaterThanOrEqual(0);
      const loser = ends[1 - winner]!;
      if (loser.code === 75) {
        tally.refused++;
        expect(loser.stderr, label).toContain(`process ${racers[winner]!.pid}`);
      } else {
        // It took the lock after the winner let go: a finished run is reported as it ended, not run again.
        tally.sawFinished++;
        expect(loser.code, `${label}: ${loser.stderr}`).toBe(0);
        expect(JSON.parse(loser.stdout), label).toEqual(JSON.parse(ends[winner]!.stdout));
      }
      const outcome = JSON.parse(ends[winner]!.stdout) as { status: string; attempts: number; history: Event[] };
      expect(outcome, label).toMatchObject({ status: 'recovered', attempts: 2 });
      // The killed execution, the re-run of attempt 1 (fails), attempt 2 (succeeds): nothing more.
      expect(executions(dir), label).toBe(3);
      // The file, not `recover history` (the first test covers that verb): a third CLI start per trial costs more than the race.
      const history = readStored(store, runId!)!.history;
      expect(outcome.history, label).toEqual(history);
      expect(historyProblems(history), label).toEqual([]);
      expect(history.map((e) => `${e.phase}/${e.result}/${e.attempt}`), label).toEqual([
        'RESUME/interrupted/1', 'PAUSE/failure/1', 'DIAGNOSE/diagnosed/1', 'RETRY/success/2',
      ]);
      expectCleanStore(store, runId!, label);
    });
    console.log(`recover resume race: ${tally.refused} refused with 75 naming the holder, ${tally.sawFinished} found the run finished`);
  }, 120_000);

  test('SIGINT mid-attempt: exit 130 and the lock is released, not left for stale detection', async () => {
    const { dir, store } = workdir(true);
    const run = startCli(dir, ['run', '--store', store, '--', 'sh', 'task.sh']);
    while (executions(dir) === 0) await sleep(10);
    process.kill(run.pid, 'SIGINT');
    expect((await run.done).code).toBe(130);
    const [runId] = runIds(store);
    expect(readStored(store, runId!)?.midAttempt).toBe(true);
    expect(readdirSync(join(store, 'locks')).filter((n) => !n.endsWith('.fence'))).toEqual([]);
  }, 30_000);
});
