import type { Carry, RecoveryContext, RecoveryInput } from './types.js';
import { appendHistory } from './history.js';
import { produce } from 'immer';

/** The part of a persisted snapshot a resume looks at. */
interface PersistedLike {
  value: unknown;
  context: RecoveryContext;
  [key: string]: unknown;
}

/**
 * How a stored snapshot starts again at `resumedAt`: a handed-off one as the input of a fresh
 * machine (RESUME/resumed, see {@link continuationOf}), any other restored as it is, an
 * interrupted attempt marked (RESUME/interrupted naming the processes `killed`, see
 * {@link markInterrupted}). The one place a resume hands its instant to the machine. Pure: the
 * caller passes the instant (epoch ms, read once from the run's clock) and the process ids.
 */
export function resumeStart<T extends PersistedLike>(snapshot: T, resumedAt: number, killed: readonly number[] = []): { input: RecoveryInput } | { snapshot: T } {
  const carry = continuationOf(snapshot, resumedAt);
  if (carry) return { input: continuedInput(snapshot.context, carry, resumedAt) };
  return { snapshot: markInterrupted(snapshot, resumedAt, killed) };
}

/**
 * The input of the fresh machine a handed-off run continues in: what the stored run was
 * started with (its policy and jitter seed, rules, timeout, last known good state and the slots it has: a
 * resumed run, restored or continued, keeps them), and what the run carries, started at
 * `resumedAt`. Each read from the stored context by field, under the input's own name for it.
 */
function continuedInput(stored: RecoveryContext, carry: Carry, resumedAt: number): RecoveryInput {
  const { fixed } = stored;
  return {
    runId: stored.runId, task: stored.task, policy: stored.policy, jitterSeed: fixed.jitterSeed, rules: fixed.rules, timeoutMs: stored.next.timeoutMs, lastKnownGood: fixed.lastKnownGood,
    hasDiagnoser: fixed.hasDiagnoser, hasAdapter: fixed.hasAdapter, hasRollback: fixed.hasRollback,
    now: resumedAt, carry,
  };
}

/**
 * A checkpoint taken while an attempt was running means the process died mid-attempt: the
 * attempt will be re-run (at-least-once), and history says so with one RESUME/interrupted event,
 * which names the previous attempt's processes that were still running and were `killed` before
 * it runs again (default: none). Other checkpoints are returned unchanged. Pure: the caller
 * passes the instant of the resume (epoch ms, read once from the run's clock) and the process ids.
 */
export function markInterrupted<T extends PersistedLike>(snapshot: T, resumedAt: number, killed: readonly number[] = []): T {
  const value = snapshot.value;
  const midAttempt = (typeof value === 'object' && value !== null && 'executing' in value) || JSON.stringify(value).includes('"probeFlake"');
  if (!midAttempt) return snapshot;
  const context = produce(snapshot.context, (d) => {
    heardOf(d as RecoveryContext, resumedAt);
    appendHistory(d as RecoveryContext, { phase: 'RESUME', result: 'interrupted', reason: 'interrupted', message: `attempt ${d.attempt} was interrupted; running it again${killedNote(killed)}` });
  });
  return { ...snapshot, context };
}

/**
 * The machine hears of the resume's instant: its clock moves up to it (never back: a clock that
 * went backwards since the checkpoint leaves the stored time), so the RESUME event that follows
 * is stamped, as every event is, at the latest time the machine has heard of.
 */
function heardOf(d: RecoveryContext, resumedAt: number): void {
  if (resumedAt > d.clockAt) d.clockAt = resumedAt;
}

/** What the RESUME/interrupted event says of the processes killed before the attempt runs again: nothing when none were. */
function killedNote(pids: readonly number[]): string {
  if (pids.length === 0) return '';
  const who = pids.length === 1 ? `process ${pids[0]} was` : `processes ${pids.join(', ')} were`;
  return ` (the previous attempt's ${who} still running; killed)`;
}

/**
 * What a handed-off run carries into a fresh machine (the "fresh context" of a resource
 * failure): its attempts, fixes and history, plus one RESUME/resumed event. The handoff counts
 * as a recovery pass (iteration + 1), so the resource budget (3 handoffs by default) bounds how
 * often a run may continue: past it, the next resource failure escalates with `max_attempts`.
 * Returns null for a snapshot that is not handed off. Pure: the caller passes the instant of
 * the resume (epoch ms, read once from the run's clock).
 */
export function continuationOf(snapshot: PersistedLike, resumedAt: number): Carry | null {
  if (snapshot.value !== 'handedOff') return null;
  const context = produce(snapshot.context, (d) => {
    d.iteration += 1;
    const handoffs = d.history.filter((e) => e.phase === 'HANDOFF').length;
    heardOf(d as RecoveryContext, resumedAt);
    appendHistory(d as RecoveryContext, {
      phase: 'RESUME', result: 'resumed',
      message: `continuing in a fresh context after handoff ${handoffs}`,
    });
  });
  return {
    attempt: context.attempt, iteration: context.iteration, history: context.history, fixes: context.pass.fixes,
    failure: context.failure, originalFailure: context.originalFailure,
  };
}
