/**
 * Tests by name through `recover run --tests auto` on real runners (issue #29's goals):
 *
 * - a suite of 2,000 node:test tests with one flaky test passes with `--on-flaky pass` after the
 *   probe re-ran exactly that test (node's own JUnit report of the probe says which ran);
 * - AC-007 and Alt-4 on node's runner, vitest, jest (its JSON report) and pytest: one flaky test (found by name on the probe,
 *   the others not), one real failure, and a regression the adapter's first fix introduces (sent
 *   back to ADAPT with the broken test named); the re-runs of the failed tests are confirmed by
 *   the whole command before the run is called recovered;
 * - without an adapter, the real failure escalates even with `--on-flaky pass`: the run passes
 *   only when every failure was flaky, and its report lists the tests with their attempts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, test } from 'vitest';
import { readTestReport } from '../../src/classify/tests/reports/index.js';
import type { TestLedgerData } from '../../src/store/test-ledger-data.js';
import { recover, recoverAsync, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

const MODULES = fileURLToPath(new URL('../../node_modules', import.meta.url));
// The outer vitest's variables would make an inner one think it is a worker.
const ENV = { ...Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('VITEST')).map((k) => [k, ''])), NODE_OPTIONS: '' };
/** Generous: a loaded machine runs a 2,000-test suite three times; the tests wait, they assert no time. */
const LIMIT_MS = 600_000;

interface Outcome { runId: string; status: string; reason: string | null; history: { phase: string; result: string; reason: string | null; message: string | null }[] }

/** The run's test ledger as the store keeps it (`meta.testLedger` of `.recovery/runs/<id>.json`). */
function ledgerOf(cwd: string, runId: string): TestLedgerData {
  const record = JSON.parse(readFileSync(join(cwd, '.recovery', 'runs', `${runId}.json`), 'utf8')) as { meta: { testLedger: TestLedgerData } };
  return record.meta.testLedger;
}

/** The report the runner wrote last (`--tests auto` has it written under the temp directory, by run). */
const lastReport = (runId: string, file = 'junit.xml') => readTestReport(readFileSync(join(tmpdir(), 'recover-tests', runId, file), 'utf8'), '', { cases: true });

describe('a suite of 2,000 tests with one flaky test (node --test)', () => {
  it('passes with --on-flaky pass after the probe re-ran exactly that test', async () => {
    const cwd = tempCwd({ maxDelayMs: 20 });
    mkdirSync(join(cwd, 'test'));
    for (let file = 0; file < 10; file += 1) {
      const cases = Array.from({ length: 200 }, (_, n) => (file === 7 && n === 123
        // Fails on its first run only: a marker file remembers it ran.
        ? "  it('case 7-123 flips', () => { if (!existsSync('flipped')) { writeFileSync('flipped', ''); assert.fail('first run fails'); } });"
        : `  it('case ${file}-${n}', () => assert.equal(${n} + 1, ${n + 1}));`));
      writeFileSync(join(cwd, 'test', `part${file}.test.mjs`), [
        "import { describe, it } from 'node:test';", "import assert from 'node:assert/strict';", "import { existsSync, writeFileSync } from 'node:fs';",
        `describe('part ${file}', () => {`, ...cases, '});', ''].join('\n'));
    }
    const summary = join(cwd, 'step-summary.md');
    const run = await recoverAsync(cwd, ['run', '--json', '--tests', 'auto', '--on-flaky', 'pass', '--', process.execPath, '--test', 'test/'], LIMIT_MS, { ...ENV, GITHUB_STEP_SUMMARY: summary });
    const outcome = JSON.parse(run.stdout) as Outcome;
    expect(outcome.status, run.stderr).toBe('flaky');
    expect(run.status).toBe(0);

    const flaky = 'part 7 > case 7-123 flips';
    // The probe's own report (node's JUnit, the last one written): only the flaky test ran.
    const probe = lastReport(outcome.runId);
    expect(probe.cases!.filter((c) => c.status !== 'skipped').map((c) => c.id)).toEqual([flaky]);
    expect(probe.passed).toBe(1);

    const ledger = ledgerOf(cwd, outcome.runId);
    expect(ledger.ids).toHaveLength(2_000);
    expect(ledger.executions.map((e) => [e.attempt, e.probe, e.scope])).toEqual([[1, false, 'all'], [2, true, 'failed']]);
    const [first, second] = ledger.executions;
    expect(first!.statuses.replace(/p/g, '')).toBe('f');
    expect(second!.statuses.replace(/-/g, '')).toBe('p');
    expect(ledger.flaky.map((i) => ledger.ids[i])).toEqual([flaky]);
    // The GitHub step summary names the flaky test, where it failed and why, and says it is flaky.
    expect(readFileSync(summary, 'utf8')).toMatch(/`part 7 > case 7-123 flips` at `test\/part7\.test\.mjs:\d+:\d+`: `first run fails` — failed in 1 of 2 attempts that ran it — \*\*flaky\*\*/);
  }, LIMIT_MS);
});

