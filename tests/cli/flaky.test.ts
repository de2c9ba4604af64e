/**
 * Flaky-test memory and quarantine through the built CLI, with real test runners as child
 * processes (node's test runner writing JUnit XML, vitest under `--tests auto`), on a lowdb store
 * and on a real PostgreSQL: a test that flips across runs shows in `recover flaky` and in `recover
 * stats`; a run whose only failure is a quarantined test exits 0 and says so, one with another
 * failure fails; a damaged memory file is named, kept, and rebuilt by `recover repair`.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../helpers/postgres.js';
import { BIN, cliEnv, recover, recoverAsync, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();
const database = useTestDatabase();

/** node:test: `flips` fails while a file `red` exists, `other` while `other-red` exists. */
const NODE_TESTS = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, unlinkSync } from 'node:fs';
test('steady', () => {});
test('flips', () => { assert.ok(!existsSync('red'), 'the light is red'); });
test('other', () => { assert.ok(!existsSync('other-red'), 'the other light is red'); });
test('once', () => { if (existsSync('fail-once')) { unlinkSync('fail-once'); assert.fail('failed this once'); } });
`;
const NODE_COMMAND = [process.execPath, '--test', '--test-reporter=junit', '--test-reporter-destination=r.xml', 't.test.mjs'];
const COMMAND_ID = NODE_COMMAND.join(' ');

function nodeProject(config: Record<string, unknown> = {}): string {
  const cwd = tempCwd({ maxDelayMs: 20, ...config }, 'recover-flaky-');
  writeFileSync(join(cwd, 't.test.mjs'), NODE_TESTS);
  writeFileSync(join(cwd, 'fleet.test.mjs'), NODE_TESTS);
  return cwd;
}
const nodeRun = (cwd: string, extra: string[] = []) => recoverAsync(cwd, ['run', ...extra, '--tests', 'r.xml', '--', ...NODE_COMMAND], 60_000);

interface Flaky { command: string; test: string; runs: number; passed: number; failed: number; flips: number; lastFlipAt: number | null }

describe('recover flaky (lowdb store, node --test)', () => {
  it('lists a test that failed in one run and passed in the next, with its counts; stats shows the test flake rate', async () => {
    const cwd = nodeProject();
    expect(recover(cwd, ['flaky']).stdout).toContain('no flaky tests remembered');
    writeFileSync(join(cwd, 'red'), '');
    const first = await nodeRun(cwd);
    expect(first.status, first.stderr).toBe(3); // failed, and failed again on the flake probe: escalated
    rmSync(join(cwd, 'red'));
    const second = await nodeRun(cwd);
    expect(second.status, second.stderr).toBe(0);

    const listed = JSON.parse(recover(cwd, ['flaky', '--json']).stdout) as Flaky[];
    expect(listed).toEqual([expect.objectContaining({ command: COMMAND_ID, test: 'flips', runs: 2, failed: 2, passed: 1, flips: 1 })]);
    const table = recover(cwd, ['flaky']).stdout.split('\n');
    expect(table[0]).toMatch(/^TEST\s+FLIPS\s+FAIL\s+PASS\s+RATE\s+LAST FLIP\s+COMMAND$/);
    expect(table[1]).toMatch(/^flips\s+1\s+2\s+1\s+50%\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+\S*node --test .*t\.test\.mjs$/);
    expect(recover(cwd, ['flaky', '--command', 'npm test']).stdout).toContain("no flaky tests remembered for 'npm test'");

    const stats = JSON.parse(recover(cwd, ['stats', '--json']).stdout) as { flakyTests: unknown };
    expect(stats.flakyTests).toEqual({ remembered: 1, flaky: 1, flips: 1, flakeRate: 0.5 });
    expect(recover(cwd, ['stats']).stdout).toMatch(/test flake rate\s+50\.0%/);
  }, 120_000);

  it('a test that passes on the flake probe (nothing changed) flipped within its run (AC-007)', async () => {
    const cwd = nodeProject();
    writeFileSync(join(cwd, 'fail-once'), '');
    const run = await nodeRun(cwd, ['--json']);
    expect(JSON.parse(run.stdout), run.stderr).toMatchObject({ status: 'escalated', reason: 'non_deterministic_failure' });
    expect(JSON.parse(recover(cwd, ['flaky', '--json']).stdout)).toEqual([expect.objectContaining({ test: 'once', runs: 1, failed: 1, passed: 1, flips: 1 })]);
  }, 120_000);

  it('a decided run that ends again replaces its count (a decision is a change: its pass is not a flip)', async () => {
    const cwd = nodeProject();
    writeFileSync(join(cwd, 'red'), '');
    const run = await nodeRun(cwd, ['--json']);
    const { runId } = JSON.parse(run.stdout) as { runId: string };
    expect(JSON.parse(recover(cwd, ['flaky', '--all', '--json']).stdout)).toEqual([expect.objectContaining({ test: 'flips', runs: 1, failed: 2, passed: 0 })]);
    rmSync(join(cwd, 'red'));
    const decided = await recoverAsync(cwd, ['decide', runId, '--choice', 'retry-fresh'], 60_000);
    expect(decided.status, decided.stderr).toBe(0);
    expect(JSON.parse(recover(cwd, ['flaky', '--all', '--json']).stdout)).toEqual([expect.objectContaining({ test: 'flips', runs: 1, failed: 2, passed: 1, flips: 0 })]);
  }, 120_000);

  it('recover decide applies the quarantine of the run it continues (its config, its --quarantine-flaky)', async () => {
    const cwd = nodeProject({ quarantine: ['flips'] });
    writeFileSync(join(cwd, 'red'), '');
    const run = await nodeRun(cwd, ['--json']);
    expect(run.status, run.stderr).toBe(0);
    const { runId } = JSON.parse(run.stdout) as { runId: string };
    const decided = await recoverAsync(cwd, ['decide', runId, '--choice', 'retry-fresh', '--json'], 60_000);
    expect(decided.status, decided.stderr).toBe(0);
    expect(JSON.parse(decided.stdout)).toMatchObject({ status: 'escalated', quarantined: [{ test: 'flips', why: expect.stringContaining("listed in the config's quarantine") }] });
    expect(decided.stderr).toContain(`QUARANTINED: run ${runId} exits 0`);
  }, 120_000);

  it('a damaged memory file is named and kept as it is: runs go on, flaky fails naming it, stats notes it, repair rebuilds it', async () => {
    const cwd = nodeProject();
    writeFileSync(join(cwd, 'red'), '');
    expect((await nodeRun(cwd)).status).toBe(3);
    rmSync(join(cwd, 'red'));
    const path = join(cwd, '.recovery', 'flaky-tests.json');
    const damaged = '{"version": 1, "entries": [{"command": "x", "te';
    writeFileSync(path, damaged);

    const run = await nodeRun(cwd);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(`the flaky-test memory was not updated: flaky-test memory ${path}: not valid JSON`);
    expect(readFileSync(path, 'utf8')).toBe(damaged);
    const flaky = recover(cwd, ['flaky']);
    expect(flaky.status).toBe(74);
    expect(flaky.stderr).toContain(`flaky-test memory ${path}: not valid JSON`);
    expect(flaky.stderr).toContain("'recover repair'");
    const stats = recover(cwd, ['stats']);
    expect(stats.status).toBe(0);
    expect(stats.stderr).toContain(path);

    const repair = recover(cwd, ['repair']);
    expect(repair.status, repair.stderr).toBe(0);
    expect(repair.stdout).toMatch(/moved .*flaky-tests\.json → .*flaky-tests\.json\.corrupt-\d+ \(not valid JSON.*\); rebuilt the flaky-test memory from 2 stored test runs/);
    const aside = readdirSync(join(cwd, '.recovery')).find((name) => name.startsWith('flaky-tests.json.corrupt-'))!;
    expect(readFileSync(join(cwd, '.recovery', aside), 'utf8')).toBe(damaged);
    // Rebuilt from the stored runs: the failing run and the passing one.
    expect(JSON.parse(recover(cwd, ['flaky', '--json']).stdout)).toEqual([expect.objectContaining({ test: 'flips', runs: 2, flips: 1 })]);
  }, 120_000);
});

describe('quarantine (lowdb store, vitest)', () => {
  it("passes a run whose only failure is a quarantined test, loudly; fails one with another failure", async () => {
    const quarantined = 'q.test.js > known bad';
    const cwd = tempCwd({ maxDelayMs: 20, quarantine: [quarantined] }, 'recover-quarantine-');
    symlinkSync(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(cwd, 'node_modules'));
    writeFileSync(join(cwd, 'package.json'), '{"type":"module"}');
    writeFileSync(join(cwd, 'q.test.js'), `import { it, expect } from 'vitest';
