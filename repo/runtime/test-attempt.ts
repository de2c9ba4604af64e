/**
 * One attempt of a test command that writes reports (`commandTask({ testReports })`), test by
 * test (issue 29): after a failed execution, the flake probe and RETRY run only the failed tests
 * where the runner can (test-runners.ts), and a RETRY whose re-run passes is confirmed by the
 * whole command before the attempt counts as passed (`rerun: 'failed'`, the default). Each
 * execution is recorded in the run's {@link TestLedger}; a failed attempt's observation names
 * what the ledger found: the tests a fix broke (Alt-4), the tests found flaky (AC-007), and how
 * many attempts each failing test failed.
 *
 * A re-run is only trusted when the report shows every failed test ran: a name filter that
 * matched none of them (another runner version, a renamed test) runs the whole command instead.
 */
import type { Observation } from '../classify/types.js';
import type { ReportRun } from '../classify/tests/reports/index.js';
import { readAttemptReports } from './test-report.js';
import { rerunArgv } from './test-runners.js';
import type { ExecutionFindings, TestLedger } from './test-ledger.js';
import type { TaskContext } from './options.js';

/** Which tests a probe or RETRY runs (see {@link TestAttemptOptions.rerun}). */
export type RerunMode = 'failed' | 'failed-only' | 'whole';

/** The test-aware part of an attempt. */
export interface TestAttemptOptions {
  /** The reports the command writes (as `CommandOptions.testReports`). */
  reports: readonly string[];
  cwd: string;
  /**
   * `failed` (default): the flake probe and RETRY run only the previous execution's failing
   * tests, and a RETRY whose re-run passes runs the whole command as the final confirmation;
   * `failed-only`: no confirmation (a fix that breaks another test is then not seen);
   * `whole`: every execution runs the whole command, as without a runner that can filter.
   */
  rerun: RerunMode;
  ledger: TestLedger;
  /** package.json scripts of the cwd, for `npm test` (see test-runners.ts). */
  scripts?: Record<string, string>;
  /** Called with a sentence for the user (a re-run that fell back to the whole command). */
  note: (text: string) => void;
}

/** One execution of the command: how it ended, and the report it wrote (null when none could be read). */
export interface Execution<R> {
  result: R;
  run: ReportRun | null;
  problems: string[];
  findings: ExecutionFindings | null;
}

/** Whether an execution's result passed (exit 0, not stopped). */
type Passed<R> = (result: R) => boolean;

/**
 * Runs the attempt: the failed tests first where that is asked and possible, then the whole
 * command when the re-run could not be trusted or passed and needs confirming. `execute` runs
 * the command line given once; the last execution decides the attempt.
 */
export async function testAwareAttempt<R>(
  argv: readonly string[], ctx: Pick<TaskContext, 'attempt' | 'probe' | 'approach'>, options: TestAttemptOptions,
  execute: (argv: readonly string[]) => Promise<R>, passed: Passed<R>,
): Promise<Execution<R>> {
  const { ledger } = options;
  const targets = options.rerun === 'whole' ? [] : ledger.lastFailures();
  const narrowed = targets.length > 0 ? rerunArgv(argv, targets, options.scripts) : null;
  const fixApplied = ctx.approach !== null;
  if (narrowed) {
    const started = Date.now();
    const result = await execute(narrowed.argv);
    const read = relative(await readAttemptReports(options.reports, options.cwd, started, { cases: true }), options.cwd);
    const ran = new Set(read.run?.cases?.filter((c) => c.status !== 'skipped').map((c) => c.id) ?? []);
    const missing = targets.filter((t) => !ran.has(t.id));
    if (read.run?.cases && missing.length === 0) {
      const findings = ledger.record(ctx.attempt, ctx.probe, 'failed', read.run.cases, read.run.failures, fixApplied);
      // A probe's re-run is the probe; a RETRY's passing re-run is confirmed by the whole command.
      if (ctx.probe || !passed(result) || options.rerun === 'failed-only') return { result, run: read.run, problems: read.problems, findings };
      options.note(`the failed test${targets.length === 1 ? '' : 's'} passed on a re-run (${narrowed.runner}); the whole command runs to confirm`);
    } else {
      options.note(`the re-run of the failed tests (${narrowed.runner}) did not run ${missing.length || targets.length} of them; the whole command runs instead`);
    }
  }
  const started = Date.now();
  const result = await execute(argv);
  const read = relative(await readAttemptReports(options.reports, options.cwd, started, { cases: true }), options.cwd);
  const findings = read.run?.cases ? ledger.record(ctx.attempt, ctx.probe, 'all', read.run.cases, read.run.failures, fixApplied) : null;
  const whole = { result, run: read.run, problems: read.problems, findings };
  return passed(result) || ctx.probe || options.rerun === 'whole' ? whole : flakyAgain(whole, argv, ctx, options, execute, passed);
}

