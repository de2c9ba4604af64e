/**
 * The CLI's exit codes and its one error type. Every verb throws a {@link CliError} (or lets a
 * store error through, mapped by {@link STORE_ERROR_EXIT}); `main` turns errors into messages
 * and exit codes in one place, so a shell script sees the same code for the same problem
 * whichever verb met it.
 */
import { isTransientDbError } from '../store/postgres/transient.js';

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

/**
 * An error the user can act on: one line (no stack), and the exit code it stands for
 * (default {@link EXIT.usage}). `showUsage` adds "Run 'recover VERB --help' for usage.".
 */
export class CliError extends Error {
  constructor(message: string, readonly exitCode: number = EXIT.usage, readonly showUsage = false) {
    super(message);
    this.name = 'CliError';
  }
}

/** A mistake in how the command was called: exit 2, followed by the verb's usage hint. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, EXIT.usage, true);
    this.name = 'UsageError';
  }
}

/**
 * Store error codes (`StoreError.code`) the user can act on, and their exit codes. A store
 * error not named here (an invalid record, a history out of sequence) is a bug: exit 1.
 */
export const STORE_ERROR_EXIT: Readonly<Record<string, number>> = {
  ERR_RUN_LOCKED: EXIT.locked,
  ERR_RUN_FENCED: EXIT.locked,
  ERR_STORE_WRITE: EXIT.storeFailed,
  ERR_STORE_UNAVAILABLE: EXIT.storeUnavailable,
  ERR_RUN_NOT_FOUND: EXIT.usage,
  ERR_INVALID_RUN_ID: EXIT.usage,
  ERR_RUN_CORRUPT: EXIT.usage,
  ERR_SNAPSHOT_MISMATCH: EXIT.usage,
  /** The fix memory file (`fixes.json`) cannot be read or is not one: named, left as it is. */
  ERR_FIX_MEMORY_FILE: EXIT.storeFailed,
  /** A feature's optional package is not installed (`pg` for a PostgreSQL store): the message says what to install. */
  ERR_MISSING_PACKAGE: EXIT.usage,
};

/**
 * The exit code of `error`: its own when a {@link CliError}, the table's for a store error, the
 * store's unavailability for a database connection lost mid-command (the driver's error, which
 * names no store), else internal.
 */
export function exitCodeOfError(error: unknown): number {
  if (error instanceof CliError) return error.exitCode;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && Object.prototype.hasOwnProperty.call(STORE_ERROR_EXIT, code)) return STORE_ERROR_EXIT[code]!;
  if (isTransientDbError(error)) return EXIT.storeUnavailable;
  return EXIT.internal;
}
