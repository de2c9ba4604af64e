/**
 * The recovery statechart driven by hook events, one short step per hook call: the run is
 * acquired (its lease), restored from its checkpoint, told one thing (a failed or passing run
 * of the command, or the agent's change as the ADAPT fix), left to settle, checkpointed, and let
 * go. The agent does the I/O the slots stand for, so the slots here do none: `runTask` waits for
 * the agent's next run of the command (the step's answer, resolved from here), `adapt` resolves with the
 * agent's change when there is one, `sleepUntil` ends at once (the agent is told to wait).
 */
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { RECOVERY_SLOTS, recoveryMachine, type RecoveryMachine } from '../../../machines/recovery.machine.js';
import { runner } from '../../../machines/runner.js';
import type { AdaptInput, AdaptOutput, AttemptInput, AttemptOutcome, DiagnoseInput, DiagnoseOutput, RollbackInput, RollbackOutput, SleepInput, SleepOutput } from '../../../machines/recovery/types.js';
import { classify } from '../../classify/classify.js';
import type { Classification, Observation } from '../../classify/types.js';
import type { DecisionChoice, PolicyConfig } from '../../policy/types.js';
import { redactDeep } from '../../redact/index.js';
import { checkpointOf, type RunIdentity } from '../../runtime/checkpoint.js';
import { checkedRecoverySnapshot, persistedSnapshotOf, restoredActor, storedSnapshotOf } from '../../runtime/snapshot-codec.js';
import { recoveryInput } from '../../runtime/recovery.js';
import { statusOf } from '../../runtime/outcome.js';
import { realClock } from '../../runtime/clock.js';
import { decisionsOf, type DecisionRecord } from '../../runtime/run-meta.js';
import type { Lease, RunRecord, Store } from '../../store/types.js';
import type { Feed, RunPhase, HookRunView } from './rules.js';

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

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** The phase an agent sees, from the machine's state. */
export function phaseOf(snapshot: Snapshot | null): RunPhase {
  if (snapshot === null) return 'none';
  if (snapshot.status === 'done') return 'ended';
  if (snapshot.matches('escalated')) return 'escalated';
  if (snapshot.matches({ recovery: 'adapt' })) return 'adapt';
  if (snapshot.matches('executing')) return snapshot.context.delayMs !== null && snapshot.context.level === 'same' ? 'wait' : 'verify';
  return 'verify';
}

/** The facts the answers need, from a snapshot (or none: no run yet). */
export function viewOf(snapshot: Snapshot | null, runId: string, command: string): HookRunView {
  const c = snapshot?.context;
  const classification = c?.failure?.classification ?? null;
  const evidence = classification?.evidence[0];
  const decided = c?.history.findLast((e) => e.phase === 'DECISION');
  return {
    phase: phaseOf(snapshot),
    runId,
    command,
    type: classification?.type ?? null,
    category: classification?.category ?? null,
    evidence: evidence ? `${evidence.match.split('\n')[0]!.slice(0, 200)} (${evidence.rule})` : null,
    iteration: c?.iteration ?? 0,
    budget: c && classification ? c.policy.types[classification.type].budget : 3,
    fixes: c?.pass.fixes ?? [],
    reason: c?.reason ?? null,
    delayMs: c?.delayMs ?? null,
    guidance: c?.next.guidance ?? decided?.message ?? null,
  };
}

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

/** Lets invoked promise actors resolve and their transitions run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 4; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** The machine with slots that do no I/O (see the top of the file). */
function logicFor(opts: { feed: Feed; fix?: string | null; now?: number; attempt?: Promise<AttemptOutcome> }) {
  const now = opts.now ?? Date.now();
  // The first attempt asked for gets the step's answer; any later one waits for the agent's next run.
  let attempt = opts.attempt;
  return recoveryMachine.provide({
    actors: {
      runTask: runner<AttemptOutcome, AttemptInput>(() => { const next = attempt ?? never<AttemptOutcome>(); attempt = undefined; return next; }),
      diagnose: fromPromise<DiagnoseOutput, DiagnoseInput>(async ({ input }) => ({ hypotheses: input.builtIn.hypotheses, at: now })),
      adapt: fromPromise<AdaptOutput, AdaptInput>(() => (opts.fix ? Promise.resolve({ fix: opts.fix, at: now }) : never())),
      rollback: fromPromise<RollbackOutput, RollbackInput>(async () => ({ restored: false, at: now })),
      sleepUntil: fromPromise<SleepOutput, SleepInput>(async () => ({ at: now })),
    } satisfies Record<keyof typeof RECOVERY_SLOTS, unknown>,
  });
}

/** The actor restored from a run's checkpoint (checked like `resume` checks it). */
function restoredRun(record: RunRecord, logic: RecoveryMachine) {
  return restoredActor(logic, checkedRecoverySnapshot(storedSnapshotOf(record).envelope, logic, record.runId));
}

export { isHookRun } from './hook-run.js';

export { statusOf };
