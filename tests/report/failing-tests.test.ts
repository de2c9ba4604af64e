/**
 * The failing-tests list of the escalation report and the adapter prompt: name, place and
 * message per test, bounded to the first 20 with the rest counted.
 */
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../src/classify/types.js';
import { escalationReport } from '../../src/report/escalation.js';
import { failingTestLines, failingTestsSection } from '../../src/report/failing-tests.js';
import { adaptPrompt } from '../../src/runtime/agent/prompt.js';
import type { AdaptInput } from '../../machines/recovery/types.js';
import { exc1 } from './fixtures.js';

type Tests = NonNullable<Observation['tests']>;
const many = (n: number): Tests => ({
  passed: 3, failed: n, failing: Array.from({ length: n }, (_, i) => `t${i}`),
  failures: Array.from({ length: n }, (_, i) => ({ name: `t${i}`, message: `Error: bad ${i}`, location: `a.test.ts:${i + 1}:3` })),
});

describe('failingTestLines', () => {
  it.each<[string, Tests | undefined, string[]]>([
    ['no test results', undefined, []],
    ['name, place and message', { passed: 1, failed: 1, failing: ['a > b'], failures: [{ name: 'a > b', message: 'AssertionError: 1 !== 2', location: 'a.test.js:4:3' }] },
      ['a > b at a.test.js:4:3: AssertionError: 1 !== 2']],
    ['names alone when no details were read (a library caller gave only names)', { passed: 0, failed: 2, failing: ['x', 'y'] }, ['x', 'y']],
    ['a message without a place; newlines flattened', { passed: 0, failed: 1, failing: ['x'], failures: [{ name: 'x', message: 'line one\nline two' }] }, ['x: line one line two']],
    ['more failed than the kept output named', { passed: 0, failed: 5, failing: ['x'], failures: [{ name: 'x' }] }, ['x', '… and 4 more failing tests']],
  ])('%s', (_name, tests, want) => {
    expect(failingTestLines(tests)).toEqual(want);
  });

  it('lists the first 20 and counts the rest; each part bounded', () => {
    const lines = failingTestLines(many(45));
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe('t0 at a.test.ts:1:3: Error: bad 0');
    expect(lines[20]).toBe('… and 25 more failing tests');
    const long = failingTestLines({ passed: 0, failed: 1, failing: ['x'], failures: [{ name: 'x', message: 'm'.repeat(5_000) }] })[0]!;
    expect(long.length).toBeLessThan(250);
  });

  it('in Markdown, puts names and messages in code spans so their own markup stays text', () => {
    expect(failingTestLines({ passed: 0, failed: 1, failing: ['a | *b*'], failures: [{ name: 'a | *b*', message: 'expected `x`' }] }, 20, 'markdown'))
      .toEqual(['`a | *b*`: `` expected `x` ``']);
  });
});

describe('the failing tests in the escalation report and the adapter prompt', () => {
  it('the report has a Failing Tests section with the counts, before the current state', () => {
    const report = escalationReport({ ...exc1(), tests: many(2) });
    expect(failingTestsSection(many(2))).toEqual(['### Failing Tests', '', '2 failed, 3 passed.', '', '- `t0` at `a.test.ts:1:3`: `Error: bad 0`', '- `t1` at `a.test.ts:2:3`: `Error: bad 1`', '']);
    expect(report).toContain(failingTestsSection(many(2)).join('\n'));
    expect(report.indexOf('### Failing Tests')).toBeLessThan(report.indexOf('### Current State'));
    expect(escalationReport(exc1())).not.toContain('### Failing Tests');
  });

  it('the ADAPT prompt lists them (bounded) next to the output tail', () => {
    const failure: AdaptInput['failure'] = {
      attempt: 1, at: 0, observation: { exitCode: 1, stdout: 'tests failed', tests: many(30) },
      classification: { type: 'VERIFICATION_FAILED', category: 'systematic', severity: 'medium', action: 'adapt', confidence: 0.8, evidence: [] },
    };
    const prompt = adaptPrompt({
      runId: 'r', iteration: 1, level: 'same', failure, originalFailure: failure, diagnosis: null, fixesTried: [], guidance: null, hint: null, regression: null, history: [],
    }, { command: ['npm', 'test'], cwd: '/p' });
    expect(prompt).toContain('Failing tests:\n- t0 at a.test.ts:1:3: Error: bad 0\n- t1 at a.test.ts:2:3: Error: bad 1\n');
    expect(prompt).toContain('- t19 at a.test.ts:20:3: Error: bad 19\n- … and 10 more failing tests\n');
    expect(prompt).not.toContain('t20 ');
  });
});
