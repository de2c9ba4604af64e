import { describe, expect, it } from 'vitest';
import { REASON_RECOMMENDATIONS, recommendationsFor, TYPE_RECOMMENDATIONS } from '../../src/report/recommendations.js';
import { FAILURE_TYPE_NAMES, REASONS } from '../../src/taxonomy/index.js';

describe('recommendation tables', () => {
  it('cover every reason and every failure type', () => {
    for (const reason of REASONS) expect(REASON_RECOMMENDATIONS[reason].length, reason).toBeGreaterThan(0);
    for (const type of FAILURE_TYPE_NAMES) expect(TYPE_RECOMMENDATIONS[type], type).toBeTruthy();
  });

  it('combine reason then type, without duplicates, with a fallback', () => {
    expect(recommendationsFor('non_deterministic_failure', null)).toContain('Investigate race conditions or timing dependencies, and stabilise the test before retrying.');
    const lines = recommendationsFor('max_attempts', 'TIMEOUT');
    expect(lines.at(-1)).toBe(TYPE_RECOMMENDATIONS.TIMEOUT);
    expect(recommendationsFor(null, null)).toEqual(['Review the run history and decide how to continue.']);
  });
});