const JS_SUITE = (header: string, imports = "import { existsSync, writeFileSync } from 'node:fs';\nimport { add, mul } from './impl.mjs';") => `${header}
${imports}
describe('math', () => {
  it('adds', () => { expect(add(2, 2)).toBe(4); });
  it('multiplies', () => { expect(mul(2, 3)).toBe(6); });
  it('flips', () => { if (!existsSync('flipped')) { writeFileSync('flipped', ''); throw new Error('first run fails'); } });
  it('steady', () => { expect(1).toBe(1); });
});
`;
const JS_IMPL = { broken: ['a - b', 'a * b'], regressing: ['a + b', 'a + b'], fixed: ['a + b', 'a * b'] };
const PY_SUITE = `import os
from impl import add, mul

def test_adds():
    assert add(2, 2) == 4

def test_multiplies():
    assert mul(2, 3) == 6

def test_flips():
    if not os.path.exists('flipped'):
        open('flipped', 'w').close()
        assert False, 'first run fails'

def test_steady():
    assert 1 == 1
`;
const hasPytest = spawnSync('python3', ['-m', 'pytest', '--version'], { encoding: 'utf8' }).status === 0;

/**
 * One project per runner: \`adds\` really fails, \`flips\` fails once, \`multiplies\` is what the
 * first fix breaks (\`impl\`: the module's text before any fix, after the first, after the second).
 */
const RUNNERS = {
  'node --test': {
    files: { 'math.test.mjs': JS_SUITE("import { describe, it } from 'node:test';\nimport assert from 'node:assert/strict';\nconst expect = (actual) => ({ toBe: (wanted) => assert.equal(actual, wanted) });") },
    impl: ['impl.mjs', (ops: string[]) => `export const add = (a, b) => ${ops[0]};\nexport const mul = (a, b) => ${ops[1]};\n`],
    argv: [process.execPath, '--test', 'math.test.mjs'],
    id: (name: string) => `math > ${name}`,
    report: 'junit.xml',
    place: /[^ /]*math\.test\.mjs:\d+(:\d+)?/,
  },
  vitest: {
    files: { 'math.test.js': JS_SUITE("import { describe, it, expect } from 'vitest';") },
    impl: ['impl.mjs', (ops: string[]) => `export const add = (a, b) => ${ops[0]};\nexport const mul = (a, b) => ${ops[1]};\n`],
    argv: [process.execPath, join(MODULES, 'vitest', 'vitest.mjs'), 'run'],
    id: (name: string) => `math.test.js > math > ${name}`,
    report: 'junit.xml',
    place: /[^ /]*math\.test\.js:\d+(:\d+)?/,
  },
  // jest's own JSON report (`--json --outputFile`, added by --tests auto); CommonJS, as jest runs it without flags.
  jest: {
    files: { 'math.test.cjs': JS_SUITE('', "const { existsSync, writeFileSync } = require('node:fs');\nconst { add, mul } = require('./impl.cjs');") },
    impl: ['impl.cjs', (ops: string[]) => `exports.add = (a, b) => ${ops[0]};\nexports.mul = (a, b) => ${ops[1]};\n`],
    argv: [process.execPath, join(MODULES, 'jest', 'bin', 'jest.js'), '--ci'],
    id: (name: string) => `math.test.cjs > math > ${name}`,
    report: 'jest.json',
    place: /[^ /]*math\.test\.cjs:\d+(:\d+)?/,
  },
  pytest: {
    files: { 'test_math.py': PY_SUITE },
    impl: ['impl.py', (ops: string[]) => `def add(a, b):\n    return ${ops[0]}\n\ndef mul(a, b):\n    return ${ops[1]}\n`],
    argv: ['python3', '-m', 'pytest', '-q', 'test_math.py'],
    id: (name: string) => `test_math > test_${name}`,
    report: 'junit.xml',
    place: /[^ /]*test_math\.py:\d+(:\d+)?/,
  },
} as const;

