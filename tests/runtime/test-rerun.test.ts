/**
 * Re-running only the failed tests (issue #29): each runner's command line with its filter
 * added, as a table (one row per runner of TEST_RUNNERS), and the runners and cases that keep
 * the whole command. The filters themselves are exercised on real runners in
 * tests/cli/tests-by-name.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { MAX_RERUN_TESTS, rerunArgv } from '../../src/runtime/test-runners.js';

const VITEST = [{ id: 'test/a.test.ts > math > adds', titles: ['math', 'adds'] }, { id: 'test/a.test.ts > top (1+1)', titles: ['top (1+1)'] }];
const NODE = [{ id: 'suite > flips > once', titles: ['suite', 'flips > once'] }];
const GO = [{ id: 'example.com/m > TestAdd/small', titles: ['TestAdd/small'] }, { id: 'example.com/m > TestSub', titles: ['TestSub'] }];

describe('rerunArgv', () => {
  it.each([
    ['vitest: -t over the full name, a title\'s > matched either way', ['npx', 'vitest', 'run', '--reporter=junit'], VITEST,
      ['npx', 'vitest', 'run', '--reporter=junit', '-t', '^(?:math(?: | > )adds|top \\(1\\+1\\))$']],
    ['jest: -t over the titles joined by spaces', ['npx', 'jest', '--ci'], VITEST, ['npx', 'jest', '--ci', '-t', '^(?:math adds|top \\(1\\+1\\))$']],
    ['node --test: the test\'s own name, right after --test', ['node', '--test', '--test-reporter=junit', 'test/'], NODE,
      ['node', '--test', '--test-name-pattern=^(?:flips > once)$', '--test-reporter=junit', 'test/']],
    ['pytest: its own cache of the last failures', ['python3', '-m', 'pytest', '-q'], NODE, ['python3', '-m', 'pytest', '-q', '--last-failed']],
    ['playwright: its own last-run file', ['npx', 'playwright', 'test'], NODE, ['npx', 'playwright', 'test', '--last-failed']],
    ['go test: -run over the top-level test functions', ['go', 'test', './...'], GO, ['go', 'test', '-run', '^(?:TestAdd|TestSub)$', './...']],
    ['gotestsum: go test\'s flags after its --', ['gotestsum', '--junitfile=r.xml', '--', './...'], GO, ['gotestsum', '--junitfile=r.xml', '--', '-run', '^(?:TestAdd|TestSub)$', './...']],
    ['gotestsum without --', ['gotestsum', '--junitfile=r.xml'], GO, ['gotestsum', '--junitfile=r.xml', '--', '-run', '^(?:TestAdd|TestSub)$']],
  ])('%s', (_, argv, failed, expected) => {
    expect(rerunArgv(argv, failed)?.argv).toEqual(expected);
  });

  it('npm test: the filter goes after -- to the script\'s runner', () => {
    expect(rerunArgv(['npm', 'test'], VITEST.slice(0, 1), { test: 'vitest run' })?.argv).toEqual(['npm', 'test', '--', '-t', '^(?:math(?: | > )adds)$']);
  });

  it.each([
    ['an unknown runner', ['make', 'check'], VITEST],
    ['a runner that cannot filter here (mvn)', ['mvn', 'test'], VITEST],
    ['a failure without titles (read from the output, not a report)', ['npx', 'vitest', 'run'], [{ id: 'x', titles: undefined }]],
    ['no failures', ['npx', 'vitest', 'run'], []],
    ['more failures than a pattern should carry', ['npx', 'vitest', 'run'], Array.from({ length: MAX_RERUN_TESTS + 1 }, (_, i) => ({ id: `t${i}`, titles: [`t${i}`] }))],
    ['a script that is not one plain command', ['npm', 'test'], VITEST],
  ])('the whole command runs: %s', (_, argv, failed) => {
    expect(rerunArgv(argv, failed, { test: 'vitest run && lint' })).toBeNull();
  });

  it('the pattern matches exactly the names it was made from', () => {
    const argv = rerunArgv(['vitest', 'run'], [{ id: 'f > a.b*', titles: ['a.b*'] }])!.argv;
    const pattern = new RegExp(argv.at(-1)!);
    expect(pattern.test('a.b*')).toBe(true);
    expect(pattern.test('aXb*')).toBe(false);
    expect(pattern.test('a.b* and more')).toBe(false);
  });
});
