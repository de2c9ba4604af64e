/**
 * One build at a time across processes: vitest's workers (each test file that needs `dist/`
 * calls {@link buildOnce} in its setup), a second vitest run in the same checkout, a bench.
 * Without it every file that found `dist/` stale compiled it again side by side, and on a loaded
 * machine those parallel builds passed the 120 s hook limit.
 *
 * Why a lock file and not vitest's `globalSetup`: a globalSetup build runs once per vitest run,
 * but also for runs that need no `dist/` at all, not across two runs, not in watch mode's
 * reruns and not for callers outside vitest; the lock serves every caller and costs the unlocked
 * staleness check when nothing is stale.
 *
 * The lock is a file created whole by `link(2)` (atomic, fails when the name exists) holding
 * `PID TOKEN`. A waiter polls; a lock whose pid is gone (or a zombie) is taken over. The takeover
 * is claimed by linking the lock to a name made from the dead holding's token, which only one
 * waiter can create, so two waiters never both remove it (and a late one never removes the next
 * holder's). A pid reused by an unrelated live process keeps its dead holder's lock: the waiters
 * fail after `waitLimitMs`, naming the pid and the lock file.
 *
 * A build is given the waiters' wait limit too (`deadline`), so a call of {@link buildOnce} lasts
 * at most {@link buildCallLimitMs} short of a hang: the setup hooks that call it take that limit
 * (tests/helpers/build.ts), not vitest's, or a file waiting for another worker's build would fail
 * at vitest's limit while the lock still waits.
 *
 * A build that was started and never returned (its process killed mid-build) may have left the
 * output half-written yet newer than its sources: `<lock>.incomplete` is written before a build
 * and removed only once it returns, and whoever holds the lock next builds everything. (The
 * killed holder's own tsc child, if it outlives it, writes the same files as that new build.)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isProcessAlive } from '../../src/store/process-alive.js';

/** What {@link buildOnce} builds, and under which lock. */
export interface BuildOnceOptions {
  /** The lock file; `<lock>.incomplete` beside it marks a build that never returned. */
  lock: string;
  /** Whether the output is missing or older than its sources (checked again once the lock is held). */
  stale: () => boolean;
  /**
   * Builds; `whole` is true after an interrupted build, when none of the output can be trusted.
   * `deadline` (epoch ms) is when the processes that started waiting for this build as it took
   * the lock give up on it: a build still running then is a hung one and should stop (throw).
   */
  build: (whole: boolean, deadline: number) => void;
  /** How long to wait for a live holder before failing, naming it. Default 10 minutes. */
  waitLimitMs?: number;
  /** Called when this process starts waiting for a live holder (the tests watch a waiter wait). */
  onWait?: (holderPid: number) => void;
}

/** The default of {@link BuildOnceOptions.waitLimitMs}: a hung build, not a slow machine. */
export const BUILD_WAIT_LIMIT_MS = 600_000;

/** What a call spends besides waiting and building: the staleness checks walk src/ and dist/. */
const CHECKS_MS = 60_000;

/**
 * The longest one {@link buildOnce} call takes short of a hang: waiting for live holders (at most
 * `waitLimitMs` in all), then a build of its own when the last holder died (given `waitLimitMs`
 * too, see {@link BuildOnceOptions.build}), and a minute for the staleness checks. The limit of a
 * setup hook that calls it. Default `waitLimitMs`: {@link BUILD_WAIT_LIMIT_MS} (21 minutes in all).
 */
export function buildCallLimitMs(waitLimitMs = BUILD_WAIT_LIMIT_MS): number {
  return 2 * waitLimitMs + CHECKS_MS;
}

/**
 * Builds when the output is stale, at most one process at a time; a process that waited for
 * another's build checks again and builds nothing when that build made it fresh. Returns
 * whether this call built. Throws what `build` threw (the output then counts as interrupted).
 */
export function buildOnce(options: BuildOnceOptions): boolean {
  const incomplete = `${options.lock}.incomplete`;
  if (!existsSync(options.lock) && !existsSync(incomplete) && !options.stale()) return false;
  const release = acquire(options);
  try {
    const deadline = Date.now() + (options.waitLimitMs ?? BUILD_WAIT_LIMIT_MS);
    const whole = existsSync(incomplete);
    if (!whole && !options.stale()) return false;
    writeFileSync(incomplete, `${process.pid}\n`);
    options.build(whole, deadline);
    rmSync(incomplete, { force: true });
    return true;
  } finally {
    release();
  }
}

/** Takes the lock (waiting for a live holder, taking over a dead one's); returns its release. */
function acquire({ lock, waitLimitMs = BUILD_WAIT_LIMIT_MS, onWait }: BuildOnceOptions): () => void {
  mkdirSync(dirname(lock), { recursive: true });
  const holding = `${process.pid} ${randomBytes(8).toString('hex')}`;
  // Written whole under a name of its own, then linked: the lock never exists half-written.
  const mine = `${lock}.${holding.replace(' ', '.')}`;
  writeFileSync(mine, holding);
  const deadline = Date.now() + waitLimitMs;
  let waitingFor: number | undefined;
  try {
    for (;;) {
      try {
        linkSync(mine, lock);
        return () => releaseIfMine(lock, holding);
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      const holder = read(lock);
      if (holder === undefined) continue; // released between the two calls
      const pid = Number(holder.split(' ')[0]);
      // A lock naming no pid (written by hand, or by something else) is nobody's.
      if (!isProcessAlive(pid)) {
        takeOver(lock, holder);
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(`${lock}: held by pid ${pid} for over ${Math.round(waitLimitMs / 1000)} s; if that process is not building, remove the lock file`);
      }
      if (waitingFor !== pid) onWait?.((waitingFor = pid));
      sleep(50);
    }
  } finally {
    rmSync(mine, { force: true });
  }
}

/**
 * Removes a dead holder's lock, unless another waiter is doing it or did it already. Only one
 * process can create the claim name for this holding; while it exists nobody else removes the
 * lock, so the lock it then finds still holding `holder` is the dead one's.
 */
function takeOver(lock: string, holder: string): void {
  const claim = `${lock}.dead.${holder.replace(/[^0-9a-z]+/gi, '.')}`;
  try {
    linkSync(lock, claim);
  } catch (error) {
    if (errorCode(error) === 'EEXIST' || errorCode(error) === 'ENOENT') return;
    throw error;
  }
  try {
    if (read(claim) === holder) unlinkSync(lock);
  } finally {
    rmSync(claim, { force: true });
  }
}

function releaseIfMine(lock: string, holding: string): void {
  if (read(lock) === holding) unlinkSync(lock);
}

/** The lock's content, or undefined when it does not exist (any other read error is thrown). */
function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Blocks this thread for `ms` (the callers are synchronous setup hooks). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
