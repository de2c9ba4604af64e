/**
 * Persistence: the Store contract, the lowdb store (default) and the memory store, the snapshot
 * envelope, and the errors they throw.
 */
export type { Lock, LockOwner, RepairResult, RunRecord, RunSummary, SnapshotEnvelope, Store } from './types.js';
export {
  CorruptRunError, HistorySequenceError, InvalidRunIdError, InvalidRunRecordError, RunLockedError,
  RunNotFoundError, SnapshotMismatchError, StoreError, type SnapshotMismatch,
} from './errors.js';
export { checkEnvelope, wrapSnapshot, type EnvelopeExpectation, type SnapshotMigration } from './envelope.js';
export { openStore } from './lowdb-store.js';
export { memoryStore } from './memory-store.js';
export { defaultStoreDir } from './store-dir.js';
export { assertRunId, MAX_RUN_ID_LENGTH } from './run-id.js';
export { envelopeProblem, runRecordProblem, type ShapeProblem } from './validate.js';
