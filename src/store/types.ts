/**
 * The Store contract: what the runtime and the CLI call to persist runs. Two implementations
 * honour it (`openStore`, lowdb files; `memoryStore`) and one contract test suite runs against both.
 */
import type { HistoryEvent, RunStatus } from '../taxonomy/history.js';

/**
 * A persisted XState snapshot with the identity of the machine that produced it, so a restore
 * can refuse a snapshot from another machine or version (see `checkEnvelope`).
 */
export interface SnapshotEnvelope {
  /** The machine's `id`. */
  machine: string;
  /** The machine's snapshot format version; bumped when persisted snapshots change shape. */
  version: number;
  /** When the snapshot was taken, epoch milliseconds. */
  savedAt: number;
  /** `actor.getPersistedSnapshot()`, JSON only. */
  snapshot: unknown;
}

/** Everything stored about one run. JSON only: both stores round-trip it through JSON. */
export interface RunRecord {
  /** 1–128 characters from `A–Z a–z 0–9 . _ -`, not starting with `.` (see `assertRunId`). */
  runId: string;
  /** What is being recovered, e.g. the command line. */
  task: string;
  status: RunStatus;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds; set by the caller on every save (the store never changes it). */
  updatedAt: number;
  /** The latest checkpoint, or null before the first one. */
  checkpoint: SnapshotEnvelope | null;
  /** Every history event, `seq` 1..n without gaps. A save may add events, never drop them. */
  history: HistoryEvent[];
  /** The escalation report (Markdown) once the run escalated, else null. */
  report: string | null;
  /** The choices a human may make at an escalation checkpoint, else null. */
  decisionOptions: string[] | null;
  /** Whatever the CLI needs to resume (command, cwd, options…), JSON only. */
  meta: Record<string, unknown>;
}

/** One line of `list()`. */
export interface RunSummary {
  runId: string;
  /** Null only when the run file is damaged. */
  status: RunStatus | null;
  /** Null only when the run file is damaged. */
  task: string | null;
  /** Null only when the run file is damaged. */
  createdAt: number | null;
  /** The record's `updatedAt`; for a damaged file, the file's modification time. */
  updatedAt: number;
  /** Present when the run file could not be read, parsed or validated. */
  damaged?: { path: string; error: string };
}

/** Who holds a lock. */
export interface LockOwner {
  /** Defaults to `process.pid`. Another pid is for locking on behalf of a child process. */
  pid: number;
}

/** A held run lock. Not re-entrant: locking a run twice, even from one process, fails. */
export interface Lock {
  readonly runId: string;
  readonly pid: number;
  /** Epoch milliseconds. */
  readonly acquiredAt: number;
  /**
   * The pid of the dead holder whose stale lock this acquisition found and replaced, else null
   * (also null when a concurrent contender cleared the stale file first).
   */
  readonly tookOverFrom: number | null;
  /** Releases the lock; idempotent. */
  release(): Promise<void>;
}

/** What `repair()` did. */
export interface RepairResult {
  /** Damaged run files moved aside as `<file>.corrupt-<timestamp>`. */
  moved: { from: string; to: string }[];
  /** Damaged run files left in place, with why (e.g. the run is locked). */
  skipped: { path: string; reason: string }[];
}

/**
 * Persistence for runs. Writes are atomic (a crash never leaves a half-written run); a damaged
 * run is reported, never overwritten or deleted except by `repair()`; locks are the caller's
 * duty: hold `lock(runId)` while executing a run (the store does not check it on save).
 */
export interface Store {
  /** The run, or null when there is none. Throws `CorruptRunError` (naming the file) when damaged. */
  load(runId: string): Promise<RunRecord | null>;
  /**
   * Writes the whole run atomically. Throws `InvalidRunRecordError` for a malformed record,
   * `CorruptRunError` (and writes nothing) when the stored file is damaged, and
   * `HistorySequenceError` when the new history is shorter than the stored one.
   */
  save(run: RunRecord): Promise<void>;
  /**
   * Appends history events. Each event's `seq` must continue the stored history: the next seq
   * is appended; a seq already stored with an identical event is skipped (so a retried append
   * is harmless); a different event under a stored seq, or a gap, throws `HistorySequenceError`
   * and nothing is written. Throws `RunNotFoundError` when the run does not exist.
   * Does not change `updatedAt`.
   */
  append(runId: string, events: HistoryEvent[]): Promise<void>;
  /** Every run, damaged ones included, newest `updatedAt` first (ties by runId). */
  list(): Promise<RunSummary[]>;
  /**
   * Takes the run's lock. Throws `RunLockedError` naming the holder's pid when a live process
   * holds it; a lock whose holder is dead is stale and taken over.
   */
  lock(runId: string, owner?: LockOwner): Promise<Lock>;
  /**
   * Removes runs whose `updatedAt` is before `now - olderThanMs` (`now` defaults to `Date.now()`).
   * Never removes a locked or damaged run. Returns the removed run ids.
   */
  prune(olderThanMs: number, now?: number): Promise<string[]>;
  /** Moves damaged run files aside as `<file>.corrupt-<timestamp>`; skips locked runs. */
  repair(): Promise<RepairResult>;
}
