/**
 * The snapshot envelope: a persisted XState snapshot labelled with the machine id and version
 * that produced it, and the checks run before a restore. XState-agnostic on purpose: the caller
 * passes in how to tell whether a state exists and which actor sources it provides, so the store
 * never imports a machine.
 */
import { SnapshotMismatchError, type SnapshotMismatch } from './errors.js';
import { envelopeProblem } from './validate.js';
import type { SnapshotEnvelope } from './types.js';

/** Upgrades a snapshot of version `v` to version `v + 1`. */
export type SnapshotMigration = (snapshot: unknown) => unknown;

/** What the machine about to restore a snapshot expects. */
export interface EnvelopeExpectation {
  /** The machine's id. */
  machineId: string;
  /** The machine's current snapshot version. */
  version: number;
  /** True when the machine has the state `value` (an XState state value). Throwing counts as false. */
  stateExists(value: unknown): boolean;
  /** Names of the actor sources the machine provides (e.g. `Object.keys(machine.implementations.actors)`). */
  providedActors: ReadonlySet<string> | readonly string[];
  /**
   * `migrations[v]` upgrades a version-`v` snapshot to `v + 1`. Applied in turn from the
   * envelope's version up to `version` before the checks. Default: none (an older snapshot is refused).
   */
  migrations?: Readonly<Record<number, SnapshotMigration>>;
}

/** Wraps `actor.getPersistedSnapshot()` for storage. `now` is epoch milliseconds. */
export function wrapSnapshot(machineId: string, version: number, snapshot: unknown, now: number): SnapshotEnvelope {
  return { machine: machineId, version, savedAt: now, snapshot };
}

/**
 * Checks that `envelope` can be restored into the expected machine and returns it migrated to
 * the expected version (the input is not modified). Throws `SnapshotMismatchError` naming
 * `runId` and every mismatch: a malformed envelope, another machine id, a version with no
 * migration path (or a newer one), a failing migration, a state the machine does not have, or
 * an invoked child (`snapshot.children[id].src`) whose source is not provided. Only the top-level
 * children are checked: a child machine's own children are that machine's business.
 */
export function checkEnvelope(envelope: unknown, expected: EnvelopeExpectation, runId: string): SnapshotEnvelope {
  const shape = envelopeProblem(envelope);
  if (shape !== null) {
    const where = shape.field ? `envelope.${shape.field}` : 'envelope';
    fail(runId, { kind: 'envelope', message: `the checkpoint is not a snapshot envelope (${where}: ${shape.problem})` });
  }
  const env = envelope as SnapshotEnvelope;
  if (env.machine !== expected.machineId) {
    fail(runId, {
      kind: 'machine', expected: expected.machineId, actual: env.machine,
      message: `the snapshot is of machine "${env.machine}", not "${expected.machineId}"`,
    });
  }
  const snapshot = migrate(runId, env, expected);
  const mismatches = [...stateMismatches(snapshot, expected), ...actorMismatches(snapshot, expected)];
  const [first, ...rest] = mismatches;
  if (first !== undefined) throw new SnapshotMismatchError(runId, [first, ...rest]);
  return { ...env, version: expected.version, snapshot };
}

function migrate(runId: string, env: SnapshotEnvelope, expected: EnvelopeExpectation): unknown {
  if (env.version > expected.version) {
    fail(runId, {
      kind: 'version', expected: String(expected.version), actual: String(env.version),
      message: `the snapshot is version ${env.version}, newer than the machine's version ${expected.version}`,
    });
  }
  let snapshot = env.snapshot;
  for (let v = env.version; v < expected.version; v++) {
    const step = expected.migrations?.[v];
    if (step === undefined) {
      fail(runId, {
        kind: 'version', expected: String(expected.version), actual: String(env.version),
        message: `the snapshot is version ${env.version}, the machine is version ${expected.version}, and there is no migration from version ${v} to ${v + 1}`,
      });
    }
    try {
      // A structured clone keeps a migration that edits in place from touching the caller's record.
      snapshot = step(structuredClone(snapshot));
    } catch (error) {
      fail(runId, {
        kind: 'migration', expected: String(v + 1), actual: String(v),
        message: `the migration from version ${v} to ${v + 1} failed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
  if (typeof snapshot !== 'object' || snapshot === null) {
    fail(runId, { kind: 'migration', message: `the migrations to version ${expected.version} did not return a snapshot object` });
  }
  return snapshot;
}

function stateMismatches(snapshot: unknown, expected: EnvelopeExpectation): SnapshotMismatch[] {
  const record = snapshot as Record<string, unknown>;
  if (!('value' in record)) return [{ kind: 'state', message: 'the snapshot has no state value' }];
  let exists = false;
  try {
    exists = expected.stateExists(record.value);
  } catch {
    exists = false;
  }
  if (exists) return [];
  const actual = JSON.stringify(record.value) ?? String(record.value);
  return [{ kind: 'state', actual, message: `the state ${actual} does not exist in machine "${expected.machineId}"` }];
}

function actorMismatches(snapshot: unknown, expected: EnvelopeExpectation): SnapshotMismatch[] {
  const children = (snapshot as Record<string, unknown>).children;
  if (children === undefined) return [];
  if (typeof children !== 'object' || children === null || Array.isArray(children)) {
    return [{ kind: 'envelope', message: 'the snapshot\'s children is not an object' }];
  }
  const provided: ReadonlySet<string> = expected.providedActors instanceof Set
    ? expected.providedActors
    : new Set(expected.providedActors as readonly string[]);
  const out: SnapshotMismatch[] = [];
  for (const [childId, child] of Object.entries(children as Record<string, unknown>)) {
    const src: unknown = typeof child === 'object' && child !== null ? (child as Record<string, unknown>).src : undefined;
    if (typeof src === 'string' && provided.has(src)) continue;
    const actual = typeof src === 'string' ? src : JSON.stringify(src) ?? 'undefined';
    // XState names inline sources `xstate.invoke.<n>.<state>`: say so, the fix is a named src.
    const hint = typeof src === 'string' && src.startsWith('xstate.invoke.') ? ' (an inline source: give the invoke a named src)' : '';
    out.push({
      kind: 'actor', actual,
      message: `the invoked child "${childId}" needs the actor source "${actual}", which the machine does not provide${hint}`,
    });
  }
  return out;
}

function fail(runId: string, mismatch: SnapshotMismatch): never {
  throw new SnapshotMismatchError(runId, [mismatch]);
}
