/** The one count of a stored run's attempts (CLI outcome, report, UI all read it). */
import { describe, expect, test } from 'vitest';
import { attemptsOf, type AttemptCountSource } from '../../src/report/attempt-count.js';
import { makeEvent } from '../store/helpers/fixtures.js';

const withAttempt = (attempt: unknown) => ({ snapshot: { status: 'done', value: 'succeeded', context: { attempt } } });

describe('attemptsOf', () => {
  test.each<[string, AttemptCountSource, number]>([
    ['a run of `true`: passed first time, no history, the run counted 1', { status: 'succeeded', history: [], checkpoint: withAttempt(1) }, 1],
    ["the run's own count wins over the history", { status: 'recovered', history: [makeEvent(1, { attempt: 2 })], checkpoint: withAttempt(3) }, 3],
    ['running, in its second attempt', { status: 'running', history: [makeEvent(1, { attempt: 1 })], checkpoint: withAttempt(2) }, 2],
    ['no checkpoint: the highest attempt in the history', { status: 'escalated', history: [makeEvent(1, { attempt: 1 }), makeEvent(2, { attempt: 3 }), makeEvent(3, { attempt: 2 })], checkpoint: null }, 3],
    ['no checkpoint, no history, ended: it ran once', { status: 'succeeded', history: [], checkpoint: null }, 1],
    ['no checkpoint, no history, running: nothing reported yet', { status: 'running', history: [], checkpoint: null }, 0],
    ['a count that is not a number is not trusted', { status: 'aborted', history: [makeEvent(1, { attempt: 2 })], checkpoint: withAttempt('2') }, 2],
  ])('%s', (_, record, expected) => {
    expect(attemptsOf(record)).toBe(expected);
  });
});
