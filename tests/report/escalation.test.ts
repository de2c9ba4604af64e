import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escalationReport } from '../../src/report/escalation.js';
import { DECISION_OPTIONS } from '../../src/report/options.js';
import { REDACTED } from '../../src/redact/index.js';
import { REASONS, RUN_STATUSES, type HistoryEvent } from '../../src/taxonomy/index.js';
import { classification, eventArb, exc1, exc4, historyBuilder, JWT_ERROR, security } from './fixtures.js';

/** The text of one `### ` section (up to the next heading). */
function section(report: string, title: string): string {
  const start = report.indexOf(`### ${title}\n`);
  expect(start, `section ${title}`).toBeGreaterThanOrEqual(0);
  const next = report.indexOf('\n### ', start + 4);
  return report.slice(start, next === -1 ? undefined : next);
}

describe('escalationReport: UC-AP-004 Exc-1 (max attempts)', () => {
  const report = escalationReport(exc1());

  it('has the Exc-1 heading, facts and sections in order', () => {
    expect(report.startsWith('## Recovery Escalation Required\n')).toBe(true);
    expect(report).toContain('**Task**: Implement JWT token validation with refresh logic');
    expect(report).toContain('**Run**: `run-jwt-1`');
    expect(report).toContain('**Executions**: 4 (the original run, 3 recovery iterations)  \n**Recovery iterations**: 3 of 3 (max reached)\n');
    const order = ['### Original Error', '### Recovery Attempts', '### Current State', '### Recommendation', '### Options'];
    const positions = order.map((h) => report.indexOf(h));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('counts executions so they add up: the original run, the flake probe and the recovery iterations', () => {
    // A history as the previous release stored it (its probe numbered 0): the counts read it all the same.
    const { runId, task, history } = JSON.parse(readFileSync(new URL('../fixtures/pre-33-history/max-attempts.json', import.meta.url), 'utf8')) as { runId: string; task: string; history: HistoryEvent[] };
    const stored = escalationReport({
      runId, task, status: 'escalated', classification: null, history, attempts: 5, iterations: 3, level: 'escalate', reason: 'max_attempts', budget: 3,
    });
    expect(stored).toContain('**Executions**: 5 (the original run, 1 flake probe, 3 recovery iterations)  \n**Recovery iterations**: 3 of 3 (max reached)\n');
    // After a fresh start the budget counts again from it, and the executions still add up.
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', type: 'NETWORK', category: 'transient', message: 'ECONNRESET' }, 0);
    add({ phase: 'DIAGNOSE', result: 'diagnosed' }, 1);
    add({ phase: 'RETRY', result: 'failure', attempt: 2 }, 2);
    add({ phase: 'ESCALATE', result: 'escalated', reason: 'max_attempts' }, 3);
    add({ phase: 'DECISION', result: 'decided', message: 'retry-fresh' }, 4);
    add({ phase: 'RETRY', result: 'failure', attempt: 3 }, 5);
    add({ phase: 'PAUSE', result: 'failure', attempt: 3 }, 6);
    add({ phase: 'DIAGNOSE', result: 'diagnosed', attempt: 3 }, 7);
    add({ phase: 'RETRY', result: 'failure', attempt: 4 }, 8);
    add({ phase: 'ESCALATE', result: 'escalated', attempt: 4, reason: 'max_attempts' }, 9);
    const fresh = escalationReport({ ...exc1(), history: events, attempts: 4, iterations: 1, budget: 1, reason: 'max_attempts' });
    expect(fresh).toContain('**Executions**: 4 (the original run, 1 fresh start, 2 recovery iterations)  \n**Recovery iterations**: 1 of 1 (since the fresh start; max reached)\n');
  });

  it('fences the original error', () => {
    expect(section(report, 'Original Error')).toContain(`\`\`\`\n${JWT_ERROR}\n\`\`\``);
  });

  it('lists every attempt with its fix, result and hypothesis', () => {
    const attempts = section(report, 'Recovery Attempts');
    expect(attempts).toContain('**Iteration 1**: Added null check before payload.exp access\n- Result: failed — `InvalidTokenError thrown for valid tokens`\n- Hypothesis: Null check too aggressive (confidence 0.80)');
    expect(attempts).toContain('**Iteration 2**: Refined null check to handle edge cases\n- Result: failed — `Edge case test still failing`\n- Hypothesis: Time comparison logic incorrect (confidence 0.75)');
    expect(attempts).toContain('**Iteration 3**: Changed time comparison and added try-catch\n- Result: failed — `Test still failing, error now swallowed`\n- Hypothesis: Underlying design issue with token handling (confidence 0.60)');
    expect(attempts.match(/\*\*Iteration \d\*\*/g)).toHaveLength(3); // AC-004: all 3, no 4th
  });

  it('shows the current state and the recommendation for the reason and type', () => {
    expect(section(report, 'Current State')).toContain('- 1 test failing (rejects expired token)');
    const rec = section(report, 'Recommendation');
    expect(rec).toContain('Manual review needed');
    expect(rec).toContain('Test expectations may not match the implementation intent');
    expect(report).toContain('**Human intervention required.**');
  });

  it('offers every decision with its exact command', () => {
    const options = section(report, 'Options');
    for (const option of DECISION_OPTIONS) expect(options).toContain(`- **${option}**`);
    expect(options).toContain('`recover decide run-jwt-1 --choice retry-fresh`');
    expect(options).toContain("`recover decide run-jwt-1 --choice retry-with --guidance 'what to do differently'`");
    for (const c of ['skip', 'rollback', 'abort', 'manual']) expect(options).toContain(`\`recover decide run-jwt-1 --choice ${c}\``);
  });

  it('offers only the given options, in order, and quotes odd run ids', () => {
    const text = escalationReport({ ...exc1(), runId: "my run's id", decisionOptions: ['abort', 'retry-with-modifications', 'bogus', 'abort'] });
    const options = section(text, 'Options');
    expect(options.match(/- \*\*[a-z-]+\*\*/g)).toEqual(['- **abort**', '- **retry-with**']);
    expect(options).toContain(`recover decide 'my run'\\''s id' --choice abort`);
  });
});

describe('escalationReport: other reasons', () => {
  it('Exc-4: lists the repeated fix per iteration under Infinite Loop Detected', () => {
    const report = escalationReport(exc4());
    expect(report.startsWith('## Infinite Loop Detected\n')).toBe(true);
    expect(report).toContain('Agent is repeating the same fix across iterations:\n- Iteration 1: `Add null check before accessing payload.exp`\n- Iteration 2: `Add null check before accessing payload.exp` (identical to iteration 1)');
    expect(report).toContain('**Root cause**: the agent is not learning from failed attempts.');
    expect(section(report, 'Recommendation')).toContain('Human review needed to break the loop');
    expect(report).toContain('**Executions**: 2 (the original run, 1 recovery iteration)');
    expect(report).toContain('**Recovery iterations**: 1 of 3 (stopped: the same fix was proposed again)');
  });

  it('circular fix: marks the similar rejected fix', () => {
    const input = exc4();
    const history = input.history.map((e) => (e.phase === 'ADAPT' && e.result === 'failure' ? { ...e, fix: 'Use a null guard on payload.exp', reason: 'circular_fix' as const } : e));
    const report = escalationReport({ ...input, history, reason: 'circular_fix' });
    expect(report).toContain('Agent keeps trying similar fixes across iterations:');
    expect(report).toContain('- Iteration 2: `Use a null guard on payload.exp` (similar)');
  });

  it('an iteration after retry-with or a rollback says so, with the guidance', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', iteration: 1, type: 'AUTH_REQUIRED', category: 'fatal', message: '401' }, 0);
    add({ phase: 'ESCALATE', result: 'escalated', reason: 'fatal_error' }, 1);
    add({ phase: 'DECISION', result: 'decided', message: 'retry-with-modifications: use the staging token' }, 2);
    add({ phase: 'RETRY', result: 'failure', iteration: 1, attempt: 2, message: '401 again' }, 3);
    add({ phase: 'ESCALATE', result: 'escalated', reason: 'fatal_error' }, 4);
    add({ phase: 'ROLLBACK', result: 'rolled_back' }, 5);
    add({ phase: 'RETRY', result: 'failure', iteration: 1, attempt: 3, message: '401 still' }, 6);
    add({ phase: 'ESCALATE', result: 'escalated', reason: 'fatal_error' }, 7);
    const attempts = section(escalationReport({ ...exc1(), history: events, reason: 'fatal_error' }), 'Recovery Attempts');
    expect(attempts).toContain('**Iteration 1**: retried with your guidance: use the staging token');
    expect(attempts).toContain('**Iteration 1**: retried after rolling back to the last known good state');
    expect(attempts).not.toContain('retried the same approach after backoff');
  });

  it('Exc-2: critical security violation halts without attempts, abort offered first', () => {
    const report = escalationReport(security());
    expect(report.startsWith('## Critical Security Violation\n')).toBe(true);
    expect(report).toContain('**Execution halted.**');
    expect(report).toContain('**Executions**: 1 (the original run, no recovery iteration)');
    expect(report).toContain('**Recovery iterations**: none allowed (halted at once: no retry after a critical security violation)');
    expect(section(report, 'Recovery Attempts')).toContain('None: a critical security violation halts execution without any retry.');
    expect(section(report, 'Recommendation')).toContain('Review the security policy');
    expect(section(report, 'Options').indexOf('**abort**')).toBeLessThan(section(report, 'Options').indexOf('**retry-fresh**'));
  });

  it('non-deterministic failure: says so, shows the probe, recommends investigating races', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', iteration: 1, type: 'VERIFICATION_FAILED', category: 'systematic', message: 'expected 200, got 500' }, 0);
    add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 1 }, 1);
    add({ phase: 'RETRY', result: 'flaky', iteration: 1, attempt: 2, reason: 'non_deterministic_failure', message: 'passed on an unchanged re-run' }, 3);
    add({ phase: 'ESCALATE', result: 'escalated', reason: 'non_deterministic_failure' }, 4);
    const report = escalationReport({
      runId: 'r', task: 'npm test', status: 'escalated', classification: classification('VERIFICATION_FAILED', 'systematic'),
      history: events, attempts: 2, iterations: 0, level: 'escalate', reason: 'non_deterministic_failure', budget: 3,
    });
    expect(report.startsWith('## Recovery Escalation Required\n\n**Non-deterministic failure detected**')).toBe(true);
    expect(report).toContain('**Flake probe**: re-ran unchanged to check for flakiness\n- Result: passed unchanged (flaky)');
    expect(section(report, 'Recommendation')).toContain('Investigate race conditions or timing dependencies');
  });

  it('transient retries read as same-approach iterations', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', iteration: 1, type: 'NETWORK', category: 'transient', message: 'ECONNREFUSED' }, 0);
    add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 1 }, 1);
    add({ phase: 'RETRY', result: 'failure', iteration: 1, attempt: 2, message: 'ECONNREFUSED again' }, 6);
    const report = escalationReport({
      runId: 'r', task: 't', status: 'escalated', classification: null, history: events, attempts: 2, iterations: 1,
      level: 'escalate', reason: 'max_attempts', budget: 1,
    });
    expect(report).toContain('**Iteration 1**: retried the same approach after backoff\n- Result: failed — `ECONNREFUSED again`');
    expect(section(report, 'Recommendation')).toContain('Check connectivity');
  });
});

