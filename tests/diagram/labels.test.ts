import { describe, expect, test } from 'vitest';
import { and, not, or } from 'xstate';
import { edgeLabel, formatDelay, formatGuard, formatMs } from '../../src/diagram/labels.js';

describe('labels', () => {
  test('formatMs', () => {
    expect([0, 250, 1000, 1500, 5000, 60_000, 90_000, 120_000].map(formatMs)).toEqual(['0ms', '250ms', '1s', '1.5s', '5s', '1min', '90s', '2min']);
  });
  test('formatDelay: numbers, named delays with and without a numeric implementation', () => {
    expect(formatDelay(5000)).toBe('after 5s');
    expect(formatDelay('backoff', { backoff: 10_000 })).toBe('after backoff (10s)');
    expect(formatDelay('backoff', { backoff: () => 3 })).toBe('after backoff');
    expect(formatDelay('backoff')).toBe('after backoff');
  });
  test('formatGuard', () => {
    expect(formatGuard(undefined)).toBeNull();
    expect(formatGuard('ok')).toBe('ok');
    expect(formatGuard({ type: 'ok', params: { a: 1 } })).toBe('ok');
    expect(formatGuard(and(['a', or(['b', 'c'])]))).toBe('a && (b || c)');
    expect(formatGuard(not(and(['a', 'b'])))).toBe('!(a && b)');
    expect(formatGuard(function isReady() { return true; })).toBe('isReady');
    expect(formatGuard(() => true)).toBe('inline');
  });
  test('edgeLabel', () => {
    expect(edgeLabel('START', null)).toBe('START');
    expect(edgeLabel('done: runTask', 'ok')).toBe('done: runTask [ok]');
  });
});
