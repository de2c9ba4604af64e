/**
 * The store's flaky-test memory as the CLI opens it: with a PostgreSQL store the table every
 * process on the database shares (fleet-wide), otherwise `flaky-tests.json` in the store directory.
 */
import type { FlakyMemory } from '../memory/flaky/types.js';
import type { Store } from '../store/types.js';
import type { RunStore } from './store-option.js';

/** The flaky memory beside `store`: its PostgreSQL table, else its file in the store's directory. */
export async function cliFlakyMemory({ store, dir }: RunStore): Promise<FlakyMemory> {
  if (dir === null) {
    const { postgresFlakyMemory } = await import('../memory/flaky/postgres.js');
    return postgresFlakyMemory(store);
  }
  const { lowdbFlakyMemory } = await import('../memory/flaky/lowdb.js');
  return lowdbFlakyMemory(dir);
}

/**
 * Counts the ended run `runId` in `memory` (see `runTestsOf`: nothing for a run that is not a
 * test run). The memory is a side record: a failure to read the run or write the memory is told
 * to `note` and never changes how the run ended.
 */
export async function countRunTests(memory: FlakyMemory, store: Store, runId: string, note: (message: string) => void): Promise<void> {
  try {
    const record = await store.load(runId);
    const { runTestsOf } = await import('../memory/flaky/run-tests.js');
    const tests = record ? runTestsOf(record) : null;
    if (tests) await memory.record(tests);
  } catch (error) {
    note(`the flaky-test memory was not updated: ${(error as Error).message}`);
  }
}
