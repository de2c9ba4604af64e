import { describe, expect, test } from 'vitest';
import { annotationOf, attemptGroups, inGitHubActions, MAX_TEST_ANNOTATIONS, testAnnotations } from '../../src/cli/github.js';
import type { TestRow } from '../../src/report/types.js';
import type { ProgressView } from '../../src/cli/progress/view.js';

const base = { runId: 'r1', attempts: 2, reason: null, classification: null };
const network = { type: 'NETWORK' } as never;

describe('GitHub Actions annotations', () => {
  test.each([
    ['succeeded', null],
    ['recovered', '::warning title=recover%3A recovered (NETWORK)::run r1 recovered (NETWORK) after 2 attempt(s)\n'],
    ['flaky', '::warning title=recover%3A flaky (NETWORK)::run r1 flaky (NETWORK) after 2 attempt(s)\n'],
    ['handedOff', '::warning title=recover%3A handedOff (NETWORK)::run r1 handedOff (NETWORK) after 2 attempt(s)\n'],
    ['aborted', '::error title=recover%3A aborted (NETWORK)::run r1 aborted (NETWORK) after 2 attempt(s)\n'],
  ] as const)('%s → %j', (status, line) => {
    expect(annotationOf({ ...base, status, classification: network })).toBe(line);
  });

  test('an escalation says how to decide; reasons and newlines are kept on one line', () => {
    expect(annotationOf({ ...base, status: 'escalated', reason: 'fatal_error', classification: { type: 'AUTH_REQUIRED' } as never })).toBe(
      "::error title=recover%3A escalated (AUTH_REQUIRED)::run r1 escalated (AUTH_REQUIRED) after 2 attempt(s), reason fatal_error; decide with 'recover decide r1 --choice …' (see the step summary)\n",
    );
    expect(annotationOf({ ...base, runId: 'a%b\nc', status: 'aborted' })).toBe('::error title=recover%3A aborted::run a%25b%0Ac aborted after 2 attempt(s)\n');
  });

  test('each test read by name is annotated at its file and line: still failing an error, flaky a warning, fixed none', () => {
    const row = (name: string, extra: Partial<TestRow>): TestRow => ({ name, failedAttempts: 2, ranAttempts: 2, flaky: false, passesNow: false, ...extra });
    expect(testAnnotations([
      row('math > adds', { location: 'test/math.test.js:7:29', message: 'expected 4, got 0' }),
      row('math > flips', { location: 'test/math.test.js:9', flaky: true, passesNow: true, failedAttempts: 1 }),
      row('math > fixed', { location: 'test/math.test.js:12:3', passesNow: true }),
      row('a, b: c', { message: '50% off\nagain' }),
    ])).toBe([
      '::error file=test/math.test.js,line=7,col=29,title=recover%3A test failing::math > adds: expected 4, got 0 (failed in 2 of 2 attempts that ran it)\n',
      '::error title=recover%3A test failing::a, b: c: 50%25 off%0Aagain (failed in 2 of 2 attempts that ran it)\n',
      '::warning file=test/math.test.js,line=9,title=recover%3A flaky test::math > flips (failed in 1 of 2 attempts that ran it)\n',
    ].join(''));
    const many = Array.from({ length: 15 }, (_, i) => row(`t${i}`, {}));
    expect(testAnnotations(many).match(/^::error/gm)).toHaveLength(MAX_TEST_ANNOTATIONS);
  });

  test('only inside GitHub Actions', () => {
    expect(inGitHubActions({ GITHUB_ACTIONS: 'true' })).toBe(true);
    expect(inGitHubActions({ CI: 'true' })).toBe(false);
  });
});

describe('attemptGroups: one ::group:: per execution', () => {
  const view = (attempt: number, activity: ProgressView['activity'], phase: ProgressView['phase'] = null): ProgressView =>
    ({ attempt, maxAttempts: 4, base: 1, phase, activity, type: null, category: null, waitUntil: null, status: 'running' });

  test('opens once per execution, closes before the next, and close is idempotent', () => {
    const lines: string[] = [];
    const groups = attemptGroups((line) => lines.push(line));
    groups.follow(view(1, 'running'));
    groups.follow(view(1, 'running'));
    groups.follow(view(1, 'diagnosing', 'DIAGNOSE'));
    groups.follow(view(1, 'probing', 'DIAGNOSE'));
    groups.follow(view(2, 'running', 'RETRY'));
    groups.close();
    groups.close();
    expect(lines).toEqual([
      '::group::recover: attempt 1/4\n',
      '::endgroup::\n',
      '::group::recover: attempt 1/4 (flake probe)\n',
      '::endgroup::\n',
      '::group::recover: attempt 2/4 (retry)\n',
      '::endgroup::\n',
    ]);
  });
});
