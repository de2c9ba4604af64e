/**
 * Persistence: the Store contract, the lowdb store (default) and the memory store, the snapshot
 * envelope, and the errors they throw.
 */
export type {
  AcquireOptions, Checkpoint, Lease, LeaseHolder, RepairResult, RunHead, RunRecord, RunSummary, SnapshotEnvelope, Store,
} from './types.js';
export {
  CorruptRunError, HistorySequenceError, InvalidRunIdError, InvalidRunRecordError, RunFencedError, RunLockedError,
  RunNotFoundError, SnapshotMismatchError, StoreError, StoreUnavailableError, StoreWriteError, type SnapshotMismatch,
} from './errors.js';
export { checkEnvelope, wrapSnapshot, type EnvelopeExpectation, type SnapshotMigration } from './envelope.js';
export { openStore, type LowdbStoreOptions } from './lowdb-store.js';
export { memoryStore } from './memory-store.js';
export { isPostgresUrl, openStoreAt, type OpenedStore } from './open.js';
export { defaultStoreDir } from './store-dir.js';
export { assertRunId, MAX_RUN_ID_LENGTH } from './run-id.js';
export { envelopeProblem, eventProblem, runHeadProblem, type ShapeProblem } from './validate.js';
