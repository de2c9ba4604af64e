/**
 * The test-output readers on texts: jest, mocha and go test as their documentation and reporter
 * sources print them (none runs here); vitest, node --test and pytest are also read from real
 * runs in test-output-real.test.ts. Table tests per runner, the registry's choice, and properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTestRun, type TestRun } from '../../src/classify/tests/index.js';

const JEST = `
 FAIL  src/sum.test.js
  math
    ✕ adds (3 ms)
    ✓ subtracts (1 ms)
    ✕ divides (1 ms)

  ● math › adds

    expect(received).toBe(expected) // Object.is equality

    Expected: 3
    Received: 2

      2 | describe('math', () => {
      3 |   test('adds', () => {
    > 4 |     expect(1 + 1).toBe(3);
        |                   ^
      5 |   });

      at Object.toBe (src/sum.test.js:4:19)

  ● math › divides

    TypeError: Cannot read properties of undefined (reading 'x')

      at divide (src/sum.js:7:10)
      at Object.<anonymous> (src/sum.test.js:9:5)
      at Promise.then.completed (node_modules/jest-circus/build/utils.js:298:28)

 FAIL  src/broken.test.js
  ● Test suite failed to run

    Cannot find module './gone' from 'src/broken.test.js'

Test Suites: 2 failed, 2 total
Tests:       2 failed, 1 passed, 3 total
Snapshots:   0 total
Time:        0.512 s
Ran all test suites.
`;

const MOCHA = `

  math
    1) adds
    ✔ subtracts
    nested
      2) throws


  1 passing (6ms)
  2 failing

  1) math
       adds:

      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:

2 !== 3

      + expected - actual

      -2
      +3

      at Context.<anonymous> (test/math.test.js:5:12)
      at process.processImmediate (node:internal/timers:476:21)

  2) math
       nested
         throws:
     Error: boom here
      at Context.<anonymous> (file:///home/u/p/test/math.test.js:9:13)



`;

const GO = `=== RUN   TestAdd
    math_test.go:8: expected 3, got 2
--- FAIL: TestAdd (0.00s)
=== RUN   TestSub
--- PASS: TestSub (0.00s)
=== RUN   TestTable
=== RUN   TestTable/negative
    math_test.go:20: want -1, got 1
--- FAIL: TestTable (0.00s)
    --- FAIL: TestTable/negative (0.00s)
        math_test.go:20: want -1, got 1
    --- PASS: TestTable/zero (0.00s)
FAIL
FAIL	example.com/math	0.003s
FAIL
`;

const GO_QUIET = `--- FAIL: TestAdd (0.00s)
    math_test.go:8: expected 3, got 2
FAIL
FAIL	example.com/math	0.002s
`;

const PYTEST_Q = `F.E                                                                      [100%]
FAILED tests/test_api.py::test_get[json] - KeyError: 'id'
ERROR tests/test_api.py::test_db - ConnectionRefusedError: [Errno 111] Connection refused
1 failed, 1 passed, 1 error in 0.12s
`;

const CASES: Array<{ name: string; text: string; want: TestRun }> = [
  { name: 'jest: failures with message and first project frame; a suite that failed to run is named by file', text: JEST, want: { runner: 'jest', passed: 1, failed: 2, failures: [
    { name: 'src/sum.test.js > math › adds', message: 'expect(received).toBe(expected) // Object.is equality', location: 'src/sum.test.js:4:19' },
    { name: 'src/sum.test.js > math › divides', message: "TypeError: Cannot read properties of undefined (reading 'x')", location: 'src/sum.js:7:10' },
    { name: 'src/broken.test.js', message: "Cannot find module './gone' from 'src/broken.test.js'" },
  ] } },
  { name: 'mocha: multi-line title paths, file:// frames and node internals skipped', text: MOCHA, want: { runner: 'mocha', passed: 1, failed: 2, failures: [
    { name: 'math > adds', message: 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:', location: 'test/math.test.js:5:12' },
    { name: 'math > nested > throws', message: 'Error: boom here', location: '/home/u/p/test/math.test.js:9:13' },
  ] } },
  { name: 'go test -v: a parent failing through its subtest is not listed; PASS lines count', text: GO, want: { runner: 'go', passed: 2, failed: 2, failures: [
    { name: 'TestAdd', message: 'expected 3, got 2', location: 'math_test.go:8' },
    { name: 'TestTable/negative', message: 'want -1, got 1', location: 'math_test.go:20' },
  ] } },
  { name: 'go test without -v: log lines after the FAIL line', text: GO_QUIET, want: { runner: 'go', passed: 0, failed: 1, failures: [
    { name: 'TestAdd', message: 'expected 3, got 2', location: 'math_test.go:8' },
  ] } },
  { name: 'pytest -q: parametrised ids, errors count as failures', text: PYTEST_Q, want: { runner: 'pytest', passed: 1, failed: 2, failures: [
    { name: 'tests/test_api.py::test_get[json]', message: "KeyError: 'id'" },
    { name: 'tests/test_api.py::test_db', message: 'ConnectionRefusedError: [Errno 111] Connection refused' },
  ] } },
];

describe('readTestRun on runner output', () => {
  it.each(CASES)('$name', ({ text, want }) => {
    expect(readTestRun(text)).toEqual(want);
  });

  it.each([
    ['a network error', 'Error: socket hang up\n    at TLSSocket.onHangUp (node:_http_client:123:4)\n'],
    ['npm failing', 'npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\n'],
    ['a type error list', "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n"],
    ['nothing', ''],
  ])('reads no tests from %s', (_name, text) => {
    expect(readTestRun(text)).toBeNull();
  });

  it('reads through colours and carriage-return overdraws as a terminal showed them', () => {
    const coloured = GO_QUIET.replace('--- FAIL', '\u001b[31m--- FAIL\u001b[39m').replace('FAIL\n', 'RUNS…\rFAIL\n');
    expect(readTestRun(coloured)).toEqual(readTestRun(GO_QUIET));
  });
});

/** A vitest failure block as its default reporter prints it. */
const vitestBlock = (t: { file: string; path: string[]; message: string; line: number }) =>
  ` FAIL  ${t.file} > ${t.path.join(' > ')}\nAssertionError: ${t.message}\n\n ❯ ${t.file}:${t.line}:5\n    ${t.line}| expect(x)\n\n⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯\n`;

