/**
 * The data the reports read. Reports are pure functions of these values: they never touch a
 * store, a clock or the environment, so the CLI, the runtime and tests all get the same text.
 */
import type { Classification, Observation } from '../classify/types.js';
import type { FailureType, HistoryEvent, Level, Reason, RunStatus } from '../taxonomy/index.js';

/**
 * A test that failed in some execution of a run, as the run's test ledger keeps it
 * (src/runtime/test-ledger.ts builds these): for the report's and step summary's `### Tests`.
 */
export interface TestRow {
  /** The test's id, e.g. `test/math.test.js > math > adds`. */
  name: string;
  /** Where it last failed, `file:line[:col]`, when the report said. */
  location?: string;
  /** Its last failure's message (first line, redacted). */
  message?: string;
  /** In how many attempts it failed. */
  failedAttempts: number;
  /** Attempts that ran it (whole command or a re-run of the failures). */
  ranAttempts: number;
  /** It failed, then passed unchanged on the flake probe (AC-007). */
  flaky: boolean;
  /** It passes in the last execution that ran it. */
  passesNow: boolean;
}

/** One run's data as the reports get it (usually an `Outcome` plus what the runtime knows). */
export interface RunReportInput {
  runId: string;
  /** What was being recovered: a command line, a step name, a task description. */
  task: string;
  status: RunStatus;
  /** The latest classification; `null` when the run never failed. */
  classification: Classification | null;
  /** Every history event of the run (any order; reports sort by `seq`). */
  history: HistoryEvent[];
  /** Executions (attempt 1 is the original run). */
  attempts: number;
  /** Recovery iterations since the budget was last reset. */
  iterations: number;
  level: Level;
  reason: Reason | null;
  /** The budget of iterations that applied to the failure type. */
  budget: number;
  /** A one-line summary of where things stand, e.g. "1 test passing, 1 failing". */
  currentState?: string;
  /** The last output of the task (bounded by the caller). */
  outputTail?: string;
  /** The original failure's stack, as kept in the checkpoint; its top frames go under Original Error. Default none. */
  originalStack?: string | null;
  /** The test results of the last failure, when its output was a known test runner's: listed first 20. */
  tests?: Observation['tests'];
  /** Every test that failed in some attempt, from the run's test ledger (`recover run --tests`). Default: none. */
  testRows?: TestRow[];
  /**
   * The decision choices to offer, in order (`retry-fresh`, `retry-with`, `skip`, `rollback`,
   * `abort`, `manual`; `retry-with-modifications` is read as `retry-with`). Default: all six.
   */
  decisionOptions?: string[];
}

/** The least a run must carry for metrics; any {@link RunReportInput} qualifies. */
export interface MetricsRunInput {
  status: RunStatus;
  history: HistoryEvent[];
  classification?: Classification | null;
  reason?: Reason | null;
}

/** Per-type counts of {@link Metrics}. */
export interface TypeMetrics {
  /** Runs whose original failure had this type. */
  failures: number;
  /** Of those, runs that ended `recovered`. */
  recovered: number;
  /** Of those, runs that escalated at least once. */
  escalated: number;
}

/** Recovery metrics over a set of runs (`recover stats --json`). */
export interface Metrics {
  totals: {
    /** Runs considered. */
    runs: number;
    /** Runs that failed at least once. */
    failures: number;
    /** Runs that ended `recovered` without a human decision. */
    autoRecovered: number;
    /** Escalation events (each time a human was asked). */
    escalations: number;
    /** Rollback events (automatic or decided). */
    rollbacks: number;
    /** Runs that ended `skipped`. */
    skips: number;
    /** Runs that ended `aborted`. */
    aborts: number;
    /** Runs found flaky: status `flaky`, or a `non_deterministic_failure`. */
    flaky: number;
    /** Hand-off events (a fresh context took over). */
    handedOff: number;
  };
  /** `flaky / failures`; 0 when nothing failed. */
  flakeRate: number;
  /** Mean of (last success − first failure) over `recovered` runs; `null` when there are none. */
  meanTimeToRecoverMs: number | null;
  /** Keyed by the type of each run's original failure. */
  byType: Partial<Record<FailureType, TypeMetrics>>;
}

/** One run in a session: metrics fields plus what the session report and audit rows show. */
export interface SessionRun extends MetricsRunInput {
  runId?: string;
  /** The checkpoint the run last saved, for the `recovery_events.checkpoint_id` column. */
  checkpointId?: string | null;
}

/** One unit of work in a session: a pipeline step or a supervised agent. */
export interface SessionUnit {
  /** Agent or step id, e.g. `frontend`. */
  id: string;
  runs: SessionRun[];
}

/** A whole session (seed 004's coordinator, or a pipeline). */
export interface SessionInput {
  sessionId: string;
  units: SessionUnit[];
}

/** One row of seed 004's `recovery_events` audit table. */
export interface RecoveryEventRow {
  /** `${sessionId}:${unitId}:${n}`, n counting the unit's rows from 1: deterministic. */
  id: string;
  session_id: string;
  agent_id: string;
  /** ISO-8601. */
  event_timestamp: string;
  failure_type: string;
  /** The taxonomy's severity (`immediate | critical | high | medium | low`, see `SEVERITIES`). */
  severity: string;
  /** The history event's phase, e.g. `RETRY`, `ROLLBACK`, `ESCALATE`. */
  recovery_action: string;
  attempt_number: number | null;
  /** The history event's result, e.g. `success`, `failure`, `escalated`. */
  outcome: string;
  checkpoint_id: string | null;
  user_escalated: boolean;
  user_decision: string | null;
  notes: string | null;
}
