/**
 * One run's head file, `runs/<runId>.json`, read and written through lowdb
 * (`new Low(new SafeJsonFile(…))`; never `JSONFilePreset`, which silently switches to memory
 * under NODE_ENV=test). Two formats are read:
 *
 * - version 2 (written now): the head plus `fence`, `events` (committed events) and `logBytes`
 *   (committed bytes of `<runId>.events.ndjson`);
 * - version 1 (releases before run log v2): the head with the whole history inside. It loads as
 *   it is and becomes version 2 on the run's next commit (see lowdb-commit.ts).
 */
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Low } from 'lowdb';
import type { HistoryEvent } from '../taxonomy/history.js';
import { CorruptRunError } from './errors.js';
import { SafeJsonFile, type PreviousCopy, type WriteOptions } from './safe-json-file.js';
import type { RunHead } from './types.js';
import { runHeadProblem, runRecordProblem } from './validate.js';

/** The head file's content in format 2. */
export interface HeadFile extends RunHead {
  format: 2;
  /** The fence of the owner that wrote it. */
  fence: number;
  /** How many events of the log are committed. */
  events: number;
  /** How many bytes of the log are committed. */
  logBytes: number;
}

/**
 * What is on disk for one run's head. `v1History` is set for a version-1 file; `previous` when it
 * was read from the previous copy because the head itself is missing (see `previousHeadPath`).
 */
export type HeadState =
  | { kind: 'absent' }
  | { kind: 'ok'; head: HeadFile; v1History: HistoryEvent[] | null; previous?: true }
  | { kind: 'damaged'; error: Error };

/**
 * Where a commit moves the head it replaces, `runs/.<runId>.json.prev` (a name list() skips):
 * a rename over the head would cost an ext4 flush (see `PreviousCopy` in safe-json-file.ts).
 * While the head is missing, this copy is the run's committed head.
 */
