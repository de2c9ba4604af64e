/**
 * The flaky memory of a lowdb store: `flaky-tests.json` in the store's directory, written whole
 * through a temp file and a rename (the store's `SafeJsonFile`), one writer at a time (the lock
 * file `flaky-tests.json.lock`, taken over from a dead process). A file that cannot be read or is
 * malformed is reported with its path and never overwritten; `repairFlakyFile` moves it aside and
 * rebuilds the memory from the runs the store still has.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { KeyedMutex } from '../../store/keyed-mutex.js';
import { moveAside } from '../../store/move-aside.js';
import { SafeJsonFile } from '../../store/safe-json-file.js';
import { lockMemoryFile } from '../lowdb-fix-memory.js';
import { applyRunTests, flakyTests } from './apply.js';
import { FLAKY_WINDOW_RUNS, type FlakyEntry, type FlakyMemory, type FlakyMemoryData, type MarkTuple, type RunMark, type RunTests } from './types.js';
import { flakyMemoryProblem } from './validate.js';

/** The file name of a store's flaky-test memory. */
export const FLAKY_MEMORY_FILE = 'flaky-tests.json';

/** A flaky memory file that could not be read or is not a flaky memory. */
export class FlakyMemoryFileError extends Error {
  override readonly name = 'FlakyMemoryFileError';
  readonly code = 'ERR_FLAKY_MEMORY_FILE';
  constructor(readonly path: string, readonly problem: string) {
    super(`flaky-test memory ${path}: ${problem}; it was left as it is ('recover repair' moves it aside and rebuilds it from the stored runs)`);
  }
}

const mutex = new KeyedMutex();

const markOf = ([run, at, passed, failed, flips, firstFailed]: MarkTuple): RunMark => ({ run, at, passed, failed, flips, first: firstFailed ? 'failed' : 'passed' });
const tupleOf = (m: RunMark): MarkTuple => [m.run, m.at, m.passed, m.failed, m.flips, m.first === 'failed' ? 1 : 0];
const decode = (data: FlakyMemoryData): FlakyEntry[] => data.entries.map((e) => ({ command: e.command, test: e.test, runs: e.runs.map(markOf) }));
const encode = (entries: readonly FlakyEntry[]): FlakyMemoryData => ({ version: 1, entries: entries.map((e) => ({ command: e.command, test: e.test, runs: e.runs.map(tupleOf) })) });

/** Reads the memory file at `path`: no entries when there is none; throws {@link FlakyMemoryFileError} when it is damaged. */
async function readFile(path: string): Promise<FlakyEntry[]> {
  let data: unknown;
  try {
    data = await new SafeJsonFile<unknown>(path).read();
  } catch (error) {
    throw new FlakyMemoryFileError(path, error instanceof SyntaxError ? `not valid JSON (${error.message})` : (error as Error).message);
  }
  if (data === null) return [];
  const problem = flakyMemoryProblem(data);
  if (problem) throw new FlakyMemoryFileError(path, problem);
  return decode(data as FlakyMemoryData);
}

/** Runs `change` on the file under the process mutex and the lock file; writes only what changed. */
function update(dir: string, change: (entries: FlakyEntry[]) => FlakyEntry[]): Promise<void> {
  const path = join(dir, FLAKY_MEMORY_FILE);
  return mutex.run(path, async () => {
    mkdirSync(dir, { recursive: true });
    const lock = await lockMemoryFile(`${path}.lock`, FLAKY_MEMORY_FILE);
    try {
      const before = await readFile(path);
      const after = change(before);
      if (after !== before) await new SafeJsonFile<FlakyMemoryData>(path).write(encode(after));
    } finally {
      await lock.release();
    }
  });
}

/** The flaky memory kept in the store directory `dir` (created on the first write); `window`: runs per test (default {@link FLAKY_WINDOW_RUNS}). */
export function lowdbFlakyMemory(dir: string, window = FLAKY_WINDOW_RUNS): FlakyMemory {
  const path = join(dir, FLAKY_MEMORY_FILE);
  return {
    record: (run) => update(dir, (entries) => applyRunTests(entries, run, window)),
    list: async (command) => flakyTests(await readFile(path), command),
  };
}

/** What {@link repairFlakyFile} did: nothing, or the damaged file moved aside and the memory rebuilt. */
export type FlakyRepair = { moved: null } | { moved: { from: string; to: string; problem: string }; rebuiltFrom: number };

/**
 * Repairs the memory of the store directory `dir`: a damaged file is moved aside (kept byte for
 * byte as `<file>.corrupt-<timestamp>`) and the memory rebuilt from `runs` (the test results of
 * the runs the store still has, oldest first); a readable one is left alone.
 */
export async function repairFlakyFile(dir: string, runs: () => Promise<readonly RunTests[]>, window = FLAKY_WINDOW_RUNS): Promise<FlakyRepair> {
  const path = join(dir, FLAKY_MEMORY_FILE);
  const moved = await mutex.run(path, async () => {
    const lock = await lockMemoryFile(`${path}.lock`, FLAKY_MEMORY_FILE).catch(() => null);
    try {
      await readFile(path);
      return null;
    } catch (error) {
      if (!(error instanceof FlakyMemoryFileError)) throw error;
      return { from: path, to: await moveAside(path), problem: error.problem };
    } finally {
      await lock?.release();
    }
  });
  if (moved === null) return { moved: null };
  const rebuilt = [...await runs()].sort((a, b) => a.at - b.at);
  await update(dir, (entries) => rebuilt.reduce((next, run) => applyRunTests(next, run, window), entries));
  return { moved, rebuiltFrom: rebuilt.length };
}
