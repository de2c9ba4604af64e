/**
 * The flaky memory reads the run's test ledger (issue #29, Build 4), through the built CLI with
 * real `node --test` runs under `--tests auto`: every failed attempt is known by its tests, not
 * only the first and the last failure the checkpoint keeps. Projects are set up as in
 * tests/cli/tests-by-name.test.ts (a marker file makes a test fail once; an adapter's calls
 * change which tests fail) and the memory is read as in tests/cli/flaky.test.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestLedgerData } from '../../src/store/test-ledger-data.js';
import { recover, recoverAsync, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

const LIMIT_MS = 300_000;
// The outer vitest's variables would make a child think it is a worker.
const ENV = { ...Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('VITEST')).map((k) => [k, ''])), NODE_OPTIONS: '' };

/**
 * `stage` counts the adapter's calls. `flips` fails on its first run only; `real` fails until the
 * first fix; the first fix breaks `middle` (failing in attempt 3 only) and the second breaks `late`.
 */
const TESTS = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
const stage = existsSync('stage') ? Number(readFileSync('stage', 'utf8')) : 0;
test('steady', () => {});
test('flips', () => { if (!existsSync('flipped')) { writeFileSync('flipped', ''); assert.fail('first run fails'); } });
test('real', () => { assert.ok(stage >= 1, 'not fixed yet'); });
test('middle', () => { assert.notEqual(stage, 1, 'the first fix broke it'); });
test('late', () => { assert.notEqual(stage, 2, 'the second fix broke it'); });
`;
const ADAPTER = `import { existsSync, readFileSync, writeFileSync } from 'node:fs';
readFileSync(0);
const stage = existsSync('stage') ? Number(readFileSync('stage', 'utf8')) : 0;
writeFileSync('stage', String(stage + 1));
process.stdout.write(JSON.stringify({ fix: 'fix ' + (stage + 1), confidence: 0.9 }));
`;
const ARGV = [process.execPath, '--test', 't.test.mjs'];

interface Flaky { test: string; runs: number; passed: number; failed: number; flips: number }

describe('recover flaky reads each attempt from the test ledger (node --test, --tests auto)', () => {
  it('counts the probe flip once, and a test that failed only in a middle attempt', async () => {
    const cwd = tempCwd({ maxDelayMs: 20 }, 'recover-flaky-ledger-');
    writeFileSync(join(cwd, 't.test.mjs'), TESTS);
    writeFileSync(join(cwd, 'adapt.mjs'), ADAPTER);
    const run = await recoverAsync(cwd, ['run', '--json', '--tests', 'auto', '--adapter', `${process.execPath} adapt.mjs`, '--', ...ARGV], LIMIT_MS, ENV);
    const { runId, status, reason } = JSON.parse(run.stdout) as { runId: string; status: string; reason: string };
    // The second fix broke another test: three fixes in a row that each break something escalate.
    expect([status, reason], run.stderr).toEqual(['escalated', 'circular_fix']);

    // The ledger the memory reads: the probe re-ran the failures; later attempts re-ran them, then the whole command.
    const record = JSON.parse(readFileSync(join(cwd, '.recovery', 'runs', `${runId}.json`), 'utf8')) as { meta: { testLedger: TestLedgerData } };
    const { ids, executions } = record.meta.testLedger;
    expect(executions.map((e) => [e.attempt, e.probe, e.scope, [...e.statuses].map((c, i) => `${ids[i]}:${c}`).join(' ')])).toEqual([
      [1, false, 'all', 'steady:p flips:f real:f middle:p late:p'],
      [2, true, 'failed', 'steady:- flips:p real:f middle:- late:-'],
      [3, false, 'failed', 'steady:- flips:- real:p middle:- late:-'],
      [3, false, 'all', 'steady:p flips:p real:p middle:f late:p'],
      [4, false, 'failed', 'steady:- flips:- real:- middle:p late:-'],
      [4, false, 'all', 'steady:p flips:p real:p middle:p late:f'],
    ]);

    const counts = (args: string[]) => (JSON.parse(recover(cwd, ['flaky', ...args, '--json']).stdout) as Flaky[])
      .map(({ test, runs, passed, failed, flips }) => ({ test, runs, passed, failed, flips }));
    // `flips` failed on attempt 1 and passed unchanged on the probe: one flip (its later passes come after fixes).
    const flips = { test: 'flips', runs: 1, passed: 3, failed: 1, flips: 1 };
    expect(counts([])).toEqual([flips]);
    // `middle` failed in attempt 3 alone, neither the run's first failure nor its last: only the ledger names it.
    expect(counts(['--all'])).toEqual([
      flips,
      { test: 'late', runs: 1, passed: 2, failed: 1, flips: 0 },
      { test: 'middle', runs: 1, passed: 2, failed: 1, flips: 0 },
      { test: 'real', runs: 1, passed: 2, failed: 2, flips: 0 },
    ]);
  }, LIMIT_MS);
});
