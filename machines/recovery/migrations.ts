/**
 * Checkpoint migrations of the recovery machine: `recoveryMigrations[v]` upgrades a persisted
 * snapshot of version `v` to `v + 1` (see `checkEnvelope`). Pure functions of the snapshot.
 */
import type { SnapshotMigration } from '../../src/store/envelope.js';
import type { AttemptInput, NextAttempt, PassRecord, RunFixed } from './types.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A context as versions 1–5 kept it: every field at the top. */
type FlatContext = { runId: string; attempt: number; iteration: number } & RunFixed & NextAttempt & PassRecord & Record<string, unknown>;

/** What a version-4/5 machine told an attempt, from its flat context (`attemptInput` of that release). */
function flatAttemptInput(c: FlatContext, probe: boolean): AttemptInput {
  return {
    runId: c.runId, attempt: c.attempt, iteration: c.iteration, approach: c.approach, hint: probe ? null : c.hint,
    guidance: c.guidance, refreshContext: c.refreshContext, timeoutMs: c.timeoutMs, probe,
  };
}

/** Upgrades by the version they start from; `resume()` hands them to `checkEnvelope`. */
export const recoveryMigrations: Readonly<Record<number, SnapshotMigration>> = {
  /**
   * 1 → 2: the heartbeat/progress watch regions moved under `executing.watched`, entered on the
   * first HEARTBEAT or PROGRESS; until then the attempt runs in `executing.unwatched`.
   */
  1: (snapshot) => {
    if (!isRecord(snapshot) || !isRecord(snapshot.value) || !isRecord(snapshot.value.executing)) return snapshot;
    const watches = snapshot.value.executing;
    const armed = watches.heartbeat !== 'idle' || watches.progress !== 'idle';
    return { ...snapshot, value: { executing: armed ? { watched: watches } : 'unwatched' } };
  },
  /**
   * 2 → 3: `recovery.pause` is gone (the failed attempt goes straight to `recovery.diagnose`) and
   * `retry` is the wait itself (`retry.waiting` → `retry`, its sleep child keeping its id). Neither
   * `pause` nor `retry.scheduled` was ever at rest (both were left in the step that entered them),
   * so no checkpoint should hold them; they are mapped all the same rather than refused.
   */
  2: (snapshot) => {
    if (!isRecord(snapshot) || !isRecord(snapshot.value)) return snapshot;
    const phase = snapshot.value.recovery;
    if (phase === 'pause') return { ...snapshot, value: { recovery: 'diagnose' } };
    if (isRecord(phase) && 'retry' in phase) return { ...snapshot, value: { recovery: 'retry' } };
    return snapshot;
  },
  /**
   * 3 → 4: the attempts' runner. Every attempt (and the flake probe) was a promise child of its
   * own (`runTask` in `executing`, `probe` in `probeFlake`); now one `runTask` runner lives at the
   * root for the whole run. An active snapshot gets the runner in place of those children; when
   * it is restored, the runner asks for the attempt that was running, which runs again.
   */
  3: (snapshot) => {
    if (!isRecord(snapshot) || (snapshot.status !== undefined && snapshot.status !== 'active')) return snapshot;
    const { runTask: _attempt, probe: _probe, ...others } = isRecord(snapshot.children) ? snapshot.children : {};
    return { ...snapshot, children: { runTask: { src: 'runTask', snapshot: { status: 'active' } }, ...others } };
  },
  /**
   * 4 → 5: the runner keeps its request. A version-4 runner held none: restored, it asked its
   * parent to send the request again. Now the request waiting for its answer is in the runner's
   * snapshot, so a run checkpointed mid-attempt (`executing`) or mid-probe (`probeFlake`) gets
   * the request its machine made on the way in, built from the same context, and its runner runs
   * it again on start. Other snapshots are unchanged (a runner restored without one holds none).
   */
  4: (snapshot) => {
    if (!isRecord(snapshot) || (snapshot.status !== undefined && snapshot.status !== 'active') || !isRecord(snapshot.context)) return snapshot;
    const probe = isRecord(snapshot.value) && snapshot.value.recovery === 'probeFlake';
    const attempting = probe || (isRecord(snapshot.value) && 'executing' in snapshot.value);
    if (!attempting) return snapshot;
    const children = isRecord(snapshot.children) ? snapshot.children : {};
    const runTask = isRecord(children.runTask) ? children.runTask : { src: 'runTask' };
    const runner = isRecord(runTask.snapshot) ? runTask.snapshot : { status: 'active' };
    const request = flatAttemptInput(snapshot.context as FlatContext, probe);
    return { ...snapshot, children: { ...children, runTask: { ...runTask, snapshot: { ...runner, request } } } };
  },
  /**
   * 5 → 6: the context grouped by how often its fields change. The fields the runtime, reports
   * and views read stay at the top; the others move into `fixed` (the run's rules, slots, last
   * known good state and start), `next` (what the next attempt is told) and `pass` (what the
   * passes found and tried). Nothing else changes: the states, children and requests are as
   * version 5 left them, so any snapshot (at rest, waiting, mid-attempt, final) restores.
   */
  5: (snapshot) => {
    if (!isRecord(snapshot) || !isRecord(snapshot.context) || 'pass' in snapshot.context) return snapshot;
    const {
      rules, hasDiagnoser, hasAdapter, hasRollback, lastKnownGood, startedAt,
      approach, hint, guidance, refreshContext, timeoutMs,
      diagnosis, diagnoseRound, regression, fixes, consecutiveFailures, flakeProbed, afterRollback, decisionDeadline,
      runId, task, policy, attempt, iteration, level, reason, failure, originalFailure, nextAttemptAt, delayMs, clockAt, history, ...rest
    } = snapshot.context as FlatContext;
    return {
      ...snapshot,
      context: {
        runId, task, policy, attempt, iteration, level, reason, failure, originalFailure, nextAttemptAt, delayMs, clockAt, history, ...rest,
        fixed: { rules, hasDiagnoser, hasAdapter, hasRollback, lastKnownGood, startedAt },
        next: { approach, hint, guidance, refreshContext, timeoutMs },
        pass: { diagnosis, diagnoseRound, regression, fixes, consecutiveFailures, flakeProbed, afterRollback, decisionDeadline },
      },
    };
  },
  /**
   * 6 → 7: the run's jitter seed moved from its policy into `fixed.jitterSeed`. A version-6 run
   * jittered with its policy's `jitterSeed` (each run's policy was a copy carrying its own seed),
   * so that seed is the one it keeps: resumed, it waits exactly what it would have. The policy
   * is read resolved (as the codec rebuilds it) or in its stored form (`$config`, which held the
   * seed); a policy without one had the default, 0.
   */
  6: (snapshot) => {
    if (!isRecord(snapshot) || !isRecord(snapshot.context) || !isRecord(snapshot.context.fixed) || 'jitterSeed' in snapshot.context.fixed) return snapshot;
    const { policy, fixed } = snapshot.context;
    return { ...snapshot, context: { ...snapshot.context, fixed: { ...fixed, jitterSeed: seedOfPolicy(policy) } } };
  },
};

/** The jitter seed a version-6 policy held, resolved or stored (`$config`); 0 (the default) without one. */
function seedOfPolicy(policy: unknown): number {
  if (!isRecord(policy)) return 0;
  const source = isRecord(policy.$config) ? policy.$config : policy;
  return typeof source.jitterSeed === 'number' ? source.jitterSeed : 0;
}
