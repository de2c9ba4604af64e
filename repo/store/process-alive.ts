/**
 * Whether a lock holder is still running. Signal 0 checks existence without touching the
 * process; on Linux a zombie (killed but not yet reaped by its parent) also counts as dead,
 * since it will never release its lock.
 */
import { readFileSync } from 'node:fs';

/** True when a process with this pid exists on this host and is not a zombie. */
export function isProcessAlive(pid: number): boolean {
  // pid 0 and negatives address process groups, never one process.
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else — alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (comm) S …"; comm may contain spaces and parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false; // no /proc (macOS) or it vanished: trust the signal check
  }
}
