/**
 * Store errors. Each names the run and says what to do, and carries a stable `code` so the CLI
 * can map it to an exit code without matching message text.
 */

/**
 * Base class of every store error; its `code` says which: `ERR_RUN_LOCKED` (another live process
 * owns the run), `ERR_RUN_FENCED` (this owner was replaced: nothing it writes lands),
 * `ERR_RUN_NOT_FOUND`, `ERR_RUN_CORRUPT` (a damaged file, kept as it is), `ERR_STORE_WRITE` (a
 * full disk, a permission), `ERR_STORE_UNAVAILABLE` (the database is unreachable),
 * `ERR_SNAPSHOT_MISMATCH`, `ERR_INVALID_RUN_ID`, `ERR_INVALID_RUN_RECORD`, `ERR_HISTORY_SEQUENCE`.
 */
export class StoreError extends Error {
  /** A stable machine-readable code, e.g. `ERR_RUN_LOCKED`. */
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A run file exists but could not be read, parsed or validated. The file is left untouched. */
export class CorruptRunError extends StoreError {
  constructor(
    /** The damaged file. */
    readonly path: string,
    readonly runId: string,
    cause: unknown,
  ) {
    super(
      'ERR_RUN_CORRUPT',
      `Run "${runId}" is damaged: ${path}: ${describe(cause)}. ` +
        'The file was left untouched; `recover repair` moves it aside.',
      { cause },
    );
  }
}

/** Another live process holds the run's lock. */
export class RunLockedError extends StoreError {
  constructor(
    readonly runId: string,
    /** The holder's pid; null when the lock file is still being written by its creator. */
    readonly pid: number | null,
    /** The holder's hostname, when known. */
    readonly hostname: string | null = null,
  ) {
    super(
      'ERR_RUN_LOCKED',
      pid === null
        ? `Run "${runId}" is locked by another process that is acquiring it right now.`
        : `Run "${runId}" is locked by process ${pid}${hostname ? ` on ${hostname}` : ''}, which is still running.`,
    );
  }
}

/**
 * A write by an owner that no longer holds the run: another acquired it since (a takeover after
 * this owner's lease expired or its process was judged dead), or the lease was released.
 * Nothing was written. The stale owner must stop: the run goes on under its new owner.
 */
export class RunFencedError extends StoreError {
  constructor(
    readonly runId: string,
    /** The fence the refused write carried. */
    readonly fence: number,
    /** The current owner's fence, or null when nobody holds the run. */
    readonly currentFence: number | null,
  ) {
    super(
      'ERR_RUN_FENCED',
      currentFence === null
        ? `Run "${runId}": a write with fence ${fence} was refused: the lease was given up; nothing was written.`
        : `Run "${runId}": a write with fence ${fence} was refused: a newer owner holds the run (fence ${currentFence}); nothing was written.`,
    );
  }
}

/**
 * The store could not write (disk full, no permission, not a directory…). The previous checkpoint
 * is intact and no temp file is left behind. `errno` is the system's code, e.g. `ENOSPC`.
 */
export class StoreWriteError extends StoreError {
  constructor(
    readonly path: string,
    readonly runId: string | null,
    readonly errno: string,
    cause: unknown,
  ) {
    super(
      'ERR_STORE_WRITE',
      `${runId ? `Run "${runId}" was not saved` : 'The store could not be written'}: ${path}: ${errnoText(errno)}. ` +
        (runId ? 'Its previous checkpoint is intact; free the problem and `recover resume` continues it.' : 'Check the store directory (--store, $RECOVERY_STORE).'),
      { cause },
    );
  }
}

const ERRNO_TEXT: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device (ENOSPC)',
  EDQUOT: 'the disk quota is exceeded (EDQUOT)',
  EACCES: 'permission denied (EACCES)',
  EPERM: 'operation not permitted (EPERM)',
  EROFS: 'the file system is read-only (EROFS)',
  ENOTDIR: 'a part of the path is not a directory (ENOTDIR)',
  EEXIST: 'a file is in the way (EEXIST)',
  ELOOP: 'the path is a symbolic link, which the store never follows (ELOOP)',
  EIO: 'an I/O error (EIO)',
};

function errnoText(errno: string): string {
  return ERRNO_TEXT[errno] ?? errno;
}

/** One thing about a persisted snapshot that does not match the machine it would restore into. */
export interface SnapshotMismatch {
  kind: 'envelope' | 'machine' | 'version' | 'migration' | 'state' | 'actor';
  /** What the machine expects (machine id, version, actor source…), when there is one. */
  expected?: string;
  /** What the snapshot holds. */
  actual?: string;
  /** Human-readable detail. */
  message: string;
}

/** A persisted snapshot cannot be restored into the machine at hand. */
export class SnapshotMismatchError extends StoreError {
  /** The first mismatch; `mismatches` has all of them. */
  readonly mismatch: SnapshotMismatch;
  constructor(
    readonly runId: string,
    readonly mismatches: readonly [SnapshotMismatch, ...SnapshotMismatch[]],
  ) {
    super(
      'ERR_SNAPSHOT_MISMATCH',
      `Run "${runId}" cannot be restored: ${mismatches.map((m) => m.message).join('; ')}.`,
    );
    this.mismatch = mismatches[0];
  }
}

/** The run does not exist. */
export class RunNotFoundError extends StoreError {
  constructor(readonly runId: string) {
    super('ERR_RUN_NOT_FOUND', `Run "${runId}" does not exist.`);
  }
}

/** A run id that is not a safe file name (empty, a path, `..`, odd characters). */
export class InvalidRunIdError extends StoreError {
  constructor(
    readonly runId: unknown,
    readonly reason: string,
  ) {
    super('ERR_INVALID_RUN_ID', `Invalid run id ${JSON.stringify(String(runId))}: ${reason}.`);
  }
}

/** A head or event given to `commit` does not have its shape. Nothing was written. */
export class InvalidRunRecordError extends StoreError {
  constructor(
    readonly runId: string,
    /** Where in the record, e.g. `history[3].seq`. */
    readonly field: string,
    readonly problem: string,
  ) {
    super('ERR_INVALID_RUN_RECORD', `Run "${runId}" was not saved: ${field}: ${problem}.`);
  }
}

/** History events would leave a gap or contradict committed events. */
export class HistorySequenceError extends StoreError {
  constructor(
    readonly runId: string,
    /** `gap`: a seq skips ahead; `conflict`: a committed seq with a different event. */
    readonly kind: 'gap' | 'conflict',
    /** The seq the store expected next. */
    readonly expected: number,
    /** The seq it was given. */
    readonly actual: number,
  ) {
    super('ERR_HISTORY_SEQUENCE', `Run "${runId}": ${explain(kind, expected, actual)}; nothing was written.`);
  }
}

function explain(kind: HistorySequenceError['kind'], expected: number, actual: number): string {
  switch (kind) {
    case 'gap':
      return `history event seq ${actual} would leave a gap (the next seq is ${expected})`;
    case 'conflict':
      return `history event seq ${actual} differs from the stored event with that seq`;
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * The store's database cannot be reached (refused, cut, starting up or shutting down): nothing was
 * read or written. `where` names it without its password (`postgres://user@host:port/db`).
 */
export class StoreUnavailableError extends StoreError {
  constructor(
    readonly where: string,
    /** Why, in one line (a code and the server's or the system's words). */
    readonly reason: string,
    cause?: unknown,
  ) {
    super('ERR_STORE_UNAVAILABLE', `the store ${where} is unavailable: ${reason}`, { cause });
  }
}
