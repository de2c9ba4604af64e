/**
 * What `--tests` makes of a run's command line in the process that runs it (test-command.ts):
 * report files as given, `auto` resolved to the runner's reporter in a directory of the run's
 * own (created), a runner it cannot tell refused with what to do; the cwd's package.json scripts.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageScripts, testCommandOf } from '../../src/runtime/test-command.js';

const cwd = () => mkdtempSync(join(tmpdir(), 'test-command-'));

describe('testCommandOf', () => {
  it('report files: the command as it is, the files as given, no environment', () => {
    expect(testCommandOf('r1', ['pytest', '-q'], ['report.xml', 'more/*.xml'], cwd())).toEqual({ argv: ['pytest', '-q'], files: ['report.xml', 'more/*.xml'], env: {} });
  });

  it('auto: the runner\'s reporter added, writing under the run\'s own directory, which exists', () => {
    const runId = `tc-${process.pid}-${Date.now()}`;
    const made = testCommandOf(runId, ['node', '--test', 'test/'], ['auto'], cwd());
    const dir = join(tmpdir(), 'recover-tests', runId);
    expect(made).toEqual({
      argv: ['node', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=junit', `--test-reporter-destination=${dir}/junit.xml`, 'test/'],
      files: [`${dir}/junit.xml`], env: {},
    });
    expect(existsSync(dir)).toBe(true);
  });

  it('auto through `npm test`: the script is read from the cwd\'s package.json', () => {
    const dir = cwd();
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { test: 'vitest run' } }));
    const made = testCommandOf(`tc-npm-${process.pid}`, ['npm', 'test'], ['auto'], dir);
    expect(made).not.toHaveProperty('refused');
    const without = testCommandOf(`tc-npm-${process.pid}`, ['npm', 'test'], ['auto'], cwd());
    expect(without).toHaveProperty('refused');
  });

  it('auto with a runner it cannot tell: refused, saying what to do instead', () => {
    expect(testCommandOf('r1', ['./run-checks.sh'], ['auto'], cwd())).toEqual({ refused: expect.stringContaining('--tests FILE') });
  });
});

describe('packageScripts', () => {
  it.each([
    ['no package.json', null, {}],
    ['unreadable JSON', '{ scripts:', {}],
    ['no scripts', '{}', {}],
    ['scripts that are not text are left out', JSON.stringify({ scripts: { test: 'jest', odd: 3 } }), { test: 'jest' }],
  ])('%s', (_name, text, scripts) => {
    const dir = cwd();
    if (text !== null) writeFileSync(join(dir, 'package.json'), text);
    expect(packageScripts(dir)).toEqual(scripts);
  });
});
