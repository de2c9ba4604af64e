/**
 * A command's process group, ended as a whole: a timeout, an abort or the command's own exit
 * ends everything it started (SIGTERM, then SIGKILL after `KILL_GRACE_MS`).
 */
import { groupAlive } from './attempt-process.js';

/** How long a process group gets between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 2_000;

/** End a process group: SIGTERM, then SIGKILL after `KILL_GRACE_MS`. Resolves once no member is left. */
export async function terminateGroup(pid: number): Promise<void> {
  killGroup(pid, 'SIGTERM');
  if (await groupGone(pid, KILL_GRACE_MS)) return;
  killGroup(pid, 'SIGKILL');
  await groupGone(pid, 500);
}

/**
 * Poll until the group has no member that can run (true) or `withinMs` passed (false). Zombies
 * do not count: where PID 1 does not reap orphans they never go, and a kill would wait in vain.
 */
async function groupGone(pid: number, withinMs: number): Promise<boolean> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    if (!groupAlive(pid)) return true;
  }
  return false;
}

/** Signal a whole process group; a group that is already gone is not an error. */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: every member has exited already.
  }
}