import { existsSync } from 'node:fs';
it('known bad', () => { expect(1 + 1).toBe(3); });
it('other', () => { expect(existsSync('other-red')).toBe(false); });
it('fine', () => {});
`);
    const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
    // The outer vitest's variables would make the inner one think it is a worker.
    const env = { ...Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('VITEST')).map((k) => [k, ''])), NODE_OPTIONS: '', GITHUB_STEP_SUMMARY: join(cwd, 'summary.md'), GITHUB_ACTIONS: 'true' };
    const run = () => recoverAsync(cwd, ['run', '--report', 'report.md', '--tests', 'auto', '--', 'node', vitest, 'run'], 120_000, env);

    const passing = await run();
    expect(passing.status, passing.stderr).toBe(0);
    expect(passing.stderr).toMatch(/QUARANTINED: run \S+ exits 0 although tests failed/);
    expect(passing.stderr).toContain(`- ${quarantined}: listed in the config's quarantine`);
    expect(passing.stderr).toContain(`::warning title=recover%3A quarantined tests failed::run `);
    for (const file of ['report.md', 'summary.md']) {
      const text = readFileSync(join(cwd, file), 'utf8');
      expect(text).toContain('## ⚠️ Quarantined test failures: the run passed anyway');
      expect(text).toContain(`| ${quarantined} | listed in the config's quarantine`);
    }

    writeFileSync(join(cwd, 'other-red'), '');
    const failing = await run();
    expect(failing.status, failing.stderr).toBe(3);
    expect(failing.stderr).not.toContain('QUARANTINED');
    expect(failing.stderr).toContain(`quarantined tests failed (${quarantined}), but so did tests that are not quarantined (q.test.js > other): the run fails`);
  }, 240_000);
});

