/**
 * A `recover run --tests auto` taken over by a `recover worker` mid-way (PostgreSQL, real
 * node:test runner): the worker continues the run's test ledger from what the first owner
 * stored, so the flake probe it runs re-runs exactly the test that failed before the takeover,
 * and the test is found flaky by name (issue 29's rule needs the executions of both owners).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestReport } from '../../src/classify/tests/reports/index.js';
import type { TestLedgerData } from '../../src/store/test-ledger-data.js';
import { testDatabase, withClient } from '../helpers/postgres.js';
import { waitFor } from '../helpers/wait-for.js';
import { BIN, cliEnv, recover, recoverAsync, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

let url: string;
let drop: () => Promise<void>;
let worker: ReturnType<typeof spawn> | undefined;
beforeAllBuilt();
beforeAll(async () => {
  ({ url, drop } = await testDatabase());
}, 300_000);
afterAll(async () => {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker!.once('exit', resolve));
    worker.kill('SIGTERM');
    await exited;
  }
  await drop();
});

// The outer vitest's variables would make the inner node:test runs think they are vitest workers.
const ENV = { ...Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('VITEST')).map((k) => [k, ''])), NODE_OPTIONS: '' };

/** Polls `probe` until it gives a value, for up to 120 s: a loaded machine starts processes slowly. */
/**
 * A suite of two tests in a fresh cwd: `steady` always passes; `flips` acts by how many times it
 * ran before, as `plan` says: `fail`, `pass`, or `hang` (it records its process group first, so
 * the owner can be killed mid-attempt, its attempt with it).
 */
function suite(plan: readonly ('fail' | 'pass' | 'hang')[]): string {
  const cwd = tempCwd({ maxDelayMs: 20 });
  mkdirSync(join(cwd, 'test'));
  writeFileSync(join(cwd, 'test', 'suite.test.mjs'), [
    "import { it } from 'node:test';", "import assert from 'node:assert/strict';",
    "import { execFileSync } from 'node:child_process';", "import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';",
    "it('steady', () => assert.equal(1 + 1, 2));",
    "it('flips', async () => {",
    `  const plan = ${JSON.stringify(plan)};`,
    "  const runs = existsSync('runs') ? readFileSync('runs', 'utf8').length : 0;",
    "  appendFileSync('runs', 'x');",
    "  if (plan[runs] === 'fail') assert.fail('fails this time');",
    "  if (plan[runs] === 'hang') {",
    "    writeFileSync('hung.pgid', execFileSync('ps', ['-o', 'pgid=', '-p', String(process.pid)], { encoding: 'utf8' }).trim());",
    '    await new Promise((resolve) => setTimeout(resolve, 300_000));',
    '  }',
    '});', ''].join('\n'));
  return cwd;
}

/** `recover run --tests auto --on-flaky pass` in `cwd` on the fleet's store, killed (with its attempt) once `flips` hangs; its run id. */
async function runUntilHung(cwd: string): Promise<string> {
  const listed = () => (JSON.parse(recover(cwd, ['list', '--json', '--store', url]).stdout) as { runId: string }[]).map((r) => r.runId);
  const before = new Set(listed());
  const running = recoverAsync(cwd, ['run', '--json', '--store', url, '--lease', '2s', '--tests', 'auto', '--on-flaky', 'pass', '--', process.execPath, '--test', 'test/'], 280_000, ENV);
  const pgid = await waitFor('the hung test to journal its process group', () => (existsSync(join(cwd, 'hung.pgid')) ? Number(readFileSync(join(cwd, 'hung.pgid'), 'utf8')) : undefined), { everyMs: 100 });
  const runId = listed().find((id) => !before.has(id))!;
  running.child.kill('SIGKILL');
  process.kill(-pgid, 'SIGKILL');
  await running;
  return runId;
}

/** The run's meta as the store keeps it. */
const metaOf = async (runId: string) => (await withClient(url, (db) => db.query('SELECT head->\'meta\' AS meta FROM recovery_runs WHERE run_id = $1', [runId]))).rows[0].meta as { takeovers?: unknown[]; testLedger?: TestLedgerData };

/** The tests node's JUnit report says the last execution of `runId` ran. */
const lastRan = (runId: string) => readTestReport(readFileSync(join(tmpdir(), 'recover-tests', runId, 'junit.xml'), 'utf8'), '', { cases: true }).cases!.filter((c) => c.status !== 'skipped').map((c) => c.id);

/** Starts the fleet's worker (once; it serves every test of this file). */
function startWorker(cwd: string): void {
  worker ??= spawn(process.execPath, [BIN, 'worker', '--store', url, '--lease', '2s'], { cwd, env: cliEnv(ENV), stdio: 'ignore' });
}

describe('a test-aware run taken over by a worker', { timeout: 300_000 }, () => {
  it('continues the ledger the first owner stored: the probe re-runs the failed test by name and finds it flaky', async () => {
    // Attempt 1 fails `flips` under the first owner, which dies during the probe; the worker's probe passes.
    const cwd = suite(['fail', 'hang', 'pass']);
    const runId = await runUntilHung(cwd);
    // What the first owner stored: attempt 1's execution, with `flips` failed.
    expect((await metaOf(runId)).testLedger!.executions.map((e) => [e.attempt, e.probe, e.scope])).toEqual([[1, false, 'all']]);

    startWorker(cwd);
    expect(await recoverAsync(cwd, ['wait', runId, '--store', url], 240_000)).toMatchObject({ status: 0, stdout: `${runId} flaky\n` });
    const meta = await metaOf(runId);
    expect(meta.takeovers).toHaveLength(1);
    const ledger = meta.testLedger!;
    // The worker's probe is recorded after the first owner's execution, against the same ids.
    expect(ledger.executions.map((e) => [e.attempt, e.probe, e.scope])).toEqual([[1, false, 'all'], [2, true, 'failed']]);
    expect(ledger.ids.slice().sort()).toEqual(['flips', 'steady']);
    expect(ledger.flaky.map((i) => ledger.ids[i])).toEqual(['flips']);
    // The probe the worker ran re-ran `flips` alone, named from the stored ledger.
    expect(lastRan(runId)).toEqual(['flips']);
    expect(readFileSync(join(cwd, 'runs'), 'utf8')).toBe('xxx');
  });

  it('a run taken over in its first attempt: each attempt of the worker continues the ledger its previous one left', async () => {
    // The first owner dies during attempt 1; the worker runs it again (`flips` fails), then the probe (it passes).
    const cwd = suite(['hang', 'fail', 'pass']);
    const runId = await runUntilHung(cwd);
    expect((await metaOf(runId)).testLedger).toBeUndefined();

    startWorker(cwd);
    expect(await recoverAsync(cwd, ['wait', runId, '--store', url], 240_000)).toMatchObject({ status: 0, stdout: `${runId} flaky\n` });
    const ledger = (await metaOf(runId)).testLedger!;
    expect(ledger.executions.map((e) => [e.attempt, e.probe, e.scope])).toEqual([[1, false, 'all'], [2, true, 'failed']]);
    expect(ledger.flaky.map((i) => ledger.ids[i])).toEqual(['flips']);
    expect(lastRan(runId)).toEqual(['flips']);
    expect(readFileSync(join(cwd, 'runs'), 'utf8')).toBe('xxx');
  });
});
