import { describe, expect, test } from 'vitest';
import { annotationOf, attemptGroups, inGitHubActions } from '../../src/cli/github.js';
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
