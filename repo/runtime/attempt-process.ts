/**
 * The process groups an attempt is running, recorded so that a `recover` killed with SIGKILL
 * (which no handler can catch) does not leave its command running next to the re-run that
 * `resume` starts: two executions of one attempt at once.
 *
 * Design (why it looks like this):
 * - Where: in the run record itself (`meta.attemptProcesses`), written by the run's own
 *   Checkpointer right after the spawn. The write is atomic like every checkpoint, needs nothing
 *   from the Store contract (any store keeps it), and the next checkpoint drops an entry once its
 *   process has exited, so nothing is left to clean up. A sidecar file would need the store's
 *   directory (the Store contract hides it) and its own cleanup after every attempt.
 * - How it gets there: `commandTask` reports spawns and exits here by run id; the persisted drive
 *   of that run listens (one listener per run id: a run is locked, so one drive per process).
 * - Identity: a pid can be reused once its process is gone. On Linux the record keeps the
 *   leader's start time (field 22 of /proc/<pid>/stat, clock ticks since boot) and the boot id,
 *   and a group is only killed when its leader (pid = pgid: commands lead their own group) still
 *   has that start time. Without /proc (macOS, BSD) only the group's existence is checked, which a
 *   reused pgid could fool: documented, and the same-host check still applies.
 * - No gap: a run that records its processes (`recordsProcesses`) holds each program until its pid
 *   is committed: the forked child waits before it execs the program (start-gate.ts), and the
 *   spawn's report resolves once the checkpoint holding the pid landed. An owner killed between
 *   the spawn and that commit leaves a child that sees its pipe close and exits without running
 *   anything; once the program runs, its pid is in the record for the next owner to end.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { hostname } from 'node:os';

/** One process group started by an attempt, as kept in the run record. */
export interface AttemptProcess {
  /** The command's pid. */
  pid: number;
  /** Its process group: the command leads its own group (`detached`), so this equals `pid`. */
  pgid: number;
  /** Field 22 of /proc/<pid>/stat at spawn; null without /proc. */
  startTime: string | null;
  /** /proc/sys/kernel/random/boot_id at spawn (start times count from boot); null without it. */
  bootId: string | null;
  /** The host it runs on: a pid means nothing on another one (a store on a shared disk). */
  host: string;
  attempt: number;
}

/** What a listener hears: a group started, or its leader exited and was reported. */
export type AttemptProcessEvent = { kind: 'spawned'; process: AttemptProcess } | { kind: 'exited'; pid: number };

/**
 * Hears a run's spawns and exits. For a spawn it returns a promise that resolves once the
 * process is recorded (its checkpoint committed) and rejects when it cannot be: the program starts
 * only after it resolves.
 */
export type AttemptProcessListener = (event: AttemptProcessEvent) => void | Promise<void>;

const listeners = new Map<string, AttemptProcessListener>();

/** Listen to the processes of `runId`'s attempts; returns the unsubscribe function. */
export function watchAttemptProcesses(runId: string, listener: AttemptProcessListener): () => void {
  listeners.set(runId, listener);
  return () => {
    if (listeners.get(runId) === listener) listeners.delete(runId);
  };
}

/** Whether `runId` records its attempts' processes (a persisted run is being driven here): its programs are then held until recorded. */
export function recordsProcesses(runId: string): boolean {
  return listeners.has(runId);
}

/**
 * Report that attempt `attempt` of `runId` spawned `pid` as the leader of its own group. Resolves
 * once the run has recorded it (at once when nobody records `runId`'s processes); rejects when
 * the run could not record it (its store refused the checkpoint): the program must not start.
 */
export async function reportSpawn(runId: string, attempt: number, pid: number): Promise<void> {
  const listener = listeners.get(runId);
  if (!listener) return;
  await listener({ kind: 'spawned', process: { pid, pgid: pid, startTime: processStartTime(pid), bootId: bootId(), host: hostname(), attempt } });
}

/**
 * The `startAfter` of a program that attempt `attempt` of `runId` spawns: when the run records its
 * processes, the program is held until `reportSpawn` has recorded it; otherwise none (it starts at once).
 */
export function heldUntilRecorded(runId: string, attempt: number): { startAfter?: (pid: number) => Promise<void> } {
  return recordsProcesses(runId) ? { startAfter: (pid) => reportSpawn(runId, attempt, pid) } : {};
}

