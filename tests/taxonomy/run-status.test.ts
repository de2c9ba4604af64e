/** The run statuses' one definition: the lists every other module derives from it. */
import { describe, expect, test } from 'vitest';
import {
  CLOSED_RUN_STATUSES, FINAL_RUN_STATUSES, isFinalRunStatus, isRunStatus, PASSING_RUN_STATUSES, RUN_STATUSES,
} from '../../src/taxonomy/index.js';

describe('run statuses', () => {
  test('final: every status but running and escalated (which waits for a decision)', () => {
    expect([...FINAL_RUN_STATUSES]).toEqual(['succeeded', 'recovered', 'flaky', 'skipped', 'aborted', 'manual', 'handedOff']);
  });

  test('passing: succeeded, recovered and flaky, in that order', () => {
    expect([...PASSING_RUN_STATUSES]).toEqual(['succeeded', 'recovered', 'flaky']);
  });

  test('closed: final but not handedOff (a handed-off run continues in a fresh context)', () => {
    expect([...CLOSED_RUN_STATUSES]).toEqual([...FINAL_RUN_STATUSES].filter((s) => s !== 'handedOff'));
  });

  test.each([
    ['recovered', true, true], ['escalated', true, false], ['running', true, false],
    ['damaged', false, false], ['', false, false], [null, false, false], [42, false, false],
  ])('%j: a status %s, final %s', (value, status, final) => {
    expect(isRunStatus(value)).toBe(status);
    expect(isFinalRunStatus(value)).toBe(final);
  });

  test('every status is named once', () => {
    expect(new Set(RUN_STATUSES).size).toBe(RUN_STATUSES.length);
  });
});
