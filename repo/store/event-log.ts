/**
 * A run's event log on disk, `runs/<runId>.events.ndjson`: one history event per line, appended
 * and never rewritten. The run's head records how many bytes of it are committed; bytes past that
 * are an append that never committed (the writer died between the append and the head write, or
 * mid-line). Readers read exactly the committed bytes, so they never see a torn line; the next
 * owner cuts the uncommitted bytes when it acquires the run.
 */
import { closeSync, constants, fstatSync, lstatSync, fsyncSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import type { HistoryEvent } from '../taxonomy/history.js';
import { CorruptRunError } from './errors.js';
import { eventProblem } from './validate.js';
import type { WriteOptions } from './safe-json-file.js';

const APPEND_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW;

/** The log lines of `events`, ready to append. */
export function logText(events: readonly HistoryEvent[]): string {
  let text = '';
  for (const event of events) text += `${JSON.stringify(event)}\n`;
  return text;
}

/** Opens the log for writing, creating it 0600; never through a symbolic link (ELOOP). */
export function openLogForWrite(path: string): number {
  return openSync(path, APPEND_FLAGS, 0o600);
}

/**
 * Writes `text` at byte `offset` of the log and cuts anything after it (an uncommitted tail
 * left by a dead writer), so the file is exactly `offset + bytes` long. Returns that length.
 */
export function writeLogAt(path: string, runId: string, offset: number, text: string, options: WriteOptions = {}): number {
  const fd = openLogForWrite(path);
  try {
    return writeLogFd(fd, path, runId, offset, text, options);
  } finally {
    closeSync(fd);
  }
}

/**
 * `writeLogAt` through a descriptor the caller keeps open (a lease holder keeps its run's log
 * open: no open and close per commit). The fstat stays: it is what notices a log truncated
 * behind the writer's back, and it tells whether there is a tail to cut.
 */
export function writeLogFd(fd: number, path: string, runId: string, offset: number, text: string, options: WriteOptions = {}): number {
  const data = Buffer.from(text, 'utf8');
  // Writing past the end would fill the hole with zeros: the committed part must be there.
  const size = fstatSync(fd).size;
  if (size < offset) throw new CorruptRunError(path, runId, new Error(`the event log has ${size} bytes but ${offset} were committed (it was truncated)`));
  let written = 0;
  while (written < data.length) written += writeSync(fd, data, written, data.length - written, offset + written);
  if (size > offset + data.length) ftruncateSync(fd, offset + data.length);
  if (options.fsync) fsyncSync(fd);
  return offset + data.length;
}

/** The committed events: exactly `bytes` bytes of the log, `count` events numbered 1..count. */
export function readLog(path: string, runId: string, bytes: number, count: number): HistoryEvent[] {
  if (bytes === 0 && count === 0) return [];
  const buffer = Buffer.allocUnsafe(bytes);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new CorruptRunError(path, runId, new Error(`the event log is missing or unreadable (${code}) but the run's head says ${count} events were committed`));
  }
  let read = 0;
  try {
    while (read < bytes) {
      const n = readSync(fd, buffer, read, bytes - read, read);
      if (n === 0) break;
      read += n;
    }
  } finally {
    closeSync(fd);
  }
  if (read < bytes) throw new CorruptRunError(path, runId, new Error(`the event log has ${read} bytes but ${bytes} were committed (it was truncated)`));
  return parseLog(buffer.toString('utf8'), path, runId, count);
}

function parseLog(text: string, path: string, runId: string, count: number): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const line = end === -1 ? text.slice(start) : text.slice(start, end);
    const seq = events.length + 1;
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      throw new CorruptRunError(path, runId, new Error(`line ${seq} of the event log is not JSON`));
    }
    const problem = eventProblem(event, seq);
    if (problem !== null) throw new CorruptRunError(path, runId, new Error(`line ${seq} of the event log: ${problem.field || 'event'}: ${problem.problem}`));
    events.push(event as HistoryEvent);
    if (end === -1) break;
    start = end + 1;
  }
  if (events.length !== count) throw new CorruptRunError(path, runId, new Error(`the event log's committed part holds ${events.length} events, the head says ${count}`));
  return events;
}

/**
 * Cuts the log to its committed `bytes`; returns how many bytes were cut (0 when none, or no
 * file). Never follows a symbolic link (ELOOP): truncating through one would cut another file.
 */
export function cutUncommitted(path: string, bytes: number): number {
  // Most runs acquired have no log yet: an lstat that does not throw is cheaper than a thrown ENOENT.
  if (lstatSync(path, { throwIfNoEntry: false }) === undefined) return 0;
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    if (size <= bytes) return 0;
    ftruncateSync(fd, bytes);
    return size - bytes;
  } finally {
    closeSync(fd);
  }
}
