import type { Classification, Observation } from '../../src/classify/types.js';
import type { DecisionChoice, DecisionName, ResolvedPolicy } from '../../src/policy/types.js';
import type { FixChange } from '../../src/policy/approval.js';
import type { RunnerAnswer } from '../runner.js';
import type { HistoryEvent, Hypothesis, Level, Reason } from '../../src/taxonomy/index.js';

/** A failed attempt as the machine keeps it: JSON only, bounded by the runtime. */
export interface FailureRecord {
  attempt: number;
  /** Epoch ms when the attempt ended. */
  at: number;
  observation: Observation;
  classification: Classification;
}

/** The current diagnosis: the built-in one, or a diagnoser's answer. */
export interface Diagnosis {
  hypotheses: Hypothesis[];
  /** The best hypothesis's confidence, 0..1. */
  confidence: number;
  source: 'built-in' | 'diagnoser';
  /** Why the diagnoser's answer is missing (its error), when this built-in diagnosis stands in for it. */
  diagnoserFailure?: string;
}

/** Original tests that a fix made pass while it broke others (UC-AP-004 Alt-4). */
export interface Regression {
  fixed: string[];
  broken: string[];
}

/** What the machine hands to the `runTask` actor for one attempt. */
export interface AttemptInput {
  runId: string;
  attempt: number;
  iteration: number;
  approach: string | null;
  hint: string | null;
  guidance: string | null;
  refreshContext: boolean;
  /** Per-attempt timeout; null = none. */
  timeoutMs: number | null;
  /** True for the flake probe: an unchanged re-run. */
  probe: boolean;
}

/**
 * What `runTask` resolves with. It should not reject: a failure is `{ ok: false, observation }`.
 * (A rejection is still handled: the rejected value becomes the observation's `error`.)
 */
export type AttemptOutcome =
  | { ok: true; at: number; durationMs: number }
  | {
    ok: false; at: number; durationMs: number; observation: Observation;
    /**
     * The classification of the observation as the task saw it, when the runtime classified it
     * before redacting `observation` (a redacted text can hide what identifies the failure, e.g.
     * a path like `/etc/passwd`). Absent: the machine classifies `observation` itself.
     */
    classification?: Classification;
  };

/** What the `diagnose` actor receives. */
export interface DiagnoseInput {
  runId: string;
  iteration: number;
  round: number;
  failure: FailureRecord;
  builtIn: Diagnosis;
  history: HistoryEvent[];
}

/** What the `diagnose` actor resolves with. */
export interface DiagnoseOutput {
  hypotheses: Hypothesis[];
  at?: number;
}

/** What the `adapt` actor receives: everything an adapter (a person, a program, an AI agent) needs. */
export interface AdaptInput {
  runId: string;
  iteration: number;
  level: Level;
  failure: FailureRecord;
  originalFailure: FailureRecord | null;
  diagnosis: Diagnosis | null;
  fixesTried: string[];
  guidance: string | null;
  hint: string | null;
  regression: Regression | null;
  history: HistoryEvent[];
}

/** A fix the adapter proposes (or applied: an agent that edited the tree says what it changed). */
export interface AdaptFix {
  fix: string;
  /** 0..1; default: the diagnosis's confidence. */
  confidence?: number;
  at?: number;
  /** How long the adapter took, ms (recorded on the ADAPT event). */
  durationMs?: number;
  /**
   * What the work tree holds changed against the last known good state after this fix, measured
   * by the runtime when the policy sets `approval` (seed 004 ASK_APPROVE). Default: not measured.
   */
  change?: FixChange | null;
  /** What this fix cost in USD, as the agent reported it (Claude Code's `total_cost_usd`). Default: not reported. */
  costUsd?: number;
}

/** "No alternative", saying why (e.g. the agent's own words); recorded in the ADAPT event. */
export interface AdaptNone {
  fix: null;
  message?: string;
  at?: number;
  /** How long the adapter took, ms. */
  durationMs?: number;
}

/** What the `adapt` actor resolves with; `null` (or {@link AdaptNone}) means "no alternative". */
export type AdaptOutput = AdaptFix | AdaptNone | null;

/** What the `rollback` actor receives. */
export interface RollbackInput {
  runId: string;
  lastKnownGood: string | null;
  /** Why: a halt's reason (`critical_security_violation`, `data_corruption`), or what asked for it. */
  reason: Reason | 'broken_build' | 'consecutive_failures' | 'critical_gate' | 'decision';
}

/** What the `rollback` actor resolves with. */
export interface RollbackOutput {
  restored: boolean;
  at?: number;
  /** What the rollback has to say (where the replaced state is kept); the ROLLBACK event's message. */
  message?: string;
}

/** What the `sleepUntil` actor receives and resolves with. */
export interface SleepInput { until: number }
/** Resolved when the deadline has passed. */
export interface SleepOutput { at: number }

/** What happens after a rollback: ADAPT, a retry, or (a critical failure's halt) ESCALATE. */
export type AfterRollback = 'adapt' | 'retry' | 'halt';

