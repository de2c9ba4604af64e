/**
 * The guards of seed 002's built-in strategies (machines/recovery/routing.ts, answers.ts) as a table: when a
 * failure retries with its hint, when that hint is a repeat, and why a strategy fix is not held
 * to the circular-fix check while an adapter's similar fix is.
 */
import { describe, expect, it } from 'vitest';
import { isCircularFix } from '../../machines/recovery/answers.js';
import { hasStrategyHint, strategyHintRepeats } from '../../machines/recovery/routing.js';
import { strategyFix } from '../../machines/recovery/strategy.js';
import type { RecoveryContext } from '../../machines/recovery/types.js';
import type { FailureType } from '../../src/taxonomy/index.js';

const HINT = 'Your output MUST include these exact sections: ';
const context = (type: FailureType, hint: string | null, extra: { hasAdapter?: boolean; fixes?: string[] } = {}) => ({
  fixed: { hasAdapter: extra.hasAdapter ?? false }, next: { hint }, pass: { fixes: extra.fixes ?? [] },
  failure: { attempt: 1, at: 0, observation: {}, classification: { type, category: 'systematic', severity: 'medium', action: 'adapt', confidence: 0.9, evidence: [] } },
}) as unknown as RecoveryContext;

describe('built-in strategy guards', () => {
  it.each([
    ['MISSING_SECTIONS', `${HINT}# A`, {}, true],
    ['EMPTY_OUTPUT', 'Previous attempt produced no output.', {}, true],
    ['FORMAT_VALIDATION', 'Your output failed validation.', {}, true],
    ['MISSING_SECTIONS', `${HINT}# A`, { hasAdapter: true }, false],
    ['DIFF_PARSE_ERROR', 'anything', {}, false],
    ['BROKEN_BUILD', null, {}, false],
  ] as const)('%s with hint %j and %j: retries with its hint = %s', (type, hint, extra, expected) => {
    expect(hasStrategyHint(context(type, hint, extra))).toBe(expected);
  });

  it('the hint already tried is a repeat; a changed one (fewer sections missing) is not', () => {
    const tried = { fixes: [strategyFix(`${HINT}# A, # B`)] };
    expect(strategyHintRepeats(context('MISSING_SECTIONS', `${HINT}# A, # B`, tried))).toBe(true);
    expect(strategyHintRepeats(context('MISSING_SECTIONS', `${HINT}# B`, tried))).toBe(false);
  });

  it('a third strategy fix resembles the first two but is not circular; an adapter fix just as similar is', () => {
    const fixes = [strategyFix(`${HINT}# A, # B, # C`), strategyFix(`${HINT}# B, # C`)];
    const hint = `${HINT}# C`;
    const c = context('MISSING_SECTIONS', hint, { fixes });
    expect(isCircularFix(c, { fix: strategyFix(hint) })).toBe(false);
    expect(isCircularFix(c, { fix: `please ${strategyFix(hint)}` })).toBe(true);
  });
});
