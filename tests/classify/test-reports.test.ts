/**
 * Test reports as runners write them (issue #29): JUnit XML, the jest/vitest JSON report,
 * Playwright's JSON report and TAP. The real runners this machine has write theirs in a temp
 * project (vitest, node's test runner, pytest when present); the rest are the documented shapes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTestRun } from '../../src/classify/tests/index.js';
import { readTestReport, TestReportError } from '../../src/classify/tests/reports/index.js';
import { MAX_FAILURE_TEXT } from '../../src/classify/tests/reports/junit.js';

const MODULES = fileURLToPath(new URL('../../node_modules', import.meta.url));

/** Runs `argv` in a temp project holding `files`; answers the project's directory and what it printed. */
function runIn(files: Record<string, string>, argv: string[]): { dir: string; printed: string } {
  const dir = mkdtempSync(join(tmpdir(), 'recover-test-reports-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  symlinkSync(MODULES, join(dir, 'node_modules'));
  // The outer vitest's variables would make the inner one think it is a worker.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
  const result = spawnSync(argv[0]!, argv.slice(1), { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(1);
  return { dir, printed: `${result.stdout}\n${result.stderr}` };
}

const VITEST_FILE = `import { describe, it, expect } from 'vitest';
describe('math', () => {
  it('adds', () => { expect(1 + 1).toBe(3); });
  it('subtracts', () => { expect(2 - 1).toBe(1); });
  it.skip('later', () => {});
  describe('nested', () => { it('throws', () => { throw new Error('boom here'); }); });
});
`;

const NODE_FILE = `import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
describe('math', () => {
  it('adds', () => { assert.equal(1 + 1, 3); });
  it('subtracts', () => { assert.equal(2 - 1, 1); });
  describe('nested', () => { it('throws', () => { throw new Error('boom here'); }); });
});
`;

const hasPytest = spawnSync('python3', ['-m', 'pytest', '--version'], { encoding: 'utf8' }).status === 0;

describe('reports written by real runners', () => {
  it('vitest: JUnit and JSON name the same failing tests as its terminal output', () => {
    const { dir, printed } = runIn({ 'math.test.js': VITEST_FILE, 'package.json': '{"type":"module"}' },
      [process.execPath, join(MODULES, 'vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=junit', '--reporter=json', '--outputFile.junit=r.xml', '--outputFile.json=r.json']);
    const junit = readTestReport(readFileSync(join(dir, 'r.xml'), 'utf8'), dir);
    const json = readTestReport(readFileSync(join(dir, 'r.json'), 'utf8'), dir);
    const names = ['math.test.js > math > adds', 'math.test.js > math > nested > throws'];
    for (const run of [junit, json]) {
      expect(run.failures.map((f) => f.name)).toEqual(names);
      expect({ passed: run.passed, failed: run.failed, skipped: run.skipped }).toEqual({ passed: 1, failed: 2, skipped: 1 });
      expect(run.failures[0]!.message).toContain('expected 2 to be 3');
      expect(run.failures[0]!.location).toMatch(/math\.test\.js:3:\d+$/);
      expect(run.failures[1]!.message).toContain('boom here');
    }
    expect(readTestRun(printed)!.failures.map((f) => f.name)).toEqual(names);
    // Every case by the same id, when asked: what comparing attempts test by test reads.
    for (const file of ['r.xml', 'r.json']) {
      const { cases } = readTestReport(readFileSync(join(dir, file), 'utf8'), dir, { cases: true });
      expect(cases!.map((c) => [c.id, c.status])).toEqual(expect.arrayContaining([
        ['math.test.js > math > adds', 'failed'], ['math.test.js > math > subtracts', 'passed'], ['math.test.js > math > nested > throws', 'failed'],
      ]));
      expect(cases!.find((c) => c.id === names[1])!.titles).toEqual(['math', 'nested', 'throws']);
    }
    expect(junit.cases).toBeUndefined();
  });

  it('node --test: its JUnit report names each test by its describe blocks, and its TAP file reads the same', () => {
    const { dir } = runIn({ 'math.test.mjs': NODE_FILE },
      [process.execPath, '--test', '--test-reporter=junit', '--test-reporter-destination=r.xml', '--test-reporter=tap', '--test-reporter-destination=r.tap', 'math.test.mjs']);
    const junit = readTestReport(readFileSync(join(dir, 'r.xml'), 'utf8'), dir);
    expect(junit.failures.map((f) => f.name)).toEqual(['math > adds', 'math > nested > throws']);
    expect(junit.passed).toBe(1);
    expect(junit.failures[0]!.location).toMatch(/math\.test\.mjs:4:\d+$/);
    const { cases } = readTestReport(readFileSync(join(dir, 'r.xml'), 'utf8'), dir, { cases: true });
    expect(cases).toEqual([
      { id: 'math > adds', status: 'failed', titles: ['math', 'adds'] }, { id: 'math > subtracts', status: 'passed' },
      { id: 'math > nested > throws', status: 'failed', titles: ['math', 'nested', 'throws'] },
    ]);
    const tap = readTestReport(readFileSync(join(dir, 'r.tap'), 'utf8'), dir);
    expect(tap.runner).toBe('tap');
    expect(tap.failures.map((f) => f.name)).toEqual(['math > adds', 'math > nested > throws']);
  });

  it.skipIf(!hasPytest)('pytest --junitxml (skipped where python3 has no pytest)', () => {
    const { dir } = runIn({ 'test_math.py': 'def test_adds():\n    assert 1 + 1 == 3\n\ndef test_sub():\n    assert 2 - 1 == 1\n' },
      ['python3', '-m', 'pytest', '-p', 'no:cacheprovider', '--junitxml=r.xml']);
    const run = readTestReport(readFileSync(join(dir, 'r.xml'), 'utf8'), dir);
    expect(run.failures.map((f) => f.name)).toEqual(['test_math > test_adds']);
    expect(run.passed).toBe(1);
    expect(run.failures[0]!.message).toContain('assert');
    // pytest writes no line attribute: the place is its traceback's last line.
    expect(run.failures[0]!.location).toBe('test_math.py:2');
  });
});

describe('JUnit XML', () => {
  it.each([
    ['Surefire: an <error>, a skipped case and a flaky rerun (passed, as the report says)',
      `<testsuite name="com.x.FooTest"><testcase classname="com.x.FooTest" name="broken"><error message="java.lang.IllegalStateException: no" type="java.lang.IllegalStateException">trace</error></testcase>
       <testcase classname="com.x.FooTest" name="sometimes"><flakyFailure message="timing" type="AssertionError"/></testcase>
       <testcase classname="com.x.FooTest" name="later"><skipped message="not yet"/></testcase></testsuite>`,
      { passed: 1, failed: 1, skipped: 1, failures: [{ name: 'com.x.FooTest > broken', message: 'java.lang.IllegalStateException: no' }] }],
    ['a failure without a message attribute: its text\'s first line, and the first project frame',
      `<testsuites><testsuite><testcase classname="c" name="n"><failure><![CDATA[
Error: boom & <bad>
    at x (node:internal/a:1:2)
    at y (/p/a.test.js:7:9)]]></failure></testcase></testsuite></testsuites>`,
      { passed: 0, failed: 1, skipped: 0, failures: [{ name: 'c > n', message: 'Error: boom & <bad>', location: '/p/a.test.js:7:9' }] }],
    ['the case\'s own file and line come before any frame',
      '<testsuite><testcase classname="c" name="n" file="src/a.py" line="12"><failure message="m">at y (/p/other.js:1:1)</failure></testcase></testsuite>',
      { passed: 0, failed: 1, skipped: 0, failures: [{ name: 'c > n', message: 'm', location: 'src/a.py:12' }] }],
  ])('%s', (_, xml, expected) => {
    expect(readTestReport(xml)).toEqual({ runner: 'junit', ...expected });
  });

  it.each([
    ['', 'the report is empty'],
    ['<testsuites><testsuite name="a"><testcase classname="c" name="n">', '<testcase> is never closed (the file is cut short)'],
    ['<html><body>502 Bad Gateway</body></html>', 'no <testcase> element'],
    ['{"numTotalTests": 1}', 'neither a jest/vitest report'],
    ['{"testResults": [', 'the report is malformed'],
    ['PASS all good', 'not JUnit XML'],
  ])('refuses %j, saying why', (text, why) => {
    expect(() => readTestReport(text)).toThrow(TestReportError);
    expect(() => readTestReport(text)).toThrow(why);
  });

  it('keeps a bounded part of each failure\'s text, however long the stack', () => {
    const stack = `Error: first line\n${'    at f (/p/deep.js:1:1)\n'.repeat(50_000)}`;
    const run = readTestReport(`<testsuite><testcase classname="c" name="n"><failure>${stack}</failure></testcase></testsuite>`);
    expect(run.failures[0]).toEqual({ name: 'c > n', message: 'Error: first line', location: '/p/deep.js:1:1' });
    expect(MAX_FAILURE_TEXT).toBeLessThan(stack.length / 100);
  });

  it('counts every case of any generated report, each failing one named once', () => {
    const outcome = fc.constantFrom('pass', 'fail', 'error', 'skip');
    fc.assert(fc.property(fc.array(outcome, { maxLength: 40 }), (outcomes) => {
      const body = outcomes.map((o, i) => `<testcase classname="suite" name="t${i}">${o === 'fail' ? '<failure message="no"/>' : o === 'error' ? '<error>boom</error>' : o === 'skip' ? '<skipped/>' : ''}</testcase>`).join('');
      const xml = `<?xml version="1.0"?><testsuites><testsuite name="s">${body}</testsuite></testsuites>`;
      if (outcomes.length === 0) {
        expect(() => readTestReport(xml)).toThrow('no <testcase>');
        return;
      }
      const run = readTestReport(xml);
      const failing = outcomes.flatMap((o, i) => (o === 'fail' || o === 'error' ? [`suite > t${i}`] : []));
      expect(run.failures.map((f) => f.name)).toEqual(failing);
      expect(run.passed + run.failed + (run.skipped ?? 0)).toBe(outcomes.length);
      expect(run.skipped).toBe(outcomes.filter((o) => o === 'skip').length);
    }));
  });
});

describe('Playwright JSON (the shape its json reporter writes)', () => {
  const report = {
    config: {},
    suites: [{
      title: 'home.spec.ts', file: 'home.spec.ts', specs: [],
      suites: [{
        title: 'home', file: 'home.spec.ts',
        specs: [
          { title: 'has title', tests: [{ projectName: 'chromium', status: 'unexpected', results: [
            { status: 'failed', error: { message: '\u001b[31mError: expect(page).toHaveTitle(expected)\u001b[39m\n\nExpected: /Shop/', location: { file: '/w/home.spec.ts', line: 4, column: 22 } } }] }] },
          { title: 'loads', tests: [{ projectName: 'chromium', status: 'flaky', results: [{ status: 'failed' }, { status: 'passed' }] }] },
          { title: 'links', tests: [{ projectName: '', status: 'expected', results: [{ status: 'passed' }] }, { projectName: '', status: 'skipped', results: [] }] },
        ],
      }],
    }],
    errors: [],
    stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 1 },
  };

  it('takes Playwright\'s verdict per test: a flaky test passed on a retry and is named as flaky', () => {
    expect(readTestReport(JSON.stringify(report))).toEqual({
      runner: 'playwright-json', passed: 2, failed: 1, skipped: 1,
      failures: [{ name: '[chromium] home.spec.ts > home > has title', message: 'Error: expect(page).toHaveTitle(expected)', location: '/w/home.spec.ts:4:22' }],
      flaky: ['[chromium] home.spec.ts > home > loads'],
    });
  });
});
