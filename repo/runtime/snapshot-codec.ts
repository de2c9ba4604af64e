/**
 * Every encode and decode of a recovery run's snapshot: what a checkpoint stores of the snapshot
 * the actor emits, how a stored one is rebuilt and checked against this build's machine, and how
 * it becomes an actor again (restored, or continued in a fresh machine after a handoff).
 *
 * The context's compact form (history out, policy as its config) is compact-snapshot.ts, this
 * module's helper: it keeps the policy hashing and its caches, which would double this file.
 */
import { Actor, getStateNodes, type Snapshot, type SnapshotFrom, type StateValue } from 'xstate';
import { RECOVERY_ACTOR_SLOTS, RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, recoveryMigrations, type RecoveryMachine } from '../../machines/recovery.machine.js';
import type { Carry, RecoveryContext, RecoveryInput } from '../../machines/recovery/types.js';
import { checkEnvelope } from '../store/envelope.js';
import { SnapshotMismatchError } from '../store/errors.js';
import type { RunRecord, SnapshotEnvelope } from '../store/types.js';
import { envelopeProblem } from '../store/validate.js';
import type { PolicyConfig } from '../policy/types.js';
import { compactContext, expandContext } from './compact-snapshot.js';
import { actorOptions } from './recovery.js';

/** A recovery snapshot as XState persists it, with its full context. */
export type RecoverySnapshot = Snapshot<unknown> & { value: StateValue; context: RecoveryContext };

/** A stored checkpoint decoded: its envelope with the snapshot's context rebuilt, and the run's policy config. */
export interface StoredSnapshot {
  /** The envelope, or the checkpoint as stored when it is not one (`checkEnvelope` then says why). */
  envelope: unknown;
  /** The policy config the run started with, for its next checkpoints. Undefined when unknown. */
  config: PolicyConfig | undefined;
  /**
   * What the caller should tell the user of the decode, or null (the default) when there is
   * nothing: the run's policy config resolves differently under this release. The codec only
   * decodes; whoever continues the run decides where a notice goes.
   */
  notice: string | null;
}

const NO_CONTEXT = Object.freeze({});

/**
 * The compact persisted snapshot (see compact-snapshot.ts) of the snapshot the actor just
 * emitted. XState's `getPersistedSnapshot` walks the context looking for actor refs to replace;
 * the recovery context is JSON only (never a ref), so the walk is skipped and the compact context
 * put in its place: the cost no longer grows with every history event.
 */
export function persistedSnapshotOf(snapshot: SnapshotFrom<RecoveryMachine>, policy: PolicyConfig | undefined) {
  // The one cast of the codec: the snapshot handed over without its context, which XState would
  // only walk; the type says a context is there, and nothing reads it.
  const persisted = snapshot.machine.getPersistedSnapshot({ ...snapshot, context: NO_CONTEXT } as typeof snapshot);
  return Object.assign(persisted, { context: compactContext(snapshot.context, policy) });
}

/**
 * {@link persistedSnapshotOf} for the successive snapshots of one run, each encoded once: the
 * write-ahead saves the snapshot that starts a program, and the run's observer then saves the
 * same one (a transient recovery encoded 5 snapshots for 3 commits).
 *
 * Keyed by the machine's snapshot *and its children's*: a child's snapshot can change while the
 * machine's does not. A failed attempt whose answer leads straight to the next one (the flake
 * probe, a retry without backoff) asks the runner while the runner is still busy answering, so
 * XState queues the request, the observers see the machine's step with the runner holding no
 * request, and only then does the runner take it and the write-ahead save the same machine
 * snapshot again. Encoded from the machine's snapshot alone, that write-ahead checkpoint held no
 * request, and a run interrupted there was restored with nothing to run (it rested `running`
 * for good; tests/runtime/drive.test.ts). Only the machine's own children are compared: the
 * recovery machine's are a runner and promise actors, which have no children of their own.
 */
export function persistedSnapshotEncoder(policy: PolicyConfig | undefined): (snapshot: SnapshotFrom<RecoveryMachine>) => ReturnType<typeof persistedSnapshotOf> {
  let encoded: SnapshotFrom<RecoveryMachine> | undefined;
  let persisted: ReturnType<typeof persistedSnapshotOf> | undefined;
  // The children's snapshots `persisted` holds, in the order of `encoded.children` (reused: no array per save).
  const children: unknown[] = [];
  const childrenUnchanged = (snapshot: SnapshotFrom<RecoveryMachine>) => {
    let i = 0;
    for (const id in snapshot.children) {
      if (snapshot.children[id as keyof typeof snapshot.children]?.getSnapshot() !== children[i++]) return false;
    }
    return i === children.length;
  };
  return (snapshot) => {
    if (snapshot === encoded && childrenUnchanged(snapshot)) return persisted!;
    children.length = 0;
    for (const id in snapshot.children) children.push(snapshot.children[id as keyof typeof snapshot.children]?.getSnapshot());
    encoded = snapshot;
    return (persisted = persistedSnapshotOf(snapshot, policy));
  };
}

/**
 * The stored checkpoint with its snapshot's context rebuilt (history from the log, the policy
 * resolved from its config; see compact-snapshot.ts), and that config for the next checkpoints.
 * A checkpoint that is not a snapshot envelope is passed on as it is: `checkEnvelope` says why.
 * `notice` says when the config resolves differently under this release.
 */