/** Its first call writes the regressing fix, the next the right one; each input is logged. */
const ADAPTER = (file: string, regressing: string, fixed: string) => `import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
const input = readFileSync(0, 'utf8');
appendFileSync('adapter.log', input.replace(/\\n/g, ' ') + '\\n');
const second = existsSync('adapted-once');
writeFileSync('adapted-once', '');
writeFileSync(${JSON.stringify(file)}, second ? ${JSON.stringify(fixed)} : ${JSON.stringify(regressing)});
process.stdout.write(JSON.stringify({ fix: second ? 'restore mul' : 'make add add', confidence: 0.9 }));
`;

function project(runner: keyof typeof RUNNERS): string {
  const cwd = tempCwd({ maxDelayMs: 20 });
  const { files, impl: [file, text] } = RUNNERS[runner];
  symlinkSync(MODULES, join(cwd, 'node_modules'));
  writeFileSync(join(cwd, 'package.json'), '{"type":"module"}');
  for (const [name, content] of Object.entries(files)) writeFileSync(join(cwd, name), content);
  writeFileSync(join(cwd, file), text(JS_IMPL.broken));
  writeFileSync(join(cwd, 'adapt.mjs'), ADAPTER(file, text(JS_IMPL.regressing), text(JS_IMPL.fixed)));
  return cwd;
}

