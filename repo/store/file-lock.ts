/**
 * Cross-process run locks: `locks/<runId>.lock` holding `{ pid, hostname, acquiredAt, token, fence }`.
 *
 * - Fence: when the caller passes `lastFence` (the highest fence the run has seen), the lock
 *   holds `lastFence() + 1`, and at least one more than any stale lock it replaces, so every
 *   acquisition of a run gets a fence greater than all before it (see lowdb-acquire.ts).
 * - Acquire: create the file with O_EXCL (`wx`): of any number of racing processes exactly one
 *   succeeds; the others read the holder and get `RunLockedError` naming its pid.
 * - Stale: a holder pid that no longer runs on this host (or is a zombie). A lock from another
 *   host is never taken over automatically (its pid means nothing here).
 * - Take over: deleting a stale file by path is racy — a slow contender could delete the lock a
 *   faster one has just created. So a stale lock is removed only by whoever creates, again with
 *   O_EXCL, a ticket named after that lock's exact content (`<lock>.takeover-<hash>`); it
 *   re-reads the lock under the ticket and deletes it only if unchanged and still stale. The
 *   random token makes every lock's content unique, so a ticket can only ever match one lock.
 *   Then everyone races on `wx` again. A ticket left by a taker that died is stale in turn and
 *   removed the same way (stale-lock.ts).
 * - Creation is open + write, so a reader may see an empty file for a moment: that counts as held
 *   (pid unknown) unless it is older than `WRITING_GRACE_MS`, when its creator must have died.
 *   The fence is computed between the two, while the (empty) file already excludes everyone
 *   else: no owner can commit or release in between, so the fence read is final. (Read before
 *   the create, a release landing between that read and the create would hand the same fence
 *   out twice.)
 * - `releaseTo`: a lock that carries a fence is renamed there on release instead of deleted, so
 *   the run's last fence survives its lease at the cost of one rename (no fence file write when
 *   the run is acquired). A dead holder's fence is in its stale lock, read when it is taken over.
 * - The held lock's descriptor stays open for the lease's lifetime: `unchanged()` is one fstat
 *   showing the file is still linked and still exactly as written (see `Ownership` in lowdb-ownership.ts).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, readFileSync, renameSync, unlinkSync, type BigIntStats } from 'node:fs';
import { RunLockedError } from './errors.js';
import { HOST, judge, openExclusive, readLock, writeAll, type Holder } from './lock-file.js';
import { removeStale } from './stale-lock.js';

/** Rounds of create, read and judge before `acquireFileLock` gives up with `RunLockedError`. */
const MAX_ROUNDS = 200;
/**
 * Lock tokens: 64 random bits drawn once per process, then a counter. What a token must be is
 * unique (a takeover ticket matches one lock's exact content), not secret: with the pid and the
 * time beside it, a per-process random prefix and a counter are, without a CSPRNG call per lock.
 */
const TOKEN_PREFIX = randomBytes(8).toString('hex');
let tokenCounter = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A held file lock. */
export interface FileLock {
  readonly runId: string;
  readonly holder: Holder;
  /** The holder of the stale lock this acquisition replaced, else null. */
  readonly tookOverFrom: Holder | null;
  /**
   * Releases the lock if the file is still ours: renamed to `releaseTo` when given (unless
   * `discard`), else deleted. Idempotent.
   */
  release(options?: { discard?: boolean }): Promise<void>;
  /** True while the lock file is still exactly ours (reads it). */
  held(): boolean;
  /**
   * True while the file created for this lock is still linked and unmodified (one fstat of the
   * descriptor kept open, no path lookup). A deleted, renamed-over or rewritten lock says false.
   */
  unchanged(): boolean;
  /** True when this acquisition replaced a stale lock (a dead holder's, or an empty one past its grace). */
  readonly replacedStale: boolean;
}

/** Options of `acquireFileLock`. */
export interface FileLockOptions {
  /**
   * Called once the lock file is created (and before its content is written): the highest fence
   * the run has seen. The lock's fence is one more. Default: none (fence 0 plus stale holders').
   */
  lastFence?: () => number;
  /** Rename the lock here on release (it keeps the fence) instead of deleting it. Default: delete. */
  releaseTo?: string;
}

/**
 * Takes the lock at `lockPath` for `pid`. Throws `RunLockedError` when a live process holds it.
 * `lastFence` (or `options.lastFence`), when given, is read once the lock file exists: the lock's
 * fence is one more than it.
 */
export async function acquireFileLock(lockPath: string, runId: string, pid: number, lastFence?: () => number, options: FileLockOptions = {}): Promise<FileLock> {
  const fenceFloor = options.lastFence ?? lastFence ?? (() => -1);
  const me: Holder = { pid, hostname: HOST, acquiredAt: Date.now(), token: `${TOKEN_PREFIX}${(tokenCounter++).toString(36)}`, fence: 0 };
  let staleHolder: Holder | null = null;
  let replacedStale = false;
  let writingRounds = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const fd = openExclusive(lockPath);
    if (fd !== null) {
      let text: string;
      try {
        me.fence = Math.max(fenceFloor(), staleHolder?.fence ?? -1) + 1;
        text = JSON.stringify(me);
        writeAll(fd, text);
      } catch (error) {
        closeSync(fd);
        unlinkSync(lockPath); // an empty lock would block the run for WRITING_GRACE_MS
        throw error;
      }
      return heldLock(lockPath, runId, { ...me }, text, staleHolder, replacedStale, fd, options.releaseTo);
    }
    const seen = readLock(lockPath);
    if (seen === null) continue; // released between our create and our read
    const verdict = judge(seen);
    if (verdict === 'alive') throw new RunLockedError(runId, seen.holder?.pid ?? null, seen.holder?.hostname ?? null);
    if (verdict === 'writing') {
      // Its creator is between open and write: a few ms settles it either way.
      if (++writingRounds > 20) throw new RunLockedError(runId, null);
      await sleep(1);
      continue;
    }
    staleHolder = seen.holder ?? staleHolder;
    replacedStale = true;
    if (removeStale(lockPath, seen, JSON.stringify(me), 0) === 'busy') await sleep(1 + Math.random() * 2);
  }
  throw new RunLockedError(runId, null);
}

/** What identifies the lock file as we wrote it: unlinked (nlink 0), resized or touched means changed. */
const identityOf = (st: BigIntStats) => `${st.nlink}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;

function heldLock(lockPath: string, runId: string, me: Holder, text: string, tookOverFrom: Holder | null, replacedStale: boolean, fd: number, releaseTo: string | undefined): FileLock {
  let released = false;
  let identity: string | null;
  try {
    identity = identityOf(fstatSync(fd, { bigint: true }));
  } catch {
    identity = null; // unknowable: unchanged() then always says false and callers read the file
  }
  const unchanged = () => {
    if (released || identity === null) return false;
    try {
      return identityOf(fstatSync(fd, { bigint: true })) === identity;
    } catch {
      return false;
    }
  };
  return {
    runId, holder: me, tookOverFrom, replacedStale, unchanged,
    held: () => !released && readLock(lockPath)?.text === text,
    async release({ discard = false } = {}) {
      if (released) return;
      try {
        // Delete (or keep as the run's last fence) only our own file: never someone else's lock
        // after a manual cleanup. Unchanged since we wrote it (one fstat) or, failing that, the
        // same text, is ours.
        if (unchanged() || readFileSync(lockPath, 'utf8') === text) {
          if (releaseTo === undefined || discard) unlinkSync(lockPath);
          else renameSync(lockPath, releaseTo);
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      } finally {
        released = true;
        closeSync(fd);
      }
    },
  };
}