export function storedSnapshotOf(record: RunRecord): StoredSnapshot {
  const envelope = record.checkpoint;
  if (envelope === null || envelopeProblem(envelope) !== null) return { envelope, config: undefined, notice: null };
  const { snapshot } = envelope;
  if (typeof snapshot !== 'object' || snapshot === null || !('context' in snapshot) || typeof snapshot.context !== 'object' || snapshot.context === null || Array.isArray(snapshot.context)) {
    throw new SnapshotMismatchError(record.runId, [{ kind: 'envelope', message: 'the snapshot has no context (an object), so it was not written by a recovery machine' }]);
  }
  const expanded = expandContext(snapshot.context, record.history);
  const notice = expanded.policyChanged ? `run ${record.runId}: its policy config resolves differently under this release (a default changed); it continues under the current defaults` : null;
  return { envelope: { ...envelope, snapshot: { ...snapshot, context: expanded.context } }, config: expanded.config, notice };
}

/**
 * A stored recovery snapshot checked against this build's machine (its id, version and
 * migrations, that its state exists and its actors are provided), as `resume` restores it.
 */
export function checkedRecoveryEnvelope(envelope: unknown, logic: Pick<RecoveryMachine, 'root'>, runId: string): SnapshotEnvelope {
  return checkEnvelope(envelope, {
    machineId: RECOVERY_MACHINE_ID,
    version: RECOVERY_MACHINE_VERSION,
    migrations: recoveryMigrations,
    // XState's own lookup throws for a state the machine does not have; checkEnvelope counts that as false.
    stateExists: (value) => getStateNodes(logic.root, value as StateValue).length > 0,
    providedActors: RECOVERY_ACTOR_SLOTS,
  }, runId);
}

/**
 * The stored snapshot checked against `logic` (see {@link checkedRecoveryEnvelope}), once it has
 * the shape XState restores: a status, a state value, a context with its history.
 * @throws SnapshotMismatchError naming `runId` and what does not match.
 */
export function checkedRecoverySnapshot(envelope: unknown, logic: Pick<RecoveryMachine, 'root'>, runId: string): RecoverySnapshot {
  const { snapshot } = checkedRecoveryEnvelope(envelope, logic, runId);
  if (isRecoverySnapshot(snapshot)) return snapshot;
  throw new SnapshotMismatchError(runId, [{ kind: 'envelope', message: 'the snapshot is not a recovery snapshot (a status, a state value and a context with its history)' }]);
}

/**
 * How a run's actor starts: a fresh machine with its input (a new run, or a handed-off run
 * continued in a fresh context), or a stored snapshot restored. `drive` creates the actor from
 * it with the run's own actor options (clock, inspection), so this module never reads them.
 */
export type RecoveryStart = { input: RecoveryInput } | { snapshot: RecoverySnapshot };

/**
 * The actor of `snapshot` restored into `logic`, not started, on real time and without
 * inspection (a persisted run's actor is made by `drive`, from a {@link RecoveryStart}). Made
 * with XState's public `Actor` (what `createActor` makes): the typed `createActor` insists on
 * the machine's input whenever it is required, even beside a snapshot; `Actor`'s options do
 * not, and a restore never reads one.
 */
export function restoredActor(logic: RecoveryMachine, snapshot: RecoverySnapshot): Actor<RecoveryMachine> {
  return new Actor(logic, actorOptions({}, { snapshot }));
}

/**
 * How the stored run starts again, for `drive`: its checkpoint checked against the machine,
 * then a handed-off run continued in a fresh machine (RESUME/resumed), any other restored with
 * an interrupted attempt marked (RESUME/interrupted, naming the processes `killed` first), at
 * `resumedAt` (epoch ms: the one instant of the resume, which the RESUME event and a continued
 * machine's start share). Loads the resume helpers (and immer) here: a run that never resumes
 * does not load them.
 */
export async function storedRunStart(runId: string, stored: StoredSnapshot, resumedAt: number, killed: readonly number[]): Promise<(logic: RecoveryMachine) => RecoveryStart> {
  const { continuationOf, markInterrupted } = await import('../../machines/recovery/resume.js');
  return (logic) => {
    const snapshot = checkedRecoverySnapshot(stored.envelope, logic, runId);
    const carry = continuationOf(snapshot, resumedAt);
    if (carry) return { input: continuedInput(snapshot.context, carry, resumedAt) };
    return { snapshot: markInterrupted(snapshot, resumedAt, killed) };
  };
}

/**
 * The input of the fresh machine a handed-off run continues in: what the stored run was
 * started with (its policy and jitter seed, rules, timeout, last known good state and the slots it has: a
 * resumed run, restored or continued, keeps them), and what the run carries. Each read from
 * the stored context by field, under the input's own name for it.
 */
function continuedInput(stored: RecoveryContext, carry: Carry, resumedAt: number): RecoveryInput {
  const { fixed } = stored;
  return {
    runId: stored.runId, task: stored.task, policy: stored.policy, jitterSeed: fixed.jitterSeed, rules: fixed.rules, timeoutMs: stored.next.timeoutMs, lastKnownGood: fixed.lastKnownGood,
    hasDiagnoser: fixed.hasDiagnoser, hasAdapter: fixed.hasAdapter, hasRollback: fixed.hasRollback,
    now: resumedAt, carry,
  };
}

const SNAPSHOT_STATUSES: ReadonlySet<unknown> = new Set(['active', 'done', 'error', 'stopped']);

/** Whether `value` has what XState restores a machine snapshot from, and the history a resume reads. */
function isRecoverySnapshot(value: unknown): value is RecoverySnapshot {
  return typeof value === 'object' && value !== null && 'status' in value && SNAPSHOT_STATUSES.has(value.status) && 'value' in value
    && 'context' in value && typeof value.context === 'object' && value.context !== null && 'history' in value.context && Array.isArray(value.context.history);
}
