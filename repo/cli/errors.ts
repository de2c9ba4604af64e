/**
 * The CLI's one error type and how any error becomes an exit code. Every verb throws a
 * {@link CliError} (or lets a store error through, mapped by {@link STORE_ERROR_EXIT}); `main`
 * turns errors into messages and exit codes in one place (see exit-codes.ts for the table).
 */
import { isTransientDbError } from '../store/postgres/transient.js';
import { EXIT } from './exit-codes.js';

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
  /** The flaky-test memory file (`flaky-tests.json`) cannot be read or is not one: named, left as it is ('recover repair' rebuilds it). */
  ERR_FLAKY_MEMORY_FILE: EXIT.storeFailed,
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
