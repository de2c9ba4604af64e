/**
 * What the live progress line shows, read from one snapshot of the recovery machine. Pure, so the
 * renderer can be tested with hand-made views and this mapping with hand-made snapshots.
 */
import { budgetFor } from '../../policy/index.js';
import type { ResolvedPolicy } from '../../policy/types.js';
import { isFinalRunStatus, type Category, type FailureType, type HistoryEvent, type Phase, type RunStatus } from '../../taxonomy/index.js';

/** What the run is doing while the live line is up. */
export type Activity = 'running' | 'waiting' | 'diagnosing' | 'probing' | 'adapting' | 'rolling back' | 'resting';

/** One moment of a run, as the progress line shows it. */
export interface ProgressView {
  /** The attempt running now, or the one being prepared (ADAPT, ROLLBACK, a RETRY's backoff). */
  attempt: number;
  /**
   * The most attempts the budget allows: {@link base} plus the failure type's budget (the policy's
   * top-level budget before the first failure), so a fatal type shows `1/1` and the default `1/4`.
   */
  maxAttempts: number;
  /** Executions that do not count against the budget: the original run, flake probes, attempts before a `retry-fresh`. */
  base: number;
  /** The protocol phase; null while the original attempt runs (no recovery has begun). */
  phase: Phase | null;
  activity: Activity;
  /** The last failure's type and category; null before the first failure. */
  type: FailureType | null;
  category: Category | null;
  /** When the backoff ends (epoch ms on the run's clock), during a RETRY's wait; else null. */
  waitUntil: number | null;
  /** `running` until the run rests (final, or escalated and waiting for a decision). */
  status: RunStatus;
}

/** The part of a recovery snapshot the view reads (a real `SnapshotFrom<RecoveryMachine>` fits). */
export interface SnapshotLike {
  value: unknown;
  context: {
    attempt: number;
    iteration: number;
    policy: ResolvedPolicy;
    failure: { classification: { type: FailureType; category: Category } } | null;
    nextAttemptAt: number | null;
    history: HistoryEvent[];
  };
}


/** The type's budget; the top-level one for a type this version does not know (a run stored by another). */
function budgetOf(policy: ResolvedPolicy, type: FailureType): number {
  try {
    return budgetFor(policy, type);
  } catch {
    return policy.budget;
  }
}

/** The innermost state that matters: `executing`, `escalated`, a final name, or a `recovery` child (`retry`, `adapt`…). */
export function stateOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return 'unknown';
  const [top, child] = Object.entries(value as Record<string, unknown>)[0] ?? ['unknown', null];
  if (top !== 'recovery') return top;
  if (typeof child === 'string') return child;
  return child !== null && typeof child === 'object' ? Object.keys(child)[0] ?? 'recovery' : 'recovery';
}

/**
 * The view of `snapshot`. `previous` carries {@link ProgressView.base} across the states where the
 * context cannot tell it: between the diagnosis that opens a pass (iteration + 1) and the attempt
 * that pass runs, `attempt − iteration` is one less than it will be again once that attempt starts.
 */
export function progressViewOf(snapshot: SnapshotLike, previous?: ProgressView): ProgressView {
  const c = snapshot.context;
  const state = stateOf(snapshot.value);
  const type = c.failure?.classification.type ?? null;
  const category = c.failure?.classification.category ?? null;
  // Attempts that ran: attempt − iteration. Once the pass is open (adapt, rollback, retry), the
  // attempt about to run is attempt + 1 and already belongs to the pass.
  const settled = c.attempt - c.iteration;
  const open = c.attempt + 1 - c.iteration;
  let attempt = c.attempt;
  let base = previous?.base ?? settled;
  let phase: Phase | null = null;
  let activity: Activity = 'resting';
  let waitUntil: number | null = null;
  switch (state) {
    case 'executing':
      base = settled;
      phase = c.iteration > 0 ? 'RETRY' : null;
      activity = 'running';
      break;
    case 'probeFlake':
      // The flake probe is an execution outside the budget: it moves the base up by one.
      base = settled;
      phase = 'DIAGNOSE';
      activity = 'probing';
      break;
    case 'diagnose':
    case 'consult':
      phase = 'DIAGNOSE';
      activity = 'diagnosing';
      break;
    case 'adapt':
    case 'rollback':
    case 'retry':
      attempt = c.attempt + 1;
      base = previous?.base ?? open;
      phase = state === 'adapt' ? 'ADAPT' : state === 'rollback' ? 'ROLLBACK' : 'RETRY';
      activity = state === 'adapt' ? 'adapting' : state === 'rollback' ? 'rolling back' : 'waiting';
      waitUntil = state === 'retry' ? c.nextAttemptAt : null;
      break;
    case 'escalated':
      phase = 'ESCALATE';
      break;
    default:
      break;
  }
  const budget = type !== null ? budgetOf(c.policy, type) : c.policy.budget;
  const status: RunStatus = isFinalRunStatus(state) ? state : state === 'escalated' ? 'escalated' : 'running';
  return { attempt, maxAttempts: Math.max(attempt, base + budget), base, phase, activity, type, category, waitUntil, status };
}