describe('readTestRun properties', () => {
  it('never throws, and every run it reads has sane counts and each name once', () => {
    const lines = fc.array(fc.oneof(
      fc.string(),
      fc.constantFrom(' FAIL  a.test.js > x', '✖ failing tests:', 'test at a.js:1:2', '✖ x (1ms)', 'ℹ fail 2', 'not ok 1 - x', '# fail 1',
        '  1 failing', '  1) x:', '--- FAIL: TestX (0.00s)', 'FAILED a.py::t - m', '==== 1 failed in 0.1s ====', 'Tests:  1 failed, 1 total', '  ● a › b'),
    ), { maxLength: 40 });
    fc.assert(fc.property(lines, (parts) => {
      const run = readTestRun(parts.join('\n'));
      if (run === null) return;
      expect(run.passed).toBeGreaterThanOrEqual(0);
      expect(run.failed).toBeGreaterThanOrEqual(0);
      expect(new Set(run.failures.map((f) => f.name)).size).toBe(run.failures.length);
    }), { numRuns: 500 });
  });

  it('vitest: every printed failure comes back with its name, message and location', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9 ]{0,12}[a-z0-9]$/);
    const test = fc.record({ file: fc.stringMatching(/^[a-z]{1,8}\/[a-z]{1,8}\.test\.ts$/), path: fc.array(word, { minLength: 1, maxLength: 3 }), message: word, line: fc.nat(999) });
    fc.assert(fc.property(fc.uniqueArray(test, { minLength: 1, maxLength: 8, selector: (t) => `${t.file} > ${t.path.join(' > ')}` }), fc.nat(50), (tests, passed) => {
      const text = `${tests.map(vitestBlock).join('\n')}\n Test Files  1 failed (1)\n      Tests  ${tests.length} failed | ${passed} passed (${tests.length + passed})\n`;
      expect(readTestRun(text)).toEqual({
        runner: 'vitest', passed, failed: tests.length,
        failures: tests.map((t) => ({ name: `${t.file} > ${t.path.join(' > ')}`, message: `AssertionError: ${t.message}`, location: `${t.file}:${t.line}:5` })),
      });
    }));
  });
});
