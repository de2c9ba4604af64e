/**
 * One run file, `runs/<runId>.json`: read and written through lowdb (`new Low(new JSONFile(…))`,
 * never `JSONFilePreset`, which silently switches to memory under NODE_ENV=test). lowdb's writer
 * (steno) writes a temp file and renames it over the target, so a crash mid-write leaves either
 * the old file or the new one, never half of one. It does not fsync: a power cut may lose the
 * latest write (ext4's rename heuristics usually flush it), a killed process cannot.
 */
import { existsSync, readFileSync } from 'node:fs';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { CorruptRunError } from './errors.js';
import type { RunRecord } from './types.js';
import { runRecordProblem } from './validate.js';

/** What is on disk for one run. */
export type RunFileState =
  | { kind: 'absent' }
  | { kind: 'ok'; record: RunRecord }
  | { kind: 'damaged'; error: Error };

/** Loads a run through lowdb. Null when there is no file; `CorruptRunError` when it is damaged. */
export async function loadRunFile(path: string, runId: string): Promise<RunRecord | null> {
  const db = new Low<unknown>(new JSONFile<unknown>(path), null);
  try {
    await db.read();
  } catch (error) {
    throw new CorruptRunError(path, runId, readError(error));
  }
  if (db.data === null) {
    // Low keeps the default when a file parses to null, 0, false or "": that is a damaged file, not a missing one.
    if (!existsSync(path)) return null;
    throw new CorruptRunError(path, runId, new Error('the file holds no run record'));
  }
  const problem = runRecordProblem(db.data, runId);
  if (problem !== null) throw new CorruptRunError(path, runId, new Error(`not a run record: ${problem.field}: ${problem.problem}`));
  return db.data as RunRecord;
}

/** Writes a run atomically through lowdb (temp file + rename). The record must be valid already. */
export async function writeRunFile(path: string, record: RunRecord): Promise<void> {
  const db = new Low<RunRecord>(new JSONFile<RunRecord>(path), record);
  await db.write();
}

/**
 * Reads and checks a run file synchronously. Used where only a verdict is needed (the guard
 * before a save, list, prune, repair): a synchronous read of a few KB takes ~10 µs, while the
 * promise API hops to the thread pool four times and costs ~10× more on the checkpoint path.
 */
export function inspectRunFile(path: string, runId: string): RunFileState {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'damaged', error: readError(error) };
  }
  return parseRunText(text, runId);
}

/** Parses and validates the text of a run file. */
export function parseRunText(text: string, runId: string): RunFileState {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'damaged', error: readError(error) };
  }
  const problem = runRecordProblem(value, runId);
  if (problem !== null) return { kind: 'damaged', error: new Error(`not a run record: ${problem.field}: ${problem.problem}`) };
  return { kind: 'ok', record: value as RunRecord };
}

/** A short, printable description of why a file could not be read or parsed. */
function readError(error: unknown): Error {
  if (error instanceof SyntaxError) {
    // JSON.parse quotes the offending text; binary garbage would make the message unprintable.
    const printable = error.message.replace(/[^\x20-\x7e]/g, '?').slice(0, 160);
    return new Error(`invalid JSON (${printable})`, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code !== undefined) return new Error(`unreadable (${code})`, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}
