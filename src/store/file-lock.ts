/**
 * Cross-process run locks: `locks/<runId>.lock` holding `{ pid, hostname, acquiredAt, token, fence }`.
 *
 * - Fence: when the caller passes `lastFence` (the highest fence the run has seen), the lock
 *   holds `lastFence() + 1`, and at least one more than any stale lock it replaces, so every
 *   acquisition of a run gets a fence greater than all before it (see lowdb-store.ts).
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
 *   removed the same way.
 * - Creation is open + write, so a reader may see an empty file for a moment: that counts as held
 *   (pid unknown) unless it is older than `WRITING_GRACE_MS`, when its creator must have died.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { RunLockedError } from './errors.js';
import { isProcessAlive } from './process-alive.js';

/** How long an empty or unparseable lock file counts as "being written" before it is stale. */
export const WRITING_GRACE_MS = 10_000;
const MAX_ROUNDS = 200;
const MAX_TICKET_DEPTH = 4;
/** Read once: a lock records the host it was taken on, and pids are only comparable on one host. */
const HOST = hostname();

/** What a lock file holds. */
export interface Holder { pid: number; hostname: string; acquiredAt: number; token: string; fence: number }
interface Seen { text: string; holder: Holder | null; mtimeMs: number }
type Verdict = 'alive' | 'stale' | 'writing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A held file lock. */
export interface FileLock {
  readonly runId: string;
  readonly holder: Holder;
  /** The holder of the stale lock this acquisition replaced, else null. */
  readonly tookOverFrom: Holder | null;
  /** Releases the lock (deletes the file if it is still ours); idempotent. */
  release(): Promise<void>;
  /** True while the lock file is still exactly ours. */
  held(): boolean;
}

/**
 * Takes the lock at `lockPath` for `pid`. Throws `RunLockedError` when a live process holds it.
 * `lastFence`, when given, is read before each try: the lock's fence is one more than it.
 */
export async function acquireFileLock(lockPath: string, runId: string, pid: number, lastFence: () => number = () => -1): Promise<FileLock> {
  const me: Holder = { pid, hostname: HOST, acquiredAt: Date.now(), token: randomBytes(8).toString('hex'), fence: 0 };
  let staleHolder: Holder | null = null;
  let writingRounds = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    me.fence = Math.max(lastFence(), staleHolder?.fence ?? -1) + 1;
    const text = JSON.stringify(me);
    if (createExclusive(lockPath, text)) return heldLock(lockPath, runId, { ...me }, text, staleHolder);
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
    if (removeStale(lockPath, seen, text, 0) === 'busy') await sleep(1 + Math.random() * 2);
  }
  throw new RunLockedError(runId, null);
}

function heldLock(lockPath: string, runId: string, me: Holder, text: string, tookOverFrom: Holder | null): FileLock {
  let released = false;
  return {
    runId, holder: me, tookOverFrom,
    held: () => !released && readLock(lockPath)?.text === text,
    async release() {
      if (released) return;
      released = true;
      // Delete only our own file: never someone else's lock after a manual cleanup.
      try {
        if (readFileSync(lockPath, 'utf8') === text) unlinkSync(lockPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
}

/** Creates `path` with `text` only if it does not exist. False when it exists. */
function createExclusive(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'ENOENT') throw error;
    mkdirSync(dirname(path), { recursive: true });
    return createExclusive(path, text);
  }
  try {
    writeSync(fd, text);
  } catch (error) {
    closeSync(fd);
    unlinkSync(path); // an empty lock would block the run for WRITING_GRACE_MS
    throw error;
  }
  closeSync(fd);
  return true;
}

/** The holder recorded in the lock file at `path`, or null when there is none (or it is being written). */
export function lockHolder(path: string): Holder | null {
  return readLock(path)?.holder ?? null;
}

function readLock(path: string): Seen | null {
  try {
    const text = readFileSync(path, 'utf8');
    return { text, holder: parseHolder(text), mtimeMs: statSync(path).mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseHolder(text: string): Holder | null {
  try {
    const v = JSON.parse(text) as Partial<Holder> | null;
    // Locks taken before fences existed have none: 0.
    if (v && Number.isSafeInteger(v.pid) && typeof v.hostname === 'string' && typeof v.acquiredAt === 'number') return { ...v, fence: Number.isSafeInteger(v.fence) ? v.fence : 0 } as Holder;
  } catch {
    // fall through: empty or partly written
  }
  return null;
}

function judge(seen: Seen): Verdict {
  const holder = seen.holder;
  if (holder === null) return Date.now() - seen.mtimeMs > WRITING_GRACE_MS ? 'stale' : 'writing';
  if (holder.hostname !== HOST) return 'alive';
  return isProcessAlive(holder.pid) ? 'alive' : 'stale';
}

/**
 * Removes the stale lock `seen` from `path` if it is still there, under a ticket unique to its
 * content. 'removed' or 'changed' mean "race on wx again"; 'busy' means another process holds
 * the ticket right now.
 */
function removeStale(path: string, seen: Seen, myText: string, depth: number): 'removed' | 'changed' | 'busy' {
  const ticket = `${path}.takeover-${createHash('sha256').update(seen.text).digest('hex').slice(0, 16)}`;
  if (!createExclusive(ticket, myText)) {
    const other = readLock(ticket);
    // Its holder died mid-takeover: clear that ticket the same way (depth bounds a pathological chain).
    if (other !== null && judge(other) === 'stale' && depth < MAX_TICKET_DEPTH) removeStale(ticket, other, myText, depth + 1);
    return 'busy';
  }
  try {
    const now = readLock(path);
    if (now === null || now.text !== seen.text || judge(now) !== 'stale') return 'changed';
    // Only a holder of this ticket may delete this exact content, and we hold it: no one can
    // have swapped the file between the read above and this unlink.
    unlinkSync(path);
    return 'removed';
  } finally {
    try {
      unlinkSync(ticket);
    } catch {
      // already gone: a contender judged us dead (we are not); nothing to undo
    }
  }
}
