/** The run list's rows: what each shows of a stored run, and the order (waiting for a person first). */
import { describe, expect, test } from 'vitest';
import { compareRows, damagedRow, runRow, type RowStatus, type RunRow } from '../../src/ui/run-row.js';
import type { RunRecord } from '../../src/store/types.js';
import { makeEvent, makeRun } from '../store/helpers/fixtures.js';

const record = (overrides: Parameters<typeof makeRun>[1] = {}): RunRecord => ({ ...makeRun('r1', overrides), fence: 1 });
const row = (runId: string, status: RowStatus, updatedAt: number): RunRow => ({ runId, status, task: 't', failureType: null, attempts: 0, createdAt: 0, updatedAt });

describe('runRow', () => {
  test('failure type is the latest classified event\'s, attempts the run\'s own count (as the CLI says)', () => {
    const history = [makeEvent(1, { type: 'TIMEOUT', attempt: 1 }), makeEvent(2, { type: 'NETWORK', attempt: 3 }), makeEvent(3, { type: null, attempt: 2 })];
    // The fixture's checkpoint is in attempt 2; without a checkpoint, the history's highest attempt.
    expect(runRow(record({ history, status: 'escalated' }))).toMatchObject({ runId: 'r1', status: 'escalated', failureType: 'NETWORK', attempts: 2 });
    expect(runRow(record({ history, status: 'escalated', checkpoint: null }))).toMatchObject({ attempts: 3 });
  });

  test('a run that passed first time has no history, no type, and 1 attempt', () => {
    const checkpoint = { machine: 'recovery', version: 1, savedAt: 0, snapshot: { status: 'done', value: 'succeeded', context: { attempt: 1 } } };
    expect(runRow(record({ history: [], status: 'succeeded', checkpoint }))).toMatchObject({ failureType: null, attempts: 1 });
  });

  test('the task is redacted', () => {
    expect(runRow(record({ task: 'deploy --token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB' })).task).toBe('deploy --token ghp_[REDACTED]');
  });

  test('a damaged run shows its file and error, never hidden', () => {
    expect(damagedRow({ runId: 'x', status: null, task: null, createdAt: null, updatedAt: 5, damaged: { path: '/s/x.json', error: 'Unexpected token' } }))
      .toEqual({ runId: 'x', status: 'damaged', task: '/s/x.json: Unexpected token', failureType: null, attempts: 0, createdAt: null, updatedAt: 5 });
  });
});

describe('compareRows', () => {
  test.each([
    ['escalated before running, even when older', row('a', 'escalated', 1), row('b', 'running', 9), -1],
    ['damaged waits for a person too', row('a', 'damaged', 1), row('b', 'recovered', 9), -1],
    ['running before finished', row('a', 'running', 1), row('b', 'succeeded', 9), -1],
    ['newest first within a group', row('a', 'recovered', 9), row('b', 'aborted', 1), -1],
    ['ties by run id', row('a', 'recovered', 5), row('b', 'recovered', 5), -1],
  ])('%s', (_name, first, second, sign) => {
    expect(Math.sign(compareRows(first, second))).toBe(sign);
    expect(Math.sign(compareRows(second, first))).toBe(-sign);
  });
});
