/**
 * The start gate: a program is started only if a deadline has not passed at the moment the
 * child, already forked, checks it.
 *
 * Why in the child: a fleet worker renews its lease before an attempt, but it can be paused
 * (SIGSTOP, a long GC, a frozen VM) at any instruction after that renew — also between a check of
 * the deadline and the fork. A check in the parent always leaves that window; a paused parent
 * that wakes after its lease ran out would start attempt n after the run's new owner started it.
 * The forked child is not paused with its parent, so its own check, followed at once by `exec`,
 * is what decides. A child that forks in time starts the program within milliseconds; the
 * deadline leaves a third of the lease for that (see the worker).
 *
 * The clock is the host's boot clock (`/proc/uptime`, CLOCK_BOOTTIME in centiseconds), the one
 * clock that the parent and a shell can both read without starting another process. Where it does
 * not exist (not Linux), `hostClock()` is null and callers fall back to checking in the parent.
 *
 * The same child can also be held until its parent says go (`held`): a persisted run commits the
 * pid of the program first (attempt-process.ts), so the program never does anything its run's next
 * owner could not find and end. A parent that dies meanwhile closes the pipe: nothing runs.
 */
import { readFileSync } from 'node:fs';

/** How the gate ended, as the child reports it on its fd 3 before it execs or exits. */
export type GateOutcome = 'started' | 'lapsed' | 'not-found';

/** The host's boot clock in centiseconds, or null where `/proc/uptime` cannot be read. */
export function hostClock(): number | null {
  try {
    const [seconds] = readFileSync('/proc/uptime', 'latin1').split(' ');
    const [whole, fraction = '0'] = seconds!.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  } catch {
    return null;
  }
}

// $1 is `held` when the start waits for the parent's go, $2 the deadline (empty: none); the
// program and its arguments follow. Held, the child first reads the line `go` from fd 3 (the
// parent writes it once the pid is recorded; the pipe closing first, the parent died, means no).
// Byte on fd 3: s = started (fd 3 is closed so the program never inherits it), h = never let go,
// l = lapsed, n = not found. Only shell builtins run between the check and the exec, so the
// check and the start are a few microseconds apart.
const GATE_SCRIPT = [
  '[ "$1" != held ] || { IFS= read -r go <&3 && [ "$go" = go ]; } || { printf h >&3; exit 75; }',
  '[ -z "$2" ] || { read -r up _ </proc/uptime; up=${up%.*}${up#*.}; [ "$up" -lt "$2" ]; } || { printf l >&3; exit 75; }',
  'shift 2; command -v "$1" >/dev/null 2>&1 || { printf n >&3; exit 127; }',
  'printf s >&3; exec 3>&-; exec "$@"',
].join('\n');

/** When a gated program may start: held until the parent's go (see `GATE_SCRIPT`), and/or only before a deadline. */
export interface GateRule {
  /** Wait for the line `go` on fd 3 before anything else. */
  held: boolean;
  /** Centiseconds of `hostClock()` the start must come before; null: no deadline. */
  startBy: number | null;
}

/** The program to spawn (with fd 3 a pipe, both ways) so that `cmd args` starts only as `rule` says. */
export function gated(cmd: string, args: readonly string[], rule: GateRule): { cmd: string; args: string[] } {
  const deadline = rule.startBy === null ? '' : String(Math.floor(rule.startBy));
  return { cmd: '/bin/sh', args: ['-c', GATE_SCRIPT, 'recover-start-gate', rule.held ? 'held' : '', deadline, cmd, ...args] };
}

/** What the gate's byte says. No byte (the shell died before its check) or `h` (never let go): not started. */
export function gateOutcome(byte: string): GateOutcome {
  return byte === 's' ? 'started' : byte === 'n' ? 'not-found' : 'lapsed';
}

/** The byte the gate wrote on `fd3` before the pipe closed, read as its outcome (no pipe or no byte: it died before its check). */
export function readGateOutcome(fd3: NodeJS.ReadableStream | null): Promise<GateOutcome> {
  if (!fd3) return Promise.resolve('lapsed');
  let said = '';
  return new Promise((resolve) => {
    fd3.on('data', (chunk: Buffer) => { said += chunk.toString('latin1'); });
    fd3.on('error', () => undefined);
    fd3.on('close', () => resolve(gateOutcome(said.slice(0, 1))));
  });
}

/**
 * Thrown by an attempt that was not started because its start deadline had passed (the owner's
 * lease may have run out): nothing ran, and the run is to be let go, not failed.
 */
export class StartLapsedError extends Error {
  readonly code = 'ERR_START_LAPSED';
  constructor(readonly runId: string, readonly attempt: number) {
    super(`run ${runId}: attempt ${attempt} was not started: its owner's lease may have run out before the start`);
    this.name = 'StartLapsedError';
  }
}
