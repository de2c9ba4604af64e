/**
 * The recovery statechart driven by hook events, one short step per hook call: the run is
 * acquired (its lease), restored from its checkpoint, told one thing (a failed or passing run
 * of the command, or the agent's change as the ADAPT fix), left to settle, checkpointed, and let
 * go. The agent does the I/O the slots stand for, so the slots here do none (hook-actor.ts); what
 * the agent is told of the run is read from the snapshot it is left in (run-view.ts).
 */
import { createActor, type SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../../machines/recovery.machine.js';
import type { AttemptOutcome } from '../../../machines/recovery/types.js';
import { classify } from '../../classify/classify.js';
import type { Classification, Observation } from '../../classify/types.js';
import type { DecisionChoice, PolicyConfig } from '../../policy/types.js';
import { redactDeep } from '../../redact/index.js';
import { checkpointOf, type RunIdentity } from '../../runtime/checkpoint.js';
import { persistedSnapshotOf, storedSnapshotOf } from '../../runtime/snapshot-codec.js';
import { recoveryInput } from '../../runtime/recovery.js';
import { statusOf } from '../../runtime/outcome.js';
import { realClock } from '../../runtime/clock.js';
import { decisionsOf, type DecisionRecord } from '../../runtime/run-meta.js';
import type { Lease, RunRecord, Store } from '../../store/types.js';
import { logicFor, restoredRun, settle } from './hook-actor.js';
import type { Feed, RunPhase } from './rules.js';
import { phaseOf } from './run-view.js';

/** The policy of a hook run: the defaults, without the flake probe (the agent re-runs, not us). */
export const HOOK_POLICY: PolicyConfig = { flakeProbe: false };

/** What a hook run keeps in its meta (so `recover decide` knows not to run anything itself). */
export interface HookRunMeta {
  hook: 'claude';
  sessionId: string;
  cwd: string;
  command: string;
}

/** One step: what the engine is told of the agent's work. */
export interface Step {
  feed: Feed;
  observation?: Observation;
  fix?: string;
  /** How a failure is classified. Default: `classify` (the built-in rules, built in this process). */
  classify?: (observation: Observation) => Classification;
}

/** A person's decision on an escalated hook run; `by` (who decided) is kept in `meta.decisions`, as `recover decide` keeps it for a command run. */
export interface HookDecision {
  choice: DecisionChoice;
  guidance?: string;
  by?: string;
}

type Snapshot = SnapshotFrom<RecoveryMachine>;

/** Reads a run's snapshot without taking it (for the phase an event meets). */
export async function peekRun(store: Store, runId: string): Promise<Snapshot | null> {
  const record = await store.load(runId);
  if (!record) return null;
  const actor = restoredRun(record, logicFor({ feed: null }));
  return actor.getSnapshot();
}

/**
 * Applies `step` to the run `runId` (creating it for a first failure), under its lease, and
 * returns the snapshot it was left in (null when nothing was created).
 */
export async function stepRun(store: Store, runId: string, meta: HookRunMeta, step: Step, now: number): Promise<Snapshot | null> {
  return underLease(store, runId, async (record, lease) => {
    if (!record && step.feed !== 'fail') return null;
    // A pass seen while the run waits for a fix: the run recovered with no change recorded.
    const adaptFix = step.feed === 'fix' ? step.fix! : step.feed === 'pass' ? '(no change recorded before the passing re-run)' : null;
    // The run of the command this step reports, as the answer of the runner's attempt (the runner
    // then holds no request, so the checkpoint does not ask for the attempt again).
    let answer: (outcome: AttemptOutcome) => void = () => undefined;
    const attempt = new Promise<AttemptOutcome>((resolve) => { answer = resolve; });
    const logic = logicFor({ feed: step.feed, fix: adaptFix, now, attempt });
    const input = recoveryInput({ runId, name: meta.command, policy: HOOK_POLICY }, { ...realClock, now: () => now });
    const actor = record ? restoredRun(record, logic) : createActor(logic, { input: { ...input, hasAdapter: true } });
    actor.start();
    await settle();
    if (step.feed === 'fail' || step.feed === 'pass') {
      if (actor.getSnapshot().matches('executing')) {
        const observation = step.observation ?? {};
        const output: AttemptOutcome = step.feed === 'pass'
          ? { ok: true, at: now, durationMs: 0 }
          // Classified before redaction: a redacted path can hide what identifies the failure.
          : { ok: false, at: now, durationMs: 0, classification: (step.classify ?? classify)(observation), observation: redactDeep(observation) };
        answer(output);
        await settle();
      }
    }
    const identity: RunIdentity = { runId, task: record?.task ?? input.task, createdAt: record?.createdAt ?? now, meta: { ...record?.meta, ...meta } };
    return checkpointed(store, lease, record, actor, identity, now);
  });
}

/**
 * Records `decision` on the hook run `runId` under its lease: an escalated run is told it (a
 * DECIDE) and continues on the agent's next tool call; who decided is kept in `meta.decisions`.
 * Resolves with the phase the run is left in ('none' when there is no such run).
 */
export async function decideRun(store: Store, runId: string, decision: HookDecision, now: number): Promise<RunPhase> {
  const snapshot = await underLease(store, runId, async (record, lease) => {
    if (!record) return null;
    const actor = restoredRun(record, logicFor({ feed: null, now }));
    actor.start();
    await settle();
    let decided: { decisions: DecisionRecord[] } | null = null;
    if (actor.getSnapshot().matches('escalated')) {
      actor.send({ type: 'DECIDE', choice: decision.choice, at: now, ...(decision.guidance !== undefined ? { guidance: decision.guidance } : {}) });
      await settle();
      if (decision.by !== undefined) decided = { decisions: [...decisionsOf(record.meta), { by: decision.by, choice: decision.choice, at: now }] };
    }
    const identity: RunIdentity = { runId, task: record.task, createdAt: record.createdAt, meta: { ...record.meta, ...decided } };
    return checkpointed(store, lease, record, actor, identity, now);
  });
  return phaseOf(snapshot);
}

/** `body` with the run `runId` as stored (null: none yet) under its lease, released after whatever happens. */
async function underLease<T>(store: Store, runId: string, body: (record: RunRecord | null, lease: Lease) => Promise<T>): Promise<T> {
  const lease = await store.acquire(runId);
  try {
    return await body(await store.load(runId), lease);
  } finally {
    await lease.release();
  }
}

/** Commits the snapshot `actor` was left in (the events since `record`, a new run's policy `HOOK_POLICY`), stops it, and returns the snapshot. */
async function checkpointed(store: Store, lease: Lease, record: RunRecord | null, actor: ReturnType<typeof restoredRun>, identity: RunIdentity, now: number): Promise<Snapshot> {
  const snapshot = actor.getSnapshot();
  const config = record ? storedSnapshotOf(record).config : HOOK_POLICY;
  const { head, history } = checkpointOf(identity, snapshot, persistedSnapshotOf(snapshot, config), now);
  await store.commit(identity.runId, lease.fence, { events: history.slice(record?.history.length ?? 0), head });
  actor.stop();
  return snapshot;
}

export { isHookRun } from './hook-run.js';

export { statusOf };