describe('escalationReport: safety', () => {
  it('uses a longer fence when a message contains ``` and keeps Markdown inside it', () => {
    const input = exc1();
    const message = 'boom\n```\n## Options\n- injected\n````';
    const history = input.history.map((e) => (e.seq === 1 ? { ...e, message } : e));
    const report = escalationReport({ ...input, history, outputTail: 'tail ``` here' });
    expect(report).toContain(`\`\`\`\`\`\n${message}\n\`\`\`\`\``);
    expect(report).toContain('````\ntail ``` here\n````');
    expect(report.match(/^### Options$/gm)).toHaveLength(1);
  });

  it('redacts secrets by default, not when told', () => {
    const input = { ...exc1(), task: 'deploy with token=abc123', outputTail: 'curl https://admin:hunter2@db/x' };
    const report = escalationReport(input);
    expect(report).toContain(`token=${REDACTED}`);
    expect(report).toContain('https://admin:***@db/x');
    expect(report).not.toContain('hunter2');
    expect(escalationReport(input, { redact: false })).toContain('hunter2');
    expect(escalationReport({ ...input, task: 'ref ACME-9999' }, { redactPatterns: ['ACME-\\d+'] })).toContain(`ref ${REDACTED}`);
  });
});

describe('escalationReport properties', () => {
  it('any history and reason give a report with every section exactly once', () => {
    const input = fc.record({
      history: fc.array(eventArb, { maxLength: 12 }),
      reason: fc.option(fc.constantFrom(...REASONS)),
      status: fc.constantFrom(...RUN_STATUSES),
      task: fc.string(),
      runId: fc.string({ minLength: 1 }),
      outputTail: fc.option(fc.string(), { nil: undefined }),
      currentState: fc.option(fc.string(), { nil: undefined }),
    });
    fc.assert(fc.property(input, (i) => {
      const report = escalationReport({ ...i, classification: null, attempts: 1, iterations: 0, level: 'escalate', budget: 3 });
      for (const title of ['Original Error', 'Recovery Attempts', 'Current State', 'Recommendation', 'Options']) {
        expect(report.match(new RegExp(`^### ${title}$`, 'gm')), title).toHaveLength(1);
      }
    }), { numRuns: 300 });
  });
});

describe('escalationReport: what a failed diagnoser or adapter said', () => {
  const { events, add } = historyBuilder();
  add({ phase: 'PAUSE', result: 'failure', iteration: 1, type: 'BROKEN_BUILD', category: 'systematic', message: "Cannot find module './utils'" }, 0);
  add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 1, reason: 'diagnoser_failed', message: 'agent gemini (DIAGNOSE) failed: fetch failed' }, 1);
  add({ phase: 'ADAPT', result: 'failure', iteration: 1, reason: 'adapter_failed', message: 'agent claude (ADAPT) failed: API Error: 401 `invalid` key' }, 2);
  add({ phase: 'ESCALATE', result: 'escalated', reason: 'adapter_failed', level: 'escalate', message: "Cannot find module './utils'" }, 3);
  const report = escalationReport({
    runId: 'run-agent', task: 'npm run build', status: 'escalated', classification: classification('BROKEN_BUILD', 'systematic'),
    history: events, attempts: 1, iterations: 1, level: 'escalate', reason: 'adapter_failed', budget: 3,
  });

  it('lists each under Current State with its phase and reason', () => {
    const state = section(report, 'Current State');
    expect(state).toContain('- DIAGNOSE (iteration 1, diagnoser_failed): `agent gemini (DIAGNOSE) failed: fetch failed`');
    expect(state).toContain('- ADAPT (iteration 1, adapter_failed): ``agent claude (ADAPT) failed: API Error: 401 `invalid` key``');
  });

  it('says nothing more for an event that only repeats the failure (a loop, a plain "no alternative")', () => {
    expect(section(escalationReport(exc4()), 'Current State')).not.toMatch(/^- ADAPT/m);
  });
});
