import type { InspectionEvent, Observer } from 'xstate';
import type { FixChange } from '../policy/approval.js';
import type {
  AdaptInput, AdaptOutput, AttemptInput, DiagnoseInput, DiagnoseOutput, RollbackInput,
} from '../../machines/index.js';
import type { FixMemory, KnownFix } from '../memory/types.js';
import type { PolicyConfig } from '../policy/types.js';
import type { TelemetryOptions } from '../telemetry/options.js';
import type { HistoryEvent } from '../taxonomy/index.js';
import type { Clock } from './clock.js';
import type { HookContext } from './hook-context.js';

/** What a task is told about its attempt, and how it talks back. */
export interface TaskContext extends AttemptInput {
  /**
   * Aborted when the attempt times out or the run stops: stop work when it fires. Made when
   * first read (an accessor: `{ ...context }` does not copy it; pass `signal: context.signal`).
   */
  readonly signal: AbortSignal;
  /** Tell the watch you are alive: after the first call, silence for `heartbeatTimeoutMs` fails the attempt. */
  heartbeat(): void;
  /** Report progress: after the first call, no progress for `stallTimeoutMs` fails the attempt. */
  progress(value?: number): void;
}

/**
 * The work being recovered. It fails by throwing anything (a `TaskFailure` carries a full
 * observation), or by returning a promise that rejects. Each attempt calls it in a microtask of
 * its own, so the stack of what it throws starts at the task, not in the engine. What the
 * passing attempt resolves with is the outcome's `value` (`T`; default `unknown`).
 */
export type Task<T = unknown> = (context: TaskContext) => T | PromiseLike<T>;

/**
 * A diagnoser: returns hypotheses with confidences (default: the built-in rule-based diagnosis).
 * Its second argument carries an AbortSignal and its deadline (see {@link HookContext}); past the
 * deadline the call fails like a diagnoser that threw, and the built-in diagnosis stands. The
 * runtime always passes `context`; it is optional in the type so that code calling a diagnoser
 * itself (a test of `diagnoserCommand`) and one-argument diagnosers stay as they are.
 */
export type Diagnoser = (input: DiagnoseInput, context?: HookContext) => DiagnoseOutput | Promise<DiagnoseOutput>;
/**
 * An adapter: returns a fix, or nothing for "no alternative". With a `fixMemory`, `knownFixes`
 * lists the fixes that recovered this failure's signature before, best first. Its second argument
 * carries an AbortSignal and its deadline (see {@link HookContext}); past the deadline the call
 * fails like an adapter that threw (the run escalates with `adapter_failed`). The runtime always
 * passes `context`; it is optional in the type for the reason given at {@link Diagnoser}.
 */
export type Adapter = (input: AdaptInput & { knownFixes?: KnownFix[] }, context?: HookContext) => AdaptOutput | undefined | void | Promise<AdaptOutput | undefined | void>;
/**
 * What a rollback may say beyond "restored": `message` goes into the ROLLBACK history event (and
 * so the terminal and the report), e.g. where the state it replaced is kept.
 */
export interface RollbackReport {
  restored: boolean;
  message?: string;
}

/** Restores the last known good state; return false (or `{ restored: false }`) if it could not. */
export type Rollback = (input: RollbackInput) => boolean | void | RollbackReport | Promise<boolean | void | RollbackReport>;

/** Options of `recover()` and `createRecovery()`. Every field optional. */
export interface RecoveryOptions {
  /** Run id. Default: a time-ordered random id. */
  runId?: string;
  /** What is being recovered, for reports. Default `'task'`. */
  name?: string;
  /** Policy config (the shape `resolvePolicy` validates). Default: DESIGN.md's table. */
  policy?: PolicyConfig;
  /** Extra classification rules (data). */
  rules?: unknown[];
  /** Extra secret patterns to redact (regex sources or RegExps). */
  redact?: Array<string | RegExp>;
  diagnose?: Diagnoser;
  /** Without it, systematic failures get the flake probe, then escalate (`no_alternative`). */
  adapt?: Adapter;
  rollback?: Rollback;
  /** A reference to the last known good state, passed to `rollback`. Default: `'initial'` when `rollback` is given. */
  lastKnownGood?: string | null;
  /**
   * Measures what the work tree holds changed against the last known good state (`gitRollback`'s
   * `measureChange`): with the policy's `approval` set, each fix is measured after the adapter
   * and one beyond the thresholds escalates with `approval_required` before its retry. Default: none.
   */
  measureChange?: () => Promise<FixChange>;
  /** The first attempt's timeout in ms. Default: none. */
  timeoutMs?: number;
  /**
   * How long one call of `diagnose` or `adapt` may take, in ms, on `clock`; past it the call's
   * signal aborts and the phase fails with "adapter timed out after N ms" (or "diagnoser …").
   * `Infinity`: no deadline. Default `HOOK_TIMEOUT_MS` (10 minutes).
   */
  hookTimeoutMs?: number;
  /** Where time comes from. Default: real time. Pass XState's `SimulatedClock` in tests. */
  clock?: Clock;
  /** Called with every history event as it is recorded. */
  onEvent?: (event: HistoryEvent) => void;
  /** An XState inspection observer (the Stately inspector, an NDJSON trace). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** OpenTelemetry: spans and metrics go to the globally registered providers. Default: on when one is registered. */
  telemetry?: TelemetryOptions;
  /** Where fixes that recovered a failure are remembered, and looked up for the adapter. Default: none. */
  fixMemory?: FixMemory;
  /** Try the best remembered fix for the failure before asking the adapter. Default false. */
  reuseFixes?: boolean;
}