export function previousHeadPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.prev`);
}

/** Both names missing this many times in a row means no run (each retry needs a commit to have moved on). */
const LOOKS = 3;

/**
 * Reads and checks a head file (either format). Never throws for a damaged file: says so. When
 * the head is missing, its previous copy is the committed head: a writer is between the two
 * renames of a commit, or died there. `looks`: how many times to look at both before concluding
 * there is no run (default 3); 1 is enough for the run's owner, as nobody else writes it then.
 */
export function readHeadFile(path: string, runId: string, looks = LOOKS): HeadState {
  const previous = previousHeadPath(path);
  for (let look = 1; ; look++) {
    // Read directly rather than through Low.read(), which cannot tell a missing file from one
    // holding `null`; a synchronous read of a few KB also costs a tenth of the promise API's hops.
    const head = readText(path);
    if (typeof head === 'string') return parseHeadText(head, runId);
    if (head !== null && head !== NOTHING) return { kind: 'damaged', error: head };
    // Only a name that exists but cannot be opened can be a link to nothing (lstat saw nothing: no link).
    const dangling = look === 1 && head !== NOTHING ? danglingLink(path) : null;
    if (dangling !== null) return dangling;
    const copy = readText(previous);
    if (copy === NOTHING) {
      // fall through to looking again
    } else if (typeof copy === 'string') {
      const state = parseHeadText(copy, runId);
      return state.kind === 'ok' ? { ...state, previous: true } : state;
    }
    else if (copy !== null) return { kind: 'damaged', error: copy };
    // Neither: no run, or the head was read inside one commit and the copy after the next one
    // removed it: look again.
    if (look >= looks) return { kind: 'absent' };
  }
}

/** `readText`'s answer when lstat saw no name at all (not even a link). */
const NOTHING = Symbol('nothing');

/**
 * The file's text, `NOTHING` when there is no such name, null when the name exists but the file
 * does not (a link to nothing, or removed since), or why it could not be read. A missing file is
 * found by an lstat that does not throw: a thrown ENOENT costs more than the read (a fresh run
 * has no head, and a head usually no previous copy).
 */
function readText(path: string): string | null | typeof NOTHING | Error {
  try {
    if (lstatSync(path, { throwIfNoEntry: false }) === undefined) return NOTHING;
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return readError(error);
  }
}

/** Like `readHeadFile`, throwing `CorruptRunError` (naming the file) for a damaged one. */
export function loadHeadFile(path: string, runId: string): Exclude<HeadState, { kind: 'damaged' }> {
  const state = readHeadFile(path, runId);
  if (state.kind === 'damaged') throw new CorruptRunError(path, runId, state.error);
  return state;
}

/**
 * Writes a format-2 head atomically through lowdb, keeping the head it replaces as the previous
 * copy (see `previousHeadPath`). `known`: whether the head and its previous copy exist now, when
 * the caller knows (else they are looked at). The head must be valid already.
 */
export async function writeHeadFile(path: string, head: HeadFile, options: WriteOptions = {}, known: { headExists?: boolean | undefined; previousExists?: boolean | undefined } = {}): Promise<void> {
  const previous: PreviousCopy = { path: previousHeadPath(path) };
  if (known.headExists !== undefined) previous.targetExists = known.headExists;
  if (known.previousExists !== undefined) previous.exists = known.previousExists;
  const db = new Low<HeadFile>(new SafeJsonFile<HeadFile>(path, options, previous), head);
  await db.write();
}

/** Parses the text of a head file (either format). */
export function parseHeadText(text: string, runId: string): HeadState {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'damaged', error: readError(error) };
  }
  return headState(value, runId);
}

function headState(value: unknown, runId: string): HeadState {
  try {
    if (isFormat2(value)) {
      assertHeadFile(value, runId);
      return { kind: 'ok', head: value, v1History: null };
    }
    assertRunRecord(value, runId);
  } catch (error) {
    return { kind: 'damaged', error: error as Error };
  }
  const { history, ...rest } = value;
  return { kind: 'ok', head: { ...rest, format: 2, fence: 0, events: history.length, logBytes: 0 }, v1History: history };
}

function isFormat2(value: unknown): value is Record<string, unknown> & { format: 2 } {
  return value !== null && typeof value === 'object' && (value as { format?: unknown }).format === 2;
}

/** A format-2 head, or a throw saying which field is wrong (`runHeadProblem`'s checks and the counts). */
function assertHeadFile(value: Record<string, unknown>, runId: string): asserts value is Record<string, unknown> & HeadFile {
  const shape = runHeadProblem(value, runId);
  const problem = shape !== null ? `${shape.field}: ${shape.problem}` : countsProblem(value);
  if (problem !== null) throw new Error(`not a run head: ${problem}`);
}

/** A version-1 run record (its history inside), or a throw saying which field is wrong. */
function assertRunRecord(value: unknown, runId: string): asserts value is RunHead & { history: HistoryEvent[] } {
  const problem = runRecordProblem(value, runId);
  if (problem !== null) throw new Error(`not a run record: ${problem.field}: ${problem.problem}`);
}

function countsProblem(v: Record<string, unknown>): string | null {
  for (const key of ['fence', 'events', 'logBytes'] as const) {
    const n = v[key];
    if (!Number.isSafeInteger(n) || (n as number) < 0) return `${key}: expected a whole number >= 0`;
  }
  return null;
}

/** A symbolic link whose target is gone is damage, not absence: says so; null when not one. */
function danglingLink(path: string): HeadState | null {
  try {
    if (lstatSync(path).isSymbolicLink()) {
      return { kind: 'damaged', error: new Error(`a symbolic link to ${readlinkSync(path)}, which does not exist`) };
    }
  } catch {
    // really absent
  }
  return null;
}

/** A short, printable description of why a file could not be read or parsed. */
export function readError(error: unknown): Error {
  if (error instanceof SyntaxError) {
    // JSON.parse quotes the offending text; binary garbage would make the message unprintable.
    const printable = error.message.replace(/[^\x20-\x7e]/g, '?').slice(0, 160);
    return new Error(`invalid JSON (${printable})`, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code !== undefined) return new Error(`unreadable (${code})`, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}