describe('flaky memory and --quarantine-flaky on a PostgreSQL store (node --test)', () => {
  it('remembers flips in the database, and quarantines by them: a run failing only that test passes, one failing another fails', async () => {
    const cwd = nodeProject();
    const store = ['--store', database.url];
    writeFileSync(join(cwd, 'red'), '');
    expect((await nodeRun(cwd, store)).status).toBe(3);
    rmSync(join(cwd, 'red'));
    expect((await nodeRun(cwd, store)).status).toBe(0);
    const listed = JSON.parse((await recoverAsync(cwd, ['flaky', '--json', ...store])).stdout) as Flaky[];
    expect(listed).toEqual([expect.objectContaining({ command: COMMAND_ID, test: 'flips', flips: 1 })]);
    // With no flips remembered at 2 or more, nothing is quarantined: the failure fails the run.
    writeFileSync(join(cwd, 'red'), '');
    expect((await nodeRun(cwd, [...store, '--quarantine-flaky', '2'])).status).toBe(3);

    const quarantined = await nodeRun(cwd, [...store, '--json', '--quarantine-flaky', '2']);
    expect(quarantined.status, quarantined.stderr).toBe(0);
    // The run is escalated in the store; the JSON outcome says which quarantined tests let it pass.
    expect(JSON.parse(quarantined.stdout)).toMatchObject({ status: 'escalated', quarantined: [{ test: 'flips', why: expect.stringContaining('--quarantine-flaky 2') }] });
    expect(quarantined.stderr).toMatch(/- flips: flipped \d+ times in the last \d+ runs of this command \(--quarantine-flaky 2\)/);
    writeFileSync(join(cwd, 'other-red'), '');
    const other = await nodeRun(cwd, [...store, '--quarantine-flaky', '2']);
    expect(other.status, other.stderr).toBe(3);
    expect(other.stderr).toContain('but so did tests that are not quarantined (other)');
  }, 180_000);

  it('a run a fleet worker ends is counted too', async () => {
    const cwd = nodeProject();
    writeFileSync(join(cwd, 'red'), '');
    const worker = spawn(process.execPath, [BIN, 'worker', '--store', database.url, '--lease', '3s'], { cwd, env: cliEnv(), stdio: 'ignore' });
    try {
      // Without --tests (submit does not take it): the failing tests are read from node's own output.
      const runId = recover(cwd, ['submit', '--store', database.url, '--', process.execPath, '--test', 'fleet.test.mjs']).stdout.trim();
      expect(runId).not.toBe('');
      expect((await recoverAsync(cwd, ['wait', runId, '--store', database.url], 60_000)).status).toBe(3);
    } finally {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    const listed = JSON.parse((await recoverAsync(cwd, ['flaky', '--all', '--json', '--store', database.url, '--command', `${process.execPath} --test fleet.test.mjs`])).stdout) as Flaky[];
    expect(listed).toEqual([expect.objectContaining({ test: 'flips', failed: 2 })]);
  }, 120_000);
});
