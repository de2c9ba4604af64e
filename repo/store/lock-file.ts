/**
 * A lock file, `locks/<runId>.lock`, as `acquireFileLock` (file-lock.ts) writes and reads it: the
 * holder it names, created only where none exists (O_EXCL), read, and judged alive, stale or
 * still being written.
 */
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { isProcessAlive } from './process-alive.js';

/** How long an empty or unparseable lock file counts as "being written" before it is stale. */
export const WRITING_GRACE_MS = 10_000;

/** Read once: a lock records the host it was taken on, and pids are only comparable on one host. */
export const HOST = hostname();

/** What a lock file holds. */
export interface Holder { pid: number; hostname: string; acquiredAt: number; token: string; fence: number }
/** A lock file as read: its text, the holder it names, its mtime. */
export interface Seen { text: string; holder: Holder | null; mtimeMs: number }
/** What a lock seen is: held, stale (its holder dead, or empty past the grace), or being written. */
export type Verdict = 'alive' | 'stale' | 'writing';

/** Creates `path` empty only if it does not exist: its descriptor, or null when it exists. */
export function openExclusive(path: string): number | null {
  try {
    return openSync(path, 'wx');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return null;
    if (code !== 'ENOENT') throw error;
    mkdirSync(dirname(path), { recursive: true });
    return openExclusive(path);
  }
}

/** Writes all of `text` (a short write on a full disk would leave a partial lock). */
export function writeAll(fd: number, text: string): void {
  const data = Buffer.from(text, 'utf8');
  let written = 0;
  while (written < data.length) written += writeSync(fd, data, written, data.length - written);
}

/** Creates `path` with `text` only if it does not exist. False when it exists. */
export function createExclusive(path: string, text: string): boolean {
  const fd = openExclusive(path);
  if (fd === null) return false;
  try {
    writeAll(fd, text);
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

/** The lock file at `path` as read now: its text, the holder it names (null while being written), its mtime; null when there is none. */
export function readLock(path: string): Seen | null {
  try {
    const text = readFileSync(path, 'utf8');
    return { text, holder: parseHolder(text), mtimeMs: statSync(path).mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The holder a lock file's text names, or null when it names none (empty, partly written, not a lock). */
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

/** Whether the lock seen is held: by a live process (or one on another host), stale, or still being written. */
export function judge(seen: Seen): Verdict {
  const holder = seen.holder;
  if (holder === null) return Date.now() - seen.mtimeMs > WRITING_GRACE_MS ? 'stale' : 'writing';
  if (holder.hostname !== HOST) return 'alive';
  return isProcessAlive(holder.pid) ? 'alive' : 'stale';
}
