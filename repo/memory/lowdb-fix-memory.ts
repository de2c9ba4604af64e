/**
 * The fix memory of a lowdb store: `fixes.json` in the store's directory, written whole through
 * a temp file and a rename, one writer at a time (a lock file `fixes.json.lock`, taken over from
 * a dead process like a run's lock). A file that cannot be read or is malformed is reported with
 * its path and never overwritten.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { RunLockedError } from '../store/errors.js';
import { acquireFileLock } from '../store/file-lock.js';
import { KeyedMutex } from '../store/keyed-mutex.js';
import { SafeJsonFile } from '../store/safe-json-file.js';
import { byLastUsed } from './memory-fix-memory.js';
import { rankFixes } from './rank.js';
import { applyLookup, applyRecord } from './update.js';
import { emptyFixMemoryData, type FixMemory, type FixMemoryData } from './types.js';
import { fixMemoryProblem } from './validate.js';

/** The file name of a store's fix memory. */
export const FIX_MEMORY_FILE = 'fixes.json';
/** How long an update waits for another process's update before giving up. */
const LOCK_WAIT_MS = 10_000;

/** A fix memory file that could not be read or is not a fix memory. */
export class FixMemoryFileError extends Error {
  override readonly name = 'FixMemoryFileError';
  readonly code = 'ERR_FIX_MEMORY_FILE';
  constructor(readonly path: string, readonly problem: string) {
    super(`fix memory ${path}: ${problem}; it was left as it is (move it aside to start a new memory)`);
  }
}

const mutex = new KeyedMutex();

/** The fix memory kept in the store directory `dir` (created on the first write). */
export function lowdbFixMemory(dir: string): FixMemory {
  const path = join(dir, FIX_MEMORY_FILE);
  const file = new SafeJsonFile<unknown>(path);
  const read = async (): Promise<FixMemoryData> => {
    let data: unknown;
    try {
      data = await file.read();
    } catch (error) {
      throw new FixMemoryFileError(path, error instanceof SyntaxError ? `not valid JSON (${error.message})` : (error as Error).message);
    }
    if (data === null) return emptyFixMemoryData();
    const problem = fixMemoryProblem(data);
    if (problem) throw new FixMemoryFileError(path, problem);
    return data as FixMemoryData;
  };
  const update = (change: (data: FixMemoryData) => FixMemoryData) => mutex.run(path, async () => {
    mkdirSync(dir, { recursive: true });
    const lock = await lockMemoryFile(`${path}.lock`, FIX_MEMORY_FILE);
    try {
      const before = await read();
      const after = change(before);
      if (after !== before) await file.write(after);
    } finally {
      await lock.release();
    }
  });
  return {
    known: async (signature) => rankFixes((await read()).entries.filter((e) => e.signature === signature)),
    record: (entry, outcome, at) => update((data) => applyRecord(data, entry, outcome, at)),
    noteLookup: (hit, reused) => update((data) => applyLookup(data, hit, reused)),
    list: async () => byLastUsed((await read()).entries),
    stats: async () => (await read()).stats,
  };
}

/**
 * The lock of a memory file (`name` is what a holder's message names), waiting while a live
 * process holds it (a dead holder's lock is taken over); shared with the flaky-test memory.
 */
export async function lockMemoryFile(lockPath: string, name: string) {
  for (const deadline = Date.now() + LOCK_WAIT_MS; ;) {
    try {
      return await acquireFileLock(lockPath, name, process.pid);
    } catch (error) {
      if (!(error instanceof RunLockedError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
    }
  }
}
