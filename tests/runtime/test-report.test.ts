/**
 * `commandTask` with `testReports` (issue #29): the failing tests come from the report the
 * attempt wrote — a real vitest writing JUnit in a temp project — and a report that is missing,
 * stale or malformed is named, the output read instead.
 */
import { mkdtempSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commandTask } from '../../src/runtime/command.js';
import type { TaskContext } from '../../src/runtime/options.js';
import { TaskFailure } from '../../src/runtime/task-failure.js';
import { readAttemptReports } from '../../src/runtime/test-report.js';

const MODULES = fileURLToPath(new URL('../../node_modules', import.meta.url));
const VITEST = join(MODULES, 'vitest/vitest.mjs');
// The outer vitest's variables would make the inner one think it is a worker.
const ENV = Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('VITEST') || k === 'NODE_OPTIONS').map((k) => [k, undefined]));

const context = (): TaskContext => ({
  runId: 'run-1', attempt: 1, iteration: 0, approach: null, hint: null, guidance: null, refreshContext: false, timeoutMs: null, probe: false,
  signal: new AbortController().signal, heartbeat: () => {}, progress: () => {},
});

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'recover-test-report-'));
  symlinkSync(MODULES, join(dir, 'node_modules'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(join(dir, 'a.test.js'), `import { it, expect } from 'vitest';
it('adds', () => { expect(1 + 1).toBe(3); });
it('keeps', () => {});
`);
  return dir;
}

async function failureOf(task: ReturnType<typeof commandTask>): Promise<TaskFailure> {
  const thrown = await Promise.resolve(task(context())).then(() => null, (error: unknown) => error);
  expect(thrown).toBeInstanceOf(TaskFailure);
  return thrown as TaskFailure;
}

const notes = () => {
  const stderr = new PassThrough();
  let text = '';
  stderr.on('data', (chunk: Buffer) => { text += chunk.toString(); });
  return { stream: { stdout: new PassThrough().resume(), stderr }, text: () => text };
};

describe('commandTask reading the test reports an attempt writes', () => {
  it('takes the failing tests from the JUnit report vitest wrote, with message and location', async () => {
    const dir = project();
    const seen = notes();
    // Only the dot reporter on the terminal: the output alone would name no test.
    const task = commandTask(process.execPath, [VITEST, 'run', '--reporter=dot', '--reporter=junit', '--outputFile.junit=out/junit.xml'],
      { cwd: dir, env: ENV, testReports: ['out/junit.xml'], stream: seen.stream });
    const failure = await failureOf(task);
    expect(failure.observation.tests).toEqual({
      passed: 1, failed: 1, failing: ['a.test.js > adds'],
      // The run's test ledger counts the attempts it failed in: this one.
      failures: [{ name: 'a.test.js > adds', message: expect.stringContaining('expected 2 to be 3'), location: expect.stringMatching(/a\.test\.js:2:\d+$/), failedAttempts: 1 }],
    });
    expect(seen.text()).not.toContain('recover: note');
  }, 120_000);

  it('names a report the runner did not write this time (stale), and reads the output instead', async () => {
    const dir = project();
    writeFileSync(join(dir, 'old.xml'), '<testsuite><testcase classname="x" name="long gone"><failure message="old"/></testcase></testsuite>');
    utimesSync(join(dir, 'old.xml'), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    const seen = notes();
    const task = commandTask(process.execPath, [VITEST, 'run'], { cwd: dir, env: ENV, testReports: ['old.xml'], stream: seen.stream });
    const failure = await failureOf(task);
    expect(failure.observation.tests?.failing).toEqual(['a.test.js > adds']);
    expect(seen.text()).toContain('recover: note: test report old.xml is older than the attempt (stale)');
    expect(seen.text()).toContain('the failing tests are read from the output');
  }, 120_000);
});

describe('readAttemptReports', () => {
  it('merges the reports a pattern names, and names the ones it could not read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recover-reports-'));
    const started = Date.now();
    writeFileSync(join(dir, 'junit-1.xml'), '<testsuite><testcase classname="a" name="one"><failure message="no"/></testcase></testsuite>');
    writeFileSync(join(dir, 'junit-2.xml'), '<testsuite><testcase classname="b" name="two"/><testcase classname="b" name="three"><skipped/></testcase></testsuite>');
    writeFileSync(join(dir, 'junit-3.xml'), '<testsuite><testcase classname="c" name="cut">');
    const read = await readAttemptReports(['junit-*.xml', 'missing.json', 'shard-*.xml'], dir, started);
    expect(read.run).toEqual({ runner: 'junit', passed: 1, failed: 1, skipped: 1, failures: [{ name: 'a > one', message: 'no' }] });
    expect(read.problems).toEqual([
      'junit-3.xml: the report is malformed: <testcase> is never closed (the file is cut short)',
      'missing.json: no such report (the runner wrote none)',
      'shard-*.xml: no report matches (the runner wrote none)',
    ]);
  });

  it('answers no run when nothing could be read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recover-reports-'));
    writeFileSync(join(dir, 'r.json'), '{"neither": true}');
    const read = await readAttemptReports(['r.json'], dir, Date.now() - 10_000);
    expect(read.run).toBeNull();
    expect(read.problems).toEqual(['r.json: the JSON is neither a jest/vitest report (testResults, numTotalTests) nor a Playwright report (suites, stats)']);
  });
});