/**
 * Only tests already found flaky in this run failed (AC-007: they flip, nothing broke them):
 * they get one unchanged re-run of their own, recorded as a probe, as a CI retry would give
 * them; the attempt is what that re-run says. Any other failure, or a runner that cannot
 * filter, keeps the whole command's verdict.
 */
async function flakyAgain<R>(
  whole: Execution<R>, argv: readonly string[], ctx: Pick<TaskContext, 'attempt'>, options: TestAttemptOptions,
  execute: (argv: readonly string[]) => Promise<R>, passed: Passed<R>,
): Promise<Execution<R>> {
  const { ledger } = options;
  const failing = whole.run?.cases ? ledger.lastFailures() : [];
  if (failing.length === 0 || !failing.every((test) => ledger.isFlaky(test.id))) return whole;
  const narrowed = rerunArgv(argv, failing, options.scripts);
  if (!narrowed) return whole;
  options.note(`only tests found flaky in this run failed (${failing.map((t) => t.id).join(', ')}); they run once more, unchanged`);
  const started = Date.now();
  const result = await execute(narrowed.argv);
  const read = relative(await readAttemptReports(options.reports, options.cwd, started, { cases: true }), options.cwd);
  const ran = new Set(read.run?.cases?.filter((c) => c.status !== 'skipped').map((c) => c.id) ?? []);
  if (!read.run?.cases || failing.some((t) => !ran.has(t.id))) return whole;
  const findings = ledger.record(ctx.attempt, true, 'failed', read.run.cases, read.run.failures, false);
  return passed(result) ? { result, run: read.run, problems: read.problems, findings } : whole;
}

/** Failures located in the cwd as the runner prints them: relative (a stack frame names the absolute path). */
function relative<T extends { run: ReportRun | null }>(read: T, cwd: string): T {
  const prefix = cwd.endsWith('/') ? cwd : `${cwd}/`;
  for (const failure of read.run?.failures ?? []) {
    if (failure.location?.startsWith(prefix)) failure.location = failure.location.slice(prefix.length);
  }
  return read;
}

/**
 * The observation's `tests` for a failed execution: the failures with how many attempts each
 * failed, the tests a fix broke and those found flaky. `{}` when no test failed by the report.
 */
export function testsObservation(run: ReportRun | null, findings: ExecutionFindings | null, ledger: TestLedger): Pick<Observation, 'tests'> {
  if (!run || (run.failed === 0 && run.failures.length === 0)) return {};
  const failures = run.failures.map((f) => ({ ...f, failedAttempts: ledger.failedAttempts(f.name) }));
  const flaky = ledger.flakyTests();
  return {
    tests: {
      passed: run.passed, failed: run.failed, failing: run.failures.map((f) => f.name), failures,
      ...(findings && findings.broken.length > 0 ? { broken: findings.broken, fixed: findings.fixed } : {}),
      ...(flaky.length > 0 ? { flaky } : {}),
    },
  };
}
