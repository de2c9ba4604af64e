/**
 * THE reader of a run's per-attempt test statuses for the flaky memory: every other part of the
 * memory takes the {@link RunTests} value this returns, so what a run stores is read here alone.
 *
 * A run with a test ledger (`recover run --tests`, `meta.testLedger`) is read from it: every
 * execution's status of every test it ran (see {@link ledgerAttempts}). A run without one (older
 * runs, hook runs) is read as before:
 * - the history says which attempts failed (PAUSE `failure`) and passed (RETRY `success` or
 *   `flaky`; a run that `succeeded` passed its one attempt), and what came between them (ADAPT
 *   `adapted`, ROLLBACK `rolled_back`, a DECISION or HANDOFF change the code: the next attempt
 *   is not `unchanged`) - this part serves ledger runs too;
 * - the checkpoint keeps the failing tests of the run's first failure (`originalFailure`) and
 *   of its latest (`failure`), `observation.tests`; a failed attempt in between is known to have
 *   failed but not by which tests, so it names none;
 * - a passing attempt of a run with `--tests` (or whose failures named tests) passed every test.
 */
import { ledgerDataOf, type TestLedgerData } from '../../store/test-ledger-data.js';
import type { RunRecord } from '../../store/types.js';
import type { AttemptTests, RunTests, TestStatus } from './types.js';

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
  const ledger = ledgerDataOf(record.meta);
  const options = objectAt(record.meta, 'options');
  const testRun = ledger !== null || known.size > 0 || (Array.isArray(options?.tests) && options.tests.length > 0);
  if (!testRun) return null;

  const outcomes = historyOutcomes(record);
  const at = { runId: record.runId, command: commandIdentity(record), at: record.updatedAt };
  if (ledger) return { ...at, attempts: ledgerAttempts(ledger, outcomes) };
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
  return { ...at, attempts };
}

type Outcomes = Map<number, { ok: boolean; unchanged: boolean }>;

/** Each ended attempt the history tells of: whether it passed, and whether nothing changed before it. */
function historyOutcomes(record: RunRecord): Outcomes {
  const outcomes: Outcomes = new Map();
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
  return outcomes;
}

const STATUS: Readonly<Record<string, TestStatus['status']>> = { p: 'passed', f: 'failed', s: 'skipped' };

/**
 * The attempts of a run read from its test ledger. Executions are grouped by attempt; a probe is
 * a group of its own even when it shares its attempt with the executions before it (a test found
 * flaky that fails again in the whole command's confirmation gets an unchanged re-run of its own,
 * recorded under the same attempt): it is a separate unchanged observation, so a pass there after
 * the confirmation's failure is a flip. Within a group, when a re-run of the failures is followed
 * by the whole command, the whole command's confirmation is the attempt's verdict for every test
 * it ran (it ran last, on the same code, and is what the run was judged by); a test only the
 * re-run ran keeps the re-run's status. `othersPassed`: the group ran the whole command, so every
 * test it ran is named and every other did not run in it.
 */
function ledgerAttempts(ledger: TestLedgerData, outcomes: Outcomes): AttemptTests[] {
  const groups: { attempt: number; probe: boolean; statuses: Map<number, TestStatus['status']>; all: boolean }[] = [];
  for (const execution of ledger.executions) {
    let group = groups.at(-1);
    if (!group || group.attempt !== execution.attempt || group.probe !== execution.probe) {
      group = { attempt: execution.attempt, probe: execution.probe, statuses: new Map(), all: false };
      groups.push(group);
    }
    const whole = execution.scope === 'all';
    for (let i = 0; i < execution.statuses.length; i++) {
      const status = STATUS[execution.statuses[i]!];
      // '-' (or a character this release does not know): the test did not run here.
      if (!status || (!whole && group.all && group.statuses.has(i))) continue;
      group.statuses.set(i, status);
    }
    group.all ||= whole;
  }
  return groups.map(({ attempt, probe, statuses, all }) => ({
    attempt,
    // The first attempt has nothing before it; an attempt the history does not tell of is taken as changed (no flip is claimed).
    unchanged: probe || (outcomes.get(attempt)?.unchanged ?? attempt === 1),
    tests: [...statuses.entries()].sort(([a], [b]) => a - b).flatMap(([i, status]) => {
      const id = ledger.ids[i];
      return id === undefined ? [] : [{ id, status }];
    }),
    othersPassed: all,
  }));
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
