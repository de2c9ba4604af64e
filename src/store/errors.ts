/**
 * Store errors. Each names the run and says what to do, and carries a stable `code` so the CLI
 * can map it to an exit code without matching message text.
 */

/** Base class of every store error. */
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

/** A record given to `save` does not have the RunRecord shape. Nothing was written. */
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

/** History events would leave a gap, contradict stored events, or drop stored events. */
export class HistorySequenceError extends StoreError {
  constructor(
    readonly runId: string,
    /** `gap`: a seq skips ahead; `conflict`: a stored seq with a different event; `shrink`: a save drops events. */
    readonly kind: 'gap' | 'conflict' | 'shrink',
    /** The seq the store expected next (or, for `shrink`, the stored event count). */
    readonly expected: number,
    /** The seq (or, for `shrink`, the event count) it was given. */
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
    case 'shrink':
      return `the saved history has ${actual} events but ${expected} are stored (events are never dropped)`;
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
