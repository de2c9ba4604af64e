/**
 * The Store contract (run log v2): what the runtime and the CLI call to persist runs. A run is
 *
 * - an append-only **event log** (its history, `seq` 1..n, each event written once),
 * - a compact **head** that every checkpoint replaces whole (status, the machine's snapshot
 *   without the history, the report, metadata), and
 * - an **ownership lease** with a **fence** that only grows: every write carries the fence, and a
 *   write from an owner that has been replaced is refused with `RunFencedError`.
 *
 * A commit appends the new events and then replaces the head; the head says how many events are
 * committed, so a reader always sees a whole checkpoint, the previous one or the new one. Three
 * implementations honour it (`memoryStore`, `openStore` on lowdb files, `postgresStore`) and one
 * contract test suite runs against each.
 */
import type { HistoryEvent } from '../taxonomy/history.js';
import type { RunStatus } from '../taxonomy/run-status.js';

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
  /** The persisted snapshot, JSON only. The runtime stores it compact (see `compact-snapshot.ts`). */
  snapshot: unknown;
}

/** The part of a run a checkpoint replaces whole: everything but the event log. JSON only. */
export interface RunHead {
  /** 1–128 characters from `A–Z a–z 0–9 . _ -`, not starting with `.` (see `assertRunId`). */
  runId: string;
  /** What is being recovered, e.g. the command line (redacted). */
  task: string;
  status: RunStatus;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds; set by the caller on every commit (the store never changes it). */
  updatedAt: number;
  /** The latest checkpoint, or null before the first one. */
  checkpoint: SnapshotEnvelope | null;
  /** The escalation report (Markdown) once the run escalated, else null. */
  report: string | null;
  /** The choices a human may make at an escalation checkpoint, else null. */
  decisionOptions: string[] | null;
  /** Whatever the CLI needs to resume (command, cwd, options…), JSON only. */
  meta: Record<string, unknown>;
}

/** A run as `load` assembles it: the head, the committed event log and the last writer's fence. */
export interface RunRecord extends RunHead {
  /** Every committed event, `seq` 1..n without gaps. */
  history: HistoryEvent[];
  /** The fence of the owner that wrote the head (0 for a run written before fencing existed). */
  fence: number;
}

/** What one commit writes: the events since the last commit and the new head. */
export interface Checkpoint {
  /**
   * Events continuing the log: the first has `seq` = committed events + 1. An event whose seq is
   * already committed and that is identical is skipped (a retried commit is harmless); a
   * different one, or a gap, is refused with `HistorySequenceError` and nothing is written.
   */
  events: readonly HistoryEvent[];
  head: RunHead;
}

/** One line of `list()`. */
export interface RunSummary {
  runId: string;
  /** Null only when the run is damaged. */
  status: RunStatus | null;
  /** Null only when the run is damaged. */
  task: string | null;
  /** Null only when the run is damaged. */
  createdAt: number | null;
  /** The head's `updatedAt`; for a damaged run, its file's modification time. */
  updatedAt: number;
  /** Present when the run could not be read, parsed or validated. */
  damaged?: { path: string; error: string };
}

/** Who owns a run: a process on a host, and in fleet mode the worker it is. */
export interface LeaseHolder {
  pid: number;
  host: string;
  /** The worker's id in fleet mode, else null. */
  worker: string | null;
}

/** How to acquire a run. */
export interface AcquireOptions {
  /** Default `process.pid`. Another pid is for owning a run on behalf of a child process. */
  pid?: number;
  /** The worker's id (fleet mode). Default: none. */
  worker?: string;
  /**
   * How long the lease lasts without a renew, in ms (stores with a clock: PostgreSQL). Default
   * 15,000. A lowdb lease lasts while its holder's process lives (a pid is checkable on one host).
   */
  leaseMs?: number;
}

/**
 * A held lease on a run. Not re-entrant: acquiring a run twice, even from one process, fails.
 * The fence is the run's previous highest fence + 1, so it only grows.
 */
export interface Lease {
  readonly runId: string;
  /** This ownership's fencing token: every commit carries it. */
  readonly fence: number;
  readonly holder: LeaseHolder;
  /** Epoch milliseconds. */
  readonly acquiredAt: number;
  /** The holder whose expired lease (or dead process) this acquisition replaced, else null. */
  readonly tookOverFrom: LeaseHolder | null;
  /** What acquiring found and mended, one sentence each (e.g. an unfinished append cut). */
  readonly repairs: readonly string[];
  /** Extends the lease; throws `RunFencedError` when another owner has taken the run. */
  renew(): Promise<void>;
  /** Gives the run up; idempotent. */
  release(): Promise<void>;
}

/** What `repair()` did. */
export interface RepairResult {
  /** Damaged run files moved aside as `<file>.corrupt-<timestamp>`. */
  moved: { from: string; to: string }[];
  /** Damaged run files left in place, with why (e.g. the run is locked). */
  skipped: { path: string; reason: string }[];
  /** Leases left behind by dead holders of runs that do not exist (their lock files removed). */
  releasedLeases: string[];
}

/**
 * Persistence for runs. A commit is atomic for readers (a crash leaves the previous checkpoint
 * or the new one, never half of one); a damaged run is reported, never overwritten or deleted
 * except by `repair()`; writes are fenced: hold `acquire(runId)` while executing a run.
 */
export interface Store {
  /** The run as last committed, or null when there is none. Throws `CorruptRunError` (naming the file) when damaged. */
  load(runId: string): Promise<RunRecord | null>;
  /**
   * Appends `checkpoint.events` to the run's log and replaces its head, as the owner holding
   * `fence`. Throws `RunFencedError` when `fence` is not the current owner's, `HistorySequenceError`
   * for a gap or a conflicting event, `InvalidRunRecordError` for a malformed head or event,
   * `CorruptRunError` for a damaged run, `StoreWriteError` when the disk refuses (nothing half-written).
   */
  commit(runId: string, fence: number, checkpoint: Checkpoint): Promise<void>;
  /** Every run, damaged ones included, newest `updatedAt` first (ties by runId). */
  list(): Promise<RunSummary[]>;
  /**
   * Takes ownership of the run (which need not exist yet). Throws `RunLockedError` naming the
   * holder when a live owner holds it; a dead or expired owner's lease is taken over.
   */
  acquire(runId: string, options?: AcquireOptions): Promise<Lease>;
  /**
   * Removes runs whose `updatedAt` is before `now - olderThanMs` (`now` defaults to `Date.now()`).
   * Never removes an owned or damaged run. Returns the removed run ids.
   */
  prune(olderThanMs: number, now?: number): Promise<string[]>;
  /** Moves damaged runs aside and releases leases of dead holders left without a run. */
  repair(): Promise<RepairResult>;
}
