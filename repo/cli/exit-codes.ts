/**
 * Every exit code of `recover` in one table, the table as `--help` prints it, and the code a
 * run's outcome stands for: `run`, `resume`, `decide` and `wait` read it here, so a shell script
 * sees the same code for the same ending whichever verb met it.
 */
import type { Outcome } from '../runtime/outcome.js';

/** Every exit code of `recover`: the documented table (README, `recover run --help`). */
export const EXIT = {
  ok: 0,
  /** An internal error: a bug, reported with its stack. */
  internal: 1,
  /** A usage or config error, or a request the run cannot take (a finished run, a choice not offered). */
  usage: 2,
  /** The run escalated: a human decision is needed. */
  escalated: 3,
  skipped: 4,
  aborted: 5,
  handedOff: 6,
  manual: 7,
  /**
   * The store's database cannot be reached (refused, cut, starting up): BSD `EX_UNAVAILABLE`.
   * Nothing was written; the same command can simply be run again once the database is back.
   */
  storeUnavailable: 69,
  /** The store could not be written (disk full, no permission): BSD `EX_IOERR`. The last checkpoint is intact. */
  storeFailed: 74,
  /** The run is locked by another live process, or another owner took it over (BSD `EX_TEMPFAIL`: try again later). */
  locked: 75,
  /**
   * `recover wait --timeout` ran out while the run was still going, as GNU `timeout(1)` exits: not
   * 75 (another process holds the run), which a script could mistake for a run it cannot touch.
   */
  timedOut: 124,
  /** SIGHUP (the terminal closed). The signal codes are 128 + signo, as a shell reports them. */
  hangup: 129,
  /** SIGINT (Ctrl-C). */
  interrupted: 130,
  /** SIGTERM. */
  terminated: 143,
} as const;

/** One of the {@link EXIT} codes. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit-code table as `--help` prints it. */
export const EXIT_CODES_HELP = `Exit codes:
  0    succeeded or recovered (also flaky with --on-flaky pass, and escalated
       when only quarantined tests failed)
  1    internal error (a bug; the stack is printed)
  2    usage or config error (bad option, bad config field: its path is named)
  3    escalated: a human decision is needed (see the report; 'recover decide')
  4    skipped (by decision)
  5    aborted (by decision)
  6    handed off
  7    manual: a human takes over
  69   the store's database is unavailable (refused, cut, starting up): it is named, nothing was written
  74   the store could not be written (disk full, permissions): the file is named, the checkpoint kept
  75   the run is locked by another process (its pid is named), or another owner took it over
  124  'recover wait --timeout' ran out while the run was still going (as timeout(1))
  129  interrupted by SIGHUP (the terminal closed); as 130
  130  interrupted (SIGINT); the checkpoint stays, 'recover resume RUN_ID' continues
  143  interrupted by SIGTERM; as 130
`;

/** The exit code a run's outcome stands for. */
export function exitCodeOf(outcome: Pick<Outcome, 'status'>): number {
  switch (outcome.status) {
    case 'succeeded':
    case 'recovered':
    case 'flaky': // only final when the policy says `onFlaky: pass`; otherwise the run escalates
      return EXIT.ok;
    case 'escalated':
      return EXIT.escalated;
    case 'skipped':
      return EXIT.skipped;
    case 'aborted':
      return EXIT.aborted;
    case 'handedOff':
      return EXIT.handedOff;
    case 'manual':
      return EXIT.manual;
    default:
      // `running` should never come back from a finished drive: treat it as a bug.
      return EXIT.internal;
  }
}