/** Report that the command `pid` of `runId` has exited (and, when it was stopped, its group is gone). */
export function reportExit(runId: string, pid: number): void {
  void listeners.get(runId)?.({ kind: 'exited', pid });
}

/** The fields of /proc/<pid>/stat these checks need; null for text that is not one. */
export function parseProcStat(text: string): { state: string; ppid: number; pgrp: number; startTime: string } | null {
  // "pid (comm) S ppid pgrp …": comm may hold spaces and ')' itself, so count from the last ')'.
  const close = text.lastIndexOf(')');
  if (close === -1) return null;
  const fields = text.slice(close + 2).trim().split(' ');
  // After comm, field 3 (state) is index 0, so field n is index n - 3: ppid 4, pgrp 5, starttime 22.
  const [state, ppid, pgrp, startTime] = [fields[0], fields[1], fields[2], fields[19]];
  if (!state || !startTime || !/^\d+$/.test(startTime) || !Number.isSafeInteger(Number(pgrp))) return null;
  return { state, ppid: Number(ppid), pgrp: Number(pgrp), startTime };
}

function procStat(pid: number): ReturnType<typeof parseProcStat> {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), or null (gone, or no /proc). */
export function processStartTime(pid: number): string | null {
  return procStat(pid)?.startTime ?? null;
}

let boot: string | null | undefined;
function bootId(): string | null {
  if (boot === undefined) {
    try {
      boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      boot = null;
    }
  }
  return boot;
}

const hasProc = (): boolean => procStat(process.pid) !== null;

/**
 * Whether a process group has a member that can still run. `kill(-pgid, 0)` also succeeds for
 * zombies, which linger when PID 1 does not reap orphans (as in many containers), so on Linux
 * the members are looked up in /proc and zombies do not count.
 */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (!hasProc()) return true;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(Number(name));
    if (stat && stat.pgrp === pgid && stat.state !== 'Z' && stat.state !== 'X') return true;
  }
  return false;
}

/**
 * Whether `recorded` is still running as the very group that was recorded: same host, same boot
 * and leader start time on Linux (a reused pid has another start time; a leader that is gone
 * means the group cannot be proven ours, so it is left alone); without /proc, only that the
 * group exists.
 */
export function stillRunning(recorded: AttemptProcess): boolean {
  if (recorded.host !== hostname()) return false;
  if (recorded.startTime !== null && hasProc()) {
    // A zombie leader still has its start time and holds its pid, so it proves the group is ours.
    if (recorded.bootId !== null && recorded.bootId !== bootId()) return false;
    if (processStartTime(recorded.pid) !== recorded.startTime) return false;
  }
  return groupAlive(recorded.pgid);
}

/** The recorded groups in a run's meta (malformed entries are ignored: the meta is plain JSON). */
export function attemptProcessesOf(meta: Record<string, unknown>): AttemptProcess[] {
  const list = meta.attemptProcesses;
  if (!Array.isArray(list)) return [];
  return list.filter((p): p is AttemptProcess => typeof p === 'object' && p !== null
    && Number.isSafeInteger((p as AttemptProcess).pid) && (p as AttemptProcess).pid > 0
    && Number.isSafeInteger((p as AttemptProcess).pgid) && (p as AttemptProcess).pgid > 1
    && typeof (p as AttemptProcess).host === 'string');
}

/** How long a SIGKILLed group may take to be gone before the resume refuses to re-run. */
export const REAP_WAIT_MS = 5_000;

/**
 * SIGKILL each recorded group that is still running (see {@link stillRunning}) and wait until
 * it is gone. Resolves to the pids killed; throws when one survives `REAP_WAIT_MS` (e.g. stuck
 * in uninterruptible I/O), since re-running next to it is what this exists to prevent.
 */
export async function killLeftovers(recorded: readonly AttemptProcess[]): Promise<number[]> {
  const killed = recorded.filter(stillRunning);
  for (const p of killed) {
    try {
      process.kill(-p.pgid, 'SIGKILL');
    } catch {
      // ESRCH: it ended on its own meanwhile.
    }
  }
  for (const p of killed) {
    const deadline = Date.now() + REAP_WAIT_MS;
    while (groupAlive(p.pgid)) {
      if (Date.now() > deadline) throw new Error(`the previous attempt's process group ${p.pgid} survived SIGKILL; not running the attempt again next to it`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  return killed.map((p) => p.pid);
}
