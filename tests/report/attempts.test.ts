import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decisionChoice, loopFixes, originalFailure, summarizeAttempts, topHypothesis } from '../../src/report/attempts.js';
import type { HistoryEvent } from '../../src/taxonomy/index.js';
import { exc1, exc4, historyBuilder } from './fixtures.js';

describe('summarizeAttempts', () => {
  it('reads the Exc-1 history as three fixes with outcomes and the diagnosis after each', () => {
    const attempts = summarizeAttempts(exc1().history);
    expect(attempts.map((a) => [a.iteration, a.kind, a.fix, a.outcome?.message, a.hypothesis?.text, a.hypothesisSource])).toEqual([
      [1, 'fix', 'Added null check before payload.exp access', 'InvalidTokenError thrown for valid tokens', 'Null check too aggressive', 'after'],
      [2, 'fix', 'Refined null check to handle edge cases', 'Edge case test still failing', 'Time comparison logic incorrect', 'after'],
      [3, 'fix', 'Changed time comparison and added try-catch', 'Test still failing, error now swallowed', 'Underlying design issue with token handling', 'after'],
    ]);
  });

  it('does not depend on input order and keeps two cycles apart after a budget reset', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', iteration: 1, type: 'UNKNOWN', category: 'systematic', message: 'boom' }, 0);
    add({ phase: 'DIAGNOSE', result: 'diagnosed', hypotheses: [{ text: 'h1', confidence: 0.9 }] }, 1);
    add({ phase: 'ADAPT', result: 'adapted', fix: 'A' }, 2);
    add({ phase: 'RETRY', result: 'failure', attempt: 2, message: 'still' }, 3);
    add({ phase: 'ESCALATE', result: 'escalated', reason: 'max_attempts' }, 4);
    add({ phase: 'DECISION', result: 'decided', message: 'retry-fresh' }, 5);
    add({ phase: 'RETRY', result: 'failure', iteration: 1, attempt: 3, message: 'again' }, 6);
    add({ phase: 'PAUSE', result: 'failure', iteration: 1 }, 7);
    add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 1 }, 8);
    add({ phase: 'ADAPT', result: 'adapted', iteration: 1, fix: 'B' }, 9);
    add({ phase: 'RETRY', result: 'success', attempt: 4, message: null }, 10);
    const attempts = summarizeAttempts([...events].reverse());
    expect(attempts.map((a) => [a.iteration, a.kind, a.fix, a.outcome?.result])).toEqual([
      [1, 'fix', 'A', 'failure'],
      [1, 'fresh', null, 'failure'],
      [1, 'fix', 'B', 'success'],
    ]);
    // no diagnosis followed B's success: the hypothesis behind the fix is shown
    expect(attempts[2]?.hypothesisSource).toBe('before');
  });

  it('says what a plain retry after a decision or a rollback was, not "the same approach"', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', iteration: 1, type: 'AUTH_REQUIRED', category: 'fatal', message: '401' }, 0);
    add({ phase: 'ESCALATE', result: 'escalated', reason: 'fatal_error' }, 1);
    add({ phase: 'DECISION', result: 'decided', message: 'retry-with-modifications: use the staging token' }, 2);
    add({ phase: 'RETRY', result: 'failure', iteration: 1, attempt: 2, message: '401 again' }, 3);
    add({ phase: 'ESCALATE', result: 'escalated', reason: 'fatal_error' }, 4);
    add({ phase: 'DECISION', result: 'decided', message: 'rollback' }, 5);
    add({ phase: 'ROLLBACK', result: 'rolled_back' }, 6);
    add({ phase: 'RETRY', result: 'failure', iteration: 1, attempt: 3, message: '401 still' }, 7);
    add({ phase: 'RETRY', result: 'failure', iteration: 1, attempt: 4, message: 'plain' }, 8);
    const attempts = summarizeAttempts(events);
    expect(attempts.map((a) => [a.kind, a.guidance, a.outcome?.message])).toEqual([
      ['guided', 'use the staging token', '401 again'],
      ['rolledBack', null, '401 still'],
      ['same', null, 'plain'],
    ]);
  });

  it('marks the flake probe by its flake_probe reason, within the iteration it diagnoses', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', iteration: 1, type: 'VERIFICATION_FAILED', category: 'systematic' }, 0);
    add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 1 }, 1);
    add({ phase: 'RETRY', result: 'failure', iteration: 1, attempt: 2, reason: 'flake_probe' }, 2);
    add({ phase: 'PAUSE', result: 'failure', iteration: 1, attempt: 2 }, 3);
    add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 1, attempt: 2 }, 4);
    add({ phase: 'ADAPT', result: 'adapted', iteration: 1, attempt: 2, fix: 'A' }, 5);
    add({ phase: 'RETRY', result: 'failure', iteration: 1, attempt: 3 }, 6);
    expect(summarizeAttempts(events).map((a) => [a.kind, a.iteration])).toEqual([['probe', 1], ['fix', 1]]);
  });

  it('marks the flake probe (an outcome with an iteration below the last DIAGNOSE)', () => {
    // How histories written before the probe was marked numbered it (iteration 0).
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', iteration: 1, type: 'VERIFICATION_FAILED', category: 'systematic' }, 0);
    add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 1 }, 1);
    add({ phase: 'RETRY', result: 'failure', iteration: 0, attempt: 2 }, 2);
    expect(summarizeAttempts(events).map((a) => a.kind)).toEqual(['probe']);
  });

  it('reads stored histories written before issue #33 (probe at iteration 0, PAUSE at budget + 1) as before', () => {
    const stored = (name: string) => (JSON.parse(readFileSync(new URL(`../fixtures/pre-33-history/${name}.json`, import.meta.url), 'utf8')) as { history: HistoryEvent[] }).history;
    const fallThrough = stored('fall-through');
    expect(fallThrough.find((e) => e.phase === 'RETRY')?.iteration).toBe(0);
    expect(summarizeAttempts(fallThrough).map((a) => [a.kind, a.outcome?.result])).toEqual([['probe', 'failure']]);
    const spent = stored('max-attempts');
    expect(Math.max(...spent.map((e) => e.iteration))).toBe(4);
    expect(summarizeAttempts(spent).map((a) => [a.kind, a.iteration, a.fix])).toEqual([
      ['probe', 0, null],
      ['fix', 1, 'add a null check before payload.exp'],
      ['fix', 2, 'decode the token with jwt.verify first'],
      ['fix', 3, 'compare expiry in seconds'],
    ]);
  });

  it('a retry after retry-fresh numbered below the last DIAGNOSE is the fresh start, not a probe', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', iteration: 1, type: 'VERIFICATION_FAILED', category: 'systematic' }, 0);
    add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 3 }, 1);
    add({ phase: 'ESCALATE', result: 'escalated', iteration: 3, reason: 'max_attempts' }, 2);
    add({ phase: 'DECISION', result: 'decided', iteration: 3, message: 'retry-fresh' }, 3);
    add({ phase: 'RETRY', result: 'failure', iteration: 1, attempt: 6 }, 4);
    expect(summarizeAttempts(events).map((a) => a.kind)).toEqual(['fresh']);
  });

  it('finds the original failure, the top hypothesis and the loop fixes', () => {
    expect(originalFailure(exc1().history)?.seq).toBe(1);
    expect(originalFailure([])).toBeNull();
    expect(topHypothesis([{ text: 'a', confidence: 0.2 }, { text: 'b', confidence: 0.7 }, { text: 'c', confidence: 0.7 }])?.text).toBe('b');
    expect(loopFixes(exc4().history).map((f) => [f.fix, f.rejected])).toEqual([
      ['Add null check before accessing payload.exp', false],
      ['Add null check before accessing payload.exp', true],
    ]);
  });
});

describe('decisionChoice', () => {
  const [base] = exc1().history;
  const decision = (result: 'decided' | 'skipped' | 'aborted' | 'manual', message: string | null) => ({ ...base!, phase: 'DECISION' as const, result, message });

  it.each([
    [decision('decided', 'retry-fresh'), 'retry-fresh'],
    [decision('decided', 'rollback'), 'rollback'],
    [decision('decided', 'retry-with-modifications'), 'retry-with'],
    [decision('decided', 'use jwt.verify()'), 'retry-with'],
    [decision('skipped', 'skip'), 'skip'],
    [decision('aborted', 'abort'), 'abort'],
    [decision('manual', 'manual'), 'manual'],
    [decision('decided', null), null],
    [base!, null],
  ])('%#: reads %j', (event, expected) => {
    expect(decisionChoice(event)).toBe(expected);
  });
});