describe.each(Object.keys(RUNNERS) as (keyof typeof RUNNERS)[])('AC-007 and Alt-4 through recover run on %s', (runner) => {
  const { argv, id, place, report } = RUNNERS[runner];
  // pytest runs where python3 has it (its bytecode not cached: a fix may keep a module's size and second).
  const it = runner === 'pytest' ? (hasPytest ? test : test.skip) : test;
  const env = { ...ENV, PYTHONDONTWRITEBYTECODE: '1' };

  it('finds the flaky test by name, sends the regression back to ADAPT naming the broken test, and recovers after the whole suite passes', async () => {
    const cwd = project(runner);
    const run = await recoverAsync(cwd, ['run', '--json', '--tests', 'auto', '--adapter', `${process.execPath} adapt.mjs`, '--', ...argv], LIMIT_MS, env);
    const outcome = JSON.parse(run.stdout) as Outcome;
    expect(outcome.status, run.stderr).toBe('recovered');
    const pauses = outcome.history.filter((e) => e.phase === 'PAUSE');
    expect(pauses.map((e) => e.reason)).toEqual([null, null, 'regression']);
    // Each PAUSE names its first failing test, where it failed and why (§8 step 7, AC-001).
    expect(pauses[0]!.message).toMatch(new RegExp(`^2 failed: ${id('adds').replace(/[.]/g, '\\.')} at ${place.source}: `));
    expect(pauses[2]!.message).toContain(`1 failed: ${id('multiplies')} at `);

    const calls = readFileSync(join(cwd, 'adapter.log'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as {
      failure: { observation: { tests: { failing: string[]; flaky?: string[]; failures: { name: string; failedAttempts?: number }[] } } }; regression: { broken: string[] } | null; prompt: string;
    });
    expect(calls).toHaveLength(2);
    // AC-007: after the probe, `flips` is flaky and only `adds` is left to fix.
    expect(calls[0]!.failure.observation.tests).toMatchObject({ failing: [id('adds')], flaky: [id('flips')], failures: [{ name: id('adds'), failedAttempts: 2 }] });
    // The prompt lists the failing test with how many attempts it failed, and the flaky one apart.
    expect(calls[0]!.prompt).toContain('(failed in 2 attempts)');
    expect(calls[0]!.prompt).toContain(`flaky (failed, then passed unchanged on the flake probe): ${id('flips')}`);
    expect(calls[0]!.regression).toBeNull();
    // Alt-4: the first fix broke `multiplies`, which passed before; the adapter is told so.
    expect(calls[1]!.regression).toMatchObject({ broken: [id('multiplies')] });
    expect(calls[1]!.prompt).toContain(id('multiplies'));

    const ledger = ledgerOf(cwd, outcome.runId);
    expect(ledger.flaky.map((i) => ledger.ids[i])).toEqual([id('flips')]);
    // The probe and each retry re-ran the failed tests; each passing re-run was confirmed by the whole suite.
    expect(ledger.executions.map((e) => [e.attempt, e.probe, e.scope])).toEqual([
      [1, false, 'all'], [2, true, 'failed'], [3, false, 'failed'], [3, false, 'all'], [4, false, 'failed'], [4, false, 'all'],
    ]);
    expect(lastReport(outcome.runId, report).cases!.every((c) => c.status === 'passed')).toBe(true);
  }, LIMIT_MS);

  it('without an adapter the real failure escalates even with --on-flaky pass; the report lists each test with its attempts', async () => {
    const cwd = project(runner);
    const run = await recoverAsync(cwd, ['run', '--json', '--tests', 'auto', '--on-flaky', 'pass', '--', ...argv], LIMIT_MS, { ...env, GITHUB_ACTIONS: 'true' });
    const outcome = JSON.parse(run.stdout) as Outcome;
    expect(outcome.status, run.stderr).toBe('escalated');
    // In GitHub Actions each test is annotated where it failed: the real failure an error, the flaky one a warning.
    const file = Object.keys(RUNNERS[runner].files)[0]!.replace(/[.]/g, '\\.');
    const escaped = (name: string) => id(name).replace(/[.]/g, '\\.');
    expect(run.stderr).toMatch(new RegExp(`^::error file=[^,]*${file},line=\\d+(,col=\\d+)?,title=recover%3A test failing::${escaped('adds')}(: .*)? \\(failed in 2 of 2 attempts that ran it\\)$`, 'm'));
    expect(run.stderr).toMatch(new RegExp(`^::warning file=[^,]*${file},line=\\d+(,col=\\d+)?,title=recover%3A flaky test::${escaped('flips')}(: .*)? \\(failed in 1 of 2 attempts that ran it\\)$`, 'm'));
    expect(outcome.reason).toBe('no_alternative');
    const report = recover(cwd, ['report', outcome.runId]).stdout;
    expect(report).toContain('### Tests');
    expect(report).toMatch(new RegExp(`\`${id('adds')}\` at \`${place.source}\`: .* failed in 2 of 2 attempts that ran it — still failing`));
    expect(report).toContain(`\`${id('flips')}\``);
    expect(report).toMatch(/failed in 1 of 2 attempts that ran it — \*\*flaky\*\*/);
  }, LIMIT_MS);
});

describe('a test already found flaky fails again after the fix (node --test)', () => {
  it('gets one unchanged re-run of its own, and the run recovers when it passes', async () => {
    const cwd = project('node --test');
    // `flips` fails on its first and third runs: the original run and the whole suite's confirmation after the fix.
    writeFileSync(join(cwd, 'math.test.mjs'), readFileSync(join(cwd, 'math.test.mjs'), 'utf8').replace(
      /it\('flips', .*\n/,
      "it('flips', () => { const n = existsSync('runs') ? Number(readFileSync('runs', 'utf8')) + 1 : 1; writeFileSync('runs', String(n)); if (n === 1 || n === 3) throw new Error(`run ${n} fails`); });\n",
    ).replace("import { existsSync, writeFileSync } from 'node:fs';", "import { existsSync, readFileSync, writeFileSync } from 'node:fs';"));
    writeFileSync(join(cwd, 'adapt.mjs'), `import { readFileSync, writeFileSync } from 'node:fs';\nreadFileSync(0);\nwriteFileSync('impl.mjs', ${JSON.stringify(RUNNERS['node --test'].impl[1](JS_IMPL.fixed))});\nprocess.stdout.write(JSON.stringify({ fix: 'make add add' }));\n`);
    const run = await recoverAsync(cwd, ['run', '--json', '--tests', 'auto', '--adapter', `${process.execPath} adapt.mjs`, '--', ...RUNNERS['node --test'].argv], LIMIT_MS, ENV);
    const outcome = JSON.parse(run.stdout) as Outcome;
    expect(outcome.status, run.stderr).toBe('recovered');
    expect(run.stderr).toContain('only tests found flaky in this run failed (math > flips)');
    const ledger = ledgerOf(cwd, outcome.runId);
    expect(ledger.executions.map((e) => [e.attempt, e.probe, e.scope])).toEqual([
      [1, false, 'all'], [2, true, 'failed'], [3, false, 'failed'], [3, false, 'all'], [3, true, 'failed'],
    ]);
    expect(ledger.flaky.map((i) => ledger.ids[i])).toEqual(['math > flips']);
  }, LIMIT_MS);
});

describe('a decided run keeps its tests (node --test)', () => {
  it('the retry a person decides re-runs the failed test from the stored ledger, then the whole suite', async () => {
    const cwd = project('node --test');
    const first = await recoverAsync(cwd, ['run', '--json', '--tests', 'auto', '--', ...RUNNERS['node --test'].argv], LIMIT_MS, ENV);
    const { runId, status } = JSON.parse(first.stdout) as Outcome;
    expect(status, first.stderr).toBe('escalated');
    // The person fixes the code, then decides: another process continues the run.
    writeFileSync(join(cwd, 'impl.mjs'), RUNNERS['node --test'].impl[1](JS_IMPL.fixed));
    const decided = await recoverAsync(cwd, ['decide', runId, '--choice', 'retry-with', '--guidance', 'add is fixed', '--json'], LIMIT_MS, ENV);
    expect((JSON.parse(decided.stdout) as Outcome).status, decided.stderr).toBe('recovered');
    const ledger = ledgerOf(cwd, runId);
    expect(ledger.executions.map((e) => [e.attempt, e.probe, e.scope])).toEqual([[1, false, 'all'], [2, true, 'failed'], [3, false, 'failed'], [3, false, 'all']]);
    expect(ledger.executions[2]!.statuses.replace(/-/g, '')).toBe('p');
    expect(ledger.flaky.map((i) => ledger.ids[i])).toEqual(['math > flips']);
  }, LIMIT_MS);
});

describe('what the test ledger keeps is redacted (node --test)', () => {
  it('a failure message matching the config\'s redact pattern is kept as [REDACTED]', async () => {
    const cwd = project('node --test');
    writeFileSync(join(cwd, 'recovery.config.json'), JSON.stringify({ maxDelayMs: 20, redact: ['first run \\w+'] }));
    const run = await recoverAsync(cwd, ['run', '--json', '--tests', 'auto', '--', ...RUNNERS['node --test'].argv], LIMIT_MS, ENV);
    const { runId, status } = JSON.parse(run.stdout) as Outcome;
    expect(status, run.stderr).toBe('escalated');
    const ledger = ledgerOf(cwd, runId);
    const flips = ledger.ids.indexOf('math > flips');
    expect(ledger.executions[0]!.failures.find((f) => f.i === flips)!.message).toBe('[REDACTED]');
    expect(readFileSync(join(cwd, '.recovery', 'runs', `${runId}.json`), 'utf8')).not.toContain('first run fails');
  }, LIMIT_MS);
});
