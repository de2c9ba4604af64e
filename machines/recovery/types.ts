/**
 * The recovery machine's own vocabulary: its input, its context (grouped by how often each part
 * changes) and the events it takes. What it exchanges with its I/O actors is in `actor-io.ts`.
 */
import type { DecisionChoice, DecisionName, ResolvedPolicy } from '../../src/policy/types.js';
import type { RunnerAnswer } from '../runner.js';
import type { HistoryEvent, Level, Reason } from '../../src/taxonomy/index.js';
import type { AttemptOutcome, Diagnosis, FailureRecord, Regression } from './actor-io.js';

// The actors' side of the machine, defined in actor-io.ts; named here too so one import gives the whole vocabulary.
export type {
  FailureRecord, Diagnosis, Regression, AttemptInput, AttemptOutcome, DiagnoseInput, DiagnoseOutput, AdaptInput, AdaptFix, AdaptNone, AdaptOutput, RollbackInput, RollbackOutput, SleepInput, SleepOutput,
} from './actor-io.js';

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
  /**
   * The run's jitter seed (see {@link RunFixed.jitterSeed}). Default: `policy.jitterSeed`. Kept
   * apart from the policy so that every run of one policy can share one policy object.
   */
  jitterSeed?: number;
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
  /**
   * The seed of this run's backoff jitter, fixed for the run so that a resumed run waits as it
   * would have. The runtime gives each run its own (the policy's `jitterSeed` when the config
   * sets one, else one derived from the run id) so that runs sharing a policy do not retry in
   * lockstep. Default: the input's `jitterSeed`, else `policy.jitterSeed`.
   */
  jitterSeed: number;
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
