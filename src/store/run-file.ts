/**
 * One run's head file, `runs/<runId>.json`, read and written through lowdb
 * (`new Low(new SafeJsonFile(…))`; never `JSONFilePreset`, which silently switches to memory
 * under NODE_ENV=test). Two formats are read:
 *
 * - version 2 (written now): the head plus `fence`, `events` (committed events) and `logBytes`
 *   (committed bytes of `<runId>.events.ndjson`);
 * - version 1 (releases before run log v2): the head with the whole history inside. It loads as
 *   it is and becomes version 2 on the run's next commit (see lowdb-store.ts).
 */
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { Low } from 'lowdb';
import type { HistoryEvent } from '../taxonomy/history.js';
import { CorruptRunError } from './errors.js';
import { SafeJsonFile, type WriteOptions } from './safe-json-file.js';
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

/** What is on disk for one run's head. `v1History` is set for a version-1 file. */
export type HeadState =
  | { kind: 'absent' }
  | { kind: 'ok'; head: HeadFile; v1History: HistoryEvent[] | null }
  | { kind: 'damaged'; error: Error };

/** Reads and checks a head file (either format). Never throws for a damaged file: says so. */
export function readHeadFile(path: string, runId: string): HeadState {
  // Read directly rather than through Low.read(), which cannot tell a missing file from one
  // holding `null`; a synchronous read of a few KB also costs a tenth of the promise API's hops.
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return absentOrDangling(path);
    return { kind: 'damaged', error: readError(error) };
  }
  return parseHeadText(text, runId);
}

/** Like `readHeadFile`, throwing `CorruptRunError` (naming the file) for a damaged one. */
export function loadHeadFile(path: string, runId: string): Exclude<HeadState, { kind: 'damaged' }> {
  const state = readHeadFile(path, runId);
  if (state.kind === 'damaged') throw new CorruptRunError(path, runId, state.error);
  return state;
}

/** Writes a format-2 head atomically through lowdb. The head must be valid already. */
export async function writeHeadFile(path: string, head: HeadFile, options: WriteOptions = {}): Promise<void> {
  const db = new Low<HeadFile>(new SafeJsonFile<HeadFile>(path, options), head);
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
  const v = value as Record<string, unknown> | null;
  if (v !== null && typeof v === 'object' && v.format === 2) {
    const problem = runHeadProblem(v, runId) ?? countsProblem(v);
    if (problem !== null) return { kind: 'damaged', error: new Error(`not a run head: ${problem}`) };
    return { kind: 'ok', head: v as unknown as HeadFile, v1History: null };
  }
  const problem = runRecordProblem(value, runId);
  if (problem !== null) return { kind: 'damaged', error: new Error(`not a run record: ${problem.field}: ${problem.problem}`) };
  const { history, ...rest } = v as unknown as RunHead & { history: HistoryEvent[] };
  return { kind: 'ok', head: { ...rest, format: 2, fence: 0, events: history.length, logBytes: 0 }, v1History: history };
}

function countsProblem(v: Record<string, unknown>): string | null {
  for (const key of ['fence', 'events', 'logBytes'] as const) {
    const n = v[key];
    if (!Number.isSafeInteger(n) || (n as number) < 0) return `${key}: expected a whole number >= 0`;
  }
  return null;
}

/** A missing file, or a symbolic link whose target is gone: the latter is damage, not absence. */
function absentOrDangling(path: string): HeadState {
  try {
    if (lstatSync(path).isSymbolicLink()) {
      return { kind: 'damaged', error: new Error(`a symbolic link to ${readlinkSync(path)}, which does not exist`) };
    }
  } catch {
    // really absent
  }
  return { kind: 'absent' };
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
