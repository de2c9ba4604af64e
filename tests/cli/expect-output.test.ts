/**
 * `recover run --expect-sections/--expect-diff/--max-output-chars` end to end with the built CLI
 * and a real command (tests/fixtures/output-writer.mjs) that reads RECOVERY_HINT and
 * RECOVERY_MAX_CHARS: seed 002's validator and prompt strategies without an adapter.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FATAL_JS, recover, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

const WRITER = fileURLToPath(new URL('../fixtures/output-writer.mjs', import.meta.url));
interface Outcome { runId: string; status: string; attempts: number; iterations: number; reason: string | null; classification: { type: string } | null }
interface Logged { attempt: string; hint: string; maxChars: string }

/** `recover run --json OPTIONS -- node output-writer.mjs MODE DIR` in a fresh directory. */
function run(mode: string, options: string[]) {
  const dir = tempCwd();
  const result = recover(dir, ['run', '--json', ...options, '--', process.execPath, WRITER, mode, join(dir, 'out')]);
  const outcome = JSON.parse(result.stdout) as Outcome;
  const log = () => readFileSync(join(dir, 'out', 'log.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Logged);
  return { dir, status: result.status, stderr: result.stderr, outcome, log };
}

const SECTIONS_HINT = 'Your output MUST include these exact sections: ';

describe('recover run --expect-sections', () => {
  it('a command missing two sections is told the ones still missing, adds one per iteration, and passes on the third attempt', () => {
    const { status, outcome, log } = run('sections', ['--expect-sections', '# A, # B']);
    expect(status).toBe(0);
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 3, iterations: 2, classification: { type: 'MISSING_SECTIONS' } });
    expect(log().map((l) => l.hint)).toEqual(['', `${SECTIONS_HINT}# A, # B`, `${SECTIONS_HINT}# B`]);
  });

  it('one that never adds the section escalates as a repeated fix, the section named; a decision retries with the same checks', () => {
    const { dir, status, outcome, log } = run('stubborn', ['--expect-sections', '# Tests', '--report', 'report.md']);
    expect(status).toBe(3);
    // The hinted retry changed nothing: the same hint again is refused, not run a third time.
    expect(outcome).toMatchObject({ status: 'escalated', attempts: 2, reason: 'infinite_loop', classification: { type: 'MISSING_SECTIONS' } });
    expect(log().map((l) => l.hint)).toEqual(['', `${SECTIONS_HINT}# Tests`]);
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).toContain('## Infinite Loop Detected');
    expect(report).toContain(`retry with hint: ${SECTIONS_HINT}# Tests`);
    expect(report).toContain('the output is missing # Tests');
    // The checks are kept with the run: the decision's attempt is checked as the first were.
    const decided = recover(dir, ['decide', outcome.runId, '--choice', 'retry-fresh', '--json']);
    expect(decided.status).toBe(3);
    expect(JSON.parse(decided.stdout)).toMatchObject({ status: 'escalated', classification: { type: 'MISSING_SECTIONS' } });
  });

  it('refuses a heading that holds a secret before anything runs or is stored, showing it redacted', () => {
    const dir = tempCwd();
    const token = 'ghp_0123456789abcdefghijABCDEFGHIJ012345';
    const result = recover(dir, ['run', '--expect-sections', `# A,# token ${token}`, '--', process.execPath, '-e', 'console.log("# A")']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--expect-sections: the heading "# token ghp_[REDACTED]"');
    expect(result.stderr).toContain('holds a secret: the headings are stored with the run, and secrets never are');
    expect(result.stderr + result.stdout).not.toContain(token);
    expect(existsSync(join(dir, '.recovery'))).toBe(false);
  });

  it('checks only after exit 0: a failing command is classified as it always was', () => {
    const dir = tempCwd();
    writeFileSync(join(dir, 'fatal.js'), FATAL_JS);
    const result = recover(dir, ['run', '--json', '--expect-sections', '# A', '--', process.execPath, 'fatal.js']);
    expect(result.status).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ reason: 'fatal_error', classification: { type: 'AUTH_REQUIRED' } });
  });
});

describe('recover run --max-output-chars', () => {
  it('EMPTY_OUTPUT: the retry is asked explicitly for output with a reduced RECOVERY_MAX_CHARS', () => {
    const { status, outcome, log } = run('empty', ['--max-output-chars', '100']);
    expect(status).toBe(0);
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 2, classification: { type: 'EMPTY_OUTPUT' } });
    expect(log()).toEqual([
      { attempt: '1', hint: '', maxChars: '100' },
      { attempt: '2', hint: 'Previous attempt produced no output. Write the complete output explicitly. Keep it within 75 characters (RECOVERY_MAX_CHARS=75).', maxChars: '75' },
    ]);
  });

  it('EMPTY_OUTPUT has the seed\'s 2 retries, each with a smaller target, then escalates', () => {
    const { status, outcome, log } = run('silent', ['--max-output-chars', '100']);
    expect(status).toBe(3);
    expect(outcome).toMatchObject({ status: 'escalated', attempts: 3, reason: 'max_attempts', classification: { type: 'EMPTY_OUTPUT' } });
    expect(log().map((l) => l.maxChars)).toEqual(['100', '75', '56']);
  });

  it('an output over the limit is FORMAT_VALIDATION, quoted in the hint, and the retry gets the reduced limit', () => {
    const { status, outcome, log } = run('long', ['--max-output-chars', '100']);
    expect(status).toBe(0);
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 2, classification: { type: 'FORMAT_VALIDATION' } });
    expect(log()[1]).toEqual({
      attempt: '2', maxChars: '75',
      hint: 'Your output failed validation: Output too long: 150 characters, over the limit of 100. Fix exactly that. Keep it within 75 characters (RECOVERY_MAX_CHARS=75).',
    });
  });

  it('a bad value is a usage error naming the option, before anything runs', () => {
    const dir = tempCwd();
    for (const [option, value] of [['--max-output-chars', 'lots'], ['--max-output-chars', '0'], ['--expect-sections', ' , ']]) {
      const result = recover(dir, ['run', option!, value!, '--', process.execPath, WRITER, 'sections', join(dir, 'out')]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(option);
    }
    expect(() => readFileSync(join(dir, 'out', 'log.jsonl'))).toThrow();
  });
});

describe('recover run --expect-diff', () => {
  it('prose where a diff was expected is DIFF_PARSE_ERROR, named as such', () => {
    const { status, outcome, dir } = run('no-diff', ['--expect-diff', '--report', 'report.md']);
    expect(status).toBe(3);
    expect(outcome.classification?.type).toBe('DIFF_PARSE_ERROR');
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('no diff found in the output');
  });
});