/** Values carried into a fresh machine when a handed-off run continues in a new context. */
export interface Carry {
  attempt: number;
  iteration: number;
  history: HistoryEvent[];
  fixes: string[];
  /** The failure that handed the run off (so the continuation's events and outcome name it). Default: none. */
  failure?: FailureRecord | null;
  /** The run's first failure, for the report. Default: none. */
  originalFailure?: FailureRecord | null;
}

/** The recovery machine's input. JSON only. */
export interface RecoveryInput {
  runId: string;
  /** What is being recovered, for reports (a command line, a step name). */
  task: string;
  policy: ResolvedPolicy;
  /** Extra classification rules (data, from config). */
  rules?: unknown[];
  /** First attempt's timeout; null/undefined = none. */
  timeoutMs?: number | null;
  /** Which optional I/O slots the runtime filled. */
  hasDiagnoser?: boolean;
  hasAdapter?: boolean;
  hasRollback?: boolean;
  /** A reference to the last known good state (e.g. a git stash commit), when one was recorded. */
  lastKnownGood?: string | null;
  /** Epoch ms at start: the machine has no clock, every time comes from its inputs and events. */
  now: number;
  /** Continue a handed-off run. */
  carry?: Carry;
}

/**
 * What is fixed for the whole run, from its input: set once and shared by reference by every
 * snapshot (an update never copies it).
 */
export interface RunFixed {
  /** Extra classification rules (data, from config). Default `[]`. */
  rules: unknown[];
  /** Which optional I/O slots the runtime filled. Default false each. */
  hasDiagnoser: boolean;
  hasAdapter: boolean;
  hasRollback: boolean;
  /** A reference to the last known good state (e.g. a git stash commit), when one was recorded. Default null. */
  lastKnownGood: string | null;
  /** Epoch ms at start (the run's time budget counts from it). */
  startedAt: number;
}

/** What the next attempt is told (its `AttemptInput`, with the run and attempt numbers): changed when a pass retries or adapts. */
export interface NextAttempt {
  approach: string | null;
  hint: string | null;
  guidance: string | null;
  refreshContext: boolean;
  /** Per-attempt timeout; null = none. */
  timeoutMs: number | null;
}

/** What the passes so far have found and tried: changed by a failure, a diagnosis, a fix or a decision. */
export interface PassRecord {
  diagnosis: Diagnosis | null;
  /** Diagnoser consultations in this pass. */
  diagnoseRound: number;
  regression: Regression | null;
  /** Every fix tried, oldest first (repeated/circular detection looks at all of them). */
  fixes: string[];
  consecutiveFailures: number;
  flakeProbed: boolean;
  afterRollback: AfterRollback;
  /** When an escalation's decision timeout chooses the default (epoch ms); null = none. */
  decisionDeadline: number | null;
}

/**
 * The recovery machine's context. JSON only (a test round-trips every reachable snapshot).
 *
 * Sixteen fields, no more: XState copies the context with `Object.assign({}, context, update)`
 * on every update, and V8 turns an object built that way with more than 19 properties into a
 * dictionary (a hash table: ~1.6 KB per copy, slow reads in every guard). So the fields the
 * runtime, the reports and the views read stay at the top under their names, and the rest are
 * grouped by how often they change: `fixed` (never), `next` (per retry), `pass` (per failure).
 */
export interface RecoveryContext {
  runId: string;
  task: string;
  policy: ResolvedPolicy;
  /** Executions started (attempt 1 is the original run). */
  attempt: number;
  /** Recovery passes started since the budget was last reset. */
  iteration: number;
  level: Level;
  reason: Reason | null;
  failure: FailureRecord | null;
  originalFailure: FailureRecord | null;
  /** Deadline of the next attempt (epoch ms); served by `sleepUntil` so a restored run waits only what remains. */
  nextAttemptAt: number | null;
  delayMs: number | null;
  /** The latest time the machine has heard of (epoch ms). */
  clockAt: number;
  history: HistoryEvent[];
  fixed: RunFixed;
  next: NextAttempt;
  pass: PassRecord;
}

/** A human's decision on an escalated run. */
export interface DecideEvent {
  type: 'DECIDE';
  /**
   * One of the choices, in either spelling: the library's (`retry-with-modifications`) or the one
   * the CLI and README use (`retry-with`), so code copied from either works. A union, not a
   * string, so a typo does not compile. (A `sendTo('id', …)` with a string target is not checked
   * by xstate: build the event with `decide(…)` or `satisfies DecideEvent`.)
   */
  choice: DecisionChoice | DecisionName;
  guidance?: string;
  at?: number;
  /** Set when the decision timeout chose the default. */
  timedOut?: boolean;
}

/** Events the runtime or an embedding orchestrator sends. */
export type RecoveryEvent =
  | DecideEvent
  | RunnerAnswer<AttemptOutcome>
  | { type: 'HEARTBEAT'; at?: number }
  | { type: 'PROGRESS'; at?: number; progress?: number };
