/**
 * The store's memories as the CLI opens them: the fix memory and the flaky-test memory. With a
 * PostgreSQL store each is the table every process on the database shares (fleet-wide),
 * otherwise its file in the store directory (`fixes.json`, `flaky-tests.json`). A process that
 * drives runs (`run`, `resume`, `decide`, `recover ui`) opens both once, as one
 * {@link RunMemories}, and hands that value down.
 */
import type { FlakyMemory } from '../memory/flaky/types.js';
import type { FixMemory } from '../memory/types.js';
import type { Store } from '../store/types.js';
import type { RunStore } from './store-option.js';

/** The memories a run reads and feeds: the fixes that worked before, and the tests that flipped. */
export interface RunMemories {
  readonly fixes: FixMemory;
  readonly flaky: FlakyMemory;
}

/** Both memories beside `store` (see the module comment); nothing is read until a memory is used. */
export async function openRunMemories(store: RunStore): Promise<RunMemories> {
  const [fixes, flaky] = await Promise.all([cliFixMemory(store), cliFlakyMemory(store)]);
  return { fixes, flaky };
}

/** The fix memory beside `store`: its PostgreSQL table, else its file in the store's directory. */
export async function cliFixMemory({ store, dir }: RunStore): Promise<FixMemory> {
  if (dir === null) {
    const { postgresFixMemory } = await import('../memory/postgres-fix-memory.js');
    return postgresFixMemory(store);
  }
  const { lowdbFixMemory } = await import('../memory/lowdb-fix-memory.js');
  return lowdbFixMemory(dir);
}

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
