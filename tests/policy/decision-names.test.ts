import { describe, expect, test } from 'vitest';
import { DECISION_CHOICES, DECISION_NAME_LIST, DECISION_NAMES, decisionChoiceOf } from '../../src/policy/types.js';
import { DECISION_OPTIONS, offeredOptions } from '../../src/report/options.js';

describe('decision choices: one vocabulary, two spellings', () => {
  test('the names people type, in the policy order', () => {
    expect(DECISION_NAME_LIST).toEqual(['retry-fresh', 'retry-with', 'skip', 'rollback', 'abort', 'manual']);
    expect(DECISION_OPTIONS).toBe(DECISION_NAME_LIST);
  });

  test.each(DECISION_CHOICES.map((choice) => [choice] as const))('%s reads back from both spellings', (choice) => {
    expect(decisionChoiceOf(choice)).toBe(choice);
    expect(decisionChoiceOf(DECISION_NAMES[choice])).toBe(choice);
  });

  test('anything else is no choice', () => {
    expect(decisionChoiceOf('maybe')).toBeNull();
    expect(decisionChoiceOf('retry')).toBeNull();
  });

  test('a report offers the stored options in either spelling', () => {
    expect(offeredOptions(['abort', 'retry-with-modifications', 'retry-with', 'nonsense'])).toEqual(['abort', 'retry-with']);
  });
});
