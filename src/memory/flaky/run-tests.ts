/**
 * THE reader of a run's per-attempt test statuses for the flaky memory: every other part of the
 * memory takes the {@link RunTests} value this returns, so pointing the memory at a richer
 * source (per-attempt statuses stored in the run's events) changes this file alone.
 *
 * What a run stores today, and so what is read:
 * - the history says which attempts failed (PAUSE `failure`) and passed (RETRY `success` or
 *   `flaky`; a run that `succeeded` passed its one attempt), and what came between them (ADAPT
 *   `adapted`, ROLLBACK `rolled_back`, a DECISION or HANDOFF change the code: the next attempt
 *   is not `unchanged`);
 * - the checkpoint keeps the failing tests of the run's first failure (`originalFailure`) and
 *   of its latest (`failure`), `observation.tests`; a failed attempt in between is known to have
 *   failed but not by which tests, so it names none;
 * - a passing attempt of a run with `--tests` (or whose failures named tests) passed every test.
 */
import type { RunRecord } from '../../store/types.js';
import type { AttemptTests, RunTests } from './types.js';

type Known = { failing: string[]; complete: boolean };

/**
 * The test results of `record` as the flaky memory counts them, or null when the run has none
 * (not a test run: no `--tests`, and no failure that named tests), or is still running.
 */
export function runTestsOf(record: RunRecord): RunTests | null {
  if (record.status === 'running') return null;
  const context = objectAt(record.checkpoint?.snapshot, 'context');
  const known = new Map<number, Known>();
  for (const key of ['originalFailure', 'failure'] as const) {
    const failure = objectAt(context, key);
    const tests = objectAt(objectAt(failure, 'observation'), 'tests');
    const attempt = failure?.attempt;
    if (typeof attempt !== 'number' || !tests || !Array.isArray(tests.failing)) continue;
    const failing = tests.failing.filter((id): id is string => typeof id === 'string');
    known.set(attempt, { failing, complete: tests.failed === failing.length });
  }
  const options = objectAt(record.meta, 'options');
  const testRun = known.size > 0 || (Array.isArray(options?.tests) && options.tests.length > 0);
  if (!testRun) return null;

  const outcomes = new Map<number, { ok: boolean; unchanged: boolean }>();
  let changed = false;
  for (const event of record.history) {
    if ((event.phase === 'ADAPT' && event.result === 'adapted') || (event.phase === 'ROLLBACK' && event.result === 'rolled_back')
      || event.phase === 'DECISION' || event.phase === 'HANDOFF') changed = true;
    const failed = event.phase === 'PAUSE' && event.result === 'failure';
    const passed = event.phase === 'RETRY' && (event.result === 'success' || event.result === 'flaky');
    if (!failed && !passed) continue;
    outcomes.set(event.attempt, { ok: passed, unchanged: !changed });
    changed = false;
  }
  if (record.status === 'succeeded' && outcomes.size === 0) outcomes.set(1, { ok: true, unchanged: true });

  const attempts: AttemptTests[] = [...outcomes.entries()].sort(([a], [b]) => a - b).map(([attempt, { ok, unchanged }]) => {
    if (ok) return { attempt, unchanged, tests: [], othersPassed: true };
    const tests = known.get(attempt);
    return {
      attempt, unchanged,
      tests: (tests?.failing ?? []).map((id) => ({ id, status: 'failed' as const })),
      othersPassed: tests?.complete ?? false,
    };
  });
  return { runId: record.runId, command: commandIdentity(record), at: record.updatedAt, attempts };
}

/**
 * A run's command identity: the command line `recover run` stored (sealed and redacted, so the
 * same command with another secret is the same command), else the run's task.
 */
export function commandIdentity(record: Pick<RunRecord, 'task' | 'meta'>): string {
  const command = record.meta.command;
  if (Array.isArray(command) && command.every((part) => typeof part === 'string')) return command.join(' ');
  return typeof command === 'string' ? command : record.task;
}

function objectAt(value: unknown, key: string): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null) return null;
  const inner = (value as Record<string, unknown>)[key];
  return typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? inner as Record<string, unknown> : null;
}

/**
 * The tests the run's last failed attempt named (`failed`: the runner's count), from the same
 * stored failure as {@link runTestsOf}; null when that failure named no tests or the run never failed.
 */
export function lastFailingTests(record: RunRecord): { attempt: number; failed: number; failing: string[]; category: string | null } | null {
  const failure = objectAt(objectAt(record.checkpoint?.snapshot, 'context'), 'failure');
  const tests = objectAt(objectAt(failure, 'observation'), 'tests');
  if (!failure || typeof failure.attempt !== 'number' || !tests || !Array.isArray(tests.failing) || typeof tests.failed !== 'number') return null;
  const category = objectAt(failure, 'classification')?.category;
  return {
    attempt: failure.attempt, failed: tests.failed,
    failing: tests.failing.filter((id): id is string => typeof id === 'string'),
    category: typeof category === 'string' ? category : null,
  };
}
