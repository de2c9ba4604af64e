/** `--tests auto` (issue #29): each runner's command line, with the reporter added, as a table. */
import { describe, expect, it } from 'vitest';
import { autoTestReports } from '../../src/runtime/test-runners.js';

const D = '/tmp/r';

describe('autoTestReports', () => {
  it.each([
    ['vitest run', ['npx', 'vitest', 'run'], ['npx', 'vitest', 'run', '--reporter=default', '--reporter=junit', `--outputFile.junit=${D}/junit.xml`], {}, [`${D}/junit.xml`]],
    ['vitest keeps the user\'s reporter', ['vitest', 'run', '--reporter=dot'], ['vitest', 'run', '--reporter=dot', '--reporter=junit', `--outputFile.junit=${D}/junit.xml`], {}, [`${D}/junit.xml`]],
    ['jest through pnpm exec', ['pnpm', 'exec', 'jest', '--ci'], ['pnpm', 'exec', 'jest', '--ci', '--json', `--outputFile=${D}/jest.json`], {}, [`${D}/jest.json`]],
    ['python -m pytest', ['python3', '-u', '-m', 'pytest', '-q'], ['python3', '-u', '-m', 'pytest', '-q', `--junitxml=${D}/junit.xml`], {}, [`${D}/junit.xml`]],
    ['node --test: options before the files', ['node', '--test', 'test/'], ['node', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=junit', `--test-reporter-destination=${D}/junit.xml`, 'test/'], {}, [`${D}/junit.xml`]],
    ['playwright test', ['npx', 'playwright', 'test'], ['npx', 'playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${D}/playwright.json` }, [`${D}/playwright.json`]],
    ['gotestsum: before its --', ['gotestsum', '--format', 'testname', '--', './...'], ['gotestsum', '--format', 'testname', `--junitfile=${D}/junit.xml`, '--', './...'], {}, [`${D}/junit.xml`]],
    ['a runner\'s script run by node', ['node', 'node_modules/vitest/vitest.mjs', 'run'], ['node', 'node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=junit', `--outputFile.junit=${D}/junit.xml`], {}, [`${D}/junit.xml`]],
    ['mvn test: Surefire\'s own reports', ['mvn', '-q', 'test'], ['mvn', '-q', 'test'], {}, ['target/surefire-reports/TEST-*.xml']],
  ])('%s', (_, argv, expected, env, reports) => {
    expect(autoTestReports(argv, D)).toEqual({ runner: expect.any(String), argv: expected, env, reports });
  });

  it('npm test: the runner of the script, its reporter after --', () => {
    expect(autoTestReports(['npm', 'test'], D, { test: 'vitest run' })).toEqual({
      runner: 'vitest (npm test)', argv: ['npm', 'test', '--', '--reporter=default', '--reporter=junit', `--outputFile.junit=${D}/junit.xml`], env: {}, reports: [`${D}/junit.xml`],
    });
    expect(autoTestReports(['npm', 'run', 'unit', '--', '-t', 'x'], D, { unit: 'jest' })).toMatchObject({ argv: ['npm', 'run', 'unit', '--', '-t', 'x', '--json', `--outputFile=${D}/jest.json`] });
  });

  it.each([
    ['an unknown program', ['make', 'check'], "'make' is not a test runner recover knows"],
    ['a launcher running nothing known', ['python3', 'script.py'], "cannot tell which test runner 'python3 script.py' runs"],
    ['go test (no report of its own)', ['go', 'test', './...'], 'go test writes no report itself'],
    ['cargo nextest', ['cargo', 'nextest', 'run'], '[profile.default.junit]'],
    ['playwright with its own reporter', ['npx', 'playwright', 'test', '--reporter=dot'], 'add json to your own --reporter'],
    ['npm test without such a script', ['npm', 'test'], "package.json has no 'test' script"],
    ['a script of several commands', ['npm', 'test'], 'is not one plain command'],
    ['node --test behind npm', ['npm', 'test'], 'takes its reporter before its files'],
  ])('refuses %s, saying what to do', (name, argv, why) => {
    const scripts: Record<string, string> = name === 'a script of several commands' ? { test: 'tsc && vitest run' } : name === 'node --test behind npm' ? { test: 'node --test test/' } : {};
    const answer = autoTestReports(argv, D, scripts);
    expect(answer).toEqual({ refused: expect.stringContaining(why) });
    expect((answer as { refused: string }).refused).toMatch(/^--tests auto: /);
  });
});
