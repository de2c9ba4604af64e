/**
 * The readers on what real runners print here: vitest (the repository's own), node's test runner
 * (spec and TAP reporters) and pytest when the machine has it (skipped with a message when not).
 * Each runs a tiny project in a temp dir with two failing tests, one nested, and two passing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTestRun } from '../../src/classify/tests/index.js';

const MODULES = fileURLToPath(new URL('../../node_modules', import.meta.url));

/** A temp project with `files`; returns what `argv` printed there, stdout then stderr. */
function runIn(files: Record<string, string>, argv: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'recover-test-output-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  symlinkSync(MODULES, join(dir, 'node_modules'));
  // The outer vitest's variables would make the inner one think it is a worker.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
  const result = spawnSync(argv[0]!, argv.slice(1), { cwd: dir, env: { ...env, FORCE_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(1);
  return `${result.stdout}\n${result.stderr}`;
}

const VITEST_FILE = `import { describe, it, expect } from 'vitest';
describe('math', () => {
  it('adds', () => { expect(1 + 1).toBe(3); });
  it('subtracts', () => { expect(2 - 1).toBe(1); });
  describe('nested', () => { it('throws', () => { throw new Error('boom here'); }); });
});
it('top', () => {});
`;

const NODE_FILE = `import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
describe('math', () => {
  it('adds', () => { assert.equal(1 + 1, 3); });
  it('subtracts', () => { assert.equal(2 - 1, 1); });
  describe('nested', () => { it('throws', () => { throw new Error('boom here'); }); });
});
test('top', () => {});
`;

const PYTEST_FILE = `def test_adds():
    assert 1 + 1 == 3

def test_sub():
    assert 2 - 1 == 1

class TestNested:
    def test_throws(self):
        raise ValueError("boom here")
`;

const hasPytest = spawnSync('python3', ['-m', 'pytest', '--version'], { encoding: 'utf8' }).status === 0;

describe('test output of real runners', () => {
  it('vitest (default reporter, coloured)', () => {
    const text = runIn({ 'package.json': '{"type":"module"}', 'math.test.js': VITEST_FILE }, [process.execPath, join(MODULES, 'vitest/vitest.mjs'), 'run']);
    expect(readTestRun(text)).toEqual({ runner: 'vitest', passed: 2, failed: 2, failures: [
      { name: 'math.test.js > math > adds', message: 'AssertionError: expected 2 to be 3 // Object.is equality', location: 'math.test.js:3:36' },
      { name: 'math.test.js > math > nested > throws', message: 'Error: boom here', location: 'math.test.js:5:57' },
    ] });
  }, 60_000);

  it('node --test, spec reporter', () => {
    const text = runIn({ 'math.test.mjs': NODE_FILE }, [process.execPath, '--test', '--test-reporter=spec', 'math.test.mjs']);
    expect(readTestRun(text)).toEqual({ runner: 'node-spec', passed: 2, failed: 2, failures: [
      { name: 'math.test.mjs > adds', message: 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:', location: 'math.test.mjs:4:3' },
      { name: 'math.test.mjs > throws', message: 'Error: boom here', location: 'math.test.mjs:6:30' },
    ] });
  }, 60_000);

  it('node --test, TAP (its reporter when not on a terminal): suites failing through a subtest are not tests', () => {
    const text = runIn({ 'math.test.mjs': NODE_FILE }, [process.execPath, '--test', '--test-reporter=tap', 'math.test.mjs']);
    expect(readTestRun(text)).toEqual({ runner: 'node-tap', passed: 2, failed: 2, failures: [
      { name: 'math > adds', message: 'Expected values to be strictly equal:', location: expect.stringMatching(/\/math\.test\.mjs:4:3$/) },
      { name: 'math > nested > throws', message: 'boom here', location: expect.stringMatching(/\/math\.test\.mjs:6:30$/) },
    ] });
  }, 60_000);

  it.skipIf(!hasPytest)('pytest (skipped where python3 -m pytest is absent)', () => {
    const text = runIn({ 'test_math.py': PYTEST_FILE }, ['python3', '-m', 'pytest', '-p', 'no:cacheprovider', '--color=yes']);
    expect(readTestRun(text)).toEqual({ runner: 'pytest', passed: 1, failed: 2, failures: [
      { name: 'test_math.py::test_adds', message: 'assert (1 + 1) == 3', location: 'test_math.py:2' },
      { name: 'test_math.py::TestNested::test_throws', message: 'ValueError: boom here', location: 'test_math.py:9' },
    ] });
  }, 60_000);
});
