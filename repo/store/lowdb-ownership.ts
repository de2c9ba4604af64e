/**
 * What this process knows about the runs it writes in a lowdb store, module-wide and keyed by
 * absolute file path, so every store object in the process on the same directory shares it: the
 * file turns, what each head was last written with, and the leases the process holds for itself.
 */
import type { FileLock } from './file-lock.js';
import { KeyedMutex } from './keyed-mutex.js';
import type { HeadState } from './run-file.js';
import { WriteMemo } from './write-memo.js';

/** What a head says is committed. */
export interface Committed { events: number; logBytes: number }

/** One turn at a time per head file: a commit, a prune or a repair of the run. */
export const files = new KeyedMutex();

/** What each head was last written with by a commit made without this process's own lease. */
export const written = new WriteMemo<Committed>();

/**
 * A lease this process holds on a run for itself (`pid` = this process), keyed by head path and
 * module-wide like the file turns, so every store object on the directory sees it.
 *
 * Why a commit may check such a lease's fence from memory instead of reading the lock file
 * (which cost five syscalls per commit): the lock file was created by this process and names
 * this pid, alive for as long as this code runs. Another process replaces a lock only after
 * judging it stale (file-lock.ts): its pid dead on this host, or the file empty or unparseable
 * past the grace period. Ours is neither, and a lock from another host is never taken over. So
 * while our lock file is the one we created, nobody following the protocol holds a newer fence,
 * and `lock.unchanged()` (one fstat of the descriptor kept open) shows that it is: a lock deleted
 * by hand, renamed over or rewritten fails it, and the commit falls back to reading the file,
 * which refuses it if another owner's fence is there. A lease taken for another pid (a child
 * process) is always checked on disk: that pid may die while we live, and the run be taken over.
 * Out of reach of both checks: a lock rewritten in place to the same size within one timestamp
 * tick, by hand. The lowdb store is a one-host store (its pid checks would mean nothing on a
 * filesystem shared between hosts), and the PostgreSQL store fences in the database.
 *
 * The same reasoning lets the lease remember what its last commit wrote (no stat of the head per
 * commit) and keep the event log's descriptor open until release.
 */
export interface Ownership {
  readonly fence: number;
  readonly lock: FileLock;
  /** What the head says after this lease's last commit; null before the first one and after a failed one (read the head). */
  committed: Committed | null;
  /** The event log, opened at the first append and closed on release. */
  logFd: number | null;
  /** Whether the head file exists; undefined after a failed commit (look). */
  headExists: boolean | undefined;
  /** Whether the head's previous copy exists; undefined: look. */
  previousExists: boolean | undefined;
  /** Prune removed the run: release deletes the lock instead of keeping it as the run's last fence. */
  discard: boolean;
}

/** This process's own leases, by head path. */
export const owned = new Map<string, Ownership>();

/** What a head read at acquire says is committed; null when a commit must read it again (a version-1 or damaged head). */
export function committedOf(head: HeadState): Committed | null {
  if (head.kind === 'absent') return { events: 0, logBytes: 0 };
  return head.kind === 'ok' && head.v1History === null ? { events: head.head.events, logBytes: head.head.logBytes } : null;
}
